package huntersbench

import (
	"context"
	"os"
	"os/exec"
	"testing"
)

// TestMain lets this test binary be the program --instructions runs again
// under valgrind ("TEST bench --boat … --start …"), as kaleun is.
func TestMain(m *testing.M) {
	if _, child := os.LookupEnv(childEnv); child && len(os.Args) > 1 && os.Args[1] == "bench" {
		os.Exit(Run(os.Args[2:], os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// callgrind's total is read from its last lines; anything else is an
// error that says what valgrind printed.
func TestCollectedReadsCallgrindsTotal(t *testing.T) {
	n, err := collected("==13094== \n==13094== Events    : Ir\n==13094== Collected : 155663390\n==13094== \n==13094== I   refs:      155,663,390\n")
	if err != nil || n != 155663390 {
		t.Fatalf("got %d, %v", n, err)
	}
	if _, err := collected("valgrind: command not found"); err == nil {
		t.Fatal("no total read as one")
	}
}

// --instructions counts, where valgrind is installed, a plausible number
// of instructions a career (hundreds of thousands), and says why not
// where it is not.
func TestInstructionsAreCountedWhereValgrindIs(t *testing.T) {
	if _, err := exec.LookPath("valgrind"); err != nil {
		t.Setenv("PATH", t.TempDir())
		if ic := countInstructions(context.Background(), 10, "VIIC", "1940-10"); ic.PerCareer != 0 || ic.Why == "" {
			t.Fatalf("without valgrind: %+v", ic)
		}
		t.Skip("valgrind is not installed: only the refusal is tested")
	}
	if raceEnabled || testing.Short() {
		t.Skip("callgrind over a race-instrumented binary counts the detector: run without -race and -short")
	}
	ic := countInstructions(context.Background(), 40, "VIIC", "1940-10")
	if ic.PerCareer < 100_000 || ic.PerCareer > 5_000_000 {
		t.Fatalf("implausible count: %+v", ic)
	}
	t.Logf("%.0f instructions a career over %d careers", ic.PerCareer, ic.Careers)
	t.Setenv("PATH", t.TempDir())
	if ic := countInstructions(context.Background(), 10, "VIIC", "1940-10"); ic.PerCareer != 0 || ic.Why == "" {
		t.Fatalf("without valgrind on PATH: %+v", ic)
	}
}
