package discord

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// fakeDiscord speaks enough of Discord's REST API and gateway for the real
// discordgo client: GET /gateway, HELLO, IDENTIFY, READY, heartbeats,
// INTERACTION_CREATE dispatches, command registration, interaction callbacks
// and follow-up webhooks. Loopback only.
type fakeDiscord struct {
	t        *testing.T
	srv      *httptest.Server
	mu       sync.Mutex
	conn     *websocket.Conn
	seq      int
	commands []json.RawMessage
	posts    chan posted
	ready    chan struct{}
}

// posted is one message Kaleun sent: an interaction callback or a follow-up.
type posted struct {
	Path string
	Body map[string]any
	// Files are the attachments of a multipart post, by file name.
	Files map[string][]byte
}

func newFakeDiscord(t *testing.T) *fakeDiscord {
	f := &fakeDiscord{t: t, posts: make(chan posted, 256), ready: make(chan struct{}, 4)}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/v9/gateway", func(w http.ResponseWriter, r *http.Request) {
		json.NewEncoder(w).Encode(map[string]string{"url": "ws" + strings.TrimPrefix(f.srv.URL, "http") + "/ws"})
	})
	mux.HandleFunc("PUT /api/v9/applications/{app}/guilds/{guild}/commands", func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		f.mu.Lock()
		f.commands = append(f.commands, b)
		f.mu.Unlock()
		w.Write(b)
	})
	mux.HandleFunc("POST /api/v9/interactions/{id}/{token}/callback", func(w http.ResponseWriter, r *http.Request) {
		f.record(r)
		w.WriteHeader(http.StatusNoContent)
	})
	mux.HandleFunc("POST /api/v9/webhooks/{app}/{token}", func(w http.ResponseWriter, r *http.Request) {
		f.record(r)
		json.NewEncoder(w).Encode(map[string]string{"id": "m1", "channel_id": "c1"})
	})
	mux.HandleFunc("POST /api/v9/channels/{channel}/messages", func(w http.ResponseWriter, r *http.Request) {
		f.record(r)
		json.NewEncoder(w).Encode(map[string]string{"id": "m2", "channel_id": r.PathValue("channel")})
	})
	mux.HandleFunc("POST /api/v9/channels/{channel}/threads", func(w http.ResponseWriter, r *http.Request) {
		var body struct {
			Name string `json:"name"`
		}
		json.NewDecoder(r.Body).Decode(&body)
		json.NewEncoder(w).Encode(map[string]any{"id": "th-" + r.PathValue("channel"), "type": 11, "name": body.Name, "parent_id": r.PathValue("channel")})
	})
	mux.HandleFunc("PATCH /api/v9/channels/{channel}/messages/{id}", func(w http.ResponseWriter, r *http.Request) {
		f.record(r)
		json.NewEncoder(w).Encode(map[string]string{"id": r.PathValue("id"), "channel_id": r.PathValue("channel")})
	})
	mux.HandleFunc("POST /api/v9/users/@me/channels", func(w http.ResponseWriter, r *http.Request) {
		var body struct {
			Recipient string `json:"recipient_id"`
		}
		json.NewDecoder(r.Body).Decode(&body)
		json.NewEncoder(w).Encode(map[string]any{"id": "dm-" + body.Recipient, "type": 1})
	})
	mux.HandleFunc("/ws", f.gateway)
	mux.HandleFunc("/ws/", f.gateway)
	f.srv = httptest.NewServer(mux)
	t.Cleanup(f.srv.Close)
	return f
}

// record keeps a post; like Discord, it reads a JSON body or a multipart
// form with the JSON in payload_json and the attachments as files[n].
func (f *fakeDiscord) record(r *http.Request) {
	p := posted{Path: r.URL.Path}
	if strings.HasPrefix(r.Header.Get("Content-Type"), "multipart/form-data") {
		if err := r.ParseMultipartForm(8 << 20); err != nil {
			f.t.Errorf("multipart post: %v", err)
			return
		}
		json.Unmarshal([]byte(r.FormValue("payload_json")), &p.Body)
		p.Files = map[string][]byte{}
		for _, fhs := range r.MultipartForm.File {
			for _, fh := range fhs {
				file, _ := fh.Open()
				b, _ := io.ReadAll(file)
				file.Close()
				p.Files[fh.Filename] = b
			}
		}
	} else {
		json.NewDecoder(r.Body).Decode(&p.Body)
	}
	f.posts <- p
}

