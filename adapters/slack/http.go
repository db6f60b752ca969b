package slack

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"runtime/debug"
	"time"

	"github.com/kaleun/kaleun/bot"
	"github.com/kaleun/kaleun/bot/chat"
	"github.com/kaleun/kaleun/internal/ops"
	"github.com/slack-go/slack"
	"github.com/slack-go/slack/slackevents"
)

// httpLimits bound what one client can hold of the HTTP mode's server.
type httpLimits struct {
	readHeader, read, write, idle time.Duration
	maxBody                       int64
	// replayWindow is how long a request is remembered: Slack's signatures
	// are accepted five minutes either side of the clock, so a request
	// stamped five minutes ahead stays acceptable ten minutes from now.
	replayWindow  time.Duration
	maxRemembered int
	// sweepEvery is how often the requests remembered in the database
	// (Config.Seen) whose window has passed are forgotten, sweepBatch at
	// a time: often enough that they stay a window's worth.
	sweepEvery time.Duration
	sweepBatch int
	// claimTimeout bounds the database's answer to a claim: past it the
	// request is refused (Slack may retry it), not left to Slack's 3 s.
	claimTimeout time.Duration
}

// defaultHTTPLimits: Slack posts a few kilobytes and wants its answer within
// three seconds; a client slower than that is holding a connection.
var defaultHTTPLimits = httpLimits{
	readHeader: 5 * time.Second, read: 10 * time.Second, write: 10 * time.Second, idle: 60 * time.Second,
	maxBody:      1 << 20,
	replayWindow: 10 * time.Minute, maxRemembered: 100_000,
	sweepEvery: time.Minute, sweepBatch: 1000, claimTimeout: 2 * time.Second,
}

// panicText answers a request whose handling panicked: what it did before
// the panic may be saved, so the user is pointed to the game's state.
const panicText = "Kaleun hit an internal error (it was logged); `turn` shows where the game stands."

