// Package huntersbench is The Hunters' `kaleun bench`: it times simulated
// careers against the engine's speed target (and the size of a saved
// game), and with --advisor the advisor's rollouts. It is a tool beside
// the game, not the game: it reads clocks, which engine/ never does. Its
// game's registration (cmd/kaleun/games.go) offers it as the game's
// engine.Game.Bench.
package huntersbench

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/pprof"
	"time"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
	"github.com/kaleun/kaleun/engine/hunters"
)

// careersTarget is issue 2's target for simulated careers on one core.
const careersTarget = 20000

// benchReport is what `kaleun bench` measures.
type benchReport struct {
	Careers          int     `json:"careers"`
	Workers          int     `json:"workers"`
	Boat             string  `json:"boat"`
	Start            string  `json:"start"`
	Seconds          float64 `json:"seconds"`
	CareersPerSecond float64 `json:"careers_per_second"`
	MicrosPerCareer  float64 `json:"us_per_career"`
	// CPUSeconds is the process's CPU time over the timed careers, and
	// CareersPerCPUSecond the speed by it (0 where it is not measured).
	CPUSeconds          float64 `json:"cpu_seconds,omitempty"`
	CareersPerCPUSecond float64 `json:"careers_per_cpu_second,omitempty"`
	DecisionsPerCareer  float64 `json:"decisions_per_career"`
	// InstructionsPerCareer, with --instructions, is callgrind's count
	// (0 when not counted; InstructionsNot says why).
	InstructionsPerCareer float64 `json:"instructions_per_career,omitempty"`
	InstructionsNot       string  `json:"instructions_not_counted,omitempty"`
	AllocsPerCareer       float64 `json:"allocs_per_career"`
	BytesPerCareer        float64 `json:"bytes_per_career"`
	// LargestState and MeanState are the sizes of a saved game (JSON) over
	// every decision of the sampled careers.
	LargestState int     `json:"largest_saved_state_bytes"`
	MeanState    float64 `json:"mean_saved_state_bytes"`
	TargetMet    bool    `json:"target_met"`
}

