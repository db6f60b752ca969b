package bot

import (
	"testing"
	"time"

	"github.com/kaleun/kaleun/persist"
)

func utc(s string) time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return t
}

// Quiet hours and vacation stop a player's clock, in his time zone, across
// both daylight-saving changes.
func TestActiveTimeSkipsQuietHoursAndVacation(t *testing.T) {
	berlin := persist.Prefs{TZ: "Europe/Berlin", QuietFrom: 23 * 60, QuietTo: 7 * 60}
	for _, c := range []struct {
		name  string
		start string
		d     time.Duration
		p     persist.Prefs
		want  string
	}{
		{"no preferences", "2026-03-28T19:00:00Z", 12 * time.Hour, persist.Prefs{}, "2026-03-29T07:00:00Z"},
		// Sat 20:00 CET: 3 h to 23:00, quiet until Sun 07:00 CEST (only 7 real hours: the
		// clocks go forward at 02:00), then 9 h more: Sun 16:00 CEST.
		{"spring forward", "2026-03-28T19:00:00Z", 12 * time.Hour, berlin, "2026-03-29T14:00:00Z"},
		// Sat 20:00 CEST: 3 h, quiet until Sun 07:00 CET (9 real hours), 9 h: Sun 16:00 CET.
		{"fall back", "2026-10-24T18:00:00Z", 12 * time.Hour, berlin, "2026-10-25T15:00:00Z"},
		// Starting at 01:30 local, in the quiet: the clock starts at 07:00.
		{"start in the quiet", "2026-06-10T23:30:00Z", time.Hour, berlin, "2026-06-11T06:00:00Z"},
		{"quiet over lunch", "2026-06-10T10:00:00Z", 4 * time.Hour, persist.Prefs{QuietFrom: 12 * 60, QuietTo: 13 * 60}, "2026-06-10T15:00:00Z"},
		{"vacation", "2026-06-10T10:00:00Z", 2 * time.Hour, persist.Prefs{VacationFrom: utc("2026-06-10T11:00:00Z"), VacationUntil: utc("2026-06-13T11:00:00Z")}, "2026-06-13T12:00:00Z"},
		{"a vacation already over", "2026-06-10T10:00:00Z", 2 * time.Hour, persist.Prefs{VacationFrom: utc("2026-06-01T00:00:00Z"), VacationUntil: utc("2026-06-05T00:00:00Z")}, "2026-06-10T12:00:00Z"},
		// 16 active hours a day: 40 h end at 15:00 local on the third day.
		{"several nights", "2026-06-10T05:00:00Z", 40 * time.Hour, berlin, "2026-06-12T13:00:00Z"},
	} {
		if got := activeAdd(utc(c.start), c.d, c.p); !got.Equal(utc(c.want)) {
			t.Errorf("%s: %s, want %s", c.name, got.UTC().Format(time.RFC3339), c.want)
		}
	}
}
