package discord

import (
	"fmt"
	"sync"

	"github.com/bwmarrin/discordgo"
	"github.com/kaleun/kaleun/bot"
)

// Notify sends what the bot has to say unprompted or elsewhere: reminders,
// deadline actions, a tournament's careers and standings, and direct
// messages. A sticky notice edits the message it last posted under its name
// (while this process remembers it).
func (a *Adapter) Notify(n bot.Notice) error {
	for i, m := range n.Channel {
		sticky := ""
		if i == 0 {
			sticky = n.Sticky
		}
		if err := a.send(n.Place.Channel, m, sticky); err != nil {
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
		if err := a.send(dm.ID, m, ""); err != nil {
			return fmt.Errorf("discord: direct message to %s: %w", n.DirectTo, err)
		}
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

// stickies remembers the messages kept up to date, by name.
type stickies struct {
	mu sync.Mutex
	by map[string][2]string // channel, message id
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

func (a *Adapter) send(channel string, m bot.Message, sticky string) error {
	d := messageData(m, false)
	if sticky != "" {
		if ref, ok := a.sticky.get(sticky); ok && ref[0] == channel {
			edit := discordgo.NewMessageEdit(channel, ref[1])
			edit.Content, edit.Embeds, edit.Components = &d.Content, &d.Embeds, &d.Components
			if _, err := a.session.ChannelMessageEditComplex(edit); err == nil {
				return nil
			}
		}
	}
	msg, err := a.session.ChannelMessageSendComplex(channel, &discordgo.MessageSend{Content: d.Content, Embeds: d.Embeds, Components: d.Components, Files: d.Files})
	if err != nil {
		return err
	}
	if sticky != "" {
		a.sticky.put(sticky, [2]string{channel, msg.ID})
	}
	return nil
}
