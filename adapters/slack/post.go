package slack

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"net/http"

	"github.com/slack-go/slack"

	"github.com/kaleun/kaleun/bot"
	"github.com/kaleun/kaleun/bot/chat"
	"github.com/kaleun/kaleun/internal/ops"
)

// Posting a reply: a click's message becomes what the reply says (through
// the interaction's response_url: the prompt becomes its result, its
// buttons gone); the results of prompts answered elsewhere are shown where
// their messages were (chat.update), or posted when those are unknown; new
// messages go to the channel (its thread, for a game in one) and private
// ones as ephemeral messages; pictures are shared into the same place.

// clicked is where a click came from: its message and the URL that answers
// into it.
type clicked struct {
	responseURL, channel, ts string
	ephemeral                bool
	// blocks are the message's blocks as Slack sent them (none for an
	// ephemeral message), kept when its buttons are taken away.
	blocks slack.Blocks
}

func clickOf(cb slack.InteractionCallback) *clicked {
	if cb.Type == slack.InteractionTypeViewSubmission {
		return nil // a form: no message was clicked, the prompt's are edited
	}
	return &clicked{responseURL: cb.ResponseURL, channel: cb.Channel.ID, ts: cb.Container.MessageTs, ephemeral: cb.Container.IsEphemeral, blocks: cb.Message.Blocks}
}

// post sends the reply: the clicked message's update, the results, the
// public messages to the place, the private ones to the user.
func (a *Adapter) post(ctx context.Context, place chat.Place, user string, r bot.Reply, c *clicked) {
	// Where the reply's prompts went, and which were answered, in one write
	// once it is all out.
	posts := &bot.Posts{}
	defer func() {
		if err := a.svc.RecordPosts(ctx, posts); err != nil {
			a.log.Error("slack: recording where the reply's messages went", "err", err)
		}
	}()
	clickedTS, updated := "", false
	if c != nil {
		clickedTS = c.ts
		switch {
		case r.Update != nil:
			if updated = a.replace(ctx, c, place, *r.Update); !updated {
				// Not shown there: the result is edited in by the prompt's
				// recorded messages, the clicked one among them, or kept
				// for the next click (bot: a click whose reply was lost).
				clickedTS = ""
			}
		case r.Disarm && len(c.blocks.BlockSet) > 0:
			var kept []slack.Block
			for _, b := range c.blocks.BlockSet {
				if b.BlockType() != slack.MBTAction {
					kept = append(kept, b)
				}
			}
			if err := a.respondTo(ctx, c, slack.MsgOptionBlocks(kept...)); err != nil {
				a.log.Error("slack: disarming a message", "err", err)
				a.metrics.Error(ops.ErrPlatform)
			} else {
				// Dealt with where it is, as Discord's adapter does: a
				// result in place (an undo's, for the prompt it took
				// back) is not posted again beside it.
				updated = true
			}
		}
	}
	for _, ans := range r.Answered {
		shown, err := a.showAnswer(ctx, place, ans, clickedTS, false)
		if err != nil {
			a.log.Warn("slack: showing a result where its prompt was", "prompt", ans.Ref, "err", err)
			continue // its messages are kept: the next click shows it
		}
		if !shown && !(ans.InPlace && updated) {
			if err := a.send(ctx, place, ans.Message, "", place, "", posts, nil); err != nil {
				a.log.Error("slack: chat.postMessage", "err", err)
				a.metrics.Error(ops.ErrPlatform)
				continue
			}
		}
		posts.Answered(ans.Ref, false)
	}
	for _, m := range r.Public {
		if m.Title == "" && m.Text == "" && len(m.Lines) == 0 && len(m.Fields) == 0 && len(m.Options) == 0 {
			a.upload(ctx, place, m.Files) // the files of a message answered in a slash command's response
			continue
		}
		if err := a.send(ctx, place, m, "", place, "", posts, nil); err != nil {
			a.log.Error("slack: chat.postMessage", "err", err)
			a.metrics.Error(ops.ErrPlatform)
		}
	}
	for _, m := range r.Private {
		m.Mention, m.Mentions = "", nil // a private message pings nobody
		opts := []slack.MsgOption{slack.MsgOptionBlocks(a.blocks(ctx, m, place)...), slack.MsgOptionText(fallback(m), false)}
		if isThreadTS(place.Thread) {
			opts = append(opts, slack.MsgOptionTS(place.Thread))
		}
		if _, err := a.api.PostEphemeralContext(ctx, place.Channel, user, opts...); err != nil {
			a.log.Error("slack: chat.postEphemeral", "err", err)
			a.metrics.Error(ops.ErrPlatform)
		}
		// Slack shows no file in an ephemeral message: a picture asked for
		// (Show board) goes to the asker's direct messages, not the channel.
		if len(m.Files) > 0 {
			a.uploadPrivately(ctx, user, m.Files)
		}
	}
	for _, n := range r.Elsewhere {
		if err := a.Notify(ctx, n); err != nil {
			a.log.Error("slack: delivering elsewhere", "channel", n.Place.Channel, "err", err)
			a.metrics.Error(ops.ErrDelivery)
		}
	}
}

