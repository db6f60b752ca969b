package slackfake

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// HTTP mode: Slack posts slash commands and interactions to the app's URL,
// each signed with the app's signing secret (X-Slack-Signature over
// "v0:<timestamp>:<body>"), and retries one it got no answer to with
// X-Slack-Retry-Num under a fresh signature. HTTPApp plays that side; the
// Web API calls the app makes go to the fake as in Socket Mode.

// HTTPApp sends Slack's HTTP-mode requests to an app (or the load balancer
// in front of its replicas) at a base URL.
type HTTPApp struct {
	f      *Server
	base   string
	secret string
	client *http.Client
}

// HTTPApp is the app at base (its /slack/commands, /slack/interactions and
// /slack/events),
// whose requests are signed with secret.
func (f *Server) HTTPApp(base, secret string) *HTTPApp {
	return &HTTPApp{f: f, base: strings.TrimSuffix(base, "/"), secret: secret, client: &http.Client{Timeout: 10 * time.Second}}
}

// Request is one request as Slack signed and sent it. Send sends it as it
// is (a second Send is a replay: the same bytes, the same signature);
// Retry makes Slack's retry of it.
type Request struct {
	ID        string // the trigger id is "trig-" + ID
	Path      string
	Body      string
	Timestamp string
	Signature string
	// RetryNum is X-Slack-Retry-Num ("" on a first delivery).
	RetryNum string
	// ContentType is the body's ("" for a form, as slash commands and
	// interactions come; the Events API posts JSON).
	ContentType string
	// slash, for a slash command: where its answer shows.
	slash *response
}

// Answer is what the app answered.
type Answer struct {
	Status int
	Header http.Header
	Body   string
}

// Slash is a slash command by user in channel (not yet sent).
func (h *HTTPApp) Slash(id, channel, user, command, text string) *Request {
	h.f.mu.Lock()
	h.f.responses[id] = response{channel: channel, user: user}
	h.f.mu.Unlock()
	body := url.Values{"command": {command}, "text": {text}, "user_id": {user}, "user_name": {user}, "channel_id": {channel},
		"team_id": {"T1"}, "trigger_id": {"trig-" + id}, "response_url": {h.f.URL + "/response/" + id}}.Encode()
	r := h.sign(&Request{ID: id, Path: "/slack/commands", Body: body}, time.Now())
	r.slash = &response{channel: channel, user: user}
	return r
}

// ClickOn is a press of a button (or a menu's option) on a message (not yet
// sent), with the payload Slack sends for it: the action, the container,
// the message (none for an ephemeral one) and a response_url into it.
func (h *HTTPApp) ClickOn(id string, m Message, user, value string) *Request {
	f := h.f
	f.mu.Lock()
	on := f.messages[m.Channel+"/"+m.TS]
	action := map[string]any{"action_id": "opt-0", "block_id": "prompt", "type": "button", "value": value}
	resp := response{channel: m.Channel, thread: m.Thread, user: user}
	container := map[string]any{"type": "message", "channel_id": m.Channel}
	if on != nil {
		resp.message = on.Channel + "/" + on.TS
		resp.thread = on.Thread
		container["message_ts"] = on.TS
		container["is_ephemeral"] = on.Ephemeral
		if opt, block, el := menuOption(on, value); opt != nil {
			action = map[string]any{"action_id": el, "block_id": block, "type": "static_select", "selected_option": opt}
		}
	}
	if resp.thread != "" {
		container["thread_ts"] = resp.thread
	}
	f.responses[id] = resp
	payload := map[string]any{"type": "block_actions", "user": map[string]any{"id": user, "name": user}, "team": map[string]any{"id": "T1"},
		"channel": map[string]any{"id": m.Channel}, "actions": []any{action}, "container": container,
		"response_url": f.URL + "/response/" + id, "trigger_id": "trig-" + id}
	if on != nil && !on.Ephemeral {
		payload["message"] = map[string]any{"type": "message", "ts": on.TS, "thread_ts": on.Thread, "text": on.Text, "blocks": on.Blocks}
	}
	f.mu.Unlock()
	b, err := json.Marshal(payload)
	if err != nil {
		f.t.Errorf("slackfake: an interaction's payload: %v", err)
	}
	return h.sign(&Request{ID: id, Path: "/slack/interactions", Body: url.Values{"payload": {string(b)}}.Encode()}, time.Now())
}

