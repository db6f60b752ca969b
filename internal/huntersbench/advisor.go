// kaleun bench --advisor times The Hunters' odds advisor. Like games.go,
// this file names a game (see TestNoCommandFileNamesAGame).

package huntersbench

import (
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"slices"
	"time"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
	"github.com/kaleun/kaleun/engine/hunters"
)

// rolloutTarget is issue 19's target: 10,000 rollouts of an option to the
// end of the encounter in 250 ms on one core.
const rolloutTarget = 250 * time.Millisecond

// advisorReport is what `kaleun bench --advisor` measures.
type advisorReport struct {
	Prompts  int    `json:"prompts"`
	Rollouts int    `json:"rollouts"`
	Boat     string `json:"boat"`
	Start    string `json:"start"`
	// Rollouts of the option the built-in commander would take, to the end
	// of the encounter: per prompt, wall clock and CPU time.
	RolloutsP50   float64 `json:"rollouts_ms_p50"`
	RolloutsP99   float64 `json:"rollouts_ms_p99"`
	RolloutsMax   float64 `json:"rollouts_ms_max"`
	RolloutsCPU50 float64 `json:"rollouts_cpu_ms_p50,omitempty"`
	RolloutsCPU99 float64 `json:"rollouts_cpu_ms_p99,omitempty"`
	// Answers: a whole answer (every option's exact odds and rollouts to the
	// end of the patrol), on the first AnswerPrompts prompts.
	AnswerPrompts int     `json:"answer_prompts"`
	AnswerP50     float64 `json:"answer_ms_p50"`
	AnswerP99     float64 `json:"answer_ms_p99"`
	TargetMet     bool    `json:"target_met"`
}

// benchAdvisor times the advisor on prompts of real careers: engagement
// prompts (the Kommandant's decisions during an encounter) met by careers
// of the built-in commander, every few decisions so that they vary.
func benchAdvisor(prompts, rollouts int, boat, start string, asJSON bool, stdout, stderr io.Writer) int {
	r, err := hunters.NewRules()
	if err != nil {
		fmt.Fprintln(stderr, "kaleun bench:", err)
		return 1
	}
	states, err := engagementPrompts(r, prompts, boat, start)
	if err != nil {
		fmt.Fprintln(stderr, "kaleun bench:", err)
		return 2
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1)) // the target is for one core
	rep := advisorReport{Prompts: len(states), Rollouts: rollouts, Boat: boat, Start: start}
	var wall, cpu []float64
	for i, s := range states {
		runtime.GC()
		c0, cpuOK := cpuTime()
		t0 := time.Now()
		if _, err := s.Rollouts(hunters.Command(s), rollouts, uint64(i+1), hunters.ToEncounterEnd); err != nil {
			fmt.Fprintln(stderr, "kaleun bench:", err)
			return 2
		}
		wall = append(wall, ms(time.Since(t0)))
		if c1, _ := cpuTime(); cpuOK {
			cpu = append(cpu, ms(c1-c0))
		}
	}
	rep.RolloutsP50, rep.RolloutsP99, rep.RolloutsMax = percentile(wall, 50), percentile(wall, 99), percentile(wall, 100)
	if len(cpu) > 0 {
		rep.RolloutsCPU50, rep.RolloutsCPU99 = percentile(cpu, 50), percentile(cpu, 99)
	}
	rep.TargetMet = rep.RolloutsP99 <= ms(rolloutTarget)
	rep.AnswerPrompts = min(len(states), 20)
	var answers []float64
	for i, s := range states[:rep.AnswerPrompts] {
		t0 := time.Now()
		if _, err := s.Odds("", engine.OddsBudget{Rollouts: rollouts, Seed: uint64(i + 1)}); err != nil {
			fmt.Fprintln(stderr, "kaleun bench:", err)
			return 2
		}
		answers = append(answers, ms(time.Since(t0)))
	}
	rep.AnswerP50, rep.AnswerP99 = percentile(answers, 50), percentile(answers, 99)
	if asJSON {
		b, _ := json.Marshal(rep)
		fmt.Fprintln(stdout, string(b))
		return 0
	}
	met := "not met"
	if rep.TargetMet {
		met = "met"
	}
	fmt.Fprintf(stdout, "the advisor on %d engagement prompts of Type %s careers from %s, one core\n", rep.Prompts, rep.Boat, rep.Start)
	fmt.Fprintf(stdout, "  %d rollouts of an option to the end of the encounter: p50 %.0f ms, p99 %.0f ms, max %.0f ms (target %d ms: %s)\n",
		rollouts, rep.RolloutsP50, rep.RolloutsP99, rep.RolloutsMax, rolloutTarget.Milliseconds(), met)
	if len(cpu) > 0 {
		fmt.Fprintf(stdout, "  the same by CPU time: p50 %.0f ms, p99 %.0f ms\n", rep.RolloutsCPU50, rep.RolloutsCPU99)
	}
	fmt.Fprintf(stdout, "  a whole answer (every option: exact odds, %d rollouts to the end of the patrol), %d prompts: p50 %.0f ms, p99 %.0f ms\n",
		rollouts, rep.AnswerPrompts, rep.AnswerP50, rep.AnswerP99)
	return 0
}

// engagementPrompts plays careers of the built-in commander and keeps a copy
// of every seventh decision of the Kommandant's taken during an encounter.
func engagementPrompts(r *hunters.Rules, n int, boat, start string) ([]*hunters.State, error) {
	su, err := r.ParseSetup(fmt.Appendf(nil, `{"boat":%q,"start":%q}`, boat, start))
	if err != nil {
		return nil, err
	}
	var out []*hunters.State
	seen := 0
	for seed := uint64(1); len(out) < n && seed < 100000; seed++ {
		d := dice.NewFast(seed)
		s, _, err := r.Start(su, d, false)
		if err != nil {
			return nil, err
		}
		for s.Over == nil && len(out) < n {
			if s.Enc != nil && s.Pending().Actor == engine.Commander {
				if seen++; seen%7 == 0 {
					c, err := engine.Copy[*hunters.State](s, r)
					if err != nil {
						return nil, err
					}
					out = append(out, c)
				}
			}
			if _, err := s.ApplyInPlace(engine.Choice{Key: hunters.Command(s)}, d, false); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// percentile is the p-th percentile (nearest rank) of xs.
func percentile(xs []float64, p float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	i := int(p/100*float64(len(s))+0.5) - 1
	return s[max(0, min(i, len(s)-1))]
}
