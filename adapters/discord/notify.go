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
		func(p bot.Place, ans bot.Answer, _ string) error {
			if a.showAnswer(ctx, p, ans, "") {
				return nil
			}
			return a.send(ctx, p.Channel, ans.Message, "", p)
		},
		func(p bot.Place, m bot.Message, sticky, _ string) error {
			return a.send(ctx, p.Channel, m, sticky, n.Place)
		},
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

// send posts a message to a channel (home is the game's place, for links
// to its messages), or edits the sticky message of that name.
func (a *Adapter) send(ctx context.Context, channel string, m bot.Message, sticky string, home bot.Place) error {
	d := a.draw(m, false, home)
	if sticky != "" {
		if ch, id, ok := a.sticky.Get(sticky); ok && ch == channel {
			edit := discordgo.NewMessageEdit(channel, id)
			edit.Content, edit.Embeds, edit.Components = &d.content, &d.embeds, &d.components
			if _, err := a.session.ChannelMessageEditComplex(edit, discordgo.WithContext(ctx)); err == nil {
				return nil
			}
		}
	}
	msg, err := a.session.ChannelMessageSendComplex(channel, &discordgo.MessageSend{Content: d.content, Embeds: d.embeds, Components: d.components, Files: d.files, AllowedMentions: d.mentions}, discordgo.WithContext(ctx))
	if err != nil {
		return err
	}
	if sticky != "" {
		a.sticky.Put(sticky, channel, msg.ID)
	}
	a.posted.Add(m.Ref, channel, msg.ID)
	for _, c := range d.more {
		if _, err := a.session.ChannelMessageSendComplex(channel, &discordgo.MessageSend{Content: c, AllowedMentions: &discordgo.MessageAllowedMentions{}}, discordgo.WithContext(ctx)); err != nil {
			return err
		}
	}
	return nil
}
