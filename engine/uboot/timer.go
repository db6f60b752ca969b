package uboot

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kaleun/kaleun/engine"
)

// The breach's countdown (§10.3.7): "the app starts a countdown timer";
// everyone and everything must be evacuated, or the breach sealed, before
// it ends. The timer is the app's, and the board has no clock (the engine
// reads none): a player enters the seconds the app's timer shows, as often
// as he likes, and the status says them with the entry they were read at,
// so every player sees the countdown the app gives. The board never runs
// the timer out: the app says when (`flood:3`).

// timerKey is the number entry of the seconds shown ("t=95").
const timerKey = "t="

// breaches are the sections with an open breach.
func (s *State) breaches() []int {
	var out []int
	for sec := 1; sec <= 8 && sec < len(s.Sections); sec++ {
		if s.Sections[sec].Breach {
			out = append(out, sec)
		}
	}
	return out
}

// timerPrompt: which breach (when more than one is open), then the seconds.
func (s *State) timerPrompt() *engine.Prompt {
	d := s.Draft
	open := s.breaches()
	if len(d.Args) == 1 && len(open) > 1 {
		var o []engine.Option
		for _, sec := range open {
			o = append(o, engine.Option{Key: "s:" + strconv.Itoa(sec), Label: fmt.Sprintf("The breach in section %d%s", sec, s.timerText(sec)), Short: strconv.Itoa(sec), Case: "10.3.7"})
		}
		return &engine.Prompt{Kind: "uboot.timersec", Title: "Breach timer", Text: "Which breach's countdown?", Case: "10.3.7", Options: append(o, back())}
	}
	sec := s.timerSection()
	var o []engine.Option
	for _, n := range []int{15, 30, 45, 60, 90, 120, 150, 180, 240, 300} {
		o = append(o, engine.Option{Key: timerKey + strconv.Itoa(n), Label: clock(n), Short: clock(n), Case: "10.3.7"})
	}
	return &engine.Prompt{Kind: "uboot.timer", Title: "Breach timer", Subject: fmt.Sprintf("section %d", sec),
		Text: fmt.Sprintf("How many seconds does the app's countdown for the breach in section %d show?%s", sec, s.timerText(sec)),
		Case: "10.3.7", Options: append(o, back()),
		Entry: &engine.Entry{Label: "The seconds the app's timer shows", Key: timerKey, Min: 1, Max: 3599, Walk: timerKey}}
}

// timerSection is the breach being timed: the one chosen, or the only one.
func (s *State) timerSection() int {
	if d := s.Draft; len(d.Args) > 1 {
		sec, _ := strconv.Atoi(strings.TrimPrefix(d.Args[1], "s:"))
		return sec
	}
	if open := s.breaches(); len(open) > 0 {
		return open[0]
	}
	return 0
}

func (s *State) applyTimer(key string) {
	d := s.Draft
	if strings.HasPrefix(key, "s:") {
		d.Args = append(d.Args, key)
		return
	}
	n, _ := strconv.Atoi(strings.TrimPrefix(key, timerKey))
	sec := s.timerSection()
	s.Sections[sec].Timer, s.Sections[sec].TimerAt = n, s.Seq+1
	s.note("10.3.7", fmt.Sprintf("The app's countdown for the breach in section %d shows %s: everyone and everything out, or the breach sealed, before it runs out.", sec, clock(n)))
	s.Draft = nil
}

// timerText is what the status says of a breach's countdown.
func (s *State) timerText(sec int) string {
	sc := s.Sections[sec]
	if sc.Timer == 0 {
		return " (the app's countdown runs; no reading entered)"
	}
	return fmt.Sprintf(" (the app's countdown showed %s at entry %d)", clock(sc.Timer), sc.TimerAt)
}

// clock writes seconds as the app's timer does, m:ss.
func clock(n int) string { return fmt.Sprintf("%d:%02d", n/60, n%60) }

// entryKey reports whether key is a number p's Entry takes besides its
// options ("t=95").
func entryKey(p *engine.Prompt, key string) bool {
	if p.Entry == nil || !strings.HasPrefix(key, p.Entry.Key) {
		return false
	}
	n, err := strconv.Atoi(strings.TrimPrefix(key, p.Entry.Key))
	return err == nil && p.EntryKey(n) == key
}
