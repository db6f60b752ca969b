package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kaleun/kaleun/adapters/discord"
	"github.com/kaleun/kaleun/adapters/slack"
	"github.com/kaleun/kaleun/bot"
	"github.com/kaleun/kaleun/bot/audit"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/uboatleader"
	"github.com/kaleun/kaleun/engine/uboatleader/ubltest"
	"github.com/kaleun/kaleun/internal/discordfake"
	"github.com/kaleun/kaleun/internal/slackfake"
	"github.com/kaleun/kaleun/persist"

	"gopkg.in/yaml.v3"
)

// Whole U-Boat Leader campaigns through the chat adapters, as players see
// them: the real discordgo and slack-go clients against local Discord and
// Slack, the games and pictures this binary registers, a real bbolt file.
// Every decision is a click on a button or a menu choice the adapter drew
// (the prompt offers exactly the options the rules allow); the fleet card
// stays one message, edited in place; the map and the display come as
// pictures; a deadline on a decision only the player can take leaves the
// game waiting; at the end the game's audit file, as the chat hands it out,
// verifies. In physical-components mode a ubltest.Player draws from decks
// printed as the house pack's cards and enters each new card through the
// form's menus, slips included.

// chatPost is one thing the adapter posted, as the test reads it.
type chatPost struct {
	text    string
	buttons map[string]bool // option ids: true for a menu's choice, false for a button
	files   map[string][]byte
	// message is the platform's id of a channel message (a Discord message
	// id, a Slack ts); edit: the post edits that message.
	message string
	edit    bool
}

// chat is one platform, driven as a player would.
type chat interface {
	// command sends /uboatleader <sub> with options and returns what it posted.
	command(sub string, opts map[string]string) []chatPost
	// click presses an option (a button, or a menu's choice) and returns
	// the decision's posts, up to the fleet card that ends each.
	click(id string, menu bool) []chatPost
	// notify hands a tick's notices to the adapter and returns the posts.
	notify(ns []bot.Notice) []chatPost
}

const fleetCard = "The fleet (UBL-1.7)"

// collect reads posts from next until the fleet card's post (the last of a
// decision's), or, with quiet, until none came for that long.
func collect(t *testing.T, next func(time.Duration) (chatPost, bool), quiet time.Duration) []chatPost {
	t.Helper()
	var out []chatPost
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		wait := quiet
		if wait == 0 {
			wait = 20 * time.Second
		}
		p, ok := next(wait)
		if !ok {
			if quiet > 0 {
				return out // a command's reply may be its answer alone (Slack's ack)
			}
			continue
		}
		out = append(out, p)
		if quiet == 0 && strings.Contains(p.text, fleetCard) {
			return out
		}
		if quiet == 0 && strings.Contains(p.text, "The end") {
			quiet = 500 * time.Millisecond // the last decision: no fleet card after it
		}
	}
	t.Fatalf("the adapter posted no end to the reply: %d posts", len(out))
	return nil
}

// discordChat drives the real discordgo client through the fake Discord.
type discordChat struct {
	t *testing.T
	f *discordfake.Server
	a *discord.Adapter
	n int
}

func (d *discordChat) next(wait time.Duration) (chatPost, bool) {
	select {
	case p := <-d.f.Posts():
		cp := chatPost{text: discordfake.Text(p), buttons: map[string]bool{}, files: p.Files, message: p.ID, edit: strings.HasPrefix(p.Route, "PATCH")}
		comps, _ := discordfake.Data(p)["components"].([]any)
		for _, row := range comps {
			inner, _ := row.(map[string]any)["components"].([]any)
			for _, c := range inner {
				cm := c.(map[string]any)
				if opts, ok := cm["options"].([]any); ok {
					for _, o := range opts {
						cp.buttons[o.(map[string]any)["value"].(string)] = true
					}
				} else if id, ok := cm["custom_id"].(string); ok {
					cp.buttons[id] = false
				}
			}
		}
		return cp, true
	case <-time.After(wait):
		return chatPost{}, false
	}
}

func (d *discordChat) command(sub string, opts map[string]string) []chatPost {
	d.n++
	var o []discordfake.Option
	for k, v := range opts {
		o = append(o, discordfake.Option{Name: k, Value: v})
	}
	if err := d.f.Command(fmt.Sprintf("i%d", d.n), "c1", "u1", false, "uboatleader", sub, o...); err != nil {
		d.t.Fatal(err)
	}
	return collect(d.t, d.next, 700*time.Millisecond)
}

