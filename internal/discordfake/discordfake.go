// Package discordfake is a local Discord for tests: enough of Discord's REST
// API (v9) and gateway for the real discordgo client, unmodified, to connect
// (GET /gateway, HELLO, IDENTIFY, READY, heartbeats), register commands, take
// interactions (INTERACTION_CREATE dispatches), answer them (callbacks and
// follow-up webhooks), post (with enforce_nonce, as Discord holds it) and
// edit channel messages, open threads and direct messages, and send
// commands from direct messages as a user's install of the app brings them
// (dm.go). Loopback only. Several clients may connect as shards of
// one bot: a guild's events go to the connection of shard (guild_id >> 22) %
// shard_count, as Discord sends them (SetGuild picks the guild).
//
// It is not a _test.go file so that the adapter's tests and cmd/kaleun's
// (which run the real kaleun binary against it, kill it and restart it) share
// one fake. A restarted client connects again; the fake keeps every post.
package discordfake

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sort"
	"strconv"
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

	t   testing.TB
	srv *httptest.Server
	mu  sync.Mutex
	// conns are the gateway connections by shard id, and shardCount the
	// count the last IDENTIFY named: like Discord, the fake sends a guild's
	// events to shard (guild_id >> 22) % shard_count, the rest to shard 0.
	conns      map[int]*websocket.Conn
	shardCount int
	// dispatched counts the INTERACTION_CREATEs sent to each shard.
	dispatched map[int]int
	// guild is the guild the interactions come from ("g1" unless SetGuild).
	guild    string
	seq      int
	ids      int
	posted   int
	commands []json.RawMessage
	// global is the last global registration (dm.go).
	global []byte
	routes map[string]int
	posts  chan Post
	ready  chan struct{}
	// messages are what Discord shows, by id, made in order; interactions
	// remember, by token, the channel and message of each interaction and
	// the message its response made or updated (its @original).
	messages     map[string]*Message
	order        []string
	interactions map[string]*interaction
	// stalls hold a route's requests until closed; stalled tells of each
	// request held, and abandoned counts those the client gave up on.
	stalls    map[string]chan struct{}
	stalled   chan string
	abandoned map[string]int
	// downUntil refuses gateway connections until then (DropGateway).
	downUntil time.Time
	// shards are the shard fields of the IDENTIFYs received, in order.
	shards [][2]int
	// nonces are the messages created with enforce_nonce, by author and
	// nonce, and when; within nonceWindow of it the same author and nonce
	// get that message back and create none (Discord: "the past few
	// minutes").
	nonces      map[string]nonced
	nonceWindow time.Duration
	// channels are the channels SetChannel described; events the guild
	// scheduled events, by id, made in eventOrder (events.go); now the
	// clock an event's start is checked against.
	channels   map[string]channelInfo
	events     map[string]*ScheduledEvent
	eventOrder []string
	now        func() time.Time
}

// nonced is a message created under a nonce.
type nonced struct {
	id string
	at time.Time
}

// DefaultNonceWindow is how long the fake holds a nonce to its message:
// Discord documents "the past few minutes".
const DefaultNonceWindow = 5 * time.Minute

// interaction is what the fake remembers of an INTERACTION_CREATE it sent.
type interaction struct {
	id, channel string
	// message is the message whose component was used ("" for a command).
	message string
	// original is the message the response made or updated.
	original string
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
	// Channel is the channel posted to or edited in (an interaction's
	// channel for its responses); ID the message id the fake gave it, or the
	// one it changed ("" for a response that shows no message).
	Channel, ID string
	Body        map[string]any
	// Files are the attachments of a multipart post, by file name, and
	// ContentTypes the type each part declared.
	Files        map[string][]byte
	ContentTypes map[string]string
}

