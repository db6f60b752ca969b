package slack

import (
	"fmt"
	"strings"
	"sync"

	"github.com/kaleun/kaleun/bot"
	"github.com/slack-go/slack"
)

// Notify sends what the bot has to say unprompted or elsewhere: reminders,
// deadline actions, a tournament's careers and standings, to a channel or
// one of its threads, and direct messages. A sticky notice edits the message
// it last posted under its name (while this process remembers it).
func (a *Adapter) Notify(n bot.Notice) error {
	for i, m := range n.Channel {
		sticky := ""
		if i == 0 {
			sticky = n.Sticky
		}
		if err := a.sendTo(n.Place, m, sticky); err != nil {
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
		if err := a.sendTo(bot.Place{Platform: "slack", Channel: ch.ID}, m, ""); err != nil {
			return fmt.Errorf("slack: direct message to %s: %w", n.DirectTo, err)
		}
	}
	return nil
}

// OpenThread implements bot.ThreadOpener: a parent message in the channel
// whose thread holds the game.
func (a *Adapter) OpenThread(channel bot.Place, title string) (bot.Place, error) {
	_, ts, err := a.api.PostMessage(channel.Channel, slack.MsgOptionText(title, false))
	if err != nil {
		return bot.Place{}, fmt.Errorf("slack: opening a thread in %s: %w", channel.Channel, err)
	}
	channel.Thread = ts
	return channel, nil
}

// stickies remembers the messages that stay up to date, by name.
type stickies struct {
	mu sync.Mutex
	by map[string][2]string // channel, ts
}

func (s *stickies) get(name string) ([2]string, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ref, ok := s.by[name]
	return ref, ok
}

func (s *stickies) put(name string, ref [2]string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.by == nil {
		s.by = map[string][2]string{}
	}
	s.by[name] = ref
}

// sendTo posts a message to a place (into its thread when it has one), or
// edits the sticky message of that name.
func (a *Adapter) sendTo(p bot.Place, m bot.Message, sticky string) error {
	opts := []slack.MsgOption{slack.MsgOptionBlocks(blocks(m)...), slack.MsgOptionText(fallback(m), false)}
	if sticky != "" {
		if ref, ok := a.sticky.get(sticky); ok && ref[0] == p.Channel {
			if _, _, _, err := a.api.UpdateMessage(ref[0], ref[1], opts...); err == nil {
				return nil
			}
		}
	}
	if isThreadTS(p.Thread) {
		opts = append(opts, slack.MsgOptionTS(p.Thread))
	}
	_, ts, err := a.api.PostMessage(p.Channel, opts...)
	if err != nil {
		return err
	}
	if sticky != "" {
		a.sticky.put(sticky, [2]string{p.Channel, ts})
	}
	a.upload(p.Channel, m.Files)
	return nil
}

// isThreadTS tells a Slack thread (a message timestamp, "1700000000.000100")
// from a player's own place in a channel ("player-U1").
func isThreadTS(s string) bool {
	head, tail, ok := strings.Cut(s, ".")
	return ok && head != "" && tail != "" && strings.Trim(head+tail, "0123456789") == ""
}