// Run measures the shipped binary the way `kaleun sim` runs: careers of
// the built-in commander with the fast dice, on one core. It is kaleun
// bench's command line: args are its flags; the exit status is 0, 1 when
// it could not measure, 2 for a bad flag.
func Run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	careers := fs.Int("careers", 50000, "careers to time")
	boat := fs.String("boat", "VIIC", "U-boat type")
	start := fs.String("start", "1940-10", "start date YYYY-MM")
	asJSON := fs.Bool("json", false, "print one JSON object")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the timed careers (cmd/kaleun/default.pgo is one)")
	advisor := fs.Bool("advisor", false, "time the advisor instead: rollouts on engagement prompts of real careers")
	prompts := fs.Int("prompts", 200, "with --advisor: engagement prompts to time")
	rollouts := fs.Int("rollouts", hunters.DefaultRollouts, "with --advisor: rollouts of an option")
	workers := fs.Int("workers", 1, "careers played at once, each worker on its own core (the target is for one)")
	instructions := fs.Bool("instructions", false, fmt.Sprintf("also count the instructions of %d careers with valgrind's callgrind, where the machine has it (load does not move them; about a minute)", instructionCareers))
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if n, ok := os.LookupEnv(childEnv); ok {
		return runChild(n, *boat, *start, stderr)
	}
	if *workers < 1 || *workers > 1024 {
		fmt.Fprintln(stderr, "kaleun bench: --workers must be between 1 and 1024")
		return 2
	}
	if *advisor {
		if *prompts < 1 || *prompts > 100000 || *rollouts < 1 || *rollouts > 10_000_000 {
			fmt.Fprintln(stderr, "kaleun bench: --prompts must be 1 to 100000 and --rollouts 1 to 10000000")
			return 2
		}
		return benchAdvisor(*prompts, *rollouts, *boat, *start, *asJSON, stdout, stderr)
	}
	if *careers < 100 || *careers > 10_000_000 {
		fmt.Fprintln(stderr, "kaleun bench: --careers must be between 100 and 10000000")
		return 2
	}
	r, err := hunters.NewRules()
	if err != nil {
		fmt.Fprintln(stderr, "kaleun bench:", err)
		return 1
	}
	cfg := hunters.SimConfig{Careers: *careers, Boat: *boat, Start: *start, Workers: *workers}
	fast := dice.NewFast(0)
	reseeded := func(i int) engine.Dice { fast.Reseed(uint64(i)); return fast }
	if *workers > 1 {
		// One dice a career: the workers draw at once.
		reseeded = func(i int) engine.Dice { return dice.NewFast(uint64(i)) }
	}

	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(*workers)) // the target is for one core
	warm := cfg
	warm.Careers = max(*careers/10, 100)
	if _, err := hunters.Simulate(r, warm, reseeded); err != nil {
		fmt.Fprintln(stderr, "kaleun bench:", err)
		return 2
	}
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			fmt.Fprintln(stderr, "kaleun bench:", err)
			return 1
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintln(stderr, "kaleun bench:", err)
			return 1
		}
	}
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	cpuBefore, cpuOK := cpuTime()
	began := time.Now()
	rep, err := hunters.Simulate(r, cfg, reseeded)
	took := time.Since(began)
	cpuAfter, _ := cpuTime()
	runtime.ReadMemStats(&after)
	if *cpuProfile != "" {
		pprof.StopCPUProfile()
	}
	if err != nil {
		fmt.Fprintln(stderr, "kaleun bench:", err)
		return 2
	}
	n := float64(*careers)
	out := benchReport{
		Careers: *careers, Workers: *workers, Boat: rep.Boat, Start: rep.Start, Seconds: took.Seconds(),
		CareersPerSecond:   n / took.Seconds(),
		MicrosPerCareer:    float64(took.Microseconds()) / n,
		DecisionsPerCareer: float64(rep.Decisions) / n,
		AllocsPerCareer:    float64(after.Mallocs-before.Mallocs) / n,
		BytesPerCareer:     float64(after.TotalAlloc-before.TotalAlloc) / n,
	}
	if cpu := cpuAfter - cpuBefore; cpuOK && cpu > 0 {
		out.CPUSeconds = cpu.Seconds()
		out.CareersPerCPUSecond = n / cpu.Seconds()
	}
	out.TargetMet = out.CareersPerSecond >= careersTarget*float64(*workers)
	if out.LargestState, out.MeanState, err = savedStateSizes(r, cfg); err != nil {
		fmt.Fprintln(stderr, "kaleun bench:", err)
		return 2
	}
	if *instructions {
		ctx, cancel := context.WithTimeout(context.Background(), instructionsTimeout)
		ic := countInstructions(ctx, instructionCareers, *boat, *start)
		cancel()
		out.InstructionsPerCareer, out.InstructionsNot = ic.PerCareer, ic.Why
	}
	if *asJSON {
		b, _ := json.Marshal(out)
		fmt.Fprintln(stdout, string(b))
		return 0
	}
	met := "not met"
	if out.TargetMet {
		met = "met"
	}
	cores := "one core"
	if *workers > 1 {
		cores = fmt.Sprintf("%d workers on %d cores", *workers, *workers)
	}
	fmt.Fprintf(stdout, "%d careers, Type %s from %s, %s, fast dice, built-in commander\n", out.Careers, out.Boat, out.Start, cores)
	fmt.Fprintf(stdout, "  speed         %.0f careers/s (%.1f µs a career; target %d a core: %s)\n", out.CareersPerSecond, out.MicrosPerCareer, careersTarget, met)
	if out.CareersPerCPUSecond > 0 {
		fmt.Fprintf(stdout, "  by CPU time   %.0f careers per CPU-second (%.2f s of CPU; on a loaded machine the wall clock counts the waits)\n", out.CareersPerCPUSecond, out.CPUSeconds)
	}
	fmt.Fprintf(stdout, "  decisions     %.1f a career\n", out.DecisionsPerCareer)
	switch {
	case out.InstructionsPerCareer > 0:
		fmt.Fprintf(stdout, "  instructions  %.0f a career (callgrind, %d careers; %.0f a decision)\n", out.InstructionsPerCareer, instructionCareers, out.InstructionsPerCareer/out.DecisionsPerCareer)
	case *instructions:
		fmt.Fprintf(stdout, "  instructions  not counted: %s\n", out.InstructionsNot)
	}
	fmt.Fprintf(stdout, "  allocations   %.1f a career, %.0f bytes\n", out.AllocsPerCareer, out.BytesPerCareer)
	fmt.Fprintf(stdout, "  saved game    %d bytes at most, %.0f on average\n", out.LargestState, out.MeanState)
	return 0
}

// savedStateSizes encodes the state after every decision of a few careers.
func savedStateSizes(r *hunters.Rules, cfg hunters.SimConfig) (largest int, mean float64, err error) {
	su, err := r.ParseSetup(fmt.Appendf(nil, `{"boat":%q,"start":%q}`, cfg.Boat, cfg.Start))
	if err != nil {
		return 0, 0, err
	}
	total, count := 0, 0
	for seed := uint64(1); seed <= 20; seed++ {
		d := dice.NewFast(seed)
		s, _, err := r.Start(su, d, false)
		if err != nil {
			return 0, 0, err
		}
		for s.Over == nil {
			if _, err := s.ApplyInPlace(engine.Choice{Key: hunters.Command(s)}, d, false); err != nil {
				return 0, 0, err
			}
			b, err := s.Encode()
			if err != nil {
				return 0, 0, err
			}
			total += len(b)
			count++
			largest = max(largest, len(b))
		}
	}
	return largest, float64(total) / float64(count), nil
}

// parseFlags parses bench's flags and refuses positional arguments, as
// kaleun's other commands do: 0 after -h or --help, 2 for a bad flag.
func parseFlags(fs *flag.FlagSet, args []string) (code int, ok bool) {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0, false
		}
		return 2, false
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(fs.Output(), "kaleun %s: unexpected argument %q\n", fs.Name(), fs.Arg(0))
		return 2, false
	}
	return 0, true
}
