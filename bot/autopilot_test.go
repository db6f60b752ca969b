package bot

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/hunters"
)

// Issue 28.2 in chat: a routine decision the autopilot takes at a deadline
// posts the same result as the same decision clicked by hand on the same
// dice (its rolls, their results, the end when it comes), only its first
// line saying who took it.
func TestAutopilotAtADeadlinePostsWhatAClickWould(t *testing.T) {
	dir := t.TempDir()
	handClock := (&fakeClock{}).set("2026-06-10T10:00:00Z")
	autoClock := (&fakeClock{}).set("2026-06-10T10:00:00Z")
	hand, handStore := clockedService(t, filepath.Join(dir, "hand.db"), handClock)
	defer handStore.Close()
	auto, autoStore := clockedService(t, filepath.Join(dir, "auto.db"), autoClock)
	defer autoStore.Close()
	if _, err := auto.Command(t.Context(), here, prien, "hunters", "prefs", map[string]string{"autopilot": "on"}); err != nil {
		t.Fatal(err)
	}
	setup := map[string]string{"boat": "VIIC", "start": "1941-06"}
	r, err := started(t, hand, here, prien, setup)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := started(t, auto, here, prien, setup); err != nil {
		t.Fatal(err)
	}
	h, _ := hunters.NewRules()
	said := func(m Message) string {
		var b strings.Builder
		for _, l := range m.Lines {
			fmt.Fprintln(&b, l.Text, l.Detail)
		}
		for _, e := range m.Events {
			fmt.Fprintln(&b, e.String())
		}
		fmt.Fprintln(&b, m.Transcript, m.Outcome != nil)
		return b.String()
	}
	rolls := 0
	for step := 0; step < 12; step++ {
		rec, err := handStore.Load(t.Context(), here.Key())
		if err != nil {
			t.Fatal(err)
		}
		st, _ := h.Decode(rec.State)
		key, routine := st.(engine.Routine).RoutineChoice()
		if !routine {
			break
		}
		prompt := lastPrompt(t, r)
		id := ""
		for i, o := range prompt.Prompt.Options {
			if o.Key == key {
				id = prompt.Options[i].ID
			}
		}
		r = mustClick(t, hand, prien, id)
		if r.Update == nil {
			t.Fatalf("step %d: the click shows no result: %+v", step, r)
		}
		byHand := said(*r.Update)
		handClock.pass(3 * time.Hour)
		autoClock.pass(3 * time.Hour)
		n, err := tickDelivered(t, auto, autoClock.now())
		if err != nil {
			t.Fatal(err)
		}
		var posted []string
		for _, x := range n {
			for _, a := range x.Answered {
				posted = append(posted, said(a.Message))
			}
		}
		if len(posted) != 1 || posted[0] != byHand {
			t.Fatalf("step %d (%s): the autopilot posted\n%q\nby hand:\n%q", step, key, posted, byHand)
		}
		rolls += strings.Count(byHand, "🎲")
	}
	if rolls == 0 {
		t.Fatal("no decision compared rolled a die")
	}
}
