// Package slackfake is a local Slack for tests: the parts of Slack's Web API
// and Socket Mode protocol that the real slack-go client uses, unmodified —
// apps.connections.open, the socket's hello, envelopes and acks,
// chat.postMessage, chat.update, chat.postEphemeral, conversations.open,
// users.info and the three steps of a file upload. Loopback only. It records
// which Web API methods were called, so a test can hold the app's manifest
// to the scopes those methods need.
//
// It is not a _test.go file so that tests of several packages share it.
package slackfake

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// Server is the fake Slack.
type Server struct {
	// URL is the fake's base; APIURL() is what the client takes as its API URL.
	URL string

	t       testing.TB
	srv     *httptest.Server
	mu      sync.Mutex
	uploads map[string][]byte // by file id, until completeUploadExternal shares them
	conn    *websocket.Conn
	methods map[string]int
	ts      int
	acks    chan map[string]any
	posts   chan url.Values
	open    chan struct{}
}

// New starts a fake Slack on loopback; it stops when the test ends.
func New(t testing.TB) *Server {
	f := &Server{t: t, acks: make(chan map[string]any, 1024), posts: make(chan url.Values, 1<<14), open: make(chan struct{}, 16),
		methods: map[string]int{}, uploads: map[string][]byte{}}
	mux := http.NewServeMux()
	api := func(method string, h http.HandlerFunc) {
		mux.HandleFunc("/api/"+method, func(w http.ResponseWriter, r *http.Request) {
			f.mu.Lock()
			f.methods[method]++
			f.mu.Unlock()
			h(w, r)
		})
	}
	api("apps.connections.open", func(w http.ResponseWriter, r *http.Request) {
		json.NewEncoder(w).Encode(map[string]any{"ok": true, "url": "ws" + strings.TrimPrefix(f.srv.URL, "http") + "/link"})
	})
	post := func(w http.ResponseWriter, r *http.Request) {
		r.ParseForm()
		v := r.PostForm
		v.Set("_method", r.URL.Path)
		ts := v.Get("ts") // chat.update names the message it edits
		if ts == "" {
			ts = f.nextTS()
		}
		v.Set("_ts", ts)
		f.posts <- v
		json.NewEncoder(w).Encode(map[string]any{"ok": true, "channel": v.Get("channel"), "ts": ts, "message_ts": ts})
	}
	api("files.getUploadURLExternal", func(w http.ResponseWriter, r *http.Request) {
		r.ParseForm()
		id := "F" + r.Form.Get("filename")
		json.NewEncoder(w).Encode(map[string]any{"ok": true, "upload_url": f.srv.URL + "/upload/" + id, "file_id": id})
	})
	mux.HandleFunc("/upload/{id}", func(w http.ResponseWriter, r *http.Request) {
		file, _, err := r.FormFile("file")
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		b, _ := io.ReadAll(file)
		f.mu.Lock()
		f.uploads[r.PathValue("id")] = b
		f.mu.Unlock()
		w.Write([]byte("OK"))
	})
	api("files.completeUploadExternal", func(w http.ResponseWriter, r *http.Request) {
		r.ParseForm()
		var files []map[string]any
		json.Unmarshal([]byte(r.PostForm.Get("files")), &files)
		v := r.PostForm
		v.Set("_method", r.URL.Path)
		f.mu.Lock()
		for _, file := range files {
			v.Add("_content", string(f.uploads[fmt.Sprint(file["id"])]))
		}
		f.mu.Unlock()
		f.posts <- v
		json.NewEncoder(w).Encode(map[string]any{"ok": true, "files": files})
	})
	api("conversations.open", func(w http.ResponseWriter, r *http.Request) {
		r.ParseForm()
		json.NewEncoder(w).Encode(map[string]any{"ok": true, "channel": map[string]any{"id": "D-" + r.Form.Get("users")}})
	})
	api("chat.postMessage", post)
	api("chat.update", post)
	api("chat.postEphemeral", post)
	api("users.info", func(w http.ResponseWriter, r *http.Request) {
		r.ParseForm()
		admin := r.Form.Get("user") == "UADMIN"
		json.NewEncoder(w).Encode(map[string]any{"ok": true, "user": map[string]any{"id": r.Form.Get("user"), "is_admin": admin}})
	})
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		t.Errorf("slackfake: the client called %s, which the fake does not know", r.URL.Path)
		json.NewEncoder(w).Encode(map[string]any{"ok": false, "error": "unknown_method"})
	})
	mux.HandleFunc("/link", func(w http.ResponseWriter, r *http.Request) {
		// Slack's client sends Origin: https://api.slack.com; accept it as Slack does.
		up := websocket.Upgrader{CheckOrigin: func(*http.Request) bool { return true }}
		c, err := up.Upgrade(w, r, nil)
		if err != nil {
			return
		}
		f.mu.Lock()
		f.conn = c
		f.mu.Unlock()
		f.Write(map[string]any{"type": "hello", "num_connections": 1, "connection_info": map[string]any{"app_id": "A1"}, "debug_info": map[string]any{"host": "fake"}})
		f.open <- struct{}{}
		for {
			var m map[string]any
			if err := c.ReadJSON(&m); err != nil {
				return
			}
			f.acks <- m
		}
	})
	f.srv = httptest.NewServer(mux)
	f.URL = f.srv.URL
	t.Cleanup(f.srv.Close)
	return f
}

