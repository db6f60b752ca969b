package bot

import (
	"fmt"
	"time"
	_ "time/tzdata" // players' time zones must resolve on machines without zoneinfo

	"github.com/kaleun/kaleun/persist"
)

// A player's clock runs only outside his quiet hours and his vacation:
// reminders and deadlines fall after so much of his *active* time. Quiet
// hours are local wall-clock times in his zone, so across a daylight-saving
// change a night of 23:00-07:00 lasts seven or nine real hours, as he lives it.

// maxClockSteps bounds the walk over quiet nights (a deadline of months of
// active time would take a few hundred steps).
const maxClockSteps = 10000

// activeAdd returns the instant at which d of the player's active time has
// passed since start.
func activeAdd(start time.Time, d time.Duration, p persist.Prefs) time.Time {
	loc := location(p.TZ)
	t := start
	for i := 0; i < maxClockSteps; i++ {
		if !p.VacationUntil.IsZero() && !t.Before(p.VacationFrom) && t.Before(p.VacationUntil) {
			t = p.VacationUntil
			continue
		}
		if end, quiet := quietEnd(t, p, loc); quiet {
			t = end
			continue
		}
		next := nextStop(t, p, loc)
		if next.IsZero() || t.Add(d).Before(next) || t.Add(d).Equal(next) {
			return t.Add(d)
		}
		d -= next.Sub(t)
		t = next
	}
	return t.Add(d)
}

// nextStop is when the clock next stops after t (quiet hours or vacation
// begin), or zero when it never does.
func nextStop(t time.Time, p persist.Prefs, loc *time.Location) time.Time {
	var next time.Time
	if p.QuietFrom != p.QuietTo {
		local := t.In(loc)
		for day := 0; day <= 1; day++ {
			y, m, dd := local.AddDate(0, 0, day).Date()
			q := wallClock(y, m, dd, p.QuietFrom, loc)
			if q.After(t) {
				next = q
				break
			}
		}
	}
	if v := p.VacationFrom; !p.VacationUntil.IsZero() && v.After(t) && (next.IsZero() || v.Before(next)) {
		next = v
	}
	return next
}

// quietEnd reports whether t falls in the player's quiet hours, and when
// they end.
func quietEnd(t time.Time, p persist.Prefs, loc *time.Location) (time.Time, bool) {
	if p.QuietFrom == p.QuietTo {
		return time.Time{}, false
	}
	local := t.In(loc)
	// The quiet period that could hold t began today or yesterday.
	for day := 0; day >= -1; day-- {
		y, m, d := local.AddDate(0, 0, day).Date()
		from := wallClock(y, m, d, p.QuietFrom, loc)
		toDay := d
		if p.QuietTo <= p.QuietFrom {
			toDay++ // over midnight
		}
		to := wallClock(y, m, toDay, p.QuietTo, loc)
		if !t.Before(from) && t.Before(to) {
			return to, true
		}
	}
	return time.Time{}, false
}

// wallClock is the instant of a local time of day (minutes after midnight);
// time.Date normalises days past the month's end and the hour a DST change skips.
func wallClock(y int, m time.Month, d, minutes int, loc *time.Location) time.Time {
	return time.Date(y, m, d, minutes/60, minutes%60, 0, 0, loc)
}

func location(tz string) *time.Location {
	if tz == "" {
		return time.UTC
	}
	loc, err := time.LoadLocation(tz)
	if err != nil {
		return time.UTC // validated when set; an old name that no longer loads falls back
	}
	return loc
}

// parseClock reads "23:00" as minutes after midnight.
func parseClock(s string) (int, error) {
	var h, m int
	if _, err := fmt.Sscanf(s, "%d:%d", &h, &m); err != nil || h < 0 || h > 23 || m < 0 || m > 59 {
		return 0, fmt.Errorf("%q is not a time of day like 23:00", s)
	}
	return h*60 + m, nil
}
