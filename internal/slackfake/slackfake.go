// Package slackfake is a local Slack for tests: the parts of Slack's Web API
// and Socket Mode protocol that the real slack-go client uses, unmodified —
// apps.connections.open, the socket's hello, envelopes and acks,
// chat.postMessage (with message metadata), chat.update, chat.postEphemeral,
// conversations.open, conversations.history and conversations.replies
// (metadata only with include_all_metadata, as Slack sends it), users.info,
// views.open (and a modal's view_submission), views.publish and
// app_home_opened (home.go), and the three steps of a file upload. Loopback only. It records
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
	"strconv"
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
	// names are the uploaded files' names by id; fileSeq numbers the ids
	// (Slack gives every upload a new one, whatever its name).
	names   map[string]string
	fileSeq int
	// pictures are the files an image block of a posted or updated message
	// shows, by id (Block Kit's slack_file), with how often each was shown.
	pictures map[string]int
	conn     *websocket.Conn
	methods  map[string]int
	ts       int
	acks     chan map[string]any
	posts    chan url.Values
	open     chan struct{}
	// messages are what Slack shows, by key (channel/ts), made in order;
	// types are the content types files were uploaded with; responses and
	// slashes remember where each response_url and slash command points.
	messages  map[string]*Message
	order     []string
	types     map[string]string
	responses map[string]response
	slashes   map[string]response
	ephemeral int
	// views are the modal views the client opened (views.open), in order;
	// homes the Home view last published for each user (views.publish),
	// published how many times, under which hash.
	views     []View
	homes     map[string]map[string]any
	published map[string]int
	hashes    map[string]string
	// stalls hold a Web API method's calls until released (Stall).
	stalls  map[string]chan struct{}
	stalled chan string
	// scheduled are the messages scheduled and not yet posted or deleted,
	// ids numbers them, and now is the clock they are held against
	// (scheduled.go).
	scheduled []*Scheduled
	ids       int
	now       func() time.Time
}

// Stall holds every call of a Web API method ("chat.postMessage") until
// release is called or the client gives up on it, as a Slack slow to answer
// would.
func (f *Server) Stall(method string) (release func()) {
	hold := make(chan struct{})
	f.mu.Lock()
	f.stalls[method] = hold
	f.mu.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			f.mu.Lock()
			delete(f.stalls, method)
			f.mu.Unlock()
			close(hold)
		})
	}
}

// Stalled receives a method each time one of its calls starts being held.
func (f *Server) Stalled() <-chan string { return f.stalled }

// View is a modal view the client opened: the trigger it used and the view
// as sent (callback_id, private_metadata, blocks...).
type View struct {
	Trigger string
	Body    map[string]any
}

// Views are the modal views opened so far, in order.
func (f *Server) Views() []View {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]View(nil), f.views...)
}

// Submit sends a view_submission of an opened view as Slack does when its
// user presses Submit: the view's callback_id and private_metadata, and the
// values typed, by block and action id.
func (f *Server) Submit(env, user string, v View, values map[string]map[string]string) {
	state := map[string]any{}
	for block, actions := range values {
		as := map[string]any{}
		for action, value := range actions {
			as[action] = map[string]any{"type": "plain_text_input", "value": value}
		}
		state[block] = as
	}
	view := map[string]any{"id": "V-" + env, "type": "modal", "callback_id": v.Body["callback_id"], "private_metadata": v.Body["private_metadata"],
		"state": map[string]any{"values": state}}
	payload := map[string]any{"type": "view_submission", "user": map[string]any{"id": user, "name": user}, "team": map[string]any{"id": "T1"},
		"trigger_id": "trig-" + env, "view": view}
	f.Write(map[string]any{"envelope_id": env, "type": "interactive", "payload": payload})
}

// response is where an interaction's response_url (or a slash command's
// response) lands: the channel and thread, the message it came from, the user.
type response struct {
	channel, thread, message, user string
}