// New starts a fake Discord on loopback; it stops when the test ends.
func New(t testing.TB) *Server {
	f := &Server{t: t, posts: make(chan Post, 1<<16), ready: make(chan struct{}, 16), routes: map[string]int{},
		messages: map[string]*Message{}, interactions: map[string]*interaction{},
		conns: map[int]*websocket.Conn{}, shardCount: 1, dispatched: map[int]int{}, guild: "g1",
		stalls: map[string]chan struct{}{}, stalled: make(chan string, 64), abandoned: map[string]int{},
		nonces: map[string]nonced{}, nonceWindow: DefaultNonceWindow,
		channels: map[string]channelInfo{}, events: map[string]*ScheduledEvent{}, now: time.Now}
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
	handle("PUT /api/v9/applications/{app}/commands", func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		f.mu.Lock()
		f.global = b
		f.mu.Unlock()
		r.Body = io.NopCloser(bytes.NewReader(b))
		register(w, r)
	})
	handle("POST /api/v9/interactions/{id}/{token}/callback", func(w http.ResponseWriter, r *http.Request) {
		p, files, ok := f.read(r)
		if !ok {
			return
		}
		f.respond(&p, r.PathValue("token"), files)
		f.keep(p)
		w.WriteHeader(http.StatusNoContent)
	})
	handle("POST /api/v9/webhooks/{app}/{token}", func(w http.ResponseWriter, r *http.Request) {
		p, files, ok := f.read(r)
		if !ok {
			return
		}
		f.mu.Lock()
		in := f.interactions[r.PathValue("token")]
		if in != nil {
			p.Channel = in.channel
		}
		p.ID = f.makeLocked(p.Channel, p.Body, files, "")
		if in != nil {
			f.messages[p.ID].Interaction = in.id
		}
		f.mu.Unlock()
		f.keep(p)
		json.NewEncoder(w).Encode(map[string]any{"id": p.ID, "channel_id": p.Channel})
	})
	handle("PATCH /api/v9/webhooks/{app}/{token}/messages/{id}", func(w http.ResponseWriter, r *http.Request) {
		p, files, ok := f.read(r)
		if !ok {
			return
		}
		f.mu.Lock()
		id := r.PathValue("id")
		if in := f.interactions[r.PathValue("token")]; in != nil {
			p.Channel = in.channel
			if id == "@original" {
				id = in.original
			}
		}
		m := f.messages[id]
		if m == nil {
			f.mu.Unlock()
			http.Error(w, `{"code":10008,"message":"Unknown Message"}`, http.StatusNotFound)
			return
		}
		m.apply(p.Body, files)
		m.Edits++
		p.ID = id
		f.mu.Unlock()
		f.keep(p)
		json.NewEncoder(w).Encode(m.wire())
	})
	handle("GET /api/v9/webhooks/{app}/{token}/messages/{id}", func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		defer f.mu.Unlock()
		id := r.PathValue("id")
		if in := f.interactions[r.PathValue("token")]; in != nil && id == "@original" {
			id = in.original
		}
		m := f.messages[id]
		if m == nil {
			http.Error(w, `{"code":10008,"message":"Unknown Message"}`, http.StatusNotFound)
			return
		}
		json.NewEncoder(w).Encode(m.wire())
	})
	handle("POST /api/v9/channels/{channel}/messages", func(w http.ResponseWriter, r *http.Request) {
		p, files, ok := f.read(r)
		if !ok {
			return
		}
		p.Channel = r.PathValue("channel")
		nonce, enforce := nonceOf(p.Body)
		if len(nonce) > 25 {
			http.Error(w, `{"code":50035,"message":"Invalid Form Body","errors":{"nonce":{"_errors":[{"code":"BASE_TYPE_MAX_LENGTH","message":"Must be 25 or fewer in length."}]}}}`, http.StatusBadRequest)
			return
		}
		author := r.Header.Get("Authorization")
		f.mu.Lock()
		if enforce && nonce != "" {
			if was, ok := f.nonces[author+"\x00"+nonce]; ok && time.Since(was.at) < f.nonceWindow {
				// The same author's nonce again: that message, nothing new.
				m := f.messages[was.id].wire()
				m["nonce"] = nonce
				f.mu.Unlock()
				json.NewEncoder(w).Encode(m)
				return
			}
		}
		p.ID = f.makeLocked(p.Channel, p.Body, files, "")
		f.messages[p.ID].Nonce = nonce
		if enforce && nonce != "" {
			f.nonces[author+"\x00"+nonce] = nonced{id: p.ID, at: time.Now()}
		}
		f.mu.Unlock()
		f.keep(p)
		out := map[string]string{"id": p.ID, "channel_id": p.Channel}
		if nonce != "" {
			out["nonce"] = nonce
		}
		json.NewEncoder(w).Encode(out)
	})
	handle("PATCH /api/v9/channels/{channel}/messages/{id}", func(w http.ResponseWriter, r *http.Request) {
		p, files, ok := f.read(r)
		if !ok {
			return
		}
		p.Channel, p.ID = r.PathValue("channel"), r.PathValue("id")
		f.mu.Lock()
		m := f.messages[p.ID]
		if m == nil || m.Channel != p.Channel {
			f.mu.Unlock()
			http.Error(w, `{"code":10008,"message":"Unknown Message"}`, http.StatusNotFound)
			return
		}
		m.apply(p.Body, files)
		m.Edits++
		edited := m.wire()
		f.mu.Unlock()
		f.keep(p)
		json.NewEncoder(w).Encode(edited) // the message as it now stands, as Discord answers
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
	f.eventRoutes(handle)
	mux.HandleFunc("/ws", f.gateway)
	mux.HandleFunc("/ws/", f.gateway)
	f.srv = httptest.NewServer(mux)
	f.URL = f.srv.URL
	t.Cleanup(f.srv.Close)
	return f
}

// nonceOf reads a create's nonce (a string or an integer) and
// enforce_nonce.
func nonceOf(body map[string]any) (nonce string, enforce bool) {
	switch v := body["nonce"].(type) {
	case string:
		nonce = v
	case float64:
		nonce = strconv.FormatFloat(v, 'f', -1, 64)
	}
	enforce, _ = body["enforce_nonce"].(bool)
	return nonce, enforce
}

// SetNonceWindow sets how long a nonce holds to its message (a test of a
// retry that comes after Discord has forgotten it).
func (f *Server) SetNonceWindow(d time.Duration) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.nonceWindow = d
}

