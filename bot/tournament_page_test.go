package bot

import (
	"path/filepath"
	"testing"
	"time"
)

// Issue 32: a tournament's page shows each started career's next
// deadline as the deadline machinery scheduled it (the Start, then each
// decision), and its score over time (engine.ScoreSeries).
func TestTournamentProgressHasTheDeadlinesAndTheSeries(t *testing.T) {
	clock := (&fakeClock{}).set("2026-06-10T10:00:00Z")
	svc, store := clockedService(t, filepath.Join(t.TempDir(), "k.db"), clock)
	defer store.Close()
	organiser := User{ID: "bdu", Name: "Dönitz"}
	tcmd := func(u User, args map[string]string) {
		t.Helper()
		if _, err := svc.Command(t.Context(), here, u, "hunters", "tournament", args); err != nil {
			t.Fatal(err)
		}
	}
	tcmd(organiser, map[string]string{"action": "create", "format": "top", "length": "short", "boat": "VIIC", "name": "Cup"})
	tcmd(User{ID: "a", Name: "Lemp"}, map[string]string{"action": "join"})
	tcmd(User{ID: "b", Name: "Topp"}, map[string]string{"action": "join"})
	tcmd(organiser, map[string]string{"action": "start"})
	tour, err := store.TournamentAt(t.Context(), here.Key())
	if err != nil {
		t.Fatal(err)
	}
	progress, err := svc.TournamentProgress(t.Context(), tour)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Date(2026, 6, 10, 13, 0, 0, 0, time.UTC) // the 3 h deadline
	if len(progress) != 2 {
		t.Fatalf("%d careers: %+v", len(progress), progress)
	}
	for _, c := range progress {
		if !c.Deadline.Equal(start) || c.Awaited != "Start" || c.Series != nil || c.GameID == "" {
			t.Errorf("before the Start: %+v, want its deadline at %s for the Start and no series", c, start)
		}
	}
	clock.pass(3 * time.Hour)
	if _, err := tickDelivered(t, svc, clock.now()); err != nil {
		t.Fatal(err)
	}
	if tour, err = store.TournamentAt(t.Context(), here.Key()); err != nil {
		t.Fatal(err)
	}
	if progress, err = svc.TournamentProgress(t.Context(), tour); err != nil {
		t.Fatal(err)
	}
	for _, c := range progress {
		if len(c.Series) == 0 || c.Series[0].Score != 0 {
			t.Errorf("a started career has no series from 0 t: %+v", c)
		}
		if !c.Deadline.After(clock.now()) || c.Awaited == "" || c.Awaited == "Start" {
			t.Errorf("a started career's deadline: %+v (now %s)", c, clock.now())
		}
	}
}
