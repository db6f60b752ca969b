package bot

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/persist"
)

// prefs shows or changes a player's reminder preferences: time zone, quiet
// hours, vacation, where to be reminded, and autopilot. A change moves the
// due times of the prompts waiting for him at once.
func (s *Service) prefs(ctx context.Context, place Place, user User, args map[string]string) (Reply, error) {
	key := playerKey(place.Key(), user.ID)
	p, err := s.store.Prefs(ctx, key)
	if err != nil {
		return Reply{}, err
	}
	next, changed, problem := s.applyPrefs(p, args)
	if problem != "" {
		return private(problem + " Nothing changed."), nil
	}
	var charged []*persist.Tournament
	if days, err := strconv.Atoi(strings.TrimSpace(args["vacation"])); err == nil && days > 0 {
		var refusal string
		var cerr error
		if charged, refusal, cerr = s.chargeVacation(ctx, place, user.ID, days); cerr != nil {
			return Reply{}, cerr
		}
		// A player in tournaments has their organisers' budgets; otherwise
		// the server's yearly one.
		if refusal == "" && len(charged) == 0 && next.VacationUsed > s.vacationDays {
			refusal = fmt.Sprintf("That is more vacation than you have left this year (%d of %d days used).", next.VacationUsed-days, s.vacationDays)
		}
		if refusal != "" {
			return private(refusal + " Nothing changed."), nil
		}
	}
	if changed {
		for _, t := range charged {
			if err := s.store.SaveTournament(ctx, t); err != nil {
				return Reply{}, err
			}
		}
		if err := s.store.SetPrefs(ctx, key, next); err != nil {
			return Reply{}, err
		}
		if err := s.reschedule(ctx, place, user.ID, next); err != nil {
			return Reply{}, err
		}
	}
	return Reply{Private: []Message{{Title: "Your reminder preferences", Fields: describePrefs(next, s.now())}}}, nil
}

// applyPrefs checks every argument before changing anything.
func (s *Service) applyPrefs(p persist.Prefs, args map[string]string) (persist.Prefs, bool, string) {
	changed := false
	for k, v := range args {
		v = strings.TrimSpace(v)
		if v == "" {
			continue
		}
		changed = true
		switch k {
		case "tz":
			if _, err := time.LoadLocation(v); err != nil || v == "Local" {
				return p, false, fmt.Sprintf("%q is not a time zone: use a name like Europe/Berlin or America/New_York.", v)
			}
			p.TZ = v
		case "quiet":
			if v == "off" {
				p.QuietFrom, p.QuietTo = 0, 0
				continue
			}
			from, to, ok := strings.Cut(v, "-")
			f, err1 := parseClock(strings.TrimSpace(from))
			t, err2 := parseClock(strings.TrimSpace(to))
			if !ok || err1 != nil || err2 != nil || f == t {
				return p, false, fmt.Sprintf("quiet %q: give local times as 23:00-07:00, or off.", v)
			}
			p.QuietFrom, p.QuietTo = f, t
		case "vacation":
			if v == "off" || v == "0" {
				p.VacationFrom, p.VacationUntil = time.Time{}, time.Time{}
				continue
			}
			days, err := strconv.Atoi(v)
			if err != nil || days < 1 {
				return p, false, fmt.Sprintf("vacation %q: give a number of days from now, or off.", v)
			}
			now := s.now()
			if p.VacationYear != now.Year() {
				p.VacationYear, p.VacationUsed = now.Year(), 0
			}
			p.VacationUsed += days // checked against the budgets by prefs
			p.VacationFrom, p.VacationUntil = now, now.Add(time.Duration(days)*24*time.Hour)
		case "remind":
			switch v {
			case "channel", "dm", "both":
				p.Remind = v
			default:
				return p, false, fmt.Sprintf("remind %q: channel, dm or both.", v)
			}
		case "autopilot":
			switch v {
			case "on":
				p.Autopilot = true
			case "off":
				p.Autopilot = false
			default:
				return p, false, fmt.Sprintf("autopilot %q: on or off.", v)
			}
		default:
			return p, false, fmt.Sprintf("Unknown preference %q (tz, quiet, vacation, remind, autopilot).", k)
		}
	}
	return p, changed, ""
}

// chargeVacation counts vacation days against the budget of every open or
// running tournament on this server the player is in; it refuses when one
// would go over (the organiser sets each budget).
func (s *Service) chargeVacation(ctx context.Context, place Place, user string, days int) ([]*persist.Tournament, string, error) {
	all, err := s.store.Tournaments(ctx)
	if err != nil {
		return nil, "", err
	}
	prefix := place.Platform + "/" + place.Space + "/"
	var charged []*persist.Tournament
	for i := range all {
		t := &all[i]
		if t.Status == "ended" || !strings.HasPrefix(t.Key, prefix) {
			continue
		}
		for j := range t.Entrants {
			e := &t.Entrants[j]
			if e.User != user || e.Withdrawn {
				continue
			}
			if e.VacationUsed+days > t.VacationDays {
				return nil, fmt.Sprintf("That is more vacation than %s allows (%d of %d days used).", t.Name, e.VacationUsed, t.VacationDays), nil
			}
			e.VacationUsed += days
			charged = append(charged, t)
		}
	}
	return charged, "", nil
}

// reschedule moves the due times of the prompts waiting for the player on
// this platform and server.
func (s *Service) reschedule(ctx context.Context, place Place, user string, p persist.Prefs) error {
	prefix := place.Platform + "/" + place.Space + "/"
	return s.store.Reschedule(ctx,
		func(d persist.Due) bool { return d.User == user && strings.HasPrefix(d.Key, prefix) },
		func(d persist.Due) persist.Due {
			base := d
			if d.Kind == persist.DueDeadline {
				base.Prompt = nil
			}
			for _, x := range s.dueTimes(base, p) {
				if x.Kind == d.Kind && x.N == d.N {
					return x
				}
			}
			// A reminder that now falls after the deadline goes with it.
			d.At, d.Deadline = activeAdd(d.Since, s.deadline, p), time.Time{}
			return d
		})
}

func describePrefs(p persist.Prefs, now time.Time) []engine.Field {
	tz := p.TZ
	if tz == "" {
		tz = "UTC"
	}
	quiet := "none"
	if p.QuietFrom != p.QuietTo {
		quiet = fmt.Sprintf("%02d:%02d-%02d:%02d", p.QuietFrom/60, p.QuietFrom%60, p.QuietTo/60, p.QuietTo%60)
	}
	vacation := "none"
	if p.VacationUntil.After(now) {
		vacation = "until " + p.VacationUntil.In(location(p.TZ)).Format("Mon 2 Jan 15:04")
	}
	remind := p.Remind
	if remind == "" {
		remind = "channel"
	}
	return []engine.Field{
		{Name: "Time zone", Value: tz},
		{Name: "Quiet hours", Value: quiet},
		{Name: "Vacation", Value: fmt.Sprintf("%s (%d days used this year)", vacation, p.VacationUsed)},
		{Name: "Reminders", Value: remind},
		{Name: "Autopilot", Value: map[bool]string{true: "on: routine decisions are taken for you at a deadline", false: "off"}[p.Autopilot]},
	}
}
