package bot

import (
	"fmt"
	"strings"
	"testing"
)

// Issue 34, item 2: the page of a player's games (Slack's App Home) holds
// what `/kaleun games` lists, unbounded, his tournaments apart (a running
// one naming his own game); it is his alone: another player's page holds
// none of his games, a stranger's none at all.
func TestGamesPageIsTheCallersAlone(t *testing.T) {
	svc, _, _ := newDuelService(t)
	ctx := t.Context()
	organiser := User{ID: "u0", Name: "Dönitz"}
	cup2 := Place{Platform: "discord", Space: "guild1", Channel: "cup2"}
	tcmdIn := func(p Place, u User, args map[string]string) {
		t.Helper()
		if _, err := svc.Command(ctx, p, u, "hunters", "tournament", args); err != nil {
			t.Fatal(err)
		}
	}
	tcmd := func(u User, args map[string]string) { t.Helper(); tcmdIn(here, u, args) }
	tcmd(organiser, map[string]string{"action": "create", "format": "top", "length": "short", "name": "Paukenschlag Cup"})
	tcmd(prien, map[string]string{"action": "join"})
	tcmd(kretschmer, map[string]string{"action": "join"})
	tcmd(organiser, map[string]string{"action": "start"})
	tcmdIn(cup2, organiser, map[string]string{"action": "create", "format": "top", "length": "short", "name": "Drumbeat Cup"})
	tcmdIn(cup2, prien, map[string]string{"action": "join"})
	far := Place{Platform: "discord", Space: "guild2", Channel: "far"}
	if _, err := svc.Command(ctx, far, prien, "hunters", "new", map[string]string{"boat": "VIIC", "start": "1941-06"}); err != nil {
		t.Fatal(err)
	}

	page, err := svc.GamesPage(ctx, Place{Platform: "discord", Space: "guild9", Channel: "dm"}, prien)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%s\n%+v\n%+v", page.Text, page.Games, page.Tournaments)
	if page.Text != "2 games, 2 waiting on you; 2 tournaments." || page.Waiting != 2 || len(page.Games) != 2 || len(page.Tournaments) != 2 {
		t.Fatalf("Prien's page: %+v", page)
	}
	if !strings.Contains(page.Games[0].Text, "waits on you") || page.Games[0].Jump == "" || !strings.Contains(page.Games[0].Text, "Paukenschlag Cup") || page.Games[1].Home != far {
		t.Errorf("his tournament career (waiting longest) first, then his own career: %+v", page.Games)
	}
	if tl := page.Tournaments; !strings.Contains(tl[0].Text, "**Paukenschlag Cup** (hunters): running, 2 entrants, your game ") ||
		!strings.Contains(tl[1].Text, "**Drumbeat Cup** (hunters): 1 entrant so far") || tl[0].Home != here {
		t.Errorf("his tournaments, the oldest first: %+v", tl)
	}

	other, err := svc.GamesPage(ctx, here, kretschmer)
	if err != nil {
		t.Fatal(err)
	}
	if len(other.Games) != 1 || len(other.Tournaments) != 1 || strings.Contains(other.Games[0].Text, "far") || other.Games[0].Home == far {
		t.Errorf("Kretschmer's page holds his own tournament game only: %+v", other)
	}
	none, err := svc.GamesPage(ctx, here, stranger)
	if err != nil || len(none.Games)+len(none.Tournaments) != 0 || !strings.HasPrefix(none.Text, "You play in no game") {
		t.Errorf("a stranger's page: %+v %v", none, err)
	}
}

// BenchmarkGamesPage is what a Home tab costs the bot for a player with 25
// running games (`/kaleun games`' bound), each waiting on his Start: the
// figure behind publishing the page only when it is opened, not at every
// turn (docs/operators/slack.md).
func BenchmarkGamesPage(b *testing.B) {
	svc, _ := newService(b)
	for i := range 25 {
		p := Place{Platform: "slack", Space: "T1", Channel: fmt.Sprintf("C%d", i)}
		if _, err := svc.Command(b.Context(), p, prien, "hunters", "new", map[string]string{"boat": "VIIC", "start": "1941-06"}); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	for b.Loop() {
		page, err := svc.GamesPage(b.Context(), Place{Platform: "slack", Space: "T1"}, prien)
		if err != nil || len(page.Games) != 25 {
			b.Fatal(page, err)
		}
	}
}
