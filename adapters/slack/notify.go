package slack

import (
	"context"
	"fmt"
	"strings"

	"github.com/kaleun/kaleun/bot"
	"github.com/slack-go/slack"
)

// Notify sends what the bot has to say unprompted or elsewhere: reminders,
// deadline actions, a tournament's careers and standings, to a channel or
// one of its threads, and direct messages. A sticky notice edits the message
// it last posted under its name (while this process remembers it).
func (a *Adapter) Notify(ctx context.Context, n bot.Notice) error {
	answer := func(p bot.Place, ans bot.Answer, _ string) error {
		if a.showAnswer(ctx, p, ans, "") {
			return nil
		}
		return a.sendTo(ctx, p, ans.Message, "")
	}
	post := func(p bot.Place, m bot.Message, sticky, _ string) error {
		return a.sendToFor(ctx, p, m, sticky, n.Place)
	}
	err := bot.Deliver(n, answer, post, func(user string) (bot.Place, error) {
		ch, _, _, err := a.api.OpenConversationContext(ctx, &slack.OpenConversationParameters{Users: []string{user}, ReturnIM: true})
		if err != nil {
			return bot.Place{}, err
		}
		return bot.Place{Platform: "slack", Channel: ch.ID}, nil
	})
	if err != nil {
		return fmt.Errorf("slack: %w", err)
	}
	return nil
}

// OpenThread implements bot.ThreadOpener: a parent message in the channel
// whose thread holds the game.
func (a *Adapter) OpenThread(ctx context.Context, channel bot.Place, title string) (bot.Place, error) {
	_, ts, err := a.api.PostMessageContext(ctx, channel.Channel, slack.MsgOptionText(title, false))
	if err != nil {
		return bot.Place{}, fmt.Errorf("slack: opening a thread in %s: %w", channel.Channel, err)
	}
	channel.Thread = ts
	return channel, nil
}

// sendTo posts a message to a place (into its thread when it has one), or
// edits the sticky message of that name.
func (a *Adapter) sendTo(ctx context.Context, p bot.Place, m bot.Message, sticky string) error {
	return a.sendToFor(ctx, p, m, sticky, p)
}

// sendToFor is sendTo with the game's place (home), for links to its
// messages from elsewhere (a direct message).
func (a *Adapter) sendToFor(ctx context.Context, p bot.Place, m bot.Message, sticky string, home bot.Place) error {
	opts := []slack.MsgOption{slack.MsgOptionBlocks(a.blocks(m, home)...), slack.MsgOptionText(fallback(m), false)}
	if sticky != "" {
		if ch, ts, ok := a.sticky.Get(sticky); ok && ch == p.Channel {
			if _, _, _, err := a.api.UpdateMessageContext(ctx, ch, ts, opts...); err == nil {
				return nil
			}
		}
	}
	if isThreadTS(p.Thread) {
		opts = append(opts, slack.MsgOptionTS(p.Thread))
	}
	_, ts, err := a.api.PostMessageContext(ctx, p.Channel, opts...)
	if err != nil {
		return err
	}
	if sticky != "" {
		a.sticky.Put(sticky, p.Channel, ts)
	}
	a.posted.Add(m.Ref, p.Channel, ts)
	a.upload(ctx, p, m.Files)
	return nil
}

// isThreadTS tells a Slack thread (a message timestamp, "1700000000.000100")
// from a player's own place in a channel ("player-U1").
func isThreadTS(s string) bool {
	head, tail, ok := strings.Cut(s, ".")
	return ok && head != "" && tail != "" && strings.Trim(head+tail, "0123456789") == ""
}