// httpCommand serves a slash command posted by Slack (HTTP mode).
func (a *Adapter) httpCommand(w http.ResponseWriter, r *http.Request) {
	received := time.Now()
	body, ok := a.verify(w, r)
	if !ok {
		return
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	cmd, err := slack.SlashCommandParse(r)
	if err != nil {
		http.Error(w, "bad slash command", http.StatusBadRequest)
		return
	}
	if !a.firstDelivery(w, r, body, cmd.TriggerID) {
		return
	}
	place := chat.Place{Platform: "slack", Space: cmd.TeamID, Channel: cmd.ChannelID}
	ctx := a.workCtx()
	rest := a.slash(ctx, received, cmd, place, false, func(first any) {
		if first != nil {
			w.Header().Set("Content-Type", "application/json")
			json.NewEncoder(w).Encode(first)
		} else {
			w.Header().Set("Content-Length", "0") // the answer is whole now, though the handler goes on
			w.WriteHeader(http.StatusOK)
		}
		flush(w)
	})
	a.postLater(ctx, place, cmd.UserID, rest, nil)
}

// slash runs a slash command within Slack's three seconds: ack is called
// once, with the reply's first message when the command is done within
// deferAfter, or else with nil (an empty acknowledgement), and the first
// message goes through the command's response_url once the command is done
// (`odds` at a career's first decision simulates for a second or more). It
// returns when the command is done, with the rest of its reply to post.
//
// lateAck says the acknowledgement is written after the rest may be
// posted: Socket Mode's Ack only queues it, for slack-go's writer to send,
// while the rest goes out at once through chat.postMessage, so a game's
// opening in the ack came below its first prompt. There a first public
// message with more after it is posted with the rest, in order, and the
// ack is empty. Over HTTP the response is written and flushed before the
// rest is posted, so it carries the first message.
func (a *Adapter) slash(ctx context.Context, received time.Time, cmd slack.SlashCommand, place chat.Place, lateAck bool, ack func(first any)) bot.Reply {
	done := make(chan bot.Reply, 1)
	go func() {
		r := bot.Reply{Private: []chat.Message{{Text: panicText}}}
		a.safely("slash command", place, func() { r = a.command(ctx, cmd) })
		done <- r
	}()
	if a.deferAfter > 0 {
		t := time.NewTimer(a.deferAfter - time.Since(received))
		defer t.Stop()
		select {
		case r := <-done:
			if lateAck && len(r.Public) > 0 && len(r.Public)+len(r.Private)+len(r.Answered) > 1 {
				ack(nil)
				a.acked(received)
				return r
			}
			first, rest := split(r)
			ack(first)
			a.acked(received)
			return rest
		case <-t.C:
		}
	}
	ack(nil)
	a.acked(received)
	a.metrics.Deferred("slack")
	first, rest := split(<-done)
	if m, ok := first.(map[string]any); ok {
		a.respondLate(ctx, cmd, m)
	}
	return rest
}

// respondLate posts a slash command's late first message through its
// response_url, as the immediate answer would have shown it: in the channel
// or to its user alone.
func (a *Adapter) respondLate(ctx context.Context, cmd slack.SlashCommand, m map[string]any) {
	text, _ := m["text"].(string)
	kind, _ := m["response_type"].(string)
	blocks, _ := m["blocks"].([]slack.Block)
	opts := []slack.MsgOption{slack.MsgOptionResponseURL(cmd.ResponseURL, kind), slack.MsgOptionText(text, false)}
	if len(blocks) > 0 {
		opts = append(opts, slack.MsgOptionBlocks(blocks...))
	}
	if cmd.ResponseURL == "" {
		a.log.Error("slack: a late slash command answer has no response_url; it is lost", "command", cmd.Command, "channel", cmd.ChannelID)
		a.metrics.Error(ops.ErrPlatform)
		return
	}
	if _, _, err := a.api.PostMessageContext(ctx, cmd.ChannelID, opts...); err != nil {
		a.log.Error("slack: posting a late slash command answer through its response_url", "err", err)
		a.metrics.Error(ops.ErrPlatform)
	}
}

// httpInteraction serves a button or menu choice posted by Slack (HTTP mode).
func (a *Adapter) httpInteraction(w http.ResponseWriter, r *http.Request) {
	received := time.Now()
	body, ok := a.verify(w, r)
	if !ok {
		return
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	if err := r.ParseForm(); err != nil {
		http.Error(w, "bad form", http.StatusBadRequest)
		return
	}
	var cb slack.InteractionCallback
	if err := json.Unmarshal([]byte(r.PostFormValue("payload")), &cb); err != nil {
		http.Error(w, "bad payload", http.StatusBadRequest)
		return
	}
	if !a.firstDelivery(w, r, body, cb.TriggerID) {
		return
	}
	// Acknowledged at once: the decision's messages are posted, not returned.
	w.WriteHeader(http.StatusOK)
	flush(w)
	a.acked(received)
	place := interactionPlace(cb)
	var reply bot.Reply
	ctx := a.workCtx()
	if !a.safely("interaction", place, func() { reply = a.interaction(ctx, cb) }) {
		reply = bot.Reply{Private: []chat.Message{{Text: panicText}}}
	}
	a.postLater(ctx, place, cb.User.ID, reply, clickOf(cb))
}

// httpEvent serves an Events API request (HTTP mode): the challenge Slack
// sends when the request URL is set, answered with itself; an event,
// acknowledged at once and acted upon after (app_home_opened publishes the
// user's Home tab). Each event is acted upon once, known by its event_id,
// which Slack's retries keep.
func (a *Adapter) httpEvent(w http.ResponseWriter, r *http.Request) {
	received := time.Now()
	body, ok := a.verify(w, r)
	if !ok {
		return
	}
	// The signature has proved the request Slack's: its deprecated
	// verification token is not checked.
	ev, err := slackevents.ParseEvent(json.RawMessage(body), slackevents.OptionNoVerifyToken())
	if err != nil {
		// An event of a type slack-go does not know: Slack's retries of it
		// would fare no better, so it is answered and passed over.
		a.log.Warn("slack: an event that could not be read was passed over", "err", err)
		w.WriteHeader(http.StatusOK)
		return
	}
	switch d := ev.Data.(type) {
	case *slackevents.EventsAPIURLVerificationEvent:
		w.Header().Set("Content-Type", "text/plain")
		w.Write([]byte(d.Challenge))
		a.acked(received)
		return
	case *slackevents.EventsAPICallbackEvent:
		if d.EventID == "" || !a.firstDeliveryOf(w, r, body, "event:"+d.EventID) {
			if d.EventID == "" {
				w.WriteHeader(http.StatusOK)
			}
			return
		}
	default:
		w.WriteHeader(http.StatusOK) // app_rate_limited and the like: nothing to do
		return
	}
	w.WriteHeader(http.StatusOK)
	flush(w)
	a.acked(received)
	ctx := a.workCtx()
	a.posting.Add(1)
	go func() {
		defer a.posting.Done()
		a.safely("an event", chat.Place{Platform: "slack", Space: ev.TeamID}, func() { a.homeOpened(ctx, ev) })
	}()
}

// verify reads the body, at most maxBody bytes, and checks its Slack
// signature and age (HTTP mode).
func (a *Adapter) verify(w http.ResponseWriter, r *http.Request) ([]byte, bool) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, a.limits.maxBody))
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		http.Error(w, "request body too large", http.StatusRequestEntityTooLarge)
		return nil, false
	case err != nil:
		http.Error(w, "unreadable body", http.StatusBadRequest)
		return nil, false
	}
	sv, err := slack.NewSecretsVerifier(r.Header, a.cfg.SigningSecret)
	if err != nil {
		http.Error(w, "unsigned or stale request", http.StatusUnauthorized)
		return nil, false
	}
	sv.Write(body)
	if err := sv.Ensure(); err != nil {
		http.Error(w, "bad signature", http.StatusUnauthorized)
		return nil, false
	}
	return body, true
}

