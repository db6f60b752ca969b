package browsertest

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kaleun/kaleun/adapters/slack"
	"github.com/kaleun/kaleun/bot"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/hunters"
	"github.com/kaleun/kaleun/engine/hunters/duel"
	"github.com/kaleun/kaleun/engine/hunters/wolfpack"
	"github.com/kaleun/kaleun/internal/gamelist"
	"github.com/kaleun/kaleun/internal/slackfake"
	"github.com/kaleun/kaleun/internal/web"
	"github.com/kaleun/kaleun/persist"
	"github.com/kaleun/kaleun/persist/record"
)

// The games whose pages the browser loads: a duel (The Hunters 13.1, two
// players) and a wolfpack tournament (13.5, three boats in one thread),
// played to their ends through the real slack-go Socket Mode client inside
// the Slack adapter, against the local Slack (internal/slackfake), each
// player pressing the buttons the channel shows him, with the choices of
// the built-in commander; the bot's pages served by web.Listen with the
// limits kaleun serve runs with, the bot posting their links
// (Options.WebBase) as it does under [web] base_url.

// played is what the pages are checked against.
type played struct {
	base  string // the pages' base URL, ending in /
	store *persist.Store
	svc   *bot.Service
	games engine.Registry
	site  *web.Site
	// duel and pack are the games' records when they ended; duelLink the
	// link the channel's end message carried.
	duel, pack     *record.GameRecord
	duelLink       string
	tournamentLink string
	boardLink      string
	decisions      map[string]int // clicks, by game id
}

// lateHandler serves the site once it is made (the bot needs the server's
// address for its links before the site can be made from the bot).
type lateHandler struct{ h atomic.Pointer[http.Handler] }

func (l *lateHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if h := l.h.Load(); h != nil {
		(*h).ServeHTTP(w, r)
		return
	}
	http.Error(w, "not yet", http.StatusServiceUnavailable)
}

func playGames(t *testing.T) *played {
	t.Helper()
	// Every game kaleun plays, with its pictures, as kaleun serve has them.
	games, err := gamelist.Registry()
	if err != nil {
		t.Fatal(err)
	}
	p := &played{games: games, decisions: map[string]int{}}
	p.store, err = persist.Open(filepath.Join(t.TempDir(), "k.db"))
	if err != nil {
		t.Fatal(err)
	}
	late := &lateHandler{}
	srv, err := web.Listen("127.0.0.1:0", late, web.DefaultLimits(), slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	p.base = "http://" + srv.Addr() + "/"
	ids := 0
	p.svc = bot.New(p.store, games, bot.Options{
		// One time for everything, so that the games' logs and heads, and
		// the screenshots of docs/operators/web/, are the same each run.
		Now:     func() time.Time { return time.Date(2026, 1, 15, 20, 0, 0, 0, time.UTC) },
		NewSeed: func() ([]byte, error) { return []byte("browser test seed"), nil },
		NewID:   func() (string, error) { ids++; return fmt.Sprintf("g%d", ids), nil },
		WebBase: p.base})
	p.site, err = web.New(web.Options{Games: storeGames{p.store}, Rules: games,
		Tournaments: p.svc, Boards: p.svc, Players: p.svc})
	if err != nil {
		t.Fatal(err)
	}
	var hh http.Handler = p.site
	late.h.Store(&hh)

	c := startChat(t, p)
	t.Cleanup(func() { c.a.Close(); p.svc.Wait(); srv.Close(); p.store.Close() })

	// The duel, its careers ending at an agreed date.
	c.slash("C1", "kapitaen", "/hunters-duel", "new b:<@funker|funker> boat:VIIC start:1941-03 end:1941-08")
	rec, err := p.store.Load(t.Context(), "slack/T1/C1")
	if err != nil {
		t.Fatal(err)
	}
	c.press("C1", "", "funker", "k1:"+rec.ID+":start:go")
	p.duel = c.play("C1", "", 1500)
	// The link the channel was given: the end message's "View game ↗".
	// The game is saved before its end is posted: the message comes
	// after.
	// (Slack's mrkdwn: <URL|text>.)
	link := regexp.MustCompile(`<` + regexp.QuoteMeta(p.base) + `g/([^/|>]+)/\|View game ↗>`)
	for deadline := time.Now().Add(20 * time.Second); p.duelLink == "" && time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		for _, m := range c.f.Messages() {
			if g := link.FindStringSubmatch(m.AllText()); g != nil && m.Channel == "C1" && !m.Ephemeral && strings.Contains(m.AllText(), p.duel.ID) {
				p.duelLink = g[1]
			}
		}
	}
	if p.duelLink == "" {
		t.Fatal("no message of the duel's channel links to its page")
	}

	// The wolfpack, a tournament of three boats in one thread.
	c.slash("C2", "bdu", "/hunters", "tournament create format:wolfpack")
	for _, u := range []string{"kapitaen", "funker", "smutje"} {
		c.slash("C2", u, "/hunters", "tournament join")
	}
	c.slash("C2", "bdu", "/hunters", "tournament start")
	thread := ""
	for _, m := range c.f.Messages() {
		if m.Channel == "C2" && m.Thread != "" {
			thread = m.Thread
		}
	}
	if thread == "" {
		t.Fatal("the pack's thread was not opened")
	}
	p.pack = c.play("C2", thread, 3000)
	// Its organiser ends it once the pack is home: the final standings.
	c.slash("C2", "bdu", "/hunters", "tournament end")
	ts, err := p.store.Tournaments(t.Context())
	if err != nil || len(ts) != 1 {
		t.Fatalf("the tournaments: %v %v", ts, err)
	}
	if p.tournamentLink, err = p.store.TournamentLink(t.Context(), ts[0].ID); err != nil {
		t.Fatal(err)
	}
	if p.boardLink, err = p.store.BoardLink(t.Context(), "slack", "T1", "hunters"); err != nil {
		t.Fatal(err)
	}
	return p
}