// replace makes the clicked message show m, and shares its pictures after
// it; false if Slack did not take the replacement.
func (a *Adapter) replace(ctx context.Context, c *clicked, place chat.Place, m chat.Message) bool {
	if c.ephemeral {
		m.Mention, m.Mentions = "", nil
	}
	if err := a.respondTo(ctx, c, slack.MsgOptionBlocks(a.blocks(ctx, m, place)...), slack.MsgOptionText(fallback(m), false)); err != nil {
		a.log.Error("slack: replacing the clicked message", "err", err)
		a.metrics.Error(ops.ErrPlatform)
		return false
	}
	if !c.ephemeral {
		a.upload(ctx, place, m.Files)
	}
	return true
}

// respondTo replaces the clicked message: through its response_url, or, for
// a public message without one, chat.update.
func (a *Adapter) respondTo(ctx context.Context, c *clicked, opts ...slack.MsgOption) error {
	if c.responseURL != "" {
		_, _, err := a.api.PostMessageContext(ctx, c.channel, append(opts, slack.MsgOptionReplaceOriginal(c.responseURL))...)
		return err
	}
	if c.ts == "" || c.ephemeral {
		return fmt.Errorf("no way to reach the clicked message")
	}
	_, _, _, err := a.api.UpdateMessageContext(ctx, c.channel, c.ts, opts...)
	return err
}

// showAnswer edits the messages posted for an answered prompt into its
// result (and shares its pictures after it), leaving out the message a
// click has replaced already; shown is false when no such message is known.
// A message Slack no longer has is passed over; another failure is returned
// after the rest were tried, and the prompt's messages are then left for a
// retry to edit. On a retry each message is read first, and one that shows
// the result already is left as it is, its pictures not shared again.
func (a *Adapter) showAnswer(ctx context.Context, home chat.Place, ans chat.Answer, clickedTS string, retry bool) (shown bool, err error) {
	where, err := a.svc.PromptMessages(ctx, ans.Ref)
	if err != nil {
		return false, err
	}
	var first error
	m := ans.Message
	for _, at := range where {
		if at.ID == clickedTS {
			continue
		}
		if retry {
			thread := ""
			if at.Channel == home.Channel && isThreadTS(home.Thread) && at.ID != home.Thread {
				thread = home.Thread
			}
			msg, ok, err := a.message(ctx, at.Channel, thread, at.ID)
			switch {
			case err != nil:
				first = cmp.Or(first, fmt.Errorf("reading message %s in %s: %w", at.ID, at.Channel, err))
				continue
			case !ok:
				continue
			case msg.Text == fallback(m):
				shown = true
				continue
			}
		}
		opts := []slack.MsgOption{slack.MsgOptionBlocks(a.blocks(ctx, m, home)...), slack.MsgOptionText(fallback(m), false)}
		if _, _, _, err := a.api.UpdateMessageContext(ctx, at.Channel, at.ID, opts...); err != nil {
			if !gone(err) {
				first = cmp.Or(first, fmt.Errorf("editing message %s in %s: %w", at.ID, at.Channel, err))
			}
			continue
		}
		shown = true
		a.upload(ctx, home, m.Files)
	}
	return shown, first
}

