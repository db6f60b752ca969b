package discord

import (
	"fmt"

	"github.com/bwmarrin/discordgo"
	"github.com/kaleun/kaleun/bot"
)

// Notify sends what the bot's ticker has to say unprompted: reminders and
// deadline actions to a game's channel, and direct messages.
func (a *Adapter) Notify(n bot.Notice) error {
	for _, m := range n.Channel {
		if err := a.send(n.Place.Channel, m); err != nil {
			return fmt.Errorf("discord: posting to channel %s: %w", n.Place.Channel, err)
		}
	}
	if n.DirectTo == "" || len(n.Direct) == 0 {
		return nil
	}
	dm, err := a.session.UserChannelCreate(n.DirectTo)
	if err != nil {
		return fmt.Errorf("discord: opening a direct message to %s: %w", n.DirectTo, err)
	}
	for _, m := range n.Direct {
		if err := a.send(dm.ID, m); err != nil {
			return fmt.Errorf("discord: direct message to %s: %w", n.DirectTo, err)
		}
	}
	return nil
}

func (a *Adapter) send(channel string, m bot.Message) error {
	d := messageData(m, false)
	_, err := a.session.ChannelMessageSendComplex(channel, &discordgo.MessageSend{Content: d.Content, Embeds: d.Embeds, Components: d.Components, Files: d.Files})
	return err
}