func (d *discordChat) click(id string, menu bool) []chatPost {
	d.n++
	// On the newest message that offers it, as a player presses it (a
	// menu's choice is sent as the menu's, with the value).
	if err := d.f.ClickIn(fmt.Sprintf("i%d", d.n), "c1", "u1", id); err != nil {
		d.t.Fatal(err)
	}
	return collect(d.t, d.next, 0)
}

func (d *discordChat) notify(ns []bot.Notice) []chatPost {
	for _, n := range ns {
		if err := d.a.Notify(d.t.Context(), n); err != nil {
			d.t.Fatal(err)
		}
	}
	return collect(d.t, d.next, 300*time.Millisecond)
}

// slackChat drives the real slack-go Socket Mode client through the fake Slack.
type slackChat struct {
	t *testing.T
	f *slackfake.Server
	a *slack.Adapter
	n int
}

func slackPost(v url.Values) chatPost {
	cp := chatPost{text: v.Get("text") + "\n" + v.Get("blocks"), buttons: map[string]bool{}, files: map[string][]byte{}, message: v.Get("_ts"),
		edit: v.Get("_method") == "/api/chat.update"}
	var bl []map[string]any
	json.Unmarshal([]byte(v.Get("blocks")), &bl)
	for _, b := range bl {
		els, _ := b["elements"].([]any)
		for _, e := range els {
			em := e.(map[string]any)
			if opts, ok := em["options"].([]any); ok {
				for _, o := range opts {
					cp.buttons[o.(map[string]any)["value"].(string)] = true
				}
			} else if val, ok := em["value"].(string); ok {
				cp.buttons[val] = false
			}
		}
	}
	if v.Get("_method") == "/api/files.completeUploadExternal" {
		var files []map[string]any
		json.Unmarshal([]byte(v.Get("files")), &files)
		for i, f := range files {
			if i < len(v["_content"]) {
				cp.files[fmt.Sprint(f["title"])] = []byte(v["_content"][i])
			}
		}
	}
	return cp
}

func (s *slackChat) next(wait time.Duration) (chatPost, bool) {
	select {
	case v := <-s.f.Posts():
		return slackPost(v), true
	case <-time.After(wait):
		return chatPost{}, false
	}
}

func (s *slackChat) command(sub string, opts map[string]string) []chatPost {
	s.n++
	text := sub
	for k, v := range opts {
		text += fmt.Sprintf(" %s:%q", k, v)
	}
	s.f.SlashIn(fmt.Sprintf("e%d", s.n), "C1", "U1", "/uboatleader", text)
	ack := s.f.Ack(s.t)
	var first []chatPost
	if p, ok := ack["payload"].(map[string]any); ok {
		b, _ := json.Marshal(p["blocks"])
		first = append(first, slackPost(url.Values{"text": {fmt.Sprint(p["text"])}, "blocks": {string(b)}}))
	}
	return append(first, collect(s.t, s.next, 700*time.Millisecond)...)
}

func (s *slackChat) click(id string, menu bool) []chatPost {
	s.n++
	s.f.ClickIn(fmt.Sprintf("e%d", s.n), "C1", "", "U1", id)
	s.f.Ack(s.t)
	return collect(s.t, s.next, 0)
}

func (s *slackChat) notify(ns []bot.Notice) []chatPost {
	for _, n := range ns {
		if err := s.a.Notify(s.t.Context(), n); err != nil {
			s.t.Fatal(err)
		}
	}
	return collect(s.t, s.next, 300*time.Millisecond)
}

// ublChatClock is the service's clock, moved by the test for the deadline.
type ublChatClock struct{ t time.Time }

func (c *ublChatClock) now() time.Time { return c.t }

