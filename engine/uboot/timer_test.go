package uboot

import (
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine"
)

func statusText(t *testing.T, s *State) string {
	t.Helper()
	v, err := s.View("status")
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, sec := range v.Sections {
		for _, l := range sec.Lines {
			b.WriteString(l + "\n")
		}
		for _, f := range sec.Fields {
			b.WriteString(f.Name + ": " + f.Value + "\n")
		}
	}
	return b.String()
}

// §10.3.7: "the app starts a countdown timer" for a hull breach; the board
// has no clock, so the seconds the app's timer shows are entered (any
// number, typed, or a button) and the status says them with the entry they
// were read at; a sealed breach has no countdown any more.
func TestBreachCountdownAsTheAppShowsIt_10_3_7(t *testing.T) {
	s := board(t, `{}`)
	if s.Pending().HasOption("app") {
		s2, _ := enter(t, s, nil, "app")
		if offers(s2, "timer") {
			t.Fatalf("no breach open: no countdown to enter")
		}
	}
	s, _ = enter(t, s, nil, "app", "breach", "s:3")
	if !strings.Contains(statusText(t, s), "HULL BREACH (the app's countdown runs; no reading entered)") {
		t.Fatalf("the status shows the breach before any reading:\n%s", statusText(t, s))
	}
	s, _ = enter(t, s, nil, "app", "timer")
	p := s.Pending()
	if p.Kind != "uboot.timer" || p.Entry == nil || p.Seat != "fo" {
		t.Fatalf("one breach: its seconds asked at once, as a number, of the FO who holds the app (§5.2): %s %+v %q", p.Kind, p.Entry, p.Seat)
	}
	for _, bad := range []string{"t=0", "t=3600", "t=x"} {
		if _, _, err := s.Apply(engine.Choice{Token: p.Token, Key: bad}, &script{}); err == nil {
			t.Fatalf("%s is no reading of the app's timer", bad)
		}
	}
	s, evs := enter(t, s, nil, "t=95")
	if s.Sections[3].Timer != 95 || !strings.Contains(evs[len(evs)-1].Text, "shows 1:35") {
		t.Fatalf("the reading is recorded and logged: %d %v", s.Sections[3].Timer, evs)
	}
	if st := statusText(t, s); !strings.Contains(st, "HULL BREACH (the app's countdown showed 1:35 at entry") {
		t.Fatalf("the status says the seconds:\n%s", st)
	}
	// A second breach: which countdown is asked first.
	s, _ = enter(t, s, nil, "app", "breach", "s:5", "app", "timer")
	if s.Pending().Kind != "uboot.timersec" || !offers(s, "s:5") || !offers(s, "s:3") {
		t.Fatalf("two breaches: which one? %v", keysOf(s.Pending()))
	}
	s, _ = enter(t, s, nil, "s:5", "t=120")
	if s.Sections[5].Timer != 120 || s.Sections[3].Timer != 95 {
		t.Fatalf("each breach its own reading: %d %d", s.Sections[5].Timer, s.Sections[3].Timer)
	}
	s.sealed(3)
	if s.Sections[3].Timer != 0 || strings.Contains(statusText(t, s), "1:35") {
		t.Fatalf("a sealed breach has no countdown")
	}
}
