package huntersbench

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// kaleun bench measures, reports in words or JSON, gives the core back, and
// refuses bad flags with a message.
func TestBenchReportsAndRefuses(t *testing.T) {
	cores := runtime.GOMAXPROCS(0)
	var out, errb bytes.Buffer
	prof := filepath.Join(t.TempDir(), "cpu.pprof")
	if code := Run([]string{"--careers", "300", "--json", "--cpuprofile", prof}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if runtime.GOMAXPROCS(0) != cores {
		t.Fatalf("bench left GOMAXPROCS at %d, was %d", runtime.GOMAXPROCS(0), cores)
	}
	var rep benchReport
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatalf("%v: %s", err, out.String())
	}
	if rep.Careers != 300 || rep.CareersPerSecond <= 0 || rep.DecisionsPerCareer < 50 || rep.LargestState < 1000 ||
		rep.MeanState <= 0 || float64(rep.LargestState) < rep.MeanState || rep.Boat != "VIIC" {
		t.Fatalf("implausible report: %+v", rep)
	}
	if st, err := os.Stat(prof); err != nil || st.Size() == 0 {
		t.Fatalf("no CPU profile written: %v", err)
	}
	out.Reset()
	if code := Run([]string{"--careers", "200", "--boat", "IXB", "--start", "1941-03"}, &out, &errb); code != 0 ||
		!strings.Contains(out.String(), "careers/s") || !strings.Contains(out.String(), "Type IXB") {
		t.Fatalf("words: %d %s %s", code, out.String(), errb.String())
	}
	out.Reset()
	if code := Run([]string{"--careers", "200", "--workers", "2"}, &out, &errb); code != 0 || !strings.Contains(out.String(), "2 workers on 2 cores") {
		t.Fatalf("--workers 2: %d %s %s", code, out.String(), errb.String())
	}
	if runtime.GOMAXPROCS(0) != cores {
		t.Fatalf("bench --workers 2 left GOMAXPROCS at %d, was %d", runtime.GOMAXPROCS(0), cores)
	}
	for _, bad := range [][]string{{"--careers", "5"}, {"--workers", "0"}, {"--boat", "XXI"}, {"--start", "1950-01"}, {"extra"}, {"--nope"}} {
		errb.Reset()
		if code := Run(bad, &out, &errb); code != 2 || errb.Len() == 0 {
			t.Errorf("%v: exit %d, message %q", bad, code, errb.String())
		}
	}
}

// kaleun bench --advisor times rollouts on engagement prompts of real
// careers and whole answers, and refuses bad flags.
func TestBenchAdvisor(t *testing.T) {
	var out, errb bytes.Buffer
	if code := Run([]string{"--advisor", "--prompts", "5", "--rollouts", "200", "--json"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var rep advisorReport
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatalf("%v: %s", err, out.String())
	}
	if rep.Prompts != 5 || rep.Rollouts != 200 || rep.RolloutsP50 <= 0 || rep.RolloutsP99 < rep.RolloutsP50 || rep.AnswerPrompts != 5 || rep.AnswerP50 <= 0 {
		t.Fatalf("implausible report: %+v", rep)
	}
	out.Reset()
	if code := Run([]string{"--advisor", "--prompts", "3", "--rollouts", "100"}, &out, &errb); code != 0 || !strings.Contains(out.String(), "to the end of the encounter: p50") {
		t.Fatalf("words: %d %s %s", code, out.String(), errb.String())
	}
	for _, bad := range [][]string{{"--advisor", "--prompts", "0"}, {"--advisor", "--rollouts", "-1"}} {
		errb.Reset()
		if code := Run(bad, &out, &errb); code != 2 || errb.Len() == 0 {
			t.Errorf("%v: exit %d, message %q", bad, code, errb.String())
		}
	}
}