// firstDelivery lets a verified request through the first time only. A
// request is known by what its signature covers (timestamp and body, so a
// signature re-spelt in capitals is the same request) and by Slack's
// trigger id, which a retry keeps under a fresh signature. A replay is
// refused; Slack's own retry (X-Slack-Retry-Num) of a request already acted
// upon is answered 200 and not acted upon again. With Config.Seen the
// requests are remembered in the database, so this holds across every
// replica behind a load balancer, and across a restart.
func (a *Adapter) firstDelivery(w http.ResponseWriter, r *http.Request, body []byte, triggerID string) bool {
	id := ""
	if triggerID != "" {
		id = "trigger:" + triggerID
	}
	return a.firstDeliveryOf(w, r, body, id)
}

// firstDeliveryOf is firstDelivery for a request Slack names by id (its
// kind's prefix and Slack's own id: "trigger:…", "event:…"), or by nothing
// but its signature when id is "".
func (a *Adapter) firstDeliveryOf(w http.ResponseWriter, r *http.Request, body []byte, id string) bool {
	signed := sha256.Sum256(append([]byte(r.Header.Get("X-Slack-Request-Timestamp")+":"), body...))
	keys := []string{"signed:" + hex.EncodeToString(signed[:])}
	if id != "" {
		keys = append(keys, id)
	}
	retry := r.Header.Get("X-Slack-Retry-Num")
	seen, err := a.remember(time.Now(), keys)
	if err != nil {
		// Not known to be new, and acting twice is the worse wrong: refused,
		// with a status Slack takes for a failure it may retry.
		a.log.Error("slack: the requests seen could not be read; refusing", "path", r.URL.Path, "err", err)
		a.metrics.Error(ops.ErrStorage)
		http.Error(w, "cannot check for replays now", http.StatusServiceUnavailable)
		return false
	}
	switch seen {
	case duplicate:
		if retry != "" {
			a.log.Info("slack: a retried delivery was acted upon already", "path", r.URL.Path, "retry", retry)
			w.WriteHeader(http.StatusOK)
			return false
		}
		a.log.Warn("slack: replayed request refused", "path", r.URL.Path, "remote", r.RemoteAddr)
		http.Error(w, "replayed request", http.StatusConflict)
		return false
	case tooMany:
		a.log.Error("slack: too many requests to remember against replays; refusing", "remembered", a.seen.size())
		http.Error(w, "too many requests", http.StatusServiceUnavailable)
		return false
	}
	if retry != "" && id == "" {
		// A retry that names no request cannot be told from its first
		// delivery, which most likely came: acting twice is the worse wrong.
		a.log.Warn("slack: a retried delivery without a trigger id was not acted upon", "path", r.URL.Path, "retry", retry)
		w.WriteHeader(http.StatusOK)
		return false
	}
	return true
}

// safely runs what a request asks; a panic is logged with its stack and
// reported as false, so one bad request cannot stop the bot for everyone.
func (a *Adapter) safely(what string, place chat.Place, f func()) (ok bool) {
	defer func() {
		if p := recover(); p != nil {
			a.log.Error("slack: "+what+" panicked", "panic", p, "channel", place.Channel, "stack", string(debug.Stack()))
			a.metrics.Error(ops.ErrPanic)
			ok = false
		}
	}()
	f()
	return true
}

// postLater posts the rest of a reply after the HTTP answer has gone. A
// panic there is logged and the user told, and Close waits for it.
func (a *Adapter) postLater(ctx context.Context, place chat.Place, user string, r bot.Reply, c *clicked) {
	if len(r.Public) == 0 && len(r.Private) == 0 && len(r.Elsewhere) == 0 && len(r.Answered) == 0 && r.Update == nil && !r.Disarm {
		return
	}
	a.posting.Add(1)
	go func() {
		defer a.posting.Done()
		if !a.safely("posting a reply", place, func() { a.post(ctx, place, user, r, c) }) {
			a.safely("telling the user of an error", place, func() {
				if _, err := a.api.PostEphemeralContext(ctx, place.Channel, user, slack.MsgOptionText(panicText, false)); err != nil {
					a.log.Error("slack: chat.postEphemeral", "err", err)
					a.metrics.Error(ops.ErrPlatform)
				}
			})
		}
	}()
}

// flush sends what is written of the answer now, not when the handler returns.
func flush(w http.ResponseWriter) {
	if f, ok := w.(http.Flusher); ok {
		f.Flush()
	}
}
