package discord

import (
	"encoding/json"
	"fmt"
	"github.com/kaleun/kaleun/internal/gamelist"
	"log/slog"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kaleun/kaleun/bot"
	"github.com/kaleun/kaleun/bot/chat"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/hunters"
	"github.com/kaleun/kaleun/engine/hunters/duel"
	"github.com/kaleun/kaleun/engine/hunters/wolfpack"
	"github.com/kaleun/kaleun/engine/tonnagewar"
	"github.com/kaleun/kaleun/internal/discordfake"
	"github.com/kaleun/kaleun/persist"
)

func startAdapter(t *testing.T, f *discordfake.Server, dbPath string) (*Adapter, *persist.Store) {
	t.Helper()
	h, _ := hunters.NewRules()
	return startAdapterWith(t, f, dbPath, engine.Described(map[string]engine.Rules{"hunters": h}))
}

func startAdapterWith(t *testing.T, f *discordfake.Server, dbPath string, games engine.Registry) (*Adapter, *persist.Store) {
	t.Helper()
	store, err := persist.Open(dbPath)
	if err != nil {
		t.Fatal(err)
	}
	svc := bot.New(store, games, bot.Options{NewSeed: fixedSeed, NewID: fixedID})
	a, err := New(Config{Token: "test-token", ApplicationID: "app", Guilds: []string{"g1"}, APIBase: f.URL}, svc, games, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	select {
	case <-f.Ready():
	case <-time.After(5 * time.Second):
		t.Fatal("no READY")
	}
	return a, store
}

// data returns an interaction callback's or follow-up's message data.
func data(p discordfake.Post) map[string]any { return discordfake.Data(p) }

func buttons(p discordfake.Post) []string { return discordfake.Buttons(p) }

// patrols decodes the saved game and counts its finished patrols.
func patrols(t *testing.T, store *persist.Store, key string) int {
	t.Helper()
	rec, err := store.Load(t.Context(), key)
	if err != nil {
		return 1 // archived: the career itself is over
	}
	if rec.AwaitingStart {
		return 0
	}
	h, _ := hunters.NewRules()
	st, err := h.Decode(rec.State)
	if err != nil {
		t.Fatal(err)
	}
	return st.(*hunters.State).Career.Patrols
}

func ephemeral(p discordfake.Post) bool { return discordfake.Ephemeral(p) }

func text(ps []discordfake.Post) string {
	b, _ := json.Marshal(ps)
	return string(b)
}

// A patrol through the real discordgo client against a local Discord:
// slash command → prompt with buttons → clicks → rolls → saved game; a
// stranger's click and a double click are refused privately; a restart
// resumes at the same prompt.
func TestDiscordEndToEnd(t *testing.T) {
	f := discordfake.New(t)
	db := filepath.Join(t.TempDir(), "k.db")
	a, store := startAdapter(t, f, db)
	if len(f.Commands()) == 0 || !strings.Contains(string(f.Commands()[0]), `"name":"hunters"`) || !strings.Contains(string(f.Commands()[0]), `"autocomplete":true`) {
		t.Fatalf("commands not registered: %s", f.Commands())
	}
	f.Slash("i1", "u1", false, "new", map[string]string{"boat": "VIIC", "kommandant": "Prien"})
	posts := f.Drain(t)
	if !strings.Contains(posts[0].Path, "/interactions/i1/tok-i1/callback") {
		t.Fatalf("first answer must be the interaction callback: %s", posts[0].Path)
	}
	var prompt []string
	for _, p := range posts {
		if b := buttons(p); len(b) > 0 {
			prompt = b
		}
	}
	if len(prompt) == 0 {
		t.Fatalf("no prompt buttons in %s", text(posts))
	}
	// A stranger clicks: a private refusal.
	f.Click("i2", "u2", prompt[0])
	p := f.Next(t)
	if !ephemeral(p) || !strings.Contains(text([]discordfake.Post{p}), "Only") {
		t.Fatalf("stranger: %s", text([]discordfake.Post{p}))
	}
	// The commander plays the whole first patrol: every answer is posted after the commit.
	clicks := 0
	firstPrompt := "" // the message of the first decision, answered long before the end
	for _, p := range posts {
		if len(buttons(p)) > 0 && firstPrompt == "" {
			firstPrompt = p.ID
		}
	}
	for i := 0; i < 200 && patrols(t, store, "discord/g1/c1") == 0; i++ {
		f.Click("c"+strconv.Itoa(i), "u1", prompt[0])
		posts = f.Drain(t)
		var next []string
		for _, p := range posts {
			if b := buttons(p); len(b) > 0 {
				next = b
			}
		}
		if len(next) == 0 {
			break
		}
		clicks++
		prompt = next
	}
	if patrols(t, store, "discord/g1/c1") == 0 {
		t.Fatalf("the first patrol did not end in %d decisions", clicks)
	}
	t.Logf("a patrol in %d decisions through discordgo", clicks)
	rec, err := store.Load(t.Context(), "discord/g1/c1")
	if err != nil || rec.Decisions < clicks-1 || rec.Owner != "u1" { // the Start click is no decision
		t.Fatalf("saved game: %+v %v", rec, err)
	}
	if !strings.Contains(text(posts), "🎲") && clicks > 0 {
		t.Log("no roll in the last answer (a decision without dice)")
	}
	// A click on an answered prompt (a double click that crossed the update,
	// or an old message): refused privately, nothing changes, and the
	// message it came from loses its buttons but keeps its words.
	old := rec.Decisions
	before, _ := f.MessageByID(firstPrompt)
	f.ClickOn("dup", firstPrompt, "u1", "k1:"+rec.ID+":0:e6")
	if p := f.Next(t); p.ID != firstPrompt || len(buttons(p)) != 0 || data(p)["content"] != before.Content {
		t.Fatalf("a stale click's message is disarmed: %s", text([]discordfake.Post{p}))
	}
	if p := f.Next(t); !ephemeral(p) || !strings.Contains(text([]discordfake.Post{p}), "already taken") {
		t.Fatalf("stale click must be answered privately: %s", text([]discordfake.Post{p}))
	}
	if r2, _ := store.Load(t.Context(), "discord/g1/c1"); r2.Decisions != old {
		t.Fatal("a stale click changed the game")
	}
	// Restart: the game resumes at the same prompt.
	a.Close()
	store.Close()
	a, store = startAdapter(t, f, db)
	defer a.Close()
	defer store.Close()
	// `turn` links to the prompt's message, which keeps its buttons (one
	// live copy of a prompt: issue 28).
	f.Slash("i9", "u1", false, "turn", nil)
	p = f.Next(t)
	link := regexp.MustCompile(`discord\.com/channels/g1/c1/(\w+)`).FindStringSubmatch(text([]discordfake.Post{p}))
	if link == nil {
		t.Fatalf("after restart `turn` links to no prompt: %s", text([]discordfake.Post{p}))
	}
	if m, ok := f.MessageByID(link[1]); !ok || len(m.CustomIDs()) == 0 || m.CustomIDs()[0] != prompt[0] {
		t.Fatalf("after restart `turn` links to %s (%v), want the prompt %v", link[1], m.CustomIDs(), prompt[0])
	}
	// A command in a channel... and autocomplete for start dates.
	f.Dispatch("INTERACTION_CREATE", map[string]any{
		"id": "ac", "application_id": "app", "type": 4, "token": "tok-ac", "guild_id": "g1", "channel_id": "c2",
		"member": discordfake.Member("u1", false),
		"data": map[string]any{"id": "cmd", "name": "hunters", "type": 1, "options": []any{map[string]any{"name": "new", "type": 1,
			"options": []any{map[string]any{"name": "start", "type": 3, "value": "1941-0", "focused": true}}}}},
	})
	p = f.Next(t)
	if !strings.Contains(text([]discordfake.Post{p}), "1941-05") {
		t.Fatalf("autocomplete: %s", text([]discordfake.Post{p}))
	}
}

// fixedSeed makes the dice, and so the whole test game, the same on every run.
func fixedSeed() ([]byte, error) { return []byte("kaleun adapter test seed"), nil }

// fixedID gives the game the same id, which the dice derivation also uses.
func fixedID() (string, error) { return "adaptertest", nil }

// The ticker's notices reach the game's channel and the player's direct
// messages through the real discordgo client.
func TestNotifyPostsToTheChannelAndDirectly(t *testing.T) {
	f := discordfake.New(t)
	a, store := startAdapter(t, f, filepath.Join(t.TempDir(), "k.db"))
	defer store.Close()
	defer a.Close()
	n := bot.Notice{
		Place:    chat.Place{Platform: "discord", Space: "g1", Channel: "c9"},
		Channel:  []chat.Message{{Title: "Reminder: Decision (9.6.7)", Text: "Reminder 2: game g waits", Mention: "u7", Options: []chat.Option{{ID: "k1:g:3:roll", Label: "Roll"}}}},
		DirectTo: "u7",
		Direct:   []chat.Message{{Text: "Reminder 2: game g waits (channel c9)"}},
	}
	if err := a.Notify(t.Context(), n); err != nil {
		t.Fatal(err)
	}
	seen := map[string]discordfake.Post{}
	for len(seen) < 2 {
		select {
		case p := <-f.Posts():
			seen[p.Path] = p
		case <-time.After(5 * time.Second):
			t.Fatalf("posts so far: %v", seen)
		}
	}
	ch := seen["/api/v9/channels/c9/messages"]
	if ch.Body["content"] != "<@u7>" || len(buttons(ch)) != 1 {
		t.Fatalf("channel post: %v", ch.Body)
	}
	if dm := seen["/api/v9/channels/dm-u7/messages"]; !strings.Contains(dm.Body["content"].(string), "Reminder 2") {
		t.Fatalf("direct message: %v", dm.Body)
	}
}

// A tournament career's thread is a Discord thread (a channel of its own),
// and a sticky notice (the standings) is edited rather than posted again.
func TestThreadsAndStickyStandings(t *testing.T) {
	f := discordfake.New(t)
	a, store := startAdapter(t, f, filepath.Join(t.TempDir(), "k.db"))
	defer store.Close()
	defer a.Close()
	th, err := a.OpenThread(t.Context(), chat.Place{Platform: "discord", Space: "g1", Channel: "c5"}, "Cup — Prien")
	if err != nil || !strings.HasPrefix(th.Channel, "th-c5-") || th.Thread != "" {
		t.Fatalf("thread: %+v %v", th, err)
	}
	standings := func(text string) discordfake.Post {
		t.Helper()
		if err := a.Notify(t.Context(), bot.Notice{Place: chat.Place{Platform: "discord", Space: "g1", Channel: "c5"}, Channel: []chat.Message{{Title: "Standings", Text: text}}, Sticky: "standings:t1"}); err != nil {
			t.Fatal(err)
		}
		select {
		case p := <-f.Posts():
			return p
		case <-time.After(5 * time.Second):
			t.Fatal("nothing posted")
		}
		return discordfake.Post{}
	}
	first := standings("first")
	if first.Path != "/api/v9/channels/c5/messages" {
		t.Fatalf("first standings: %s", first.Path)
	}
	if p := standings("second"); p.Path != "/api/v9/channels/c5/messages/"+first.ID {
		t.Fatalf("the standings are edited in place: %s, want message %s edited", p.Path, first.ID)
	}
}

// A two-player game through Discord: the opponent is a user option, which
// Discord resolves to his name; only he can accept.
func TestDuelChallengeThroughDiscord(t *testing.T) {
	f := discordfake.New(t)
	h, _ := hunters.NewRules()
	a, store := startAdapterWith(t, f, filepath.Join(t.TempDir(), "k.db"), engine.Described(map[string]engine.Rules{"hunters": h, "hunters-duel": duel.NewRules(h)}))
	defer store.Close()
	defer a.Close()
	registered := string(f.Commands()[0])
	if !strings.Contains(registered, `"name":"hunters-duel"`) || !strings.Contains(registered, `"type":6`) {
		t.Fatalf("the duel's opponent is not a user option: %s", registered)
	}
	f.Dispatch("INTERACTION_CREATE", map[string]any{
		"id": "d1", "application_id": "app", "type": 2, "token": "tok-d1", "guild_id": "g1", "channel_id": "c1",
		"member": discordfake.Member("u1", false),
		"data": map[string]any{"id": "cmd", "name": "hunters-duel", "type": 1,
			"options":  []any{map[string]any{"name": "new", "type": 1, "options": []any{map[string]any{"name": "b", "type": 6, "value": "u9"}, map[string]any{"name": "boat", "type": 3, "value": "VIIC"}}}},
			"resolved": map[string]any{"users": map[string]any{"u9": map[string]any{"id": "u9", "username": "otto", "global_name": "Otto Kretschmer"}}}},
	})
	invite := f.Next(t)
	d := data(invite)
	embeds, _ := d["embeds"].([]any)
	if d["content"] != "<@u9>" || len(embeds) != 1 || !strings.Contains(embeds[0].(map[string]any)["description"].(string), "u1 challenges Otto Kretschmer") {
		t.Fatalf("invitation: %v", d)
	}
	ids := buttons(invite)
	if len(ids) != 2 {
		t.Fatalf("Accept and Decline: %v", ids)
	}
	f.Click("d2", "u1", ids[0])
	if p := f.Next(t); data(p)["flags"] == nil || !strings.Contains(data(p)["content"].(string), "Only Otto Kretschmer can accept") {
		t.Fatalf("the challenger accepted his own challenge: %v", data(p))
	}
	f.Click("d3", "u9", ids[0])
	posts := f.Drain(t)
	last := data(posts[len(posts)-1])
	if last["content"] != "<@u1>" || len(buttons(posts[len(posts)-1])) == 0 {
		t.Fatalf("after the accept, the challenger's first decision: %v", last)
	}
}

// Tonnage War through Discord: the channel gets a door; its player opens it
// in an ephemeral reply with his cards; the other player cannot.
func TestTonnageWarDoorThroughDiscord(t *testing.T) {
	f := discordfake.New(t)
	tw, err := tonnagewar.NewRules()
	if err != nil {
		t.Fatal(err)
	}
	a, store := startAdapterWith(t, f, filepath.Join(t.TempDir(), "k.db"), engine.Described(map[string]engine.Rules{"tonnagewar": tw}))
	defer store.Close()
	defer a.Close()
	command := func(id, user, sub string, opts []any, resolved map[string]any) {
		f.Dispatch("INTERACTION_CREATE", map[string]any{
			"id": id, "application_id": "app", "type": 2, "token": "tok-" + id, "guild_id": "g1", "channel_id": "c1",
			"member": discordfake.Member(user, false),
			"data":   map[string]any{"id": "cmd", "name": "tonnagewar", "type": 1, "options": []any{map[string]any{"name": sub, "type": 1, "options": opts}}, "resolved": resolved},
		})
	}
	command("t1", "u1", "challenge", []any{map[string]any{"name": "b", "type": 6, "value": "u9"}},
		map[string]any{"users": map[string]any{"u9": map[string]any{"id": "u9", "username": "walker"}}})
	f.Next(t)
	command("t2", "u9", "accept", nil, nil)
	posts := f.Drain(t)
	var door string
	for _, p := range posts {
		for _, id := range buttons(p) {
			if strings.HasSuffix(id, ":__open") {
				door = id
			}
		}
		if strings.Contains(fmt.Sprint(data(p)), "Beam attack") {
			t.Fatalf("a card reached the channel: %v", data(p))
		}
	}
	if door == "" {
		t.Fatalf("no door in the channel: %d posts", len(posts))
	}
	f.Click("t3", "u9", door)
	if p := f.Next(t); data(p)["flags"] == nil || !strings.Contains(data(p)["content"].(string), "and so are its cards") {
		t.Fatalf("the other player opened the door: %v", data(p))
	}
	f.Click("t4", "u1", door)
	hand := f.Drain(t)
	if len(hand) < 2 || data(hand[0])["flags"] == nil || data(hand[len(hand)-1])["flags"] == nil || len(buttons(hand[len(hand)-1])) == 0 {
		t.Fatalf("the player's hand and choices, privately: %d posts", len(hand))
	}
}

// Discord refuses a command with more than 25 subcommands or a subcommand
// with more than 25 options, or names and descriptions out of bounds: what
// Kaleun registers for every game it plays stays within them.
func TestRegisteredCommandsFitDiscordsLimits(t *testing.T) {
	// Every game kaleun serve registers, not only this package's test games.
	every, err := gamelist.Registry()
	if err != nil {
		t.Fatal(err)
	}
	for _, cmd := range ApplicationCommands(every) {
		if n := len(cmd.Options); n > 25 {
			t.Errorf("/%s has %d subcommands (Discord allows 25)", cmd.Name, n)
		}
		if len(cmd.Name) > 32 || len(cmd.Description) > 100 || cmd.Description == "" {
			t.Errorf("/%s: name or description out of bounds", cmd.Name)
		}
		for _, sub := range cmd.Options {
			if n := len(sub.Options); n > 25 {
				t.Errorf("/%s %s has %d options (Discord allows 25)", cmd.Name, sub.Name, n)
			}
			if len(sub.Name) > 32 || len([]rune(sub.Description)) > 100 || sub.Description == "" {
				t.Errorf("/%s %s: name or description out of bounds", cmd.Name, sub.Name)
			}
			for _, o := range sub.Options {
				if len(o.Name) > 32 || len([]rune(o.Description)) > 100 || o.Description == "" || len(o.Choices) > 25 {
					t.Errorf("/%s %s %s: out of Discord's bounds", cmd.Name, sub.Name, o.Name)
				}
			}
		}
	}
}

// allGames are the games the binary plays, as cmd/kaleun registers them.
func allGames(t *testing.T) engine.Registry {
	t.Helper()
	h, err := hunters.NewRules()
	if err != nil {
		t.Fatal(err)
	}
	tw, err := tonnagewar.NewRules()
	if err != nil {
		t.Fatal(err)
	}
	return engine.Described(map[string]engine.Rules{"hunters": h, "hunters-duel": duel.NewRules(h), "hunters-wolfpack": wolfpack.NewRules(h), "tonnagewar": tw})
}
