package enginetest_test

import (
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/enginetest"
	"github.com/kaleun/kaleun/engine/example"
)

// The kit fails a game that breaks the contract: each fault, played in a
// child test process, fails there with the kit's words for it.
func TestKitCatchesBrokenGames(t *testing.T) {
	for fault, want := range map[string]string{
		"mutates":     "Apply changed", // its receiver, or first the clone the kit plays on
		"hidden-die":  "but its roll events show",
		"illegal":     "was taken",
		"no-help":     `lack "help"`,
		"version":     "names version",
		"clone":       "CloneState encodes otherwise than the state",
		"sim-workers": "differs from one worker's",
	} {
		t.Run(fault, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-test.run=^TestBrokenGameHelper$", "-test.count=1")
			cmd.Env = append(os.Environ(), "ENGINETEST_FAULT="+fault)
			out, err := cmd.CombinedOutput()
			var exit *exec.ExitError
			if !errors.As(err, &exit) {
				t.Fatalf("the kit passed a game that %s: %v\n%s", fault, err, out)
			}
			if !strings.Contains(string(out), want) {
				t.Fatalf("the kit failed for another reason than %q:\n%s", want, out)
			}
		})
	}
	t.Run("sound", func(t *testing.T) { enginetest.Run(t, example.Game(), enginetest.Options{Games: 3}) })
}

// TestBrokenGameHelper runs the kit over a broken game (only as
// TestKitCatchesBrokenGames's child).
func TestBrokenGameHelper(t *testing.T) {
	fault := os.Getenv("ENGINETEST_FAULT")
	if fault == "" {
		t.Skip("a child of TestKitCatchesBrokenGames")
	}
	g := example.Game()
	g.Rules = brokenRules{Rules: example.NewRules(), fault: fault}
	golden := "../example/testdata/rules_version.json"
	if fault == "version" {
		g.RulesVersion = "example/0"
	}
	if fault == "sim-workers" {
		g.Simulator = workerBoundSimulator{}
	}
	enginetest.Run(t, g, enginetest.Options{Games: 1, Golden: golden})
}

type brokenRules struct {
	*example.Rules
	fault string
}

func (r brokenRules) New(setup []byte, d engine.Dice) (engine.State, []engine.Event, error) {
	st, evs, err := r.Rules.New(setup, d)
	if err != nil {
		return nil, nil, err
	}
	return &brokenState{State: st.(*example.State), fault: r.fault}, evs, nil
}

func (r brokenRules) Decode(b []byte) (engine.State, error) {
	st, err := r.Rules.Decode(b)
	if err != nil {
		return nil, err
	}
	return &brokenState{State: st.(*example.State), fault: r.fault}, nil
}

type brokenState struct {
	*example.State
	fault string
}

func (s *brokenState) Apply(c engine.Choice, d engine.Dice) (engine.State, []engine.Event, error) {
	next, evs, err := s.State.Apply(c, d)
	switch {
	case s.fault == "illegal" && err != nil:
		return s, nil, nil // takes a refused choice
	case err != nil:
		return nil, nil, err
	case s.fault == "mutates":
		s.State.Decision += 10
	case s.fault == "hidden-die":
		d.Roll(6)
	}
	return &brokenState{State: next.(*example.State), fault: s.fault}, evs, nil
}

func (s *brokenState) CloneState() engine.State {
	c := s.State.CloneState().(*example.State)
	if s.fault == "clone" {
		c.Decision++ // a copy that forgets, or invents, a field
	}
	return &brokenState{State: c, fault: s.fault}
}

func (s *brokenState) Views() []string {
	if s.fault == "no-help" {
		return []string{"status"}
	}
	return s.State.Views()
}

// workerBoundSimulator reports its workers: a report that depends on them.
type workerBoundSimulator struct{}

func (workerBoundSimulator) Simulate(cfg engine.SimConfig, _ func(int) engine.Dice) (*engine.SimReport, error) {
	return &engine.SimReport{Lines: []string{"played"}, Data: map[string]int{"workers": max(cfg.Workers, 1)}}, nil
}
