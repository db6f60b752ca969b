package bot

import (
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// `/kaleun games` lists every game and tournament the caller plays in, in
// every server and channel of the platform, those waiting on him first,
// the longest waiting first, each line linking to its prompt and saying
// how long it has waited; it is his alone, holds none of another player's
// games nor those of the same id on another platform, and survives a
// restart over the same bbolt file.
func TestKaleunGamesListsTheCallersGamesOldestWaitingFirst(t *testing.T) {
	clock := (&fakeClock{}).set("2026-06-10T10:00:00Z")
	path := filepath.Join(t.TempDir(), "k.db")
	svc, store := clockedService(t, path, clock)
	ctx := t.Context()
	career := Place{Platform: "discord", Space: "guild2", Channel: "far"}
	other := Place{Platform: "discord", Space: "guild1", Channel: "chan7"}
	challenge := Place{Platform: "discord", Space: "guild3", Channel: "duels"}
	tourney := Place{Platform: "discord", Space: "guild1", Channel: "cup"}
	slackPlace := Place{Platform: "slack", Space: "T1", Channel: "C1"}

	// 10:00 Prien's career in another server waits on his Start.
	if _, err := svc.Command(ctx, career, prien, "hunters", "new", map[string]string{"boat": "VIIC", "start": "1941-06"}); err != nil {
		t.Fatal(err)
	}
	// 11:00 a duel here, waiting on Kretschmer's roll after Prien's moves.
	clock.pass(time.Hour)
	acceptedDuel(t, svc)
	// 12:00 Schepke challenges Prien in a third server; Kretschmer's own
	// career; Prien's on Slack under the same id.
	clock.pass(time.Hour)
	if _, err := svc.Command(ctx, challenge, stranger, "hunters-duel", "new", map[string]string{"boat": "VIIC", "b": UserArg(prien.ID, prien.Name)}); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Command(ctx, other, kretschmer, "hunters", "new", map[string]string{"boat": "VIIC"}); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Command(ctx, slackPlace, prien, "hunters", "new", map[string]string{"boat": "VIIC"}); err != nil {
		t.Fatal(err)
	}
	// 13:00 a tournament Prien has joined, not yet started.
	clock.pass(time.Hour)
	for _, c := range []struct {
		u    User
		args map[string]string
	}{{manager, map[string]string{"action": "create", "format": "top", "length": "short", "name": "Paukenschlag Cup"}}, {prien, map[string]string{"action": "join"}}} {
		if _, err := svc.Command(ctx, tourney, c.u, "hunters", "tournament", c.args); err != nil {
			t.Fatal(err)
		}
	}
	// 15:30, after a restart over the same file.
	clock.pass(150 * time.Minute)
	store.Close()
	svc, _ = clockedService(t, path, clock)

	r, err := svc.Command(ctx, Place{Platform: "discord", Space: "guild9", Channel: "anywhere"}, prien, FrameworkName, "games", nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Public) != 0 || len(r.Private) != 1 {
		t.Fatalf("the list is not private: %+v", r)
	}
	m := r.Private[0]
	var got []string
	for _, l := range m.Lines {
		got = append(got, l.Text)
	}
	t.Logf("%s\n%s", m.Text, strings.Join(got, "\n"))
	if m.Text != "4 games and tournaments, 2 waiting on you." || len(m.Lines) != 4 {
		t.Fatalf("%q: %q", m.Text, got)
	}
	want := []struct {
		text string
		jump string
		home Place
	}{
		{"⏳ 5 hours 30 minutes · **Game c1781085600-1** (hunters) waits on you: _Start_", "c1781085600-1:" + startToken, career},
		{"⏳ 3 hours 30 minutes · **Game c1781092800-", "", challenge},
		{"(hunters-duel) waits on Kretschmer: _", "", here},
		{"🏆 **Paukenschlag Cup** (hunters): 1 entrant so far, waiting for Dönitz to start it", "", tourney},
	}
	for i, w := range want {
		l := m.Lines[i]
		if !strings.Contains(l.Text, w.text) || l.Home != w.home || w.jump != "" && l.Jump != w.jump {
			t.Errorf("line %d: %+v, want %q at %v", i, l, w.text, w.home)
		}
	}
	if !strings.Contains(m.Lines[1].Text, "waits on you: _answer to the challenge_") || !strings.HasSuffix(m.Lines[1].Jump, ":"+startToken) {
		t.Errorf("the challenge: %+v", m.Lines[1])
	}
	if m.Lines[2].Jump == "" || m.Lines[3].Jump != "" {
		t.Errorf("the duel's line links to its prompt, the open tournament's to its channel: %+v", m.Lines[2:])
	}
	for _, l := range got {
		if strings.Contains(l, "chan7") || strings.Contains(l, "slack") {
			t.Errorf("another player's game, or another platform's: %q", l)
		}
	}

	// Kretschmer: the duel waits on him; his career on its Start, since 12:00.
	r, err = svc.Command(ctx, here, kretschmer, FrameworkName, "games", nil)
	if err != nil || len(r.Private) != 1 || len(r.Private[0].Lines) != 2 {
		t.Fatalf("Kretschmer's: %+v %v", r, err)
	}
	if l := r.Private[0].Lines; !strings.HasPrefix(l[0].Text, "⏳ 4 hours 30 minutes · **U-70**") || !strings.HasPrefix(l[1].Text, "⏳ 3 hours 30 minutes") {
		t.Errorf("Kretschmer's, the duel first (it has waited longest): %q, %q", l[0].Text, l[1].Text)
	}
	// On Slack, the same id is another player: his one game there.
	r, err = svc.Command(ctx, slackPlace, prien, FrameworkName, "games", nil)
	if err != nil || len(r.Private) != 1 || len(r.Private[0].Lines) != 1 || r.Private[0].Lines[0].Home != slackPlace {
		t.Fatalf("Prien's on Slack: %+v %v", r, err)
	}
	// Nobody's games, and a subcommand the framework lacks.
	privateSays(t, "a stranger's", must(svc.Command(ctx, here, User{ID: "u77", Name: "Lemp"}, FrameworkName, "games", nil)), nil, "You play in no game")
	privateSays(t, "unknown", must(svc.Command(ctx, here, prien, FrameworkName, "nonsense", nil)), nil, "Unknown command")
}

func must(r Reply, err error) Reply {
	if err != nil {
		panic(err)
	}
	return r
}

// The list is bounded: past gamesListMax lines, the quietest are counted.
func TestKaleunGamesIsBounded(t *testing.T) {
	clock := (&fakeClock{}).set("2026-06-10T10:00:00Z")
	svc, _ := clockedService(t, filepath.Join(t.TempDir(), "k.db"), clock)
	for i := 0; i < gamesListMax+5; i++ {
		clock.pass(time.Minute)
		p := Place{Platform: "discord", Space: "g", Channel: "c" + string(rune('a'+i))}
		if _, err := svc.Command(t.Context(), p, prien, "hunters", "new", map[string]string{"boat": "VIIC", "start": "1941-06"}); err != nil {
			t.Fatal(err)
		}
	}
	r, err := svc.Command(t.Context(), here, prien, FrameworkName, "games", nil)
	if err != nil || len(r.Private) != 1 {
		t.Fatal(r, err)
	}
	l := r.Private[0].Lines
	if len(l) != gamesListMax+1 || l[gamesListMax].Text != "… and 5 more (the quietest)." || !strings.Contains(l[0].Text, "⏳ 29 minutes") {
		t.Fatalf("%d lines, the first %q, the last %q", len(l), l[0].Text, l[len(l)-1].Text)
	}
}