// New starts a fake Slack on loopback; it stops when the test ends.
func New(t testing.TB) *Server {
	f := &Server{t: t, acks: make(chan map[string]any, 1024), posts: make(chan url.Values, 1<<14), open: make(chan struct{}, 16),
		methods: map[string]int{}, uploads: map[string][]byte{}, names: map[string]string{}, pictures: map[string]int{},
		messages: map[string]*Message{}, types: map[string]string{}, responses: map[string]response{}, slashes: map[string]response{},
		stalls: map[string]chan struct{}{}, stalled: make(chan string, 64),
		homes: map[string]map[string]any{}, published: map[string]int{}, hashes: map[string]string{}, now: time.Now}
	mux := http.NewServeMux()
	api := func(method string, h http.HandlerFunc) {
		mux.HandleFunc("/api/"+method, func(w http.ResponseWriter, r *http.Request) {
			f.mu.Lock()
			f.methods[method]++
			hold := f.stalls[method]
			f.mu.Unlock()
			if hold != nil {
				// Read the body first: only then does the server notice a
				// client that hangs up.
				body, _ := io.ReadAll(r.Body)
				r.Body = io.NopCloser(strings.NewReader(string(body)))
				select {
				case f.stalled <- method:
				default:
				}
				select {
				case <-hold:
				case <-r.Context().Done():
					return
				}
			}
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
		f.mu.Lock()
		if bad := f.unknownPictureLocked(v.Get("blocks")); bad != "" {
			f.mu.Unlock()
			// Slack refuses an image block naming a file it does not have.
			json.NewEncoder(w).Encode(map[string]any{"ok": false, "error": "invalid_blocks", "errors": []string{"unknown slack_file " + bad}})
			return
		}
		switch r.URL.Path {
		case "/api/chat.update":
			m := f.messages[v.Get("channel")+"/"+ts]
			if m == nil || m.Ephemeral {
				f.mu.Unlock()
				json.NewEncoder(w).Encode(map[string]any{"ok": false, "error": "message_not_found"})
				return
			}
			// Slack keeps the blocks when neither blocks nor text is given,
			// and drops them for text alone.
			if v.Has("blocks") {
				m.Blocks = blocksOf(v.Get("blocks"))
			} else if v.Has("text") {
				m.Blocks = nil
			}
			if v.Has("text") {
				m.Text = v.Get("text")
			}
			m.Edits++
		case "/api/chat.postEphemeral":
			f.ephemeral++
			f.makeLocked(&Message{TS: ts, Channel: v.Get("channel"), Thread: v.Get("thread_ts"), Ephemeral: true, User: v.Get("user"),
				Text: v.Get("text"), Blocks: blocksOf(v.Get("blocks"))})
		default:
			m := &Message{TS: ts, Channel: v.Get("channel"), Thread: v.Get("thread_ts"), Text: v.Get("text"), Blocks: blocksOf(v.Get("blocks"))}
			if v.Has("metadata") {
				if err := json.Unmarshal([]byte(v.Get("metadata")), &m.Metadata); err != nil {
					f.mu.Unlock()
					json.NewEncoder(w).Encode(map[string]any{"ok": false, "error": "invalid_metadata_format"})
					return
				}
			}
			f.makeLocked(m)
		}
		f.posts <- v // under the lock, so the posts come in the order of the messages
		f.mu.Unlock()
		json.NewEncoder(w).Encode(map[string]any{"ok": true, "channel": v.Get("channel"), "ts": ts, "message_ts": ts})
	}
	api("files.getUploadURLExternal", func(w http.ResponseWriter, r *http.Request) {
		r.ParseForm()
		f.mu.Lock()
		f.fileSeq++
		id := fmt.Sprintf("F%04d", f.fileSeq)
		f.names[id] = r.Form.Get("filename")
		f.mu.Unlock()
		json.NewEncoder(w).Encode(map[string]any{"ok": true, "upload_url": f.srv.URL + "/upload/" + id, "file_id": id})
	})
	mux.HandleFunc("/upload/{id}", func(w http.ResponseWriter, r *http.Request) {
		// Slack takes the file's bytes as the body, or as a multipart form's "file".
		var b []byte
		ctype := r.Header.Get("Content-Type")
		if strings.HasPrefix(ctype, "multipart/form-data") {
			file, fh, err := r.FormFile("file")
			if err != nil {
				http.Error(w, err.Error(), http.StatusBadRequest)
				return
			}
			b, _ = io.ReadAll(file)
			ctype = fh.Header.Get("Content-Type")
		} else {
			b, _ = io.ReadAll(r.Body)
		}
		f.mu.Lock()
		f.uploads[r.PathValue("id")] = b
		f.types[r.PathValue("id")] = ctype
		f.mu.Unlock()
		w.Write([]byte("OK - " + strconv.Itoa(len(b))))
	})
	api("files.completeUploadExternal", func(w http.ResponseWriter, r *http.Request) {
		r.ParseForm()
		var files []map[string]any
		json.Unmarshal([]byte(r.PostForm.Get("files")), &files)
		v := r.PostForm
		v.Set("_method", r.URL.Path)
		f.mu.Lock()
		m := &Message{TS: f.nextTSLocked(), Channel: v.Get("channel_id"), Thread: v.Get("thread_ts"), Text: v.Get("initial_comment")}
		for _, file := range files {
			id := fmt.Sprint(file["id"])
			v.Add("_content", string(f.uploads[id]))
			v.Add("_type", f.types[id])
			m.Files = append(m.Files, f.names[id])
			m.FileTypes = append(m.FileTypes, f.types[id])
		}
		if m.Channel != "" {
			f.makeLocked(m) // shared: a message of the channel (or thread) that shows the files
		}
		v.Set("_ts", m.TS)
		f.posts <- v
		f.mu.Unlock()
		json.NewEncoder(w).Encode(map[string]any{"ok": true, "files": files})
	})
	mux.HandleFunc("POST /response/{id}", func(w http.ResponseWriter, r *http.Request) {
		var body struct {
			Text            string `json:"text"`
			Blocks          []any  `json:"blocks"`
			ResponseType    string `json:"response_type"`
			ReplaceOriginal bool   `json:"replace_original"`
			DeleteOriginal  bool   `json:"delete_original"`
			ThreadTS        string `json:"thread_ts"`
		}
		if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
			http.Error(w, "bad json", http.StatusBadRequest)
			return
		}
		f.mu.Lock()
		to, ok := f.responses[r.PathValue("id")]
		if !ok {
			f.mu.Unlock()
			http.Error(w, "unknown response_url", http.StatusNotFound)
			return
		}
		v := url.Values{"_method": {"/response"}, "channel": {to.channel}, "text": {body.Text}}
		if b, err := json.Marshal(body.Blocks); err == nil && body.Blocks != nil {
			v.Set("blocks", string(b))
		}
		m := f.messages[to.message]
		switch {
		case (body.ReplaceOriginal || body.DeleteOriginal) && m == nil:
			f.mu.Unlock()
			http.Error(w, "no original message", http.StatusNotFound)
			return
		case body.DeleteOriginal:
			m.Deleted = true
			v.Set("_ts", m.TS)
			v.Set("delete_original", "true")
		case body.ReplaceOriginal:
			m.Text, m.Blocks = body.Text, body.Blocks
			m.Edits++
			v.Set("_ts", m.TS)
			v.Set("replace_original", "true")
		default:
			nm := &Message{TS: f.nextTSLocked(), Channel: to.channel, Thread: to.thread, Text: body.Text, Blocks: body.Blocks}
			if body.ResponseType != "in_channel" {
				nm.Ephemeral, nm.User = true, to.user
			} else {
				v.Set("response_type", "in_channel")
			}
			f.makeLocked(nm)
			v.Set("_ts", nm.TS)
		}
		f.posts <- v
		f.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"ok":true}`))
	})
	api("conversations.open", func(w http.ResponseWriter, r *http.Request) {
		r.ParseForm()
		json.NewEncoder(w).Encode(map[string]any{"ok": true, "channel": map[string]any{"id": "D-" + r.Form.Get("users")}})
	})
	api("chat.getPermalink", func(w http.ResponseWriter, r *http.Request) {
		r.ParseForm()
		ch, ts := r.Form.Get("channel"), r.Form.Get("message_ts")
		f.mu.Lock()
		m := f.messages[ch+"/"+ts]
		f.mu.Unlock()
		if m == nil {
			json.NewEncoder(w).Encode(map[string]any{"ok": false, "error": "message_not_found"})
			return
		}
		json.NewEncoder(w).Encode(map[string]any{"ok": true, "channel": ch, "permalink": "https://fake.slack.com/archives/" + ch + "/p" + strings.ReplaceAll(ts, ".", "")})
	})
	api("conversations.history", func(w http.ResponseWriter, r *http.Request) {
		r.ParseForm()
		ch := r.Form.Get("channel")
		f.mu.Lock()
		var msgs []*Message
		for i := len(f.order) - 1; i >= 0; i-- { // newest first
			m := f.messages[f.order[i]]
			if m.Channel == ch && (m.Thread == "" || m.Thread == m.TS) {
				msgs = append(msgs, m)
			}
		}
		out, more := f.page(msgs, r.Form)
		f.mu.Unlock()
		json.NewEncoder(w).Encode(map[string]any{"ok": true, "messages": out, "has_more": more})
	})
	api("conversations.replies", func(w http.ResponseWriter, r *http.Request) {
		r.ParseForm()
		ch, ts := r.Form.Get("channel"), r.Form.Get("ts")
		f.mu.Lock()
		var msgs []*Message
		for _, k := range f.order { // the parent, then its replies, oldest first
			m := f.messages[k]
			if m.Channel == ch && (m.TS == ts || m.Thread == ts) {
				msgs = append(msgs, m)
			}
		}
		if len(msgs) == 0 || msgs[0].TS != ts {
			f.mu.Unlock()
			json.NewEncoder(w).Encode(map[string]any{"ok": false, "error": "thread_not_found"})
			return
		}
		out, more := f.page(msgs, r.Form)
		f.mu.Unlock()
		json.NewEncoder(w).Encode(map[string]any{"ok": true, "messages": out, "has_more": more})
	})
	api("chat.postMessage", post)
	api("chat.update", post)
	api("chat.postEphemeral", post)
	api("users.info", func(w http.ResponseWriter, r *http.Request) {
		r.ParseForm()
		admin := r.Form.Get("user") == "UADMIN"
		json.NewEncoder(w).Encode(map[string]any{"ok": true, "user": map[string]any{"id": r.Form.Get("user"), "is_admin": admin}})
	})
	api("views.open", func(w http.ResponseWriter, r *http.Request) {
		var body struct {
			TriggerID string         `json:"trigger_id"`
			View      map[string]any `json:"view"`
		}
		if err := json.NewDecoder(r.Body).Decode(&body); err != nil || body.TriggerID == "" || body.View == nil {
			json.NewEncoder(w).Encode(map[string]any{"ok": false, "error": "invalid_arguments"})
			return
		}
		f.mu.Lock()
		f.views = append(f.views, View{Trigger: body.TriggerID, Body: body.View})
		id := fmt.Sprintf("V%d", len(f.views))
		f.mu.Unlock()
		v := map[string]any{"id": id}
		for k, x := range body.View {
			v[k] = x
		}
		json.NewEncoder(w).Encode(map[string]any{"ok": true, "view": v})
	})
	api("views.publish", f.publishView)
	f.scheduledMethods(api)
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
		// Slack pings every few seconds; a client that hears no ping for
		// 30 s takes the connection for dead and opens another.
		stop := make(chan struct{})
		defer close(stop)
		go func() {
			tick := time.NewTicker(5 * time.Second)
			defer tick.Stop()
			for {
				select {
				case <-stop:
					return
				case <-tick.C:
					if c.WriteControl(websocket.PingMessage, []byte("ping"), time.Now().Add(time.Second)) != nil {
						return
					}
				}
			}
		}()
		for {
			var m map[string]any
			if err := c.ReadJSON(&m); err != nil {
				return
			}
			f.acked(m)
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
	return f.nextTSLocked()
}

func (f *Server) nextTSLocked() string {
	f.ts++
	return fmt.Sprintf("1700000000.%06d", f.ts)
}

// page is what conversations.history or .replies returns of msgs (in the
// order it returns them): those everyone sees, between oldest and latest
// (inclusive, when asked), at most limit (Slack's default 100, its bound
// 1000), with their metadata when include_all_metadata is set. f.mu is held.
func (f *Server) page(msgs []*Message, form url.Values) ([]map[string]any, bool) {
	limit, err := strconv.Atoi(form.Get("limit"))
	if err != nil || limit <= 0 {
		limit = 100
	}
	limit = min(limit, 1000)
	inclusive := form.Get("inclusive") == "1" || form.Get("inclusive") == "true"
	oldest, latest := form.Get("oldest"), form.Get("latest")
	metadata := form.Get("include_all_metadata") == "1" || form.Get("include_all_metadata") == "true"
	var out []map[string]any
	for _, m := range msgs {
		if m.Ephemeral || m.Deleted {
			continue
		}
		if oldest != "" && (m.TS < oldest || m.TS == oldest && !inclusive) {
			continue
		}
		if latest != "" && (m.TS > latest || m.TS == latest && !inclusive) {
			continue
		}
		if len(out) == limit {
			return out, true
		}
		out = append(out, m.wire(metadata))
	}
	return out, false
}

// makeLocked stores a new message; f.mu is held.
func (f *Server) makeLocked(m *Message) {
	if !m.Ephemeral {
		m.Pinged = m.Mentions()
	}
	k := m.Channel + "/" + m.TS
	f.messages[k] = m
	f.order = append(f.order, k)
}

// acked shows a slash command's response sent with its ack: an
// in-channel one as a message of the channel, an ephemeral one to its user.
func (f *Server) acked(ack map[string]any) {
	f.mu.Lock()
	defer f.mu.Unlock()
	to, ok := f.slashes[fmt.Sprint(ack["envelope_id"])]
	payload, _ := ack["payload"].(map[string]any)
	if !ok || payload == nil {
		return
	}
	text, _ := payload["text"].(string)
	blocks, _ := payload["blocks"].([]any)
	m := &Message{TS: f.nextTSLocked(), Channel: to.channel, Text: text, Blocks: blocks}
	if payload["response_type"] != "in_channel" {
		m.Ephemeral, m.User = true, to.user
	}
	f.makeLocked(m)
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

// SlashIn sends a slash command envelope over Socket Mode, with a
// response_url for a late answer, as Slack gives one.
func (f *Server) SlashIn(env, channel, user, command, text string) {
	f.mu.Lock()
	f.slashes[env] = response{channel: channel, user: user}
	f.responses[env] = response{channel: channel, user: user}
	f.mu.Unlock()
	f.Write(map[string]any{"envelope_id": env, "type": "slash_commands", "accepts_response_payload": true,
		"payload": map[string]any{"command": command, "text": text, "user_id": user, "user_name": user, "channel_id": channel, "team_id": "T1",
			"response_url": f.URL + "/response/" + env}})
}

// Slash sends /hunters text in channel C1.
func (f *Server) Slash(env, user, text string) { f.SlashIn(env, "C1", user, "/hunters", text) }

// ClickIn sends a button press in a channel (and thread, when thread is
// set), on the newest message there that offers the value (a stale value on
// none: the message is then unknown, as for one deleted since).
func (f *Server) ClickIn(env, channel, thread, user, value string) {
	f.mu.Lock()
	var on *Message
	for i := len(f.order) - 1; i >= 0 && on == nil; i-- {
		m := f.messages[f.order[i]]
		if m.Channel != channel || m.Deleted || (m.Ephemeral && m.User != user) {
			continue
		}
		for _, v := range m.Values() {
			if v == value {
				on = m
				break
			}
		}
	}
	f.mu.Unlock()
	f.press(env, channel, thread, user, value, on)
}

// ClickOn presses a button (or picks a menu's option) on a given message.
func (f *Server) ClickOn(env string, m Message, user, value string) {
	f.mu.Lock()
	on := f.messages[m.Channel+"/"+m.TS]
	f.mu.Unlock()
	f.press(env, m.Channel, m.Thread, user, value, on)
}

// press sends a block_actions payload as Slack does: the action, the
// container and the message it was on (Slack sends no message for an
// ephemeral one), and a response_url that answers into the message's place.
func (f *Server) press(env, channel, thread, user, value string, on *Message) {
	action := map[string]any{"action_id": "opt-0", "block_id": "prompt", "type": "button", "value": value}
	f.mu.Lock()
	resp := response{channel: channel, thread: thread, user: user}
	container := map[string]any{"type": "message", "channel_id": channel}
	if on != nil {
		resp.message = on.Channel + "/" + on.TS
		resp.thread = on.Thread
		container["message_ts"] = on.TS
		container["is_ephemeral"] = on.Ephemeral
		for _, b := range on.Blocks {
			bm, _ := b.(map[string]any)
			els, _ := bm["elements"].([]any)
			for _, e := range els {
				em, _ := e.(map[string]any)
				opts, _ := em["options"].([]any)
				for _, o := range opts {
					if om, _ := o.(map[string]any); om["value"] == value {
						action = map[string]any{"action_id": em["action_id"], "block_id": bm["block_id"], "type": "static_select",
							"selected_option": om}
					}
				}
			}
		}
	}
	if resp.thread != "" {
		container["thread_ts"] = resp.thread
	}
	f.responses[env] = resp
	payload := map[string]any{"type": "block_actions", "user": map[string]any{"id": user, "name": user}, "team": map[string]any{"id": "T1"},
		"channel": map[string]any{"id": channel}, "actions": []any{action}, "container": container,
		"response_url": f.URL + "/response/" + env, "trigger_id": "trig-" + env}
	if on != nil && !on.Ephemeral {
		payload["message"] = map[string]any{"type": "message", "ts": on.TS, "thread_ts": on.Thread, "text": on.Text, "blocks": on.Blocks}
	}
	f.mu.Unlock()
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

// unknownPictureLocked checks the image blocks of a message's blocks: each
// slack_file must name a file uploaded (completed or not: the uploader may
// show it), and is counted as shown; it returns the first unknown id.
func (f *Server) unknownPictureLocked(blocks string) string {
	if blocks == "" {
		return ""
	}
	var bs []map[string]any
	json.Unmarshal([]byte(blocks), &bs)
	for _, b := range bs {
		if b["type"] != "image" {
			continue
		}
		sf, _ := b["slack_file"].(map[string]any)
		id, _ := sf["id"].(string)
		if _, ok := f.uploads[id]; !ok {
			return id
		}
		f.pictures[id]++
	}
	return ""
}

// Pictures are the ids of the files image blocks have shown (slack_file),
// with their names: what a message kept up to date showed, edit by edit.
func (f *Server) Pictures() map[string]string {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := map[string]string{}
	for id := range f.pictures {
		out[id] = f.names[id]
	}
	return out
}

// Picture is an uploaded file's bytes, by id.
func (f *Server) Picture(id string) []byte {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.uploads[id]
}
