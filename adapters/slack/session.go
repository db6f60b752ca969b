package slack

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/kaleun/kaleun/bot"
	"github.com/kaleun/kaleun/bot/chat"
	"github.com/slack-go/slack"
)

// PlanSession implements bot.SessionPlanner. Slack has no events: a session
// is a channel message scheduled with chat.scheduleMessage for its start
// (Slack posts it then, in the game's thread when it has one), beside the
// bot's own reminder before it. Slack lists it under the channel's
// scheduled messages; it has no link of its own.
func (a *Adapter) PlanSession(ctx context.Context, place chat.Place, plan bot.SessionPlan) (bot.PlannedSession, error) {
	text := fmt.Sprintf("🔔 %s starts now. %s", plan.Title, plan.Description)
	opts := []slack.MsgOption{slack.MsgOptionText(text, false)}
	if place.Thread != "" {
		opts = append(opts, slack.MsgOptionTS(place.Thread))
	}
	_, id, err := a.api.ScheduleMessageContext(ctx, place.Channel, strconv.FormatInt(plan.Start.Unix(), 10), opts...)
	if err != nil {
		return bot.PlannedSession{}, fmt.Errorf("slack: scheduling the session's message: %w", err)
	}
	return bot.PlannedSession{Ref: id}, nil
}

// CancelSession implements bot.SessionPlanner: the scheduled message is
// deleted (one posted or deleted already is no error).
func (a *Adapter) CancelSession(ctx context.Context, place chat.Place, ref string) error {
	_, err := a.api.DeleteScheduledMessageContext(ctx, &slack.DeleteScheduledMessageParameters{Channel: place.Channel, ScheduledMessageID: ref})
	var se slack.SlackErrorResponse
	if errors.As(err, &se) && se.Err == "invalid_scheduled_message_id" {
		return nil
	}
	if err != nil {
		return fmt.Errorf("slack: deleting scheduled message %s: %w", ref, err)
	}
	return nil
}