// split takes the first message for the slash command's immediate response.
// A response cannot carry files: they stay behind for upload. (A prompt
// answered there is replaced through its click's response_url.)
func split(r bot.Reply) (any, bot.Reply) {
	switch {
	case len(r.Public) > 0:
		m := r.Public[0]
		r.Public = r.Public[1:]
		if len(m.Files) > 0 {
			r.Public = append([]chat.Message{{Files: m.Files}}, r.Public...)
			m.Files = nil
		}
		return map[string]any{"response_type": "in_channel", "text": fallback(m), "blocks": (&Adapter{}).blocks(context.Background(), m, chat.Place{})}, r
	case len(r.Answered) > 0:
		return nil, r
	case len(r.Private) > 0 && linksLines(r.Private[0]):
		// Its lines link to other places (`/kaleun games`): the links take
		// Web API calls the ack cannot wait for, so it follows, ephemeral.
		return nil, r
	case len(r.Private) > 0:
		m := r.Private[0]
		m.Mention, m.Mentions = "", nil
		r.Private = r.Private[1:]
		return map[string]any{"response_type": "ephemeral", "text": fallback(m), "blocks": (&Adapter{}).blocks(context.Background(), m, chat.Place{})}, r
	}
	return map[string]any{"response_type": "ephemeral", "text": "Done."}, r
}

// upload shares pictures and files in a place (its thread, for a game in
// one): files.getUploadURLExternal, the bytes sent with their own content
// type, files.completeUploadExternal.
// uploadPrivately shares files in a user's direct messages with the bot.
func (a *Adapter) uploadPrivately(ctx context.Context, user string, files []chat.File) {
	ch, _, _, err := a.api.OpenConversationContext(ctx, &slack.OpenConversationParameters{Users: []string{user}, ReturnIM: true})
	if err != nil {
		a.log.Error("slack: conversations.open for a private picture", "err", err)
		a.metrics.Error(ops.ErrPlatform)
		return
	}
	a.upload(ctx, chat.Place{Platform: "slack", Channel: ch.ID}, files)
}

func (a *Adapter) upload(ctx context.Context, place chat.Place, files []chat.File) {
	for _, f := range files {
		if err := a.uploadOne(ctx, place, f); err != nil {
			a.log.Error("slack: uploading a file", "file", f.Name, "err", err)
			a.metrics.Error(ops.ErrPlatform)
		}
	}
}

func (a *Adapter) uploadOne(ctx context.Context, place chat.Place, f chat.File) error {
	_, err := a.uploadTo(ctx, place, f)
	return err
}

// imageBlocks uploads pictures without sharing them anywhere and returns an
// image block showing each (Block Kit's slack_file: the bot that uploaded
// a file may show it); a picture that fails to upload is logged and left
// out, the message's text says it all anyway.
func (a *Adapter) imageBlocks(ctx context.Context, files []chat.File) []slack.Block {
	var out []slack.Block
	for _, f := range files {
		id, err := a.uploadTo(ctx, chat.Place{}, f)
		if err != nil {
			a.log.Error("slack: uploading a picture", "file", f.Name, "err", err)
			a.metrics.Error(ops.ErrPlatform)
			continue
		}
		// A new block id for every upload: Slack asks for one each time a
		// message's image changes.
		out = append(out, slack.NewImageBlockSlackFile(&slack.SlackFileObject{ID: id}, trim(f.Name, 2000), "picture-"+id, nil))
	}
	return out
}

// uploadTo uploads a file, shared in place's channel (its thread) when it
// names one, else kept unshared; it returns the file's id.
func (a *Adapter) uploadTo(ctx context.Context, place chat.Place, f chat.File) (string, error) {
	u, err := a.api.GetUploadURLExternalContext(ctx, slack.GetUploadURLExternalParameters{FileName: f.Name, FileSize: len(f.Data)})
	if err != nil {
		return "", err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u.UploadURL, bytes.NewReader(f.Data))
	if err != nil {
		return "", err
	}
	ctype := f.ContentType
	if ctype == "" {
		ctype = "application/octet-stream"
	}
	req.Header.Set("Content-Type", ctype)
	resp, err := a.client.Do(req)
	if err != nil {
		return "", fmt.Errorf("sending the file: %w", err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("sending the file: %s", resp.Status)
	}
	params := slack.CompleteUploadExternalParameters{Files: []slack.FileSummary{{ID: u.FileID, Title: f.Name}}, Channel: place.Channel}
	if place.Channel != "" && isThreadTS(place.Thread) {
		params.ThreadTimestamp = place.Thread
	}
	if _, err = a.api.CompleteUploadExternalContext(ctx, params); err != nil {
		return "", err
	}
	return u.FileID, nil
}

// linksLines reports whether a message has lines that link to their own
// games' places.
func linksLines(m chat.Message) bool {
	for _, l := range m.Lines {
		if l.Jump != "" || l.Home.Channel != "" {
			return true
		}
	}
	return false
}
