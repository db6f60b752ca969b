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
// own zone, who may mark himself interested. A game played in a voice
// channel's chat gets a voice event of that channel (which Discord lets a
// bot create only with View Channel and Connect there: refused, it gets
// the external event), any other an external event whose location names
// the channel. The bot needs the Create Events permission, which also
// deletes its own events.
func (a *Adapter) PlanSession(ctx context.Context, place chat.Place, plan bot.SessionPlan) (bot.PlannedSession, error) {
	if place.Space == "" {
		return bot.PlannedSession{}, errors.New("a direct message has no server to hold an event")
	}
	start, end := plan.Start.UTC(), plan.End.UTC()
	ev := &discordgo.GuildScheduledEventParams{Name: trim(plan.Title, 100), Description: trim(plan.Description, 1000),
		ScheduledStartTime: &start, ScheduledEndTime: &end, PrivacyLevel: discordgo.GuildScheduledEventPrivacyLevelGuildOnly}
	ch, err := a.session.Channel(place.Channel, discordgo.WithContext(ctx))
	if err != nil && ctx.Err() != nil {
		return bot.PlannedSession{}, ctx.Err()
	}
	where := "#" + place.Channel // a channel the bot cannot read: named by its id
	if err == nil && ch.Name != "" {
		where = "#" + ch.Name
	}
	external := func() {
		ev.EntityType, ev.ChannelID = discordgo.GuildScheduledEventEntityTypeExternal, ""
		ev.EntityMetadata = &discordgo.GuildScheduledEventEntityMetadata{Location: trim("Discord channel "+where, 100)}
	}
	voice := err == nil && ch.Type == discordgo.ChannelTypeGuildVoice
	if voice {
		ev.EntityType, ev.ChannelID = discordgo.GuildScheduledEventEntityTypeVoice, ch.ID
	} else {
		external()
	}
	made, err := a.session.GuildScheduledEventCreate(place.Space, ev, discordgo.WithContext(ctx))
	if voice && missingPermissions(err) {
		external()
		made, err = a.session.GuildScheduledEventCreate(place.Space, ev, discordgo.WithContext(ctx))
	}
	if err != nil {
		return bot.PlannedSession{}, fmt.Errorf("discord: creating the scheduled event: %w", err)
	}
	return bot.PlannedSession{Ref: made.ID, Link: fmt.Sprintf("https://discord.com/events/%s/%s", place.Space, made.ID)}, nil
}

// missingPermissions reports Discord's 50013 (Missing Permissions).
func missingPermissions(err error) bool {
	var re *discordgo.RESTError
	return errors.As(err, &re) && re.Message != nil && re.Message.Code == discordgo.ErrCodeMissingPermissions
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