func (f *Server) newID(prefix string) string {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.ids++
	return fmt.Sprintf("%s%d", prefix, f.ids)
}

// read takes a post apart; like Discord, it reads a JSON body or a
// multipart form with the JSON in payload_json and the attachments as
// files[n]. ok is false when the body is not one of those (the test fails).
func (f *Server) read(r *http.Request) (p Post, files []string, ok bool) {
	p = Post{At: time.Now(), Route: r.Pattern, Path: r.URL.Path}
	if strings.HasPrefix(r.Header.Get("Content-Type"), "multipart/form-data") {
		if err := r.ParseMultipartForm(8 << 20); err != nil {
			f.t.Errorf("multipart post: %v", err)
			return p, nil, false
		}
		json.Unmarshal([]byte(r.FormValue("payload_json")), &p.Body)
		p.Files = map[string][]byte{}
		p.ContentTypes = map[string]string{}
		for _, fhs := range r.MultipartForm.File {
			for _, fh := range fhs {
				file, _ := fh.Open()
				b, _ := io.ReadAll(file)
				file.Close()
				p.Files[fh.Filename] = b
				p.ContentTypes[fh.Filename] = fh.Header.Get("Content-Type")
				files = append(files, fh.Filename)
			}
		}
		sort.Strings(files)
	} else {
		json.NewDecoder(r.Body).Decode(&p.Body)
	}
	return p, files, true
}

// keep numbers a post and hands it to the test.
func (f *Server) keep(p Post) {
	f.mu.Lock()
	f.posted++
	p.Seq = f.posted
	if m := f.messages[p.ID]; m != nil && m.Created == 0 {
		m.Created = p.Seq
	}
	f.posts <- p // under the lock, so the channel's order is Seq's
	f.mu.Unlock()
}

