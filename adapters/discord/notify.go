package discord

import (
	"context"
	"fmt"

	"github.com/bwmarrin/discordgo"
	"github.com/kaleun/kaleun/bot"
)

// Notify sends what the bot has to say unprompted or elsewhere: reminders,
// deadline actions, a tournament's careers and standings, and direct
// messages. A sticky notice edits the message it last posted under its name
// (while this process remembers it).
func (a *Adapter) Notify(ctx context.Context, n bot.Notice) error {
	err := bot.Deliver(n,
		func(p bot.Place, m bot.Message, sticky string) error { return a.send(ctx, p.Channel, m, sticky) },
		func(user string) (bot.Place, error) {
			dm, err := a.session.UserChannelCreate(user, discordgo.WithContext(ctx))
			if err != nil {
				return bot.Place{}, err
			}
			return bot.Place{Platform: "discord", Channel: dm.ID}, nil
		})
	if err != nil {
		return fmt.Errorf("discord: %w", err)
	}
	return nil
}

// OpenThread implements bot.ThreadOpener: a public thread of the channel,
// which Discord treats as a channel of its own.
func (a *Adapter) OpenThread(ctx context.Context, channel bot.Place, title string) (bot.Place, error) {
	th, err := a.session.ThreadStart(channel.Channel, trim(title, 100), discordgo.ChannelTypeGuildPublicThread, 10080, discordgo.WithContext(ctx))
	if err != nil {
		return bot.Place{}, fmt.Errorf("discord: opening a thread in %s: %w", channel.Channel, err)
	}
	return bot.Place{Platform: channel.Platform, Space: channel.Space, Channel: th.ID}, nil
}

func (a *Adapter) send(ctx context.Context, channel string, m bot.Message, sticky string) error {
	d := messageData(m, false)
	if sticky != "" {
		if ch, id, ok := a.sticky.Get(sticky); ok && ch == channel {
			edit := discordgo.NewMessageEdit(channel, id)
			edit.Content, edit.Embeds, edit.Components = &d.Content, &d.Embeds, &d.Components
			if _, err := a.session.ChannelMessageEditComplex(edit, discordgo.WithContext(ctx)); err == nil {
				return nil
			}
		}
	}
	msg, err := a.session.ChannelMessageSendComplex(channel, &discordgo.MessageSend{Content: d.Content, Embeds: d.Embeds, Components: d.Components, Files: d.Files}, discordgo.WithContext(ctx))
	if err != nil {
		return err
	}
	if sticky != "" {
		a.sticky.Put(sticky, channel, msg.ID)
	}
	return nil
}