// ublService is the bot over a real bbolt file with this binary's games
// and its U-Boat Leader illustrator, reminders after 1 h and the deadline at
// 3 h. The illustrator draws a decision's pictures at every nth decision,
// none if n is 0 (the physical campaigns: they are the longer ones, and the
// sample pack's show the pictures); a view's pictures (and the cards file)
// always.
func ublService(t *testing.T, clock *ublChatClock, picturesEvery int) (*bot.Service, *persist.Store, engine.Registry) {
	t.Helper()
	games, err := availableGames()
	if err != nil {
		t.Fatal(err)
	}
	ills := map[string]bot.Illustrator{"uboatleader": &sparseIllustrator{inner: games["uboatleader"].Illustrator, every: picturesEvery}}
	store, err := persist.Open(filepath.Join(t.TempDir(), "ubl.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	n := 0
	svc := bot.New(store, games, bot.Options{Now: clock.now, Illustrators: ills,
		NewSeed:   func() ([]byte, error) { return []byte("u-boat leader chat seed"), nil },
		NewID:     func() (string, error) { n++; return fmt.Sprintf("ubl%d", n), nil },
		Reminders: []time.Duration{time.Hour}, Deadline: 3 * time.Hour})
	return svc, store, games
}

// sparseIllustrator draws the pictures a view asks for (map, display)
// every time, and those of a decision only at every nth decision (none if
// n is 0): under the race detector a tactical display takes a good part of
// a second to draw, and a campaign is hundreds of decisions, most of them
// in battles.
// The pictures drawn are the registered illustrator's own.
type sparseIllustrator struct {
	inner bot.Illustrator
	every int
	mu    sync.Mutex
	n     int
}

func (s *sparseIllustrator) Illustrate(st engine.State, view string, events []engine.Event) ([]engine.Picture, error) {
	if view == "" {
		s.mu.Lock()
		s.n++
		skip := s.every == 0 || s.n%s.every != 1
		s.mu.Unlock()
		if skip {
			return nil, nil
		}
	}
	return s.inner.Illustrate(st, view, events)
}

// campaignReport is what a campaign through chat saw.
type campaignReport struct {
	decisions, fleetPosts, fleetEdits int
	pictures                          map[string]int
	player                            *ubltest.Player
}

// playUBLCampaign plays a whole campaign in a channel: `new` with setup,
// the Start if the game waits for one, then each decision by clicking the
// option the built-in player (or, for a card, the ubltest player) picks,
// found among those the adapter drew.
func playUBLCampaign(t *testing.T, c chat, svc *bot.Service, store *persist.Store, games engine.Registry, clock *ublChatClock, key string, setup map[string]string) campaignReport {
	t.Helper()
	house, err := uboatleader.LoadHousePack()
	if err != nil {
		t.Fatal(err)
	}
	rep := campaignReport{pictures: map[string]int{}, player: ubltest.New(house, 7)}
	rep.player.Clumsy = true
	posts := c.command("new", setup)
	rec, err := store.Load(t.Context(), key)
	if err != nil {
		t.Fatalf("new: %v %+v", err, posts)
	}
	gameID := rec.ID
	if rec.AwaitingStart {
		start := "k1:" + gameID + ":start:go"
		if !shown(posts, start) {
			t.Fatalf("no Start button in %+v", posts)
		}
		posts = c.click(start, false)
	}
	fleetMessage := ""
	waited := false
	for step := 0; ; step++ {
		if step > 5000 {
			t.Fatal("the campaign does not end")
		}
		for _, p := range posts {
			for name := range p.files {
				rep.pictures[name]++
			}
			if strings.Contains(p.text, fleetCard) {
				if !strings.Contains(p.text, "House content, not the publisher's") {
					t.Fatalf("the fleet card is not labelled: %.300s", p.text)
				}
				if p.edit {
					rep.fleetEdits++
					if p.message != fleetMessage {
						t.Fatalf("the fleet card's edit is of message %q, posted as %q", p.message, fleetMessage)
					}
				} else {
					rep.fleetPosts++
					fleetMessage = p.message
				}
			}
		}
		rec, err := store.Load(t.Context(), key)
		if errors.Is(err, persist.ErrNotFound) {
			break // over: the commit that ended it archived it
		}
		if err != nil {
			t.Fatal(err)
		}
		st, err := games["uboatleader"].Rules.Decode(rec.State)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*uboatleader.State)
		p := st.Pending()
		// The prompt as drawn offers exactly the rules' options.
		var prompt *chatPost
		for i := range posts {
			if shown(posts[i:i+1], "k1:"+gameID+":"+p.Token+":"+p.Options[0].Key) {
				prompt = &posts[i]
			}
		}
		if prompt == nil {
			t.Fatalf("step %d: the prompt %s (%s) was not posted; posts: %+v", step, p.Kind, p.Token, posts)
		}
		if n := gameButtons(prompt.buttons); n != len(p.Options) {
			t.Fatalf("step %d: %s drawn with %d options, the rules offer %d", step, p.Kind, n, len(p.Options))
		}
		if !strings.Contains(prompt.text, "House content, not the publisher's") {
			t.Fatalf("step %d: the prompt is not labelled", step)
		}
		choice := uboatleader.BuiltIn(s)
		if ubltest.IsCardPrompt(p) {
			if choice, err = rep.player.Answer(s, p); err != nil {
				t.Fatalf("step %d: %v", step, err)
			}
			if !waited {
				// A deadline on a card to draw: only the player can do it,
				// so the game waits (the rules have no clock).
				waited = true
				clock.t = clock.t.Add(4 * time.Hour)
				notices, err := svc.Tick(t.Context(), clock.t)
				if err != nil {
					t.Fatal(err)
				}
				said := c.notify(notices)
				text := ""
				for _, x := range said {
					text += x.text
				}
				if !strings.Contains(text, "the game waits for it") {
					t.Fatalf("the deadline said: %s", text)
				}
				if again, _ := store.Load(t.Context(), key); again.Decisions != rec.Decisions {
					t.Fatal("the deadline took a decision that was the player's")
				}
			}
		}
		id := "k1:" + gameID + ":" + p.Token + ":" + choice
		menu, ok := prompt.buttons[id]
		if !ok {
			t.Fatalf("step %d: %s: no option %q among %v", step, p.Kind, choice, prompt.buttons)
		}
		if step == 40 || s.Battle != nil && step%97 == 0 {
			// The pictures on demand.
			for _, view := range []string{"map", "display"} {
				for _, x := range c.command(view, nil) {
					for name := range x.files {
						rep.pictures[name]++
					}
				}
			}
		}
		posts = c.click(id, menu)
		rep.decisions++
	}
	ended := false
	for _, p := range posts {
		ended = ended || strings.Contains(p.text, "The end")
	}
	if !ended {
		t.Fatalf("the last decision posted no end: %+v", posts)
	}
	if setup["draws"] == "physical" {
		// The cards entered, as lines of a pack, after the end too: the
		// view says how many, the whole list comes attached (a campaign's
		// cards outgrow a chat message).
		text, file := "", ""
		for _, p := range c.command("cards", nil) {
			text += p.text
			file += string(p.files[uboatleader.CardsFile])
		}
		if !strings.Contains(text, "cards entered") || !strings.Contains(text, uboatleader.CardsFile) {
			t.Fatalf("the cards view: %.500s", text)
		}
		var merchants []map[string]any
		if i := strings.Index(file, "# Merchant cards (ships.yaml, merchants)\n"); i < 0 || !strings.Contains(file, "torpedo: ") {
			t.Fatalf("the cards file: %.500s", file)
		} else if err := yaml.Unmarshal([]byte(strings.SplitN(file[i:], "\n\n", 2)[0]), &merchants); err != nil || len(merchants) == 0 {
			t.Fatalf("the cards file's merchants do not read as YAML (%v): %.500s", err, file[i:])
		}
	}
	// The audit file as the channel hands it out verifies.
	var data []byte
	for _, p := range c.command("audit", nil) {
		for name, b := range p.files {
			if strings.HasSuffix(name, ".json") {
				data = b
			}
		}
	}
	if data == nil {
		t.Fatal("no audit file")
	}
	if r := audit.Verify(data, games); !r.Intact() || !r.Over || r.Checked != r.Dice {
		t.Fatalf("the audit does not verify: %+v", r.Problems)
	}
	return rep
}

// gameButtons counts a prompt's buttons and menu choices that are the
// game's options: the framework's own (Show board, Odds, Undo: keys that
// begin with "__") are not the rules'.
func gameButtons(buttons map[string]bool) int {
	n := 0
	for id := range buttons {
		if i := strings.LastIndex(id, ":"); i < 0 || !strings.HasPrefix(id[i+1:], "__") {
			n++
		}
	}
	return n
}

// shown reports whether an option id is among the posts' buttons and menus.
func shown(posts []chatPost, id string) bool {
	for _, p := range posts {
		if _, ok := p.buttons[id]; ok {
			return true
		}
	}
	return false
}

func checkCampaign(t *testing.T, rep campaignReport, physical bool) {
	t.Helper()
	if rep.fleetPosts != 1 || rep.fleetEdits < rep.decisions/2 {
		t.Errorf("the fleet card was posted %d times and edited %d times in %d decisions", rep.fleetPosts, rep.fleetEdits, rep.decisions)
	}
	if !physical && (rep.pictures["map.png"] == 0 || rep.pictures["display.png"] == 0) {
		t.Errorf("pictures: %v", rep.pictures)
	}
	if physical {
		for _, k := range []string{"new", "known", "back", "fix", "yes"} {
			if rep.player.Did[k] == 0 {
				t.Errorf("the player never pressed %q: %v", k, rep.player.Did)
			}
		}
	}
	t.Logf("%d decisions, pictures %v, cards %v", rep.decisions, rep.pictures, rep.player.Did)
}

func TestUBoatLeaderCampaignsThroughDiscord(t *testing.T) {
	// In-process and CPU-bound: each campaign runs beside the others.
	t.Parallel()
	for _, mode := range []struct {
		name     string
		setup    map[string]string
		physical bool
	}{
		{"physical", map[string]string{"campaign": "opening", "length": "short", "draws": "physical"}, true},
		{"sample pack", map[string]string{"campaign": "turning-tide", "length": "short", "rules": "snorkel"}, false},
	} {
		t.Run(mode.name, func(t *testing.T) {
			t.Parallel()
			clock := &ublChatClock{t: time.Unix(1700000000, 0).UTC()}
			svc, store, games := ublService(t, clock, map[bool]int{true: 0, false: 10}[mode.physical])
			f := discordfake.New(t)
			a, err := discord.New(discord.Config{Token: "test-token", ApplicationID: "app", Guilds: []string{"g1"}, APIBase: f.URL}, svc, games, slog.New(slog.DiscardHandler))
			if err != nil {
				t.Fatal(err)
			}
			if err := a.Start(t.Context()); err != nil {
				t.Fatal(err)
			}
			defer func() { a.Close(); svc.Wait() }()
			select {
			case <-f.Ready():
			case <-time.After(5 * time.Second):
				t.Fatal("no READY")
			}
			rep := playUBLCampaign(t, &discordChat{t: t, f: f, a: a}, svc, store, games, clock, "discord/g1/c1", mode.setup)
			checkCampaign(t, rep, mode.physical)
		})
	}
}

func TestUBoatLeaderCampaignsThroughSlack(t *testing.T) {
	// In-process and CPU-bound: each campaign runs beside the others.
	t.Parallel()
	for _, mode := range []struct {
		name     string
		setup    map[string]string
		physical bool
	}{
		// The physical draws on the shorter campaign: they are the longest
		// run of the package (every card entered by hand, under -race), and
		// a parallel test that long, started last, was CI's tail.
		{"physical", map[string]string{"campaign": "opening", "length": "short", "draws": "physical"}, true},
		{"sample pack", map[string]string{"campaign": "turning-tide", "length": "short"}, false},
	} {
		t.Run(mode.name, func(t *testing.T) {
			t.Parallel()
			clock := &ublChatClock{t: time.Unix(1700000000, 0).UTC()}
			svc, store, games := ublService(t, clock, map[bool]int{true: 0, false: 10}[mode.physical])
			f := slackfake.New(t)
			a, err := slack.New(slack.Config{Mode: "socket", BotToken: "xoxb-test", AppToken: "xapp-test", APIBase: f.APIURL()}, svc, games, slog.New(slog.DiscardHandler))
			if err != nil {
				t.Fatal(err)
			}
			if err := a.Start(t.Context()); err != nil {
				t.Fatal(err)
			}
			defer func() { a.Close(); svc.Wait() }()
			<-f.Open()
			rep := playUBLCampaign(t, &slackChat{t: t, f: f, a: a}, svc, store, games, clock, "slack/T1/C1", mode.setup)
			checkCampaign(t, rep, mode.physical)
		})
	}
}
