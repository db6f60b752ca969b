package bot

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/kaleun/kaleun/engine"
)

// Issue 32's player page: a duel played through the bot, each decision's
// rolls tallied to the player who clicked it (the start's to the
// commander, who holds the first seat), is what PlayerPage measures for
// each of them: the rolls made in the decisions of the seats he holds,
// and no other's; his careers are the leaderboard's lines of him.
func TestPlayerPageCountsTheRollsOfTheSeatsHeHolds(t *testing.T) {
	clock := (&fakeClock{}).set("2026-06-10T10:00:00Z")
	svc, store := clockedService(t, filepath.Join(t.TempDir(), "k.db"), clock)
	defer store.Close()
	r, err := svc.Command(t.Context(), here, prien, "hunters-duel", "new", map[string]string{"boat": "VIIC", "start": "1941-06", "b": UserArg(kretschmer.ID, kretschmer.Name)})
	if err != nil {
		t.Fatal(err)
	}
	tally := map[string]int{}
	var seq uint64
	id := ""
	count := func(who User) {
		t.Helper()
		if id == "" {
			rec, err := store.Load(t.Context(), here.Key())
			if err != nil {
				t.Fatal(err)
			}
			id = rec.ID
		}
		entries, err := store.Events(t.Context(), id, seq+1, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			seq = e.Seq
			var ev engine.Event
			json.Unmarshal(e.Event, &ev)
			if ev.Kind != engine.KindRoll || len(e.Dice) == 0 || ev.Seat != "" || ev.Hidden {
				continue
			}
			if e.Decision == 0 {
				tally[prien.ID]++ // the start: the commander's
			} else {
				tally[who.ID]++
			}
		}
	}
	r = mustClick(t, svc, kretschmer, lastPrompt(t, r).Options[0].ID)
	count(kretschmer)
	for i := 0; i < 300 && !ended(r); i++ {
		p := lastPrompt(t, r)
		who := prien
		if p.Owner == kretschmer.ID {
			who = kretschmer
		}
		r = mustClick(t, svc, who, p.Options[0].ID)
		count(who)
	}
	if tally[prien.ID] == 0 || tally[kretschmer.ID] == 0 {
		t.Fatalf("the duel did not give both players rolls: %v", tally)
	}
	for _, u := range []User{prien, kretschmer} {
		page, err := svc.PlayerPage(t.Context(), here.Platform, here.Space, u.ID)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %d measured, %d unread, %d withheld games; tallied %d", u.Name, page.Luck.N, page.Luck.Unread, page.Withheld, tally[u.ID])
		if page.Withheld != 0 || page.Luck.N+page.Luck.Unread != tally[u.ID] {
			t.Errorf("%s: the page measured %d rolls (+%d unread), his decisions rolled %d", u.Name, page.Luck.N, page.Luck.Unread, tally[u.ID])
		}
		if page.Name != u.Name || len(page.Careers) != 1 || page.Careers[0].GameID == "" {
			t.Errorf("%s: %+v", u.Name, page)
		}
		if page.Luck.N < 10 || len(page.Luck.Charts) == 0 {
			t.Errorf("%s: %d rolls measured", u.Name, page.Luck.N)
		}
	}
	other, err := svc.PlayerPage(t.Context(), here.Platform, "another-guild", prien.ID)
	if err != nil || len(other.Careers) != 0 || other.Luck.N != 0 {
		t.Errorf("another server's page of him: %+v %v", other, err)
	}
}

// A game whose log cannot be replayed (here: a record without its log)
// is left out of the player's luck and counted, not the whole page's
// failure; his other games still count.
func TestPlayerPageLeavesOutAGameItCannotReplay(t *testing.T) {
	svc, store := newService(t)
	defer store.Close()
	if _, err := started(t, svc, here, prien, map[string]string{"boat": "VIIC"}); err != nil {
		t.Fatal(err)
	}
	rec, err := store.Load(t.Context(), here.Key())
	if err != nil {
		t.Fatal(err)
	}
	bad := *rec
	bad.ID, bad.Key, bad.Seq, bad.Head = "g-nolog", "discord/guild1/elsewhere", 0, ""
	if err := store.Commit(t.Context(), &bad, nil); err != nil {
		t.Fatal(err)
	}
	page, err := svc.PlayerPage(t.Context(), here.Platform, here.Space, prien.ID)
	if err != nil {
		t.Fatal(err)
	}
	if page.Unreplayed != 1 || page.Games != 1 || page.Luck.N == 0 || len(page.Careers) != 2 {
		t.Fatalf("%+v", page)
	}
}