// chat is the local Slack with the adapter connected to it.
type chat struct {
	t *testing.T
	p *played
	f *slackfake.Server
	a *slack.Adapter
	n int
}

func startChat(t *testing.T, p *played) *chat {
	t.Helper()
	c := &chat{t: t, p: p, f: slackfake.New(t)}
	var err error
	c.a, err = slack.New(slack.Config{Mode: "socket", BotToken: "xoxb-test", AppToken: "xapp-test", APIBase: c.f.APIURL()}, p.svc, p.games, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	if err := c.a.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	<-c.f.Open()
	p.svc.UseThreads("slack", c.a)
	// Nothing here reads the Web API calls one by one: the channel's
	// messages are read whole (Messages); the fake's queue of them is
	// drained so that it never fills.
	go func() {
		for range c.f.Posts() {
		}
	}()
	return c
}

// send sends one envelope and waits for its acknowledgement (a slash
// command's carries its first answer; a button's comes before its work,
// which press waits for by the game's head).
func (c *chat) send(write func(env string)) {
	c.t.Helper()
	c.n++
	env := fmt.Sprintf("e%d", c.n)
	write(env)
	for {
		select {
		case a := <-c.f.Acks():
			if a["envelope_id"] == env {
				return
			}
		case <-time.After(30 * time.Second):
			c.t.Fatalf("envelope %s was not acknowledged", env)
		}
	}
}

func (c *chat) slash(channel, user, command, text string) {
	c.t.Helper()
	c.send(func(env string) { c.f.SlashIn(env, channel, user, command, text) })
	time.Sleep(50 * time.Millisecond) // what it posts after its answer
}

// press clicks the newest message of the place that offers value, as the
// player would, waiting for the bot to post it; then it waits for the
// game's log to take the decision.
func (c *chat) press(channel, thread, user, value string) {
	c.t.Helper()
	parts := strings.SplitN(value, ":", 3)
	head := c.head(parts[1])
	deadline := time.Now().Add(30 * time.Second)
	for {
		ms := c.f.Messages()
		for i := len(ms) - 1; i >= 0; i-- {
			m := ms[i]
			if m.Channel != channel || m.Thread != thread || m.Deleted || (m.Ephemeral && m.User != user) {
				continue
			}
			for _, v := range m.Values() {
				if v == value {
					c.send(func(env string) { c.f.ClickOn(env, m, user, value) })
					for c.head(parts[1]) == head {
						if time.Now().After(deadline) {
							c.t.Fatalf("%s pressed %s: the game's log did not move", user, value)
						}
						time.Sleep(5 * time.Millisecond)
					}
					c.p.decisions[parts[1]]++
					return
				}
			}
		}
		if time.Now().After(deadline) {
			c.t.Fatalf("no message in %s/%s offers %s to %s", channel, thread, value, user)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// head is the head of a game's log ("" before it has one).
func (c *chat) head(id string) string {
	evs, err := c.p.store.Events(c.t.Context(), id, 1, 0)
	if err != nil || len(evs) == 0 {
		return ""
	}
	return evs[len(evs)-1].Hash
}

// play answers the game's pending prompts until it ends, each by the
// player it names, and returns its record as it ended.
func (c *chat) play(channel, thread string, maxSteps int) *record.GameRecord {
	c.t.Helper()
	key := "slack/T1/" + channel
	if thread != "" {
		key += "/" + thread
	}
	var last *record.GameRecord
	for step := 0; ; step++ {
		if step == maxSteps {
			c.t.Fatalf("the game at %s did not end in %d decisions", key, maxSteps)
		}
		rec, err := c.p.store.Load(c.t.Context(), key)
		if errors.Is(err, persist.ErrNotFound) && last != nil {
			break // over: the channel is free again
		}
		if err != nil {
			c.t.Fatal(err)
		}
		last = rec
		if rec.Over {
			break
		}
		st, err := c.p.games[rec.Game].Rules.Decode(rec.State)
		if err != nil {
			c.t.Fatal(err)
		}
		pending := engine.PendingAll(st)
		if len(pending) == 0 {
			c.t.Fatalf("game %s waits for nobody", rec.ID)
		}
		pr := pending[step%len(pending)]
		user := rec.Owner
		for _, s := range rec.Seats {
			if s.Seat == pr.Seat {
				user = s.ID
			}
		}
		c.press(channel, thread, user, "k1:"+rec.ID+":"+pr.Token+":"+choose(st, pr))
	}
	fin, err := c.p.store.Finished(c.t.Context())
	if err != nil {
		c.t.Fatal(err)
	}
	for i := range fin {
		if fin[i].ID == last.ID {
			return &fin[i]
		}
	}
	c.t.Fatalf("game %s is not among the finished", last.ID)
	return nil
}

// choose is the built-in commander's answer to a prompt, or its first
// option where the commander has none (as adapters/slack's channel tests).
func choose(st engine.State, p *engine.Prompt) string {
	var cs *hunters.State
	switch s := st.(type) {
	case *hunters.State:
		cs = s
	case *duel.State:
		cs = s.Career()
	case *wolfpack.State:
		seat, _, _ := strings.Cut(p.Token, ".")
		for i, m := range s.Members {
			if m.Seat == seat {
				cs = s.Career(i)
			}
		}
	}
	if p.Actor == engine.Commander && cs != nil {
		if k := hunters.Command(cs); p.HasOption(k) {
			return k
		}
	}
	return p.Options[0].Key
}

// The store as the pages read it, as kaleun serve gives it them
// (cmd/kaleun/web.go's webGames, which
// package main cannot lend a test).
type storeGames struct{ *persist.Store }

func (g storeGames) FindLink(ctx context.Context, link string) (*record.GameRecord, error) {
	rec, err := g.Store.FindLink(ctx, link)
	if errors.Is(err, persist.ErrNotFound) {
		return nil, web.ErrNoGame
	}
	return rec, err
}