func (f *fakeDiscord) gateway(w http.ResponseWriter, r *http.Request) {
	up := websocket.Upgrader{}
	c, err := up.Upgrade(w, r, nil)
	if err != nil {
		return
	}
	f.mu.Lock()
	f.conn = c
	f.mu.Unlock()
	f.send(map[string]any{"op": 10, "d": map[string]any{"heartbeat_interval": 45000}})
	_, msg, err := c.ReadMessage()
	if err != nil {
		return
	}
	var identify struct {
		Op int `json:"op"`
	}
	json.Unmarshal(msg, &identify)
	if identify.Op != 2 {
		f.t.Errorf("want IDENTIFY (op 2), got op %d", identify.Op)
	}
	f.dispatch("READY", map[string]any{"v": 9, "session_id": "s1", "user": map[string]any{"id": "bot", "username": "kaleun"},
		"guilds": []any{}, "application": map[string]any{"id": "app"}})
	f.ready <- struct{}{}
	for {
		_, msg, err := c.ReadMessage()
		if err != nil {
			return
		}
		var p struct {
			Op int `json:"op"`
		}
		json.Unmarshal(msg, &p)
		if p.Op == 1 {
			f.send(map[string]any{"op": 11})
		}
	}
}

func (f *fakeDiscord) send(v any) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if err := f.conn.WriteJSON(v); err != nil {
		f.t.Logf("fake gateway write: %v", err)
	}
}

func (f *fakeDiscord) dispatch(t string, d any) {
	f.mu.Lock()
	f.seq++
	s := f.seq
	f.mu.Unlock()
	f.send(map[string]any{"op": 0, "t": t, "s": s, "d": d})
}

// slash sends /hunters <sub> with options as user.
func (f *fakeDiscord) slash(id, user string, manager bool, sub string, opts map[string]string) {
	var o []any
	for k, v := range opts {
		o = append(o, map[string]any{"name": k, "type": 3, "value": v})
	}
	f.dispatch("INTERACTION_CREATE", map[string]any{
		"id": id, "application_id": "app", "type": 2, "token": "tok-" + id, "guild_id": "g1", "channel_id": "c1",
		"member": member(user, manager),
		"data":   map[string]any{"id": "cmd", "name": "hunters", "type": 1, "options": []any{map[string]any{"name": sub, "type": 1, "options": o}}},
	})
}

// click sends a button press.
func (f *fakeDiscord) click(id, user, customID string) {
	f.dispatch("INTERACTION_CREATE", map[string]any{
		"id": id, "application_id": "app", "type": 3, "token": "tok-" + id, "guild_id": "g1", "channel_id": "c1",
		"member":  member(user, false),
		"message": map[string]any{"id": "m0", "channel_id": "c1"},
		"data":    map[string]any{"custom_id": customID, "component_type": 2},
	})
}

func member(user string, manager bool) map[string]any {
	perms := "0"
	if manager {
		perms = "16" // MANAGE_CHANNELS
	}
	return map[string]any{"user": map[string]any{"id": user, "username": user}, "permissions": perms}
}

// next waits for the next message Kaleun posts.
func (f *fakeDiscord) next(t *testing.T) posted {
	t.Helper()
	select {
	case p := <-f.posts:
		return p
	case <-time.After(10 * time.Second):
		t.Fatal("Kaleun posted nothing")
	}
	return posted{}
}

// drain collects what Kaleun posts until it is quiet.
func (f *fakeDiscord) drain(t *testing.T) []posted {
	t.Helper()
	out := []posted{f.next(t)}
	prompted := hasComponents(out[0])
	for {
		quiet := 150 * time.Millisecond
		if !prompted {
			quiet = time.Second
		}
		select {
		case p := <-f.posts:
			out = append(out, p)
			prompted = prompted || hasComponents(p)
		case <-time.After(quiet):
			return out
		}
	}
}

func hasComponents(p posted) bool {
	d, ok := p.Body["data"].(map[string]any)
	if !ok {
		d = p.Body
	}
	c, _ := d["components"].([]any)
	return len(c) > 0
}
