package bot

import (
	"net/http/httptest"
	"path/filepath"
	"testing"
	"time"

	"github.com/kaleun/kaleun/internal/web"
	"github.com/kaleun/kaleun/persist"
)

// The player's page's cost (issue 32's render times): a duel played
// through the bot to its end or 300 decisions, then the page of one of its
// players fetched, each fetch replaying the log (audit.Rebuild) and
// measuring his rolls. go test ./bot -run '^$' -bench PlayerPage
func BenchmarkPlayerPage(b *testing.B) {
	clock := (&fakeClock{}).set("2026-06-10T10:00:00Z")
	st, err := persist.Open(filepath.Join(b.TempDir(), "k.db"))
	if err != nil {
		b.Fatal(err)
	}
	svc, store := clockedServiceOn(b, st, clock)
	defer store.Close()
	r, err := svc.Command(b.Context(), here, prien, "hunters-duel", "new", map[string]string{"boat": "VIIC", "start": "1941-06", "b": UserArg(kretschmer.ID, kretschmer.Name)})
	if err != nil {
		b.Fatal(err)
	}
	click := func(u User, id string) Reply {
		r, err := svc.Click(b.Context(), here, u, id)
		if err != nil {
			b.Fatal(err)
		}
		return r
	}
	r = click(kretschmer, r.Public[len(r.Public)-1].Options[0].ID)
	for i := 0; i < 300 && !ended(r); i++ {
		var p *Message
		for _, m := range r.Shown() {
			if m.Prompt != nil {
				p = &m
			}
		}
		if p == nil {
			break
		}
		who := prien
		if p.Owner == kretschmer.ID {
			who = kretschmer
		}
		r = click(who, p.Options[0].ID)
	}
	site, err := web.New(web.Options{Players: svc})
	if err != nil {
		b.Fatal(err)
	}
	link, _ := store.PlayerLink(b.Context(), here.Platform, here.Space, prien.ID)
	path := "/" + web.PlayerPath(link)
	b.ResetTimer()
	start := time.Now()
	for range b.N {
		w := httptest.NewRecorder()
		site.ServeHTTP(w, httptest.NewRequest("GET", path, nil))
		if w.Code != 200 {
			b.Fatalf("%d %s", w.Code, w.Body)
		}
	}
	b.ReportMetric(float64(time.Since(start).Microseconds())/float64(b.N)/1000, "ms/page")
}

// The tournament page's reading (its standings, deadlines and series),
// for three careers played a while. go test ./bot -run '^$' -bench TournamentPage
func BenchmarkTournamentPageData(b *testing.B) {
	clock := (&fakeClock{}).set("2026-06-10T10:00:00Z")
	st, err := persist.Open(filepath.Join(b.TempDir(), "k.db"))
	if err != nil {
		b.Fatal(err)
	}
	svc, store := clockedServiceOn(b, st, clock)
	defer store.Close()
	cmd := func(u User, args map[string]string) {
		if _, err := svc.Command(b.Context(), here, u, "hunters", "tournament", args); err != nil {
			b.Fatal(err)
		}
	}
	cmd(User{ID: "bdu", Name: "Dönitz"}, map[string]string{"action": "create", "format": "top", "length": "short", "boat": "VIIC", "name": "Cup"})
	for _, id := range []string{"a", "b", "c"} {
		cmd(User{ID: id, Name: "Kmdt " + id}, map[string]string{"action": "join"})
	}
	cmd(User{ID: "bdu", Name: "Dönitz"}, map[string]string{"action": "start"})
	clock.pass(3 * time.Hour)
	if _, err := tickDelivered(b, svc, clock.now()); err != nil {
		b.Fatal(err)
	}
	t, err := store.TournamentAt(b.Context(), here.Key())
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for range b.N {
		if _, _, err := svc.StandingLines(b.Context(), t); err != nil {
			b.Fatal(err)
		}
		if _, err := svc.TournamentProgress(b.Context(), t); err != nil {
			b.Fatal(err)
		}
	}
}
