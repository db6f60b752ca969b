// Package discordfake is a local Discord for tests: enough of Discord's REST
// API (v9) and gateway for the real discordgo client, unmodified, to connect
// (GET /gateway, HELLO, IDENTIFY, READY, heartbeats), register commands, take
// interactions (INTERACTION_CREATE dispatches), answer them (callbacks and
// follow-up webhooks), post and edit channel messages, open threads and
// direct messages. Loopback only.
//
// It is not a _test.go file so that the adapter's tests and cmd/kaleun's
// (which run the real kaleun binary against it, kill it and restart it) share
// one fake. A restarted client connects again; the fake keeps every post.
package discordfake

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// Server is the fake Discord.
type Server struct {
	// URL is the base to give the client as its api_base.
	URL string

	t        testing.TB
	srv      *httptest.Server
	mu       sync.Mutex
	conn     *websocket.Conn
	seq      int
	ids      int
	posted   int
	commands []json.RawMessage
	routes   map[string]int
	posts    chan Post
	ready    chan struct{}
	// stalls hold a route's requests until closed; stalled tells of each
	// request held, and abandoned counts those the client gave up on.
	stalls    map[string]chan struct{}
	stalled   chan string
	abandoned map[string]int
	// downUntil refuses gateway connections until then (DropGateway).
	downUntil time.Time
}

// Post is one thing the client sent that Discord would show: an interaction
// callback, a follow-up, a channel message or an edit.
type Post struct {
	// Seq numbers the posts in the order the fake received them.
	Seq int
	At  time.Time
	// Route is the REST route, e.g. "POST /api/v9/channels/{channel}/messages".
	Route string
	Path  string
	// Channel is the channel posted to or edited in ("" for interaction answers);
	// ID the message id the fake gave it (or the one edited).
	Channel, ID string
	Body        map[string]any
	// Files are the attachments of a multipart post, by file name.
	Files map[string][]byte
}

// New starts a fake Discord on loopback; it stops when the test ends.
func New(t testing.TB) *Server {
	f := &Server{t: t, posts: make(chan Post, 1<<16), ready: make(chan struct{}, 16), routes: map[string]int{},
		stalls: map[string]chan struct{}{}, stalled: make(chan string, 64), abandoned: map[string]int{}}
	mux := http.NewServeMux()
	handle := func(pattern string, h http.HandlerFunc) {
		mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
			f.mu.Lock()
			f.routes[pattern]++
			hold := f.stalls[pattern]
			f.mu.Unlock()
			if hold != nil {
				// Read the body first: only then does the server notice a
				// client that hangs up (and cancel r's context).
				body, _ := io.ReadAll(r.Body)
				r.Body = io.NopCloser(bytes.NewReader(body))
				select {
				case f.stalled <- pattern:
				default:
				}
				select {
				case <-hold:
				case <-r.Context().Done():
					f.mu.Lock()
					f.abandoned[pattern]++
					f.mu.Unlock()
					return
				}
			}
			h(w, r)
		})
	}
	handle("GET /api/v9/gateway", func(w http.ResponseWriter, r *http.Request) {
		json.NewEncoder(w).Encode(map[string]string{"url": "ws" + strings.TrimPrefix(f.srv.URL, "http") + "/ws"})
	})
	register := func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		f.mu.Lock()
		f.commands = append(f.commands, b)
		f.mu.Unlock()
		w.Write(b)
	}
	handle("PUT /api/v9/applications/{app}/guilds/{guild}/commands", register)
	handle("PUT /api/v9/applications/{app}/commands", register)
	handle("POST /api/v9/interactions/{id}/{token}/callback", func(w http.ResponseWriter, r *http.Request) {
		f.record(r, "", "")
		w.WriteHeader(http.StatusNoContent)
	})
	handle("POST /api/v9/webhooks/{app}/{token}", func(w http.ResponseWriter, r *http.Request) {
		id := f.newID("m")
		f.record(r, "", id)
		json.NewEncoder(w).Encode(map[string]string{"id": id, "channel_id": "interaction"})
	})
	handle("POST /api/v9/channels/{channel}/messages", func(w http.ResponseWriter, r *http.Request) {
		id := f.newID("m")
		f.record(r, r.PathValue("channel"), id)
		json.NewEncoder(w).Encode(map[string]string{"id": id, "channel_id": r.PathValue("channel")})
	})
	handle("PATCH /api/v9/channels/{channel}/messages/{id}", func(w http.ResponseWriter, r *http.Request) {
		f.record(r, r.PathValue("channel"), r.PathValue("id"))
		json.NewEncoder(w).Encode(map[string]string{"id": r.PathValue("id"), "channel_id": r.PathValue("channel")})
	})
	handle("POST /api/v9/channels/{channel}/threads", func(w http.ResponseWriter, r *http.Request) {
		var body struct {
			Name string `json:"name"`
		}
		json.NewDecoder(r.Body).Decode(&body)
		id := f.newID("th-" + r.PathValue("channel") + "-")
		json.NewEncoder(w).Encode(map[string]any{"id": id, "type": 11, "name": body.Name, "parent_id": r.PathValue("channel")})
	})
	handle("POST /api/v9/users/@me/channels", func(w http.ResponseWriter, r *http.Request) {
		var body struct {
			Recipient string `json:"recipient_id"`
		}
		json.NewDecoder(r.Body).Decode(&body)
		json.NewEncoder(w).Encode(map[string]any{"id": "dm-" + body.Recipient, "type": 1})
	})
	mux.HandleFunc("/ws", f.gateway)
	mux.HandleFunc("/ws/", f.gateway)
	f.srv = httptest.NewServer(mux)
	f.URL = f.srv.URL
	t.Cleanup(f.srv.Close)
	return f
}

