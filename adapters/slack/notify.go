package slack

import (
	"fmt"

	"github.com/kaleun/kaleun/bot"
	"github.com/slack-go/slack"
)

// Notify sends what the bot's ticker has to say unprompted: reminders and
// deadline actions to a game's channel, and direct messages.
func (a *Adapter) Notify(n bot.Notice) error {
	for _, m := range n.Channel {
		if err := a.send(n.Place.Channel, m); err != nil {
			return fmt.Errorf("slack: posting to channel %s: %w", n.Place.Channel, err)
		}
	}
	if n.DirectTo == "" || len(n.Direct) == 0 {
		return nil
	}
	ch, _, _, err := a.api.OpenConversation(&slack.OpenConversationParameters{Users: []string{n.DirectTo}, ReturnIM: true})
	if err != nil {
		return fmt.Errorf("slack: opening a direct message to %s: %w", n.DirectTo, err)
	}
	for _, m := range n.Direct {
		if err := a.send(ch.ID, m); err != nil {
			return fmt.Errorf("slack: direct message to %s: %w", n.DirectTo, err)
		}
	}
	return nil
}

func (a *Adapter) send(channel string, m bot.Message) error {
	if _, _, err := a.api.PostMessage(channel, slack.MsgOptionBlocks(blocks(m)...), slack.MsgOptionText(fallback(m), false)); err != nil {
		return err
	}
	a.upload(channel, m.Files)
	return nil
}
