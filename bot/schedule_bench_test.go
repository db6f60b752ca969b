package bot

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/kaleun/kaleun/persist"
)

// BenchmarkReminderTick: a tournament of 1,000 entrants in a real bbolt
// file, each career with a reminder due; one tick finds and renders them
// all, hands them to a platform that takes them at once, and records them
// delivered (RunTick). Target: < 100 ms (it was 50 ms before leases, when a
// tick was one transaction and recorded nothing after).
func BenchmarkReminderTick(b *testing.B) {
	clock := (&fakeClock{}).set("2026-06-10T10:00:00Z")
	store, err := persist.Open(filepath.Join(b.TempDir(), "k.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer store.Close()
	svc, _ := clockedServiceOn(b, store, clock)
	const entrants = 1000
	organiser := User{ID: "bdu", Name: "Dönitz"}
	tournament := func(u User, args map[string]string) {
		if _, err := svc.Command(b.Context(), here, u, "hunters", "tournament", args); err != nil {
			b.Fatal(err)
		}
	}
	tournament(organiser, map[string]string{"action": "create", "format": "top", "length": "short"})
	for i := 0; i < entrants; i++ {
		tournament(User{ID: fmt.Sprintf("u%d", i), Name: fmt.Sprintf("Kommandant %d", i)}, map[string]string{"action": "join"})
	}
	tournament(organiser, map[string]string{"action": "start"})
	// Every entrant's career waits for his Start, with its reminders due.
	t, err := store.TournamentAt(b.Context(), here.Key())
	if err != nil || len(t.Entrants) != entrants {
		b.Fatalf("tournament: %v", err)
	}
	schedules := map[string][]persist.Due{}
	for _, e := range t.Entrants {
		due, err := store.Schedule(b.Context(), e.Place)
		if err != nil || len(due) == 0 {
			b.Fatalf("entrant %s has no due times: %v", e.Name, err)
		}
		schedules[e.Place] = due
	}
	at := clock.now().Add(90 * time.Minute) // the first reminder of each is due
	b.ResetTimer()
	for b.Loop() {
		b.StopTimer()
		if err := store.PutSchedules(b.Context(), schedules); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		notices, err := svc.RunTick(b.Context(), at, []string{"discord"}, func(context.Context, Notice) error { return nil })
		if err != nil || notices != entrants {
			b.Fatalf("%d notices: %v", notices, err)
		}
	}
}