func (f *Server) newID(prefix string) string {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.ids++
	return fmt.Sprintf("%s%d", prefix, f.ids)
}

// record keeps a post; like Discord, it reads a JSON body or a multipart
// form with the JSON in payload_json and the attachments as files[n].
func (f *Server) record(r *http.Request, channel, id string) {
	p := Post{At: time.Now(), Route: r.Pattern, Path: r.URL.Path, Channel: channel, ID: id}
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
	f.mu.Lock()
	f.posted++
	p.Seq = f.posted
	f.posts <- p // under the lock, so the channel's order is Seq's
	f.mu.Unlock()
}

func (f *Server) gateway(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	down := time.Now().Before(f.downUntil)
	f.mu.Unlock()
	if down {
		http.Error(w, "gateway unavailable", http.StatusServiceUnavailable)
		return
	}
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
	switch identify.Op {
	case 2:
		f.Dispatch("READY", map[string]any{"v": 9, "session_id": "s1", "user": map[string]any{"id": "bot", "username": "kaleun"},
			"guilds": []any{}, "application": map[string]any{"id": "app"}})
		f.ready <- struct{}{}
	case 6: // a client reconnecting resumes its session
		f.Dispatch("RESUMED", map[string]any{})
	default:
		f.t.Errorf("want IDENTIFY (op 2) or RESUME (op 6), got op %d", identify.Op)
	}
	for {
		_, msg, err := c.ReadMessage()
		if err != nil {
			f.mu.Lock()
			if f.conn == c {
				f.conn = nil
			}
			f.mu.Unlock()
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

func (f *Server) send(v any) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.conn == nil {
		return errors.New("discordfake: no client is connected to the gateway")
	}
	return f.conn.WriteJSON(v)
}

// Dispatch sends a gateway event (op 0) to the connected client.
func (f *Server) Dispatch(event string, d any) error {
	f.mu.Lock()
	f.seq++
	s := f.seq
	f.mu.Unlock()
	return f.send(map[string]any{"op": 0, "t": event, "s": s, "d": d})
}

// DropGateway closes the gateway connection from Discord's side, as a
// network failure would, and refuses connections for a while; the client
// then reconnects and resumes.
func (f *Server) DropGateway(refuse time.Duration) {
	f.mu.Lock()
	c := f.conn
	f.conn = nil
	f.downUntil = time.Now().Add(refuse)
	f.mu.Unlock()
	if c != nil {
		c.Close()
	}
}

// Stall holds every request to a route (as Routes names it, e.g. "POST
// /api/v9/channels/{channel}/threads") until release is called or the
// client gives up on it, as a Discord that has stopped answering would.
func (f *Server) Stall(route string) (release func()) {
	hold := make(chan struct{})
	f.mu.Lock()
	f.stalls[route] = hold
	f.mu.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			f.mu.Lock()
			delete(f.stalls, route)
			f.mu.Unlock()
			close(hold)
		})
	}
}

// Stalled receives a route each time one of its requests starts being held.
func (f *Server) Stalled() <-chan string { return f.stalled }

// Abandoned counts the held requests of a route that the client gave up on
// (it cancelled them, or hung up).
func (f *Server) Abandoned(route string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.abandoned[route]
}

// Ready receives once for every client that has connected and been sent READY.
func (f *Server) Ready() <-chan struct{} { return f.ready }

// Posts receives every post in the order the fake received them.
func (f *Server) Posts() <-chan Post { return f.posts }

// Commands are the bodies of the command registrations, in order.
func (f *Server) Commands() []json.RawMessage {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]json.RawMessage(nil), f.commands...)
}

// Routes are the REST routes the client has called, sorted.
func (f *Server) Routes() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []string
	for r := range f.routes {
		if strings.Contains(r, "/api/") {
			out = append(out, r)
		}
	}
	sort.Strings(out)
	return out
}

// Option is a string option of a slash command.
type Option struct{ Name, Value string }

// Command sends /game sub with string options as user, in a channel of
// guild g1.
func (f *Server) Command(id, channel, user string, manager bool, game, sub string, opts ...Option) error {
	var o []any
	for _, x := range opts {
		o = append(o, map[string]any{"name": x.Name, "type": 3, "value": x.Value})
	}
	return f.Dispatch("INTERACTION_CREATE", map[string]any{
		"id": id, "application_id": "app", "type": 2, "token": "tok-" + id, "guild_id": "g1", "channel_id": channel,
		"member": Member(user, manager),
		"data":   map[string]any{"id": "cmd", "name": game, "type": 1, "options": []any{map[string]any{"name": sub, "type": 1, "options": o}}},
	})
}

