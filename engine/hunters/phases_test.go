package hunters

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine/dice"
)

// TestEveryPhaseHasOneHandler: each phase is a step or a decision, never both
// and never neither, and its saved name is its own.
func TestEveryPhaseHasOneHandler(t *testing.T) {
	seen := map[string]Phase{}
	for p := Phase(1); p < numPhases; p++ {
		name := p.String()
		if name == "" {
			t.Errorf("phase %d has no name", p)
		}
		if q, dup := seen[name]; dup {
			t.Errorf("phases %d and %d are both named %q", q, p, name)
		}
		seen[name] = p
		h := handlerFor(p)
		switch {
		case p == phaseOver:
			if h.step != nil || h.dec != nil {
				t.Errorf("the end of the game has a handler")
			}
		case h.step == nil && h.dec == nil:
			t.Errorf("phase %q has neither a step nor a decision", name)
		case h.step != nil && h.dec != nil:
			t.Errorf("phase %q is both a step and a decision", name)
		}
	}
	if h := handlerFor(numPhases); h.step != nil || h.dec != nil || Phase(200).String() != "phase#200" {
		t.Error("a phase out of range has a handler or a name")
	}
}

// TestSavedGamesNameTheirPhase: a saved game carries the phase's name, reads
// back to the same phase, and a name this kaleun does not know is refused.
func TestSavedGamesNameTheirPhase(t *testing.T) {
	r := NewRulesWithPack(pack(t))
	st, _, err := r.New([]byte(`{"boat":"VIIC","start":"1940-10"}`), dice.NewFast(5))
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	b, err := s.Encode()
	if err != nil {
		t.Fatal(err)
	}
	want := `"phase":"` + s.Phase.String() + `"`
	if !strings.Contains(string(b), want) {
		t.Fatalf("saved game lacks %s: %.200s", want, b)
	}
	if strings.Contains(string(b), `"gate"`) || strings.Contains(string(b), `"resume"`) {
		t.Fatalf("empty gate or resume saved: %.300s", b)
	}
	back, err := r.Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	if back.(*State).Phase != s.Phase {
		t.Fatalf("phase %v read back as %v", s.Phase, back.(*State).Phase)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	m["phase"] = "sailing_to_the_moon"
	bad, _ := json.Marshal(m)
	if _, err := r.Decode(bad); err == nil || !strings.Contains(err.Error(), `unknown phase "sailing_to_the_moon"`) {
		t.Fatalf("unknown phase: %v", err)
	}
	m["phase"] = "patrol_end" // a step: a saved game always waits at a decision
	bad, _ = json.Marshal(m)
	if _, err := r.Decode(bad); err == nil || !strings.Contains(err.Error(), "waits in unknown phase") {
		t.Fatalf("a step as the saved phase: %v", err)
	}
}
