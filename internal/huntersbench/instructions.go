package huntersbench

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
	"github.com/kaleun/kaleun/engine/hunters"
)

// Instructions a career are counted by callgrind, which a loaded machine
// does not move (the wall clock moves by a factor of two): this process
// runs again under valgrind, once for the careers asked plus a base and
// once for the base alone, and the difference over the careers leaves the
// start-up and the pack's loading out. GOGC=off leaves out the garbage
// collector, whose share moves from run to run; asyncpreemptoff keeps Go's
// preemption signals from derailing valgrind (docs/operators/speed.md).

// childEnv, set to a number of careers, makes Run play that many careers
// quietly and exit: the process valgrind counts.
const childEnv = "KALEUN_BENCH_CALLGRIND_CAREERS"

// baseCareers are the careers of both counted runs, whose instructions the
// difference takes out with the start-up's.
const baseCareers = 200

// instructionCount is what --instructions measured, or why it could not.
type instructionCount struct {
	PerCareer float64 // 0 when not counted
	Careers   int
	Why       string // why not counted
}

// countInstructions counts the instructions of careers careers of the
// setup with valgrind's callgrind, if the machine has it.
func countInstructions(ctx context.Context, careers int, boat, start string) instructionCount {
	valgrind, err := exec.LookPath("valgrind")
	if err != nil {
		return instructionCount{Why: "valgrind is not on this machine's PATH (Debian: apt-get install valgrind)"}
	}
	self, err := os.Executable()
	if err != nil {
		return instructionCount{Why: "this program's path: " + err.Error()}
	}
	count := func(n int) (uint64, error) {
		cmd := exec.CommandContext(ctx, valgrind, "--tool=callgrind", "--callgrind-out-file=/dev/null",
			self, "bench", "--boat", boat, "--start", start)
		cmd.Env = append(os.Environ(), childEnv+"="+strconv.Itoa(n), "GOGC=off", "GODEBUG=asyncpreemptoff=1", "GOMAXPROCS=1")
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Run(); err != nil {
			return 0, fmt.Errorf("valgrind: %w: %s", err, lastLine(out.String()))
		}
		return collected(out.String())
	}
	withCareers, err := count(baseCareers + careers)
	if err != nil {
		return instructionCount{Why: err.Error()}
	}
	base, err := count(baseCareers)
	if err != nil {
		return instructionCount{Why: err.Error()}
	}
	if withCareers <= base {
		return instructionCount{Why: fmt.Sprintf("callgrind counted %d instructions with the careers and %d without", withCareers, base)}
	}
	return instructionCount{PerCareer: float64(withCareers-base) / float64(careers), Careers: careers}
}

// collectedLine is callgrind's total: "==123== Collected : 155663390".
var collectedLine = regexp.MustCompile(`(?m)^==\d+== Collected : (\d+)\s*$`)

// collected reads callgrind's total from its output.
func collected(out string) (uint64, error) {
	m := collectedLine.FindStringSubmatch(out)
	if m == nil {
		return 0, errors.New("callgrind printed no total: " + lastLine(out))
	}
	return strconv.ParseUint(m[1], 10, 64)
}

func lastLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	return s
}

// runChild plays the careers valgrind counts, as `kaleun sim` plays them
// on one worker, and returns the exit status.
func runChild(n string, boat, start string, stderr io.Writer) int {
	careers, err := strconv.Atoi(n)
	if err != nil || careers < 1 {
		fmt.Fprintf(stderr, "kaleun bench: %s=%q: want a number of careers\n", childEnv, n)
		return 2
	}
	r, err := hunters.NewRules()
	if err != nil {
		fmt.Fprintln(stderr, "kaleun bench:", err)
		return 1
	}
	if _, err := hunters.Simulate(r, hunters.SimConfig{Careers: careers, Boat: boat, Start: start}, func(i int) engine.Dice { return dice.NewFast(uint64(i)) }); err != nil {
		fmt.Fprintln(stderr, "kaleun bench:", err)
		return 2
	}
	return 0
}

// instructionCareers are the careers --instructions counts (those of
// speed.md's figures).
const instructionCareers = 2000

// instructionsTimeout bounds the two counted runs: callgrind is some fifty
// times slower than the careers themselves.
const instructionsTimeout = 30 * time.Minute
