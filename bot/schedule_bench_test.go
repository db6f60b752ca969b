package bot

import (
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/kaleun/kaleun/persist"
)

// BenchmarkReminderTick: 1,000 entrants' games in a real bbolt file, each
// with a reminder due; one tick finds and renders them all. Target: < 50 ms.
func BenchmarkReminderTick(b *testing.B) {
	clock := (&fakeClock{}).set("2026-06-10T10:00:00Z")
	store, err := persist.Open(filepath.Join(b.TempDir(), "k.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer store.Close()
	svc, _ := clockedServiceOn(b, store, clock)
	const entrants = 1000
	for i := 0; i < entrants; i++ {
		p := Place{Platform: "discord", Space: "g1", Channel: fmt.Sprintf("thread%d", i)}
		u := User{ID: fmt.Sprintf("u%d", i), Name: fmt.Sprintf("Kommandant %d", i)}
		r, err := svc.Command(p, u, "hunters", "new", map[string]string{"boat": "VIIC"})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := svc.Click(p, u, r.Public[0].Options[0].ID); err != nil {
			b.Fatal(err)
		}
	}
	schedules := map[string][]persist.Due{}
	for i := 0; i < entrants; i++ {
		key := Place{Platform: "discord", Space: "g1", Channel: fmt.Sprintf("thread%d", i)}.Key()
		due, err := store.Schedule(key)
		if err != nil || len(due) == 0 {
			b.Fatalf("game %s has no due times: %v", key, err)
		}
		schedules[key] = due
	}
	at := clock.now().Add(90 * time.Minute) // the first reminder of each is due
	b.ResetTimer()
	for b.Loop() {
		b.StopTimer()
		if err := store.PutSchedules(schedules); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		notices, err := svc.Tick(at)
		if err != nil || len(notices) != entrants {
			b.Fatalf("%d notices: %v", len(notices), err)
		}
	}
}
