package slack

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/kaleun/kaleun/bot"
	"github.com/kaleun/kaleun/bot/chat"
	"github.com/slack-go/slack"
)

// Notify sends what the bot has to say unprompted or elsewhere: reminders,
// deadline actions, a tournament's careers and standings, to a channel or
// one of its threads, and direct messages. A sticky notice edits the message
// last posted under its name, by whichever replica posted it. Every message
// posted under a delivery key carries it as message metadata; on a Retry the
// place's recent messages are read first, and a message found there under
// its key is not posted again (nor are its files).
func (a *Adapter) Notify(ctx context.Context, n bot.Notice) (err error) {
	posts := &bot.Posts{}
	defer func() {
		// What did reach Slack is recorded even when the rest failed: the
		// retry then edits it rather than posting it again.
		if rerr := a.svc.RecordPosts(ctx, posts); rerr != nil {
			err = errors.Join(err, fmt.Errorf("slack: %w", rerr))
		}
	}()
	var seen *recent
	if n.Retry {
		seen = &recent{}
	}
	answer := func(p chat.Place, ans chat.Answer, key string) error {
		return a.svc.ShowResult(ctx, n, ans, posts,
			func() (bool, error) { return a.showAnswer(ctx, p, ans, "", n.Retry) },
			func() error { return a.send(ctx, p, ans.Message, "", p, key, posts, seen) })
	}
	post := func(p chat.Place, m chat.Message, sticky, key string) error {
		return a.send(ctx, p, m, sticky, n.Place, key, posts, seen)
	}
	err = bot.Deliver(n, answer, post, func(user string) (chat.Place, error) {
		ch, _, _, err := a.api.OpenConversationContext(ctx, &slack.OpenConversationParameters{Users: []string{user}, ReturnIM: true})
		if err != nil {
			return chat.Place{}, err
		}
		return chat.Place{Platform: "slack", Channel: ch.ID}, nil
	})
	if err != nil {
		return fmt.Errorf("slack: %w", err)
	}
	return nil
}

// OpenThread implements bot.ThreadOpener: a parent message in the channel
// whose thread holds the game.
func (a *Adapter) OpenThread(ctx context.Context, channel chat.Place, title string) (chat.Place, error) {
	_, ts, err := a.api.PostMessageContext(ctx, channel.Channel, slack.MsgOptionText(title, false))
	if err != nil {
		return chat.Place{}, fmt.Errorf("slack: opening a thread in %s: %w", channel.Channel, err)
	}
	channel.Thread = ts
	return channel, nil
}

// deliveryEvent is the event type of the metadata a message posted under a
// delivery key carries: {"key": key}.
const deliveryEvent = "kaleun_delivery"

// send posts a message to a place (into its thread when it has one), or
// edits the sticky message of that name; home is the game's place, for
// links to its messages from elsewhere (a direct message). Under a delivery
// key the message carries it; seen, on a retry, finds the message posted
// under it before, which is then not posted again. What it posted goes
// into posts.
func (a *Adapter) send(ctx context.Context, p chat.Place, m chat.Message, sticky string, home chat.Place, key string, posts *bot.Posts, seen *recent) error {
	blocks := a.blocks(ctx, m, home)
	files := m.Files
	if sticky != "" && len(files) > 0 {
		// A message kept up to date shows its pictures inside it: Slack's
		// chat.update cannot change a message's files, so each picture is
		// uploaded unshared and shown by an image block naming the file,
		// which an edit replaces (a game's live board,
		// engine.Game.PinnedPicture).
		blocks = append(blocks, a.imageBlocks(ctx, files)...)
		files = nil
	}
	opts := []slack.MsgOption{slack.MsgOptionBlocks(blocks...), slack.MsgOptionText(fallback(m), false)}
	if sticky != "" {
		// Held until the message is posted (or edited) and recorded: a
		// concurrent delivery of the same name then edits this one.
		unlock, err := a.svc.LockSticky(ctx, sticky)
		if err != nil {
			return err
		}
		defer unlock()
		at, ok, err := a.svc.StickyMessage(ctx, sticky)
		if err != nil {
			return err // posting anew would leave two of it
		}
		if ok && at.Channel == p.Channel {
			_, _, _, err := a.api.UpdateMessageContext(ctx, at.Channel, at.ID, opts...)
			if err == nil {
				return nil
			}
			if !gone(err) {
				return fmt.Errorf("editing %s in %s: %w", sticky, p.Channel, err)
			}
			// Deleted by someone: post it anew.
		}
	}
	if key != "" {
		if seen != nil {
			ts, err := seen.find(ctx, a, p, key)
			if err != nil {
				return err
			}
			if ts != "" {
				at := chat.MessageAt{Channel: p.Channel, ID: ts}
				// Recorded before the name's lock goes, as a new one is.
				if err := a.keepSticky(ctx, sticky, at); err != nil {
					return err
				}
				posts.Prompt(m.Ref, at)
				return nil
			}
		}
		opts = append(opts, slack.MsgOptionMetadata(slack.SlackMetadata{EventType: deliveryEvent, EventPayload: map[string]any{"key": key}}))
	}
	if isThreadTS(p.Thread) {
		opts = append(opts, slack.MsgOptionTS(p.Thread))
	}
	_, ts, err := a.api.PostMessageContext(ctx, p.Channel, opts...)
	if err != nil {
		return err
	}
	at := chat.MessageAt{Channel: p.Channel, ID: ts}
	if err := a.keepSticky(ctx, sticky, at); err != nil {
		return err
	}
	posts.Prompt(m.Ref, at)
	a.upload(ctx, p, files)
	return nil
}

