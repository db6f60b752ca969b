package discord

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/bwmarrin/discordgo"
	"github.com/kaleun/kaleun/bot"
	"github.com/kaleun/kaleun/bot/chat"
)

// PlanSession implements bot.SessionPlanner: a session is a guild scheduled
// event, seen in the server's event list with its time in each member's
// own zone, who may mark himself interested. A game played in a voice (or
// stage) channel gets an event of that channel; one in a text channel an
// external event whose location names the channel. The bot needs the
// Create Events permission (Manage Events to cancel).
func (a *Adapter) PlanSession(ctx context.Context, place chat.Place, plan bot.SessionPlan) (bot.PlannedSession, error) {
	if place.Space == "" {
		return bot.PlannedSession{}, errors.New("a direct message has no server to hold an event")
	}
	start, end := plan.Start.UTC(), plan.End.UTC()
	ev := &discordgo.GuildScheduledEventParams{Name: trim(plan.Title, 100), Description: trim(plan.Description, 1000),
		ScheduledStartTime: &start, ScheduledEndTime: &end, PrivacyLevel: discordgo.GuildScheduledEventPrivacyLevelGuildOnly}
	ch, err := a.session.Channel(place.Channel, discordgo.WithContext(ctx))
	switch {
	case err != nil && ctx.Err() != nil:
		return bot.PlannedSession{}, ctx.Err()
	case err == nil && ch.Type == discordgo.ChannelTypeGuildVoice:
		ev.EntityType, ev.ChannelID = discordgo.GuildScheduledEventEntityTypeVoice, ch.ID
	case err == nil && ch.Type == discordgo.ChannelTypeGuildStageVoice:
		ev.EntityType, ev.ChannelID = discordgo.GuildScheduledEventEntityTypeStageInstance, ch.ID
	default:
		// A text channel (or one the bot cannot read): named where it is.
		where := "#" + place.Channel
		if err == nil && ch.Name != "" {
			where = "#" + ch.Name
		}
		ev.EntityType = discordgo.GuildScheduledEventEntityTypeExternal
		ev.EntityMetadata = &discordgo.GuildScheduledEventEntityMetadata{Location: trim("Discord channel "+where, 100)}
	}
	made, err := a.session.GuildScheduledEventCreate(place.Space, ev, discordgo.WithContext(ctx))
	if err != nil {
		return bot.PlannedSession{}, fmt.Errorf("discord: creating the scheduled event: %w", err)
	}
	return bot.PlannedSession{Ref: made.ID, Link: fmt.Sprintf("https://discord.com/events/%s/%s", place.Space, made.ID)}, nil
}

// CancelSession implements bot.SessionPlanner: the event is deleted (one
// deleted by hand already is no error).
func (a *Adapter) CancelSession(ctx context.Context, place chat.Place, ref string) error {
	err := a.session.GuildScheduledEventDelete(place.Space, ref, discordgo.WithContext(ctx))
	var re *discordgo.RESTError
	if errors.As(err, &re) && re.Response != nil && re.Response.StatusCode == http.StatusNotFound {
		return nil
	}
	if err != nil {
		return fmt.Errorf("discord: deleting scheduled event %s: %w", ref, err)
	}
	return nil
}
