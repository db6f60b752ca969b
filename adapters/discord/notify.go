package discord

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/bwmarrin/discordgo"
	"github.com/kaleun/kaleun/bot"
	"github.com/kaleun/kaleun/bot/chat"
)

// Notify sends what the bot has to say unprompted or elsewhere: reminders,
// deadline actions, a tournament's careers and standings, and direct
// messages. A sticky notice edits the message last posted under its name,
// by whichever replica posted it. A notice with a delivery key creates each
// message with its key's nonce, which Discord holds to one message for a
// few minutes; a Retry shows no result twice (see showAnswer).
func (a *Adapter) Notify(ctx context.Context, n bot.Notice) (err error) {
	posts := &bot.Posts{}
	defer func() {
		// What did reach Discord is recorded even when the rest failed: the
		// retry then edits it rather than posting it again.
		if rerr := a.svc.RecordPosts(ctx, posts); rerr != nil {
			err = errors.Join(err, fmt.Errorf("discord: %w", rerr))
		}
	}()
	err = bot.Deliver(n,
		func(p chat.Place, ans chat.Answer, key string) error {
			return a.svc.ShowResult(ctx, n, ans, posts,
				func() (bool, error) { return a.showAnswer(ctx, p, ans, "", n.Retry) },
				func() error { return a.send(ctx, p.Channel, ans.Message, "", p, key, posts) })
		},
		func(p chat.Place, m chat.Message, sticky, key string) error {
			return a.send(ctx, p.Channel, m, sticky, n.Place, key, posts)
		},
		func(user string) (chat.Place, error) {
			dm, err := a.session.UserChannelCreate(user, discordgo.WithContext(ctx))
			if err != nil {
				return chat.Place{}, err
			}
			return chat.Place{Platform: "discord", Channel: dm.ID}, nil
		})
	if err != nil {
		return fmt.Errorf("discord: %w", err)
	}
	return nil
}

// OpenThread implements bot.ThreadOpener: a public thread of the channel,
// which Discord treats as a channel of its own.
func (a *Adapter) OpenThread(ctx context.Context, channel chat.Place, title string) (chat.Place, error) {
	th, err := a.session.ThreadStart(channel.Channel, trim(title, 100), discordgo.ChannelTypeGuildPublicThread, 10080, discordgo.WithContext(ctx))
	if err != nil {
		return chat.Place{}, fmt.Errorf("discord: opening a thread in %s: %w", channel.Channel, err)
	}
	return chat.Place{Platform: channel.Platform, Space: channel.Space, Channel: th.ID}, nil
}

// send posts a message to a channel (home is the game's place, for links
// to its messages) under its delivery key, or edits the sticky message of
// that name; what it posted goes into posts.
func (a *Adapter) send(ctx context.Context, channel string, m chat.Message, sticky string, home chat.Place, key string, posts *bot.Posts) error {
	d := a.draw(ctx, m, false, home)
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
		if ok && at.Channel == channel {
			edit := discordgo.NewMessageEdit(channel, at.ID)
			edit.Content, edit.Embeds, edit.Components = &d.content, &d.embeds, &d.components
			// The message is what it says now, files and all: the attachments
			// it had are dropped (an empty list keeps none) and its new ones
			// uploaded with the edit, so a picture kept in it (a game's live
			// board, engine.Game.PinnedPicture) is replaced, not added to.
			edit.Attachments = &[]*discordgo.MessageAttachment{}
			edit.Files = d.files
			_, err := a.session.ChannelMessageEditComplex(edit, discordgo.WithContext(ctx))
			if err == nil {
				return nil
			}
			if !gone(err) {
				return fmt.Errorf("editing %s in %s: %w", sticky, channel, err)
			}
			// Deleted by someone: post it anew.
		}
	}
	msg, err := a.create(ctx, channel, &discordgo.MessageSend{Content: d.content, Embeds: d.embeds, Components: d.components, Files: d.files, AllowedMentions: d.mentions}, key)
	if err != nil {
		return err
	}
	at := chat.MessageAt{Channel: channel, ID: msg.ID}
	if err := a.keepSticky(ctx, sticky, at); err != nil {
		return err
	}
	posts.Prompt(m.Ref, at)
	for j, c := range d.more {
		if _, err := a.create(ctx, channel, &discordgo.MessageSend{Content: c, AllowedMentions: &discordgo.MessageAllowedMentions{}}, partKey(key, j+2)); err != nil {
			return err
		}
	}
	return nil
}

// keyedMessage is a message created with a nonce, which discordgo's
// MessageSend does not carry.
type keyedMessage struct {
	*discordgo.MessageSend
	Nonce        string `json:"nonce,omitempty"`
	EnforceNonce bool   `json:"enforce_nonce,omitempty"`
}

// create posts a message to a channel. Under a delivery key it carries the
// key's nonce with enforce_nonce: asked again for the same nonce within a
// few minutes, Discord returns the message it created then and creates
// none, so a delivery retried after its replica died posts nothing twice.
func (a *Adapter) create(ctx context.Context, channel string, m *discordgo.MessageSend, key string) (*discordgo.Message, error) {
	if key == "" {
		return a.session.ChannelMessageSendComplex(channel, m, discordgo.WithContext(ctx))
	}
	for _, e := range m.Embeds {
		if e.Type == "" {
			e.Type = discordgo.EmbedTypeRich // as ChannelMessageSendComplex sends them
		}
	}
	body := keyedMessage{MessageSend: m, Nonce: nonceOf(key), EnforceNonce: true}
	endpoint := discordgo.EndpointChannelMessages(channel)
	var resp []byte
	var err error
	if len(m.Files) > 0 {
		ctype, b, merr := discordgo.MultipartBodyWithJSON(body, m.Files)
		if merr != nil {
			return nil, fmt.Errorf("encoding a message with files: %w", merr)
		}
		resp, err = a.session.RequestRaw(http.MethodPost, endpoint, ctype, b, endpoint, 0, discordgo.WithContext(ctx))
	} else {
		resp, err = a.session.RequestWithBucketID(http.MethodPost, endpoint, body, endpoint, discordgo.WithContext(ctx))
	}
	if err != nil {
		return nil, err
	}
	var msg discordgo.Message
	if err := json.Unmarshal(resp, &msg); err != nil {
		return nil, fmt.Errorf("reading the message created in %s: %w", channel, err)
	}
	return &msg, nil
}

// nonceOf is a delivery key as Discord's nonce, which is at most 25
// characters: the first 25 hex digits (100 bits) of its SHA-256, the same
// for the key at every attempt and on every replica.
func nonceOf(key string) string {
	h := sha256.Sum256([]byte(key))
	return hex.EncodeToString(h[:])[:25]
}

// partKey is the key of part n (from 2) of a message too long for one.
func partKey(key string, n int) string {
	if key == "" {
		return ""
	}
	return key + "/part" + strconv.Itoa(n)
}

// gone reports a Discord error that says the message (or its channel) is
// no more: an edit of it will never succeed, so it is not retried.
func gone(err error) bool {
	var re *discordgo.RESTError
	if !errors.As(err, &re) {
		return false
	}
	if re.Message != nil && (re.Message.Code == discordgo.ErrCodeUnknownMessage || re.Message.Code == discordgo.ErrCodeUnknownChannel) {
		return true
	}
	return re.Response != nil && re.Response.StatusCode == http.StatusNotFound
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
