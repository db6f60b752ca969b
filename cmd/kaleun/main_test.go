package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kaleun/kaleun/internal/pgtest"
)

// kaleunBinary builds the real binary once per test run: some thirty
// tests run it, and each build's link alone took seconds.
func kaleunBinary(t *testing.T) string {
	t.Helper()
	built.once.Do(func() {
		dir, err := os.MkdirTemp("", "kaleun-test-bin-")
		if err != nil {
			built.err = err
			return
		}
		built.dir = dir
		bin := filepath.Join(dir, "kaleun")
		if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
			built.err = fmt.Errorf("build: %v\n%s", err, out)
			return
		}
		built.path = bin
	})
	if built.err != nil {
		t.Fatal(built.err)
	}
	return built.path
}

// built is the binary kaleunBinary built, removed when the tests end.
var built struct {
	once      sync.Once
	dir, path string
	err       error
}

func TestMain(m *testing.M) {
	code := pgtest.Main(m)
	for _, dir := range []string{built.dir, release.dir} {
		if dir != "" {
			os.RemoveAll(dir)
		}
	}
	os.Exit(code)
}

func TestBinaryHelpBadFlagsAndBadDatabase(t *testing.T) {
	bin := kaleunBinary(t)
	help, err := exec.Command(bin, "help").CombinedOutput()
	if err != nil || !strings.Contains(string(help), "play") || !strings.Contains(string(help), "sim") {
		t.Fatalf("help: %v\n%s", err, help)
	}
	for _, flag := range []string{"--help", "-h"} {
		if out, err := exec.Command(bin, flag).CombinedOutput(); err != nil || string(out) != string(help) {
			t.Fatalf("kaleun %s works like kaleun help: %v\n%s", flag, err, out)
		}
	}
	out := help
	cmd := exec.Command(bin, "play", "--no-such-flag")
	out, _ = cmd.CombinedOutput()
	if cmd.ProcessState.ExitCode() != 2 || !strings.Contains(string(out), "no-such-flag") {
		t.Fatalf("bad flag: exit %d\n%s", cmd.ProcessState.ExitCode(), out)
	}
	cmd = exec.Command(bin, "frobnicate")
	out, _ = cmd.CombinedOutput()
	if cmd.ProcessState.ExitCode() != 2 || !strings.Contains(string(out), "unknown command") {
		t.Fatalf("unknown command: %s", out)
	}
	garbage := filepath.Join(t.TempDir(), "garbage.db")
	content := []byte(strings.Repeat("definitely not bbolt ", 500))
	os.WriteFile(garbage, content, 0o600)
	cmd = exec.Command(bin, "play", "--db", garbage, "--boat", "VIIC")
	out, _ = cmd.CombinedOutput()
	if cmd.ProcessState.ExitCode() == 0 || !strings.Contains(string(out), "garbage.db") {
		t.Fatalf("garbage db: exit %d\n%s", cmd.ProcessState.ExitCode(), out)
	}
	if after, _ := os.ReadFile(garbage); !bytes.Equal(after, content) {
		t.Fatal("the garbage file was modified")
	}
}

func TestPlayResumesAndRefusesSetupFlagsMidGame(t *testing.T) {
	bin := kaleunBinary(t)
	db := filepath.Join(t.TempDir(), "k.db")
	cmd := exec.Command(bin, "play", "--db", db, "--seed", "c0ffee", "--boat", "IXA", "--name", "Lemp")
	cmd.Stdin = strings.NewReader("status\nquit\n")
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "Lemp") || !strings.Contains(string(out), "Type IXA") {
		t.Fatalf("%v\n%s", err, out)
	}
	cmd = exec.Command(bin, "play", "--db", db, "--boat", "VIIC")
	out, _ = cmd.CombinedOutput()
	if cmd.ProcessState.ExitCode() == 0 || !strings.Contains(string(out), "in progress") {
		t.Fatalf("setup flags on a running game: %s", out)
	}
	cmd = exec.Command(bin, "play", "--db", db)
	cmd.Stdin = strings.NewReader("quit\n")
	out, err = cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "Resuming game") {
		t.Fatalf("%v\n%s", err, out)
	}
	cmd = exec.Command(bin, "play", "--db", db, "--abandon", "--yes")
	if out, err := cmd.CombinedOutput(); err != nil || !strings.Contains(string(out), "abandoned") {
		t.Fatalf("%v\n%s", err, out)
	}
}

// created is the creation time a game's genesis entry names.
var created = regexp.MustCompile(`created \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ`)

// The same seed and the same answers give the same career, move for move.
func TestSeedMakesACareerReproducible(t *testing.T) {
	bin := kaleunBinary(t)
	run := func() string {
		db := filepath.Join(t.TempDir(), "k.db")
		cmd := exec.Command(bin, "play", "--db", db, "--seed", "abad1dea", "--boat", "VIIB", "--jsonl")
		cmd.Stdin = strings.NewReader(strings.Repeat("e6\nf0a0\nz0\nsail\n", 6) + "status\n")
		out, _ := cmd.Output()
		// The genesis entry says when the game was created, to the second:
		// two runs a second apart differ there and nowhere else.
		return created.ReplaceAllString(string(out), "created <when>")
	}
	a, b := run(), run()
	if a != b || !strings.Contains(a, `"type":"prompt"`) {
		t.Fatalf("two runs differ or are empty:\n%s\n----\n%s", a, b)
	}
}