// menuOption finds value among the options of a message's menus: the
// option, its block's id and its menu's action id.
func menuOption(m *Message, value string) (opt map[string]any, block, actionID any) {
	for _, b := range m.Blocks {
		bm, _ := b.(map[string]any)
		els, _ := bm["elements"].([]any)
		for _, e := range els {
			em, _ := e.(map[string]any)
			opts, _ := em["options"].([]any)
			for _, o := range opts {
				if om, _ := o.(map[string]any); om["value"] == value {
					return om, bm["block_id"], em["action_id"]
				}
			}
		}
	}
	return nil, nil, nil
}

// Retry is Slack's retry number n of r: the same body under a fresh
// signature, marked X-Slack-Retry-Num.
func (h *HTTPApp) Retry(r *Request, n int) *Request {
	again := *r
	again.RetryNum = strconv.Itoa(n)
	return h.sign(&again, time.Now())
}

func (h *HTTPApp) sign(r *Request, at time.Time) *Request {
	r.Timestamp = strconv.FormatInt(at.Unix(), 10)
	m := hmac.New(sha256.New, []byte(h.secret))
	fmt.Fprintf(m, "v0:%s:%s", r.Timestamp, r.Body)
	r.Signature = "v0=" + hex.EncodeToString(m.Sum(nil))
	return r
}

// Send delivers r. A slash command's answer (200 with a message) shows in
// its channel as Slack shows it: in the channel, or to its user alone.
func (h *HTTPApp) Send(r *Request) (Answer, error) {
	req, err := http.NewRequest(http.MethodPost, h.base+r.Path, strings.NewReader(r.Body))
	if err != nil {
		return Answer{}, err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if r.isJSON() {
		req.Header.Set("Content-Type", r.ContentType)
	}
	req.Header.Set("X-Slack-Request-Timestamp", r.Timestamp)
	req.Header.Set("X-Slack-Signature", r.Signature)
	if r.RetryNum != "" {
		req.Header.Set("X-Slack-Retry-Num", r.RetryNum)
		req.Header.Set("X-Slack-Retry-Reason", "http_timeout")
	}
	resp, err := h.client.Do(req)
	if err != nil {
		return Answer{}, fmt.Errorf("slackfake: %s %s: %w", r.Path, r.ID, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return Answer{}, fmt.Errorf("slackfake: %s %s: reading the answer: %w", r.Path, r.ID, err)
	}
	a := Answer{Status: resp.StatusCode, Header: resp.Header, Body: string(body)}
	if r.slash != nil && a.Status == http.StatusOK && len(body) > 0 {
		var m struct {
			Text         string `json:"text"`
			Blocks       []any  `json:"blocks"`
			ResponseType string `json:"response_type"`
		}
		if err := json.Unmarshal(body, &m); err != nil {
			return a, fmt.Errorf("slackfake: the answer to slash command %s is not a message: %w: %s", r.ID, err, body)
		}
		h.f.mu.Lock()
		msg := &Message{TS: h.f.nextTSLocked(), Channel: r.slash.channel, Text: m.Text, Blocks: m.Blocks}
		if m.ResponseType != "in_channel" {
			msg.Ephemeral, msg.User = true, r.slash.user
		}
		h.f.makeLocked(msg)
		h.f.mu.Unlock()
	}
	return a, nil
}

// Offering is the newest message of a channel's place (thread "" for its
// top level) that user sees offering value, if any: what a player looks
// for before he presses it. It copies that message alone.
func (f *Server) Offering(channel, thread, user, value string) (Message, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for i := len(f.order) - 1; i >= 0; i-- {
		m := f.messages[f.order[i]]
		if m.Channel != channel || m.Thread != thread || m.Deleted || (m.Ephemeral && m.User != user) {
			continue
		}
		if offers(m, value) {
			return copyMessage(m), true
		}
	}
	return Message{}, false
}

// offers reports whether a message has a button or menu option of value.
func offers(m *Message, value string) bool {
	for _, b := range m.Blocks {
		bm, _ := b.(map[string]any)
		els, _ := bm["elements"].([]any)
		for _, e := range els {
			em, _ := e.(map[string]any)
			if em["value"] == value {
				return true
			}
			opts, _ := em["options"].([]any)
			for _, o := range opts {
				if om, _ := o.(map[string]any); om["value"] == value {
					return true
				}
			}
		}
	}
	return false
}