// APIURL is the Web API's base for the client (slack.OptionAPIURL, api_base).
func (f *Server) APIURL() string { return f.URL + "/api" }

func (f *Server) nextTS() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.ts++
	return fmt.Sprintf("1700000000.%06d", f.ts)
}

// Write sends a frame to the Socket Mode client.
func (f *Server) Write(v any) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.conn == nil {
		f.t.Errorf("slackfake: no Socket Mode client is connected")
		return
	}
	f.conn.WriteJSON(v)
}

// SlashIn sends a slash command envelope over Socket Mode.
func (f *Server) SlashIn(env, channel, user, command, text string) {
	f.Write(map[string]any{"envelope_id": env, "type": "slash_commands", "accepts_response_payload": true,
		"payload": map[string]any{"command": command, "text": text, "user_id": user, "user_name": user, "channel_id": channel, "team_id": "T1"}})
}

// Slash sends /hunters text in channel C1.
func (f *Server) Slash(env, user, text string) { f.SlashIn(env, "C1", user, "/hunters", text) }

// ClickIn sends a button press in a channel (and thread, when thread is set).
func (f *Server) ClickIn(env, channel, thread, user, value string) {
	payload := map[string]any{"type": "block_actions", "user": map[string]any{"id": user, "name": user}, "team": map[string]any{"id": "T1"},
		"channel": map[string]any{"id": channel}, "actions": []any{map[string]any{"action_id": "opt-0", "block_id": "prompt", "type": "button", "value": value}}}
	if thread != "" {
		payload["container"] = map[string]any{"type": "message", "channel_id": channel, "thread_ts": thread}
	}
	f.Write(map[string]any{"envelope_id": env, "type": "interactive", "payload": payload})
}

// Click sends a button press in channel C1.
func (f *Server) Click(env, user, value string) { f.ClickIn(env, "C1", "", user, value) }

// Acks receives the client's Socket Mode acknowledgements.
func (f *Server) Acks() <-chan map[string]any { return f.acks }

// Posts receives the client's posts (chat.postMessage, chat.update,
// chat.postEphemeral, files.completeUploadExternal) as their forms, with
// _method the API path and _ts the message's timestamp.
func (f *Server) Posts() <-chan url.Values { return f.posts }

// Open receives once for every Socket Mode connection greeted.
func (f *Server) Open() <-chan struct{} { return f.open }

// Methods are the Web API methods the client has called, sorted.
func (f *Server) Methods() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []string
	for m := range f.methods {
		out = append(out, m)
	}
	sort.Strings(out)
	return out
}

// Ack waits for the next acknowledgement.
func (f *Server) Ack(t testing.TB) map[string]any {
	t.Helper()
	select {
	case a := <-f.acks:
		return a
	case <-time.After(10 * time.Second):
		t.Fatal("no ack")
	}
	return nil
}

// Drain collects what the client posts until a prompt has come and it is
// quiet, or five seconds pass.
func (f *Server) Drain(t testing.TB) []url.Values {
	var out []url.Values
	deadline := time.After(5 * time.Second)
	prompted := false
	for {
		quiet := 150 * time.Millisecond
		if !prompted {
			quiet = time.Second
		}
		select {
		case p := <-f.posts:
			out = append(out, p)
			if len(ButtonValues(p.Get("blocks"))) > 0 || p.Get("_method") == "/api/chat.postEphemeral" {
				prompted = true
			}
		case <-time.After(quiet):
			return out
		case <-deadline:
			return out
		}
	}
}

// ButtonValues finds the option ids in Block Kit JSON.
func ButtonValues(blocksJSON string) []string {
	var bl []map[string]any
	json.Unmarshal([]byte(blocksJSON), &bl)
	var out []string
	for _, b := range bl {
		els, _ := b["elements"].([]any)
		for _, e := range els {
			em := e.(map[string]any)
			if v, ok := em["value"].(string); ok {
				out = append(out, v)
			}
			if opts, ok := em["options"].([]any); ok {
				for _, o := range opts {
					out = append(out, o.(map[string]any)["value"].(string))
				}
			}
		}
	}
	return out
}