func TestDiceFileForcesFacesAndNamesTheRollWhenItRunsOut(t *testing.T) {
	bin := kaleunBinary(t)
	dir := t.TempDir()
	script := filepath.Join(dir, "dice.txt")
	// VIIC (1940): starting rank 3 → KptLt; the load; request roll 6; P1 3+4
	// = 7 → British Isles; box 1 (Bay of Biscay) 4+4: none; box 2 runs out.
	os.WriteFile(script, []byte("3 6 3 4 4 4"), 0o600)
	cmd := exec.Command(bin, "play", "--db", filepath.Join(dir, "k.db"), "--dice", script, "--boat", "VIIC")
	cmd.Stdin = strings.NewReader("e6\nf0a0\nz0\nsail\n")
	out, _ := cmd.CombinedOutput()
	s := string(out)
	if !strings.Contains(s, "2d6 = 3+4 = 7 → British Isles") {
		t.Fatalf("forced faces not used:\n%s", s)
	}
	if cmd.ProcessState.ExitCode() == 0 || !strings.Contains(s, "run out after 6 faces") || !strings.Contains(s, "Encounter") {
		t.Fatalf("want a clear stop naming the roll:\n%s", s)
	}
	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(bad, []byte("3 9"), 0o600) // the request roll, once loaded, is a 9
	cmd = exec.Command(bin, "play", "--db", filepath.Join(dir, "k2.db"), "--dice", bad, "--boat", "VIIC")
	cmd.Stdin = strings.NewReader("e6\nf0a0\nz0\n")
	out, _ = cmd.CombinedOutput()
	if cmd.ProcessState.ExitCode() == 0 || !strings.Contains(string(out), "face 9 is not possible on a d6") {
		t.Fatalf("impossible face: %s", out)
	}
}

// Running play after the career has ended says so, shows how it ended, and
// asks before starting another: no, and nothing starts; yes, and the set-up
// questions come.
func TestPlayAfterTheEndAsksBeforeANewCareer(t *testing.T) {
	bin := kaleunBinary(t)
	db := filepath.Join(t.TempDir(), "k.db")
	// A career of Jun-43 ends with its first patrol; option 1 sails on.
	cmd := exec.Command(bin, "play", "--db", db, "--seed", "c0ffee", "--boat", "VIIC", "--start", "1943-06", "--name", "Lemp")
	cmd.Stdin = strings.NewReader(strings.Repeat("1\n", 300))
	ended := false
	for i := 0; i < 3 && !ended; i++ {
		if i > 0 {
			cmd = exec.Command(bin, "play", "--db", db)
			cmd.Stdin = strings.NewReader(strings.Repeat("1\n", 300))
		}
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		if ended = strings.Contains(string(out), "== The end =="); ended {
			// The end's fields as a player reads them, not the keys programs read.
			_, end, _ := strings.Cut(string(out), "== The end ==")
			for _, want := range []string{"Ships sunk:", "Last month:", "Fate:"} {
				if !strings.Contains(end, want) {
					t.Errorf("the end shows no %q:\n%s", want, end)
				}
			}
			if strings.Contains(end, "ships_sunk") || strings.Contains(end, "ended:") {
				t.Errorf("the end shows raw keys:\n%s", end)
			}
		}
	}
	if !ended {
		t.Fatal("the career did not end")
	}
	cmd = exec.Command(bin, "play", "--db", db)
	cmd.Stdin = strings.NewReader("n\n")
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "has ended") || !strings.Contains(string(out), "Lemp") ||
		!strings.Contains(string(out), "Start a new one? [y/N]") || !strings.Contains(string(out), "Nothing started") || strings.Contains(string(out), "U-boat type") {
		t.Fatalf("no: %v\n%s", err, out)
	}
	cmd = exec.Command(bin, "play", "--db", db)
	cmd.Stdin = strings.NewReader("y\nIXA\n\nTopp\n\n\nquit\n")
	out, err = cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "Topp takes command") {
		t.Fatalf("yes: %v\n%s", err, out)
	}
}

// awaitCondition waits until cond holds, checking it every few milliseconds,
// and fails the test naming what did not happen within the time given. The
// tests wait on what they are about to check rather than for a fixed time: a
// fixed sleep is too long on an idle machine and too short on a loaded one.
func awaitCondition(t *testing.T, what string, within time.Duration, cond func() bool) {
	t.Helper()
	for end := time.Now().Add(within); !cond(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatalf("%s: not within %v", what, within)
		}
	}
}

// kaleun bench runs the benchmark a game's registration gives it: with no
// game named, the one game that has one; a game without one is refused
// with the games that have one.
func TestBenchRunsAGamesOwnBenchmark(t *testing.T) {
	var out, errb bytes.Buffer
	if code := runBench([]string{"--careers", "100"}, nil, &out, &errb); code != 0 || !strings.Contains(out.String(), "careers") {
		t.Fatalf("kaleun bench: exit %d\n%s%s", code, out.String(), errb.String())
	}
	out.Reset()
	if code := runBench([]string{"hunters", "--careers", "100"}, nil, &out, &errb); code != 0 {
		t.Fatalf("kaleun bench hunters: exit %d: %s", code, errb.String())
	}
	errb.Reset()
	if code := runBench([]string{"tonnagewar"}, nil, &out, &errb); code != 2 || !strings.Contains(errb.String(), "the games with one: hunters") {
		t.Fatalf("kaleun bench tonnagewar: exit %d: %s", code, errb.String())
	}
}
