package discord

import (
	"fmt"

	"github.com/bwmarrin/discordgo"
	"github.com/kaleun/kaleun/bot"
)

// Notify sends what the bot has to say unprompted or elsewhere: reminders,
// deadline actions, a tournament's careers and standings, and direct
// messages. A sticky notice edits the message it last posted under its name
// (while this process remembers it).
func (a *Adapter) Notify(n bot.Notice) error {
	err := bot.Deliver(n,
		func(p bot.Place, ans bot.Answer) error {
			if a.showAnswer(p, ans, "") {
				return nil
			}
			return a.send(p.Channel, ans.Message, "", p)
		},
		func(p bot.Place, m bot.Message, sticky string) error { return a.send(p.Channel, m, sticky, n.Place) },
		func(user string) (bot.Place, error) {
			dm, err := a.session.UserChannelCreate(user)
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
func (a *Adapter) OpenThread(channel bot.Place, title string) (bot.Place, error) {
	th, err := a.session.ThreadStart(channel.Channel, trim(title, 100), discordgo.ChannelTypeGuildPublicThread, 10080)
	if err != nil {
		return bot.Place{}, fmt.Errorf("discord: opening a thread in %s: %w", channel.Channel, err)
	}
	return bot.Place{Platform: channel.Platform, Space: channel.Space, Channel: th.ID}, nil
}

// send posts a message to a channel (home is the game's place, for links
// to its messages), or edits the sticky message of that name.
func (a *Adapter) send(channel string, m bot.Message, sticky string, home bot.Place) error {
	d := a.draw(m, false, home)
	if sticky != "" {
		if ch, id, ok := a.sticky.Get(sticky); ok && ch == channel {
			edit := discordgo.NewMessageEdit(channel, id)
			edit.Content, edit.Embeds, edit.Components = &d.content, &d.embeds, &d.components
			if _, err := a.session.ChannelMessageEditComplex(edit); err == nil {
				return nil
			}
		}
	}
	msg, err := a.session.ChannelMessageSendComplex(channel, &discordgo.MessageSend{Content: d.content, Embeds: d.embeds, Components: d.components, Files: d.files, AllowedMentions: d.mentions})
	if err != nil {
		return err
	}
	if sticky != "" {
		a.sticky.Put(sticky, channel, msg.ID)
	}
	a.posted.Add(m.Ref, channel, msg.ID)
	for _, c := range d.more {
		if _, err := a.session.ChannelMessageSendComplex(channel, &discordgo.MessageSend{Content: c, AllowedMentions: &discordgo.MessageAllowedMentions{}}); err != nil {
			return err
		}
	}
	return nil
}
