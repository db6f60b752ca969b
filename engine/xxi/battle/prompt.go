package battle

import (
	"fmt"
	"strings"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/xxi/content"
)

// Prompt is the decision the phase waits for, nil once it is over.
func (p Phase) Prompt() *Prompt {
	if p.Over {
		return nil
	}
	m := p.Mission
	if m == nil {
		return p.sailPrompt()
	}
	f := p.flotilla(m.Flotilla)
	pa := p.path(m.Path)
	switch m.Step {
	case StepEncounter:
		sp := pa.Spaces[m.Space]
		return &Prompt{Kind: KindEncounter, Case: "9.1",
			Text: fmt.Sprintf("%s (%s) on the way to the %s, before %s (space %d of %d): take its test, or abort the mission?", f.ID, strength(f), pa.Area.Name, sp.Name, m.Space+1, len(pa.Spaces)),
			Options: []engine.Option{
				{Key: "test", Case: "9.2", Label: fmt.Sprintf("Take the %s test to enter %s", testName(sp.Test), sp.Name),
					Detail: fmt.Sprintf("%dd6, %d+ passes; a failure brings %dd6 of depth charges, %d+ hits (9.4)", rating(f, sp.Test), sp.Target, sp.DepthCharges, f.Ratings.Defense)},
				p.abortOption(f, pa, "9.1"),
			}}
	case StepAfterDC:
		sp := pa.Spaces[m.Space]
		opts := []engine.Option{{Key: "continue", Case: "9.5", Label: fmt.Sprintf("Enter %s and continue the mission", sp.Name), Detail: continueDetail(f)}}
		if isOpenOcean(sp) && p.Rulings.A6 == A6StraightHome {
			opts = append(opts, homeOption())
		}
		opts = append(opts, p.abortOption(f, pa, "9.5"))
		return &Prompt{Kind: KindAfterDC, Case: "9.5",
			Text:    fmt.Sprintf("%s (%s) survived the depth charges of %s: continue the mission, or abort?", f.ID, strength(f), sp.Name),
			Options: opts}
	case StepOpenOceanHit:
		next := "the " + pa.Area.Name
		if m.Space+1 < len(pa.Spaces) {
			next = pa.Spaces[m.Space+1].Name
		}
		return &Prompt{Kind: KindOpenOceanHit, Case: "9.3",
			Text: fmt.Sprintf("%s was hit in the Open Ocean and is Depleted: return directly to Valentin, or continue Depleted to %s?", f.ID, next),
			Options: []engine.Option{homeOption(),
				{Key: "continue", Case: "9.3", Label: "Continue Depleted to " + next, Detail: "A Depleted flotilla is sunk by its next hit (9.4)"}}}
	case StepConvoy:
		var opts []engine.Option
		for _, c := range p.ConvoyState {
			if c.Path == pa.ID && !c.Sunk {
				opts = append(opts, engine.Option{Key: "attack:" + c.ID, Case: "9.7",
					Label:  fmt.Sprintf("Attack %s (%d+)", c.ID, c.Value),
					Detail: fmt.Sprintf("%dd6, %d+ sinks it; then %dd6 of depth charges, %d+ hits (9.8)", f.Ratings.Attack, c.Value, pa.Area.DepthCharges, f.Ratings.Defense)})
			}
		}
		// XXI-A7 after_dc_only: the first attack is not optional (9.7).
		if p.Rulings.A7 == A7AnyStep || m.Attacks > 0 {
			opts = append(opts, engine.Option{Key: "leave", Case: "9.9", Label: "Head home through the Dangerous Trip Home box",
				Detail: fmt.Sprintf("Engine test %dd6, %d+; a failure is one hit (9.6)", f.Ratings.Engine, pa.Home.Target), Safe: true})
		}
		return &Prompt{Kind: KindConvoy, Case: "9.9",
			Text:    fmt.Sprintf("%s (%s) is in the %s: attack a convoy, or head home?", f.ID, strength(f), pa.Area.Name),
			Options: opts}
	}
	return nil
}

func homeOption() engine.Option {
	return engine.Option{Key: "home", Case: "9.3", Label: "Return directly to Valentin", Detail: "No Dangerous Trip Home test (9.3)", Safe: true}
}

func (p Phase) abortOption(f *Flotilla, pa content.Path, cas string) engine.Option {
	return engine.Option{Key: "abort", Case: cas, Label: "Abort to the Dangerous Trip Home box",
		Detail: fmt.Sprintf("Engine test %dd6, %d+; a failure is one hit (9.6)", f.Ratings.Engine, pa.Home.Target), Safe: true}
}

// sailPrompt is 9.1's decision between missions.
func (p Phase) sailPrompt() *Prompt {
	together := p.Rulings.A8 == A8Together
	opts := p.sailOptions()
	text := "Battle Phase: send a Full-strength flotilla from Valentin on a mission, or end the phase."
	if together {
		text = "Battle Phase: declare every flotilla that sails this turn, with its path; then launch them (XXI-A8 together)."
		if len(p.Declared) > 0 {
			var names []string
			for _, o := range p.Declared {
				names = append(names, o.Flotilla+" to the "+p.path(o.Path).Area.Name)
			}
			opts = append(opts, engine.Option{Key: "go", Case: "9.1", Label: "Launch the declared missions: " + strings.Join(names, ", ")})
		}
	}
	// `end` is always offered (9.1 obliges no flotilla to sail); under
	// XXI-A8 together it calls off missions declared and not launched:
	// nothing has been rolled for them.
	end := engine.Option{Key: "end", Case: "9.1", Label: "End the Battle Phase", Safe: true}
	if len(p.Declared) > 0 {
		end.Label = "End the Battle Phase: the declared missions do not sail"
	}
	opts = append(opts, end)
	return &Prompt{Kind: KindSail, Case: "9.1", Text: text, Options: opts}
}

// sailOptions are the sail keys: every Full-strength flotilla in Valentin
// that has not sailed this turn (9.1, 9.9), on every path (but one to an
// empty convoy area under XXI-A20 forbidden).
func (p Phase) sailOptions() []engine.Option {
	var opts []engine.Option
	for _, f := range p.FlotillaState {
		if f.Sunk || f.Depleted || f.Sailed {
			continue
		}
		for _, pa := range p.Paths {
			o := engine.Option{Key: "sail:" + f.ID + ":" + pa.ID, Case: "9.1",
				Label:  fmt.Sprintf("Send %s to the %s", f.ID, pa.Area.Name),
				Detail: "First space: " + pa.Spaces[0].Name}
			if !p.hasConvoy(pa.ID) {
				if p.Rulings.A20 == A20Forbidden {
					continue
				}
				o.Detail = fmt.Sprintf("No convoy in the %s: nothing to attack there (XXI-A20)", pa.Area.Name)
			}
			if p.Rulings.A8 == A8Together {
				o.Label = fmt.Sprintf("Declare %s for the %s", f.ID, pa.Area.Name)
			}
			opts = append(opts, o)
		}
	}
	return opts
}

func strength(f *Flotilla) string {
	if f.Depleted {
		return "Depleted"
	}
	return "Full-strength"
}

func rating(f *Flotilla, test string) int {
	if test == content.Silence {
		return f.Ratings.Silence
	}
	return f.Ratings.Engine
}

func continueDetail(f *Flotilla) string {
	if f.Depleted {
		return "Depleted: its next hit sinks it (9.4)"
	}
	return "Full-strength"
}