// makeLocked stores a new message; f.mu is held.
func (f *Server) makeLocked(channel string, body map[string]any, files []string, id string) string {
	if id == "" {
		f.ids++
		id = fmt.Sprintf("m%d", f.ids)
	}
	m := &Message{ID: id, Channel: channel}
	m.apply(body, files)
	f.messages[id] = m
	f.order = append(f.order, id)
	return id
}

// respond does what an interaction callback asks (Discord's response
// types): 4 shows a new message, 5 a new "thinking" message to be edited
// later, 6 acknowledges a component without changing its message (edited
// later through @original), 7 updates the component's message at once, 8
// answers an autocomplete.
func (f *Server) respond(p *Post, token string, files []string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	in := f.interactions[token]
	if in == nil {
		f.t.Errorf("discordfake: a callback for an interaction the fake never sent (token %s)", token)
		return
	}
	p.Channel = in.channel
	data, _ := p.Body["data"].(map[string]any)
	typ, _ := p.Body["type"].(float64)
	switch int(typ) {
	case 4, 5:
		if data == nil {
			data = map[string]any{}
		}
		in.original = f.makeLocked(in.channel, data, files, "")
		f.messages[in.original].Interaction = in.id
		p.ID = in.original
	case 6, 7:
		if in.message == "" || f.messages[in.message] == nil {
			f.t.Errorf("discordfake: response type %d to an interaction on no known message", int(typ))
			return
		}
		in.original = in.message
		p.ID = in.message
		if int(typ) == 7 {
			m := f.messages[in.message]
			if data != nil {
				m.apply(data, files)
			}
			m.Edits++
		}
	}
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
	f.writeTo(c, map[string]any{"op": 10, "d": map[string]any{"heartbeat_interval": 45000}})
	_, msg, err := c.ReadMessage()
	if err != nil {
		return
	}
	var identify struct {
		Op int `json:"op"`
		D  struct {
			Shard     *[2]int `json:"shard"`
			SessionID string  `json:"session_id"`
		} `json:"d"`
	}
	json.Unmarshal(msg, &identify)
	var shard int
	switch identify.Op {
	case 2:
		id := [2]int{0, 1}
		if identify.D.Shard != nil {
			id = *identify.D.Shard
		}
		shard = id[0]
		f.mu.Lock()
		f.shards = append(f.shards, id)
		f.shardCount = max(id[1], 1)
		f.conns[shard] = c
		f.mu.Unlock()
		f.dispatchTo(c, "READY", map[string]any{"v": 9, "session_id": fmt.Sprintf("s%d", shard), "user": map[string]any{"id": "bot", "username": "kaleun"},
			"guilds": []any{}, "application": map[string]any{"id": "app"}})
		f.ready <- struct{}{}
	case 6: // a client reconnecting resumes its session, which names its shard
		fmt.Sscanf(identify.D.SessionID, "s%d", &shard)
		f.mu.Lock()
		f.conns[shard] = c
		f.mu.Unlock()
		f.dispatchTo(c, "RESUMED", map[string]any{})
	default:
		f.t.Errorf("want IDENTIFY (op 2) or RESUME (op 6), got op %d", identify.Op)
	}
	for {
		_, msg, err := c.ReadMessage()
		if err != nil {
			f.mu.Lock()
			if f.conns[shard] == c {
				delete(f.conns, shard)
			}
			f.mu.Unlock()
			return
		}
		var p struct {
			Op int `json:"op"`
		}
		json.Unmarshal(msg, &p)
		if p.Op == 1 {
			f.writeTo(c, map[string]any{"op": 11})
		}
	}
}

// writeTo writes one gateway payload to a connection (writes are serialised
// by f.mu, as gorilla's connections need).
func (f *Server) writeTo(c *websocket.Conn, v any) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	return c.WriteJSON(v)
}

// dispatchTo sends an event (op 0) to one connection.
func (f *Server) dispatchTo(c *websocket.Conn, event string, d any) error {
	f.mu.Lock()
	f.seq++
	s := f.seq
	f.mu.Unlock()
	return f.writeTo(c, map[string]any{"op": 0, "t": event, "s": s, "d": d})
}

