package slackfake

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"
)

// App Home: Slack sends app_home_opened (an Events API event) each time a
// user opens the app's Home tab, over Socket Mode (an "events_api"
// envelope, acknowledged like the others) or posted as JSON to the app's
// event request URL (signed like every request); the app answers by
// publishing that user's Home view (views.publish, the user's alone). The
// fake holds views.publish to Slack's bounds: a view of type "home", at
// most 100 blocks, a section's text at most 3,000 characters, a header's
// 150; past them it answers invalid_arguments, as Slack does.

// homeLimit is Slack's bound on a Home view's blocks.
const homeLimit = 100

// Home is the Home view last published for a user (its body as sent:
// type, blocks...), and whether one was.
func (f *Server) Home(user string) (map[string]any, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	v, ok := f.homes[user]
	return v, ok
}

// Publishes counts the views.publish calls that succeeded, by user.
func (f *Server) Publishes() map[string]int {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := map[string]int{}
	for k, v := range f.published {
		out[k] = v
	}
	return out
}

// publishView serves views.publish.
func (f *Server) publishView(w http.ResponseWriter, r *http.Request) {
	var body struct {
		UserID string         `json:"user_id"`
		View   map[string]any `json:"view"`
		Hash   *string        `json:"hash"`
	}
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil || body.UserID == "" || body.View == nil {
		json.NewEncoder(w).Encode(map[string]any{"ok": false, "error": "invalid_arguments"})
		return
	}
	if problem := homeProblem(body.View); problem != "" {
		json.NewEncoder(w).Encode(map[string]any{"ok": false, "error": "invalid_arguments",
			"response_metadata": map[string]any{"messages": []string{"[ERROR] " + problem}}})
		return
	}
	f.mu.Lock()
	hash := f.hashes[body.UserID]
	if body.Hash != nil && *body.Hash != hash {
		f.mu.Unlock()
		json.NewEncoder(w).Encode(map[string]any{"ok": false, "error": "hash_conflict"})
		return
	}
	f.homes[body.UserID] = body.View
	f.published[body.UserID]++
	hash = fmt.Sprintf("%d.%s", time.Now().UnixNano(), body.UserID)
	f.hashes[body.UserID] = hash
	f.mu.Unlock()
	v := map[string]any{"id": "VH-" + body.UserID, "team_id": "T1", "hash": hash}
	for k, x := range body.View {
		v[k] = x
	}
	json.NewEncoder(w).Encode(map[string]any{"ok": true, "view": v})
}

// homeProblem is what Slack would refuse in a Home view ("" for none).
func homeProblem(view map[string]any) string {
	if view["type"] != "home" {
		return "a published view must be of type home [json-pointer:/view/type]"
	}
	blocks, _ := view["blocks"].([]any)
	if len(blocks) > homeLimit {
		return fmt.Sprintf("no more than %d items allowed [json-pointer:/view/blocks]", homeLimit)
	}
	for i, b := range blocks {
		bm, _ := b.(map[string]any)
		text, _ := bm["text"].(map[string]any)
		s, _ := text["text"].(string)
		switch bm["type"] {
		case "section":
			if len([]rune(s)) > 3000 {
				return fmt.Sprintf("must be less than 3001 characters [json-pointer:/view/blocks/%d/text]", i)
			}
		case "header":
			if len([]rune(s)) > 150 {
				return fmt.Sprintf("must be less than 151 characters [json-pointer:/view/blocks/%d/text]", i)
			}
		}
	}
	return ""
}

// homeOpened is the Events API callback Slack sends when user opens the
// Home tab: app_home_opened, tab "home", in his direct messages with the
// app (channel D-<user>, as conversations.open names it here).
func homeOpened(id, user, tab string) map[string]any {
	return map[string]any{
		"token": "verification-token-unused", "team_id": "T1", "api_app_id": "A1", "type": "event_callback",
		"event_id": "Ev" + id, "event_time": time.Now().Unix(), "event_context": "ctx-" + id,
		"authorizations": []any{map[string]any{"team_id": "T1", "user_id": "UBOT", "is_bot": true}},
		"event": map[string]any{"type": "app_home_opened", "user": user, "channel": "D-" + user, "tab": tab,
			"event_ts": fmt.Sprintf("%d.000100", time.Now().Unix())},
	}
}

// HomeOpened sends app_home_opened over Socket Mode, in an events_api
// envelope, as Slack does when user opens the Home tab.
func (f *Server) HomeOpened(env, user string) { f.TabOpened(env, user, "home") }

// TabOpened sends app_home_opened for a tab of the App Home: "home", or
// "messages" (the direct messages with the app, which Slack also reports).
func (f *Server) TabOpened(env, user, tab string) {
	f.Write(map[string]any{"envelope_id": env, "type": "events_api", "accepts_response_payload": false,
		"retry_attempt": 0, "retry_reason": "", "payload": homeOpened(env, user, tab)})
}

// HomeOpened is app_home_opened posted to the app's event request URL
// (/slack/events), as JSON, signed (not yet sent).
func (h *HTTPApp) HomeOpened(id, user string) *Request {
	b, err := json.Marshal(homeOpened(id, user, "home"))
	if err != nil {
		h.f.t.Errorf("slackfake: an event: %v", err)
	}
	return h.sign(&Request{ID: id, Path: "/slack/events", Body: string(b), ContentType: "application/json"}, time.Now())
}

// URLVerification is the challenge Slack posts to an event request URL
// when it is set (not yet sent): the app must answer with the challenge.
func (h *HTTPApp) URLVerification(id, challenge string) *Request {
	b, _ := json.Marshal(map[string]any{"token": "verification-token-unused", "challenge": challenge, "type": "url_verification"})
	return h.sign(&Request{ID: id, Path: "/slack/events", Body: string(b), ContentType: "application/json"}, time.Now())
}

// isJSON reports whether a request is posted as JSON (the Events API's).
func (r *Request) isJSON() bool { return strings.HasPrefix(r.ContentType, "application/json") }

// Calls counts the calls of a Web API method ("views.publish") so far.
func (f *Server) Calls(method string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.methods[method]
}