// recentLimit is how many of a place's latest messages a retry reads to
// find what an earlier attempt posted: a retry comes while the notice is
// still due, and a game's place rarely takes this many messages meanwhile.
const recentLimit = 200

// recent is a retry's view of the places it posts to: the delivery keys of
// each place's latest messages, read once per place (conversations.history,
// or conversations.replies for a thread) with their metadata.
type recent struct {
	by map[string]map[string]string // place → key → ts
}

func (r *recent) find(ctx context.Context, a *Adapter, p chat.Place, key string) (string, error) {
	thread := ""
	if isThreadTS(p.Thread) {
		thread = p.Thread
	}
	where := p.Channel + "/" + thread
	keys, ok := r.by[where]
	if !ok {
		msgs, err := a.latest(ctx, p.Channel, thread, recentLimit)
		if err != nil {
			return "", fmt.Errorf("reading the latest messages of %s: %w", where, err)
		}
		keys = map[string]string{}
		for _, m := range msgs {
			if m.Metadata.EventType != deliveryEvent {
				continue
			}
			if k, ok := m.Metadata.EventPayload["key"].(string); ok {
				keys[k] = m.Timestamp
			}
		}
		if r.by == nil {
			r.by = map[string]map[string]string{}
		}
		r.by[where] = keys
	}
	return keys[key], nil
}

// latest reads a channel's (or a thread's) latest messages, metadata
// included, which Slack sends only when asked for.
func (a *Adapter) latest(ctx context.Context, channel, thread string, limit int) ([]slack.Message, error) {
	if thread != "" {
		msgs, _, _, err := a.api.GetConversationRepliesContext(ctx, &slack.GetConversationRepliesParameters{ChannelID: channel, Timestamp: thread, Limit: limit, IncludeAllMetadata: true})
		return msgs, err
	}
	h, err := a.api.GetConversationHistoryContext(ctx, &slack.GetConversationHistoryParameters{ChannelID: channel, Limit: limit, IncludeAllMetadata: true})
	if err != nil {
		return nil, err
	}
	return h.Messages, nil
}

// message reads one message as it stands (in a thread when thread is set);
// ok is false when Slack has it no more.
func (a *Adapter) message(ctx context.Context, channel, thread, ts string) (slack.Message, bool, error) {
	var msgs []slack.Message
	var err error
	if thread != "" {
		msgs, _, _, err = a.api.GetConversationRepliesContext(ctx, &slack.GetConversationRepliesParameters{ChannelID: channel, Timestamp: thread, Latest: ts, Oldest: ts, Inclusive: true, Limit: 1})
	} else {
		var h *slack.GetConversationHistoryResponse
		if h, err = a.api.GetConversationHistoryContext(ctx, &slack.GetConversationHistoryParameters{ChannelID: channel, Latest: ts, Oldest: ts, Inclusive: true, Limit: 1}); err == nil {
			msgs = h.Messages
		}
	}
	if err != nil {
		if gone(err) {
			return slack.Message{}, false, nil
		}
		return slack.Message{}, false, err
	}
	for _, m := range msgs {
		if m.Timestamp == ts {
			return m, true, nil
		}
	}
	return slack.Message{}, false, nil
}

// gone reports a Slack error that says the message (or its channel or
// thread) is no more: an edit of it will never succeed.
func gone(err error) bool {
	var se slack.SlackErrorResponse
	if !errors.As(err, &se) {
		return false
	}
	switch se.Err {
	case "message_not_found", "channel_not_found", "thread_not_found":
		return true
	}
	return false
}

// isThreadTS tells a Slack thread (a message timestamp, "1700000000.000100")
// from a player's own place in a channel ("player-U1").
func isThreadTS(s string) bool {
	head, tail, ok := strings.Cut(s, ".")
	return ok && head != "" && tail != "" && strings.Trim(head+tail, "0123456789") == ""
}

// keepSticky records at once where a message kept up to date under a name
// went, rather than with the rest of the delivery: the next delivery of
// that name (another decision's, maybe on another replica) must find it,
// or it posts a second one.
func (a *Adapter) keepSticky(ctx context.Context, name string, at chat.MessageAt) error {
	if name == "" {
		return nil
	}
	var p bot.Posts
	p.Sticky(name, at)
	return a.svc.RecordPosts(ctx, &p)
}