// shardOfLocked is the shard Discord sends an event of guild to: (guild_id
// >> 22) % shard_count, and shard 0 for an event of no guild (a direct
// message) or of a guild id that is no snowflake (the fake's "g1"); f.mu is held.
func (f *Server) shardOfLocked(guild string) int {
	id, err := strconv.ParseUint(guild, 10, 64)
	if err != nil {
		return 0
	}
	return int((id >> 22) % uint64(f.shardCount))
}

// Dispatch sends a gateway event (op 0) to the connection of the shard its
// guild belongs to. An INTERACTION_CREATE is remembered by its token, so its
// responses find their channel and message.
func (f *Server) Dispatch(event string, d any) error {
	f.mu.Lock()
	guild := ""
	if dm, ok := d.(map[string]any); ok {
		guild, _ = dm["guild_id"].(string)
		if event == "INTERACTION_CREATE" {
			in := &interaction{id: fmt.Sprint(dm["id"]), channel: fmt.Sprint(dm["channel_id"])}
			if msg, ok := dm["message"].(map[string]any); ok {
				in.message = fmt.Sprint(msg["id"])
			}
			f.interactions[fmt.Sprint(dm["token"])] = in
		}
	}
	shard := f.shardOfLocked(guild)
	c := f.conns[shard]
	if c == nil {
		f.mu.Unlock()
		return fmt.Errorf("discordfake: no client is connected to the gateway as shard %d", shard)
	}
	if event == "INTERACTION_CREATE" {
		f.dispatched[shard]++
	}
	f.seq++
	s := f.seq
	err := c.WriteJSON(map[string]any{"op": 0, "t": event, "s": s, "d": d})
	f.mu.Unlock()
	return err
}

// ShardOf is the shard a guild's events go to, by the shard count of the
// last IDENTIFY.
func (f *Server) ShardOf(guild string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.shardOfLocked(guild)
}

// Dispatched counts the interactions sent to each shard.
func (f *Server) Dispatched() map[int]int {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := map[int]int{}
	for k, v := range f.dispatched {
		out[k] = v
	}
	return out
}

// SetGuild makes the interactions the fake sends come from guild (a
// snowflake, so that it routes to its shard).
func (f *Server) SetGuild(guild string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.guild = guild
}

// DropGateway closes every gateway connection from Discord's side, as a
// network failure would, and refuses connections for a while; the client
// then reconnects and resumes.
func (f *Server) DropGateway(refuse time.Duration) {
	f.mu.Lock()
	var cs []*websocket.Conn
	for shard, c := range f.conns {
		cs = append(cs, c)
		delete(f.conns, shard)
	}
	f.downUntil = time.Now().Add(refuse)
	f.mu.Unlock()
	for _, c := range cs {
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

// Shards are the [shard_id, shard_count] of each IDENTIFY received, in
// order ([0, 1] for a client that named none).
func (f *Server) Shards() [][2]int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([][2]int(nil), f.shards...)
}

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

func (f *Server) guildID() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.guild
}

// Option is a string option of a slash command.
type Option struct{ Name, Value string }