// Slash sends /hunters <sub> with options as user in channel c1.
func (f *Server) Slash(id, user string, manager bool, sub string, opts map[string]string) error {
	var o []Option
	for k, v := range opts {
		o = append(o, Option{k, v})
	}
	return f.Command(id, "c1", user, manager, "hunters", sub, o...)
}

// ClickIn sends a button press (or a select menu's choice, which Discord
// sends the same way with the value) in a channel of guild g1.
func (f *Server) ClickIn(id, channel, user, customID string) error {
	return f.Dispatch("INTERACTION_CREATE", map[string]any{
		"id": id, "application_id": "app", "type": 3, "token": "tok-" + id, "guild_id": "g1", "channel_id": channel,
		"member":  Member(user, false),
		"message": map[string]any{"id": "m0", "channel_id": channel},
		"data":    map[string]any{"custom_id": customID, "component_type": 2},
	})
}

// Click sends a button press in channel c1.
func (f *Server) Click(id, user, customID string) error { return f.ClickIn(id, "c1", user, customID) }

// Member is an interaction's guild member; a manager has Manage Channels.
func Member(user string, manager bool) map[string]any {
	perms := "0"
	if manager {
		perms = "16" // MANAGE_CHANNELS
	}
	return map[string]any{"user": map[string]any{"id": user, "username": user}, "permissions": perms}
}

// Next waits for the next post.
func (f *Server) Next(t testing.TB) Post {
	t.Helper()
	select {
	case p := <-f.posts:
		return p
	case <-time.After(10 * time.Second):
		t.Fatal("Kaleun posted nothing")
	}
	return Post{}
}

// Drain collects posts until it is quiet: 150 ms after a prompt, else a second.
func (f *Server) Drain(t testing.TB) []Post {
	t.Helper()
	out := []Post{f.Next(t)}
	prompted := HasComponents(out[0])
	for {
		quiet := 150 * time.Millisecond
		if !prompted {
			quiet = time.Second
		}
		select {
		case p := <-f.posts:
			out = append(out, p)
			prompted = prompted || HasComponents(p)
		case <-time.After(quiet):
			return out
		}
	}
}

// Data is a post's message: an interaction callback's data, or the body.
func Data(p Post) map[string]any {
	if d, ok := p.Body["data"].(map[string]any); ok {
		return d
	}
	return p.Body
}

// HasComponents reports whether a post carries buttons or a menu.
func HasComponents(p Post) bool {
	c, _ := Data(p)["components"].([]any)
	return len(c) > 0
}

// Buttons are a post's button custom ids and select menu values, in order.
func Buttons(p Post) []string {
	var ids []string
	comps, _ := Data(p)["components"].([]any)
	for _, row := range comps {
		inner, _ := row.(map[string]any)["components"].([]any)
		for _, c := range inner {
			cm := c.(map[string]any)
			if id, ok := cm["custom_id"].(string); ok && id != "k1:select" {
				ids = append(ids, id)
			}
			if opts, ok := cm["options"].([]any); ok {
				for _, o := range opts {
					ids = append(ids, o.(map[string]any)["value"].(string))
				}
			}
		}
	}
	return ids
}

// Ephemeral reports whether a post is seen by its user alone.
func Ephemeral(p Post) bool {
	f, _ := Data(p)["flags"].(float64)
	return int(f)&64 != 0
}

// Embed is a post's first embed (title, description, fields as name → value).
type Embed struct {
	Title, Description string
	Fields             [][2]string
}

// FirstEmbed returns a post's first embed, if it has one.
func FirstEmbed(p Post) (Embed, bool) {
	es, _ := Data(p)["embeds"].([]any)
	if len(es) == 0 {
		return Embed{}, false
	}
	m, _ := es[0].(map[string]any)
	e := Embed{}
	e.Title, _ = m["title"].(string)
	e.Description, _ = m["description"].(string)
	fs, _ := m["fields"].([]any)
	for _, x := range fs {
		fm, _ := x.(map[string]any)
		n, _ := fm["name"].(string)
		v, _ := fm["value"].(string)
		e.Fields = append(e.Fields, [2]string{n, v})
	}
	return e, true
}

// Text is everything a post says: its content and its embeds' text.
func Text(p Post) string {
	d := Data(p)
	var b strings.Builder
	c, _ := d["content"].(string)
	b.WriteString(c)
	es, _ := d["embeds"].([]any)
	for _, x := range es {
		m, _ := x.(map[string]any)
		for _, k := range []string{"title", "description"} {
			if s, ok := m[k].(string); ok {
				b.WriteString("\n" + s)
			}
		}
		fs, _ := m["fields"].([]any)
		for _, y := range fs {
			fm, _ := y.(map[string]any)
			fmt.Fprintf(&b, "\n%v: %v", fm["name"], fm["value"])
		}
		if ft, ok := m["footer"].(map[string]any); ok {
			fmt.Fprintf(&b, "\n%v", ft["text"])
		}
	}
	return b.String()
}