// Command sends /game sub with string options as user, in a channel of
// the fake's guild.
func (f *Server) Command(id, channel, user string, manager bool, game, sub string, opts ...Option) error {
	var o []any
	for _, x := range opts {
		o = append(o, map[string]any{"name": x.Name, "type": 3, "value": x.Value})
	}
	return f.Dispatch("INTERACTION_CREATE", map[string]any{
		"id": id, "application_id": "app", "type": 2, "token": "tok-" + id, "guild_id": f.guildID(), "channel_id": channel,
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
// sends the same way with the value) in a channel of the fake's guild, on the newest
// message of the channel that offers it (a stale id on none: the message
// the press came from is then unknown, as for a message deleted since).
func (f *Server) ClickIn(id, channel, user, customID string) error {
	f.mu.Lock()
	var on *Message
	for i := len(f.order) - 1; i >= 0 && on == nil; i-- {
		m := f.messages[f.order[i]]
		if m.Channel != channel {
			continue
		}
		for _, c := range m.CustomIDs() {
			if c == customID {
				on = m
				break
			}
		}
	}
	msg := map[string]any{"id": "m0", "channel_id": channel}
	if on != nil {
		msg = on.wire()
	}
	f.mu.Unlock()
	return f.press(id, channel, user, customID, msg)
}

// ClickOn presses a button (or picks a menu's option) on a given message.
func (f *Server) ClickOn(id, messageID, user, customID string) error {
	f.mu.Lock()
	m := f.messages[messageID]
	if m == nil {
		f.mu.Unlock()
		return fmt.Errorf("discordfake: no message %s", messageID)
	}
	msg, channel := m.wire(), m.Channel
	f.mu.Unlock()
	return f.press(id, channel, user, customID, msg)
}

// press dispatches a component interaction: a button's custom id, or a
// select menu's (whose custom id is the menu's, and the value the option's).
func (f *Server) press(id, channel, user, customID string, msg map[string]any) error {
	data := map[string]any{"custom_id": customID, "component_type": 2}
	if comps, ok := msg["components"].([]any); ok {
		for _, row := range comps {
			rm, _ := row.(map[string]any)
			inner, _ := rm["components"].([]any)
			for _, c := range inner {
				cm, _ := c.(map[string]any)
				opts, _ := cm["options"].([]any)
				for _, o := range opts {
					if om, _ := o.(map[string]any); om["value"] == customID {
						data = map[string]any{"custom_id": cm["custom_id"], "component_type": 3, "values": []any{customID}}
					}
				}
			}
		}
	}
	return f.Dispatch("INTERACTION_CREATE", map[string]any{
		"id": id, "application_id": "app", "type": 3, "token": "tok-" + id, "guild_id": f.guildID(), "channel_id": channel,
		"member":  Member(user, false),
		"message": msg,
		"data":    data,
	})
}

// SubmitOn submits a modal (its custom id, and its text inputs' values
// by custom id) that a button of a given message opened, as Discord does:
// a MODAL_SUBMIT interaction carrying that message.
func (f *Server) SubmitOn(id, messageID, user, customID string, values map[string]string) error {
	f.mu.Lock()
	m := f.messages[messageID]
	if m == nil {
		f.mu.Unlock()
		return fmt.Errorf("discordfake: no message %s", messageID)
	}
	msg, channel := m.wire(), m.Channel
	f.mu.Unlock()
	var rows []any
	for k, v := range values {
		rows = append(rows, map[string]any{"type": 1, "components": []any{map[string]any{"type": 4, "custom_id": k, "value": v}}})
	}
	return f.Dispatch("INTERACTION_CREATE", map[string]any{
		"id": id, "application_id": "app", "type": 5, "token": "tok-" + id, "guild_id": f.guildID(), "channel_id": channel,
		"member":  Member(user, false),
		"message": msg,
		"data":    map[string]any{"custom_id": customID, "components": rows},
	})
}

// Modal is a modal a callback opened (type 9): its custom id, title and
// its text inputs' custom ids; ok is false for any other post.
func Modal(p Post) (id, title string, inputs []string, ok bool) {
	if typ, _ := p.Body["type"].(float64); int(typ) != 9 {
		return "", "", nil, false
	}
	d := Data(p)
	id, _ = d["custom_id"].(string)
	title, _ = d["title"].(string)
	rows, _ := d["components"].([]any)
	for _, r := range rows {
		rm, _ := r.(map[string]any)
		cs, _ := rm["components"].([]any)
		for _, c := range cs {
			if cm, _ := c.(map[string]any); cm["type"] == float64(4) {
				inputs = append(inputs, fmt.Sprint(cm["custom_id"]))
			}
		}
	}
	return id, title, inputs, true
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
	comps, _ := Data(p)["components"].([]any)
	return componentIDs(comps)
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
