package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kaleun/kaleun/bot/audit"
	"github.com/kaleun/kaleun/bot/audit/audittest"
	"github.com/kaleun/kaleun/persist"
)

// killFigures are what the fault-injection test counts.
type killFigures struct {
	kills, endKills, stranded, damaged, mismatches, games int
}

// `kaleun play --jsonl` (the real binary, built without -race) is killed
// with SIGKILL at random moments, hundreds of times, and restarted each
// time on the same database, a scripted answerer taking each prompt's
// first option. Every killed database opens cleanly, never holds a
// finished game in its place, and each career ends with the same audit
// head as an unkilled run of the same seed and answers.
//
// Kills at random moments seldom land on a career's last decision, where a
// game used to be stranded, so for each career a copy of the database taken
// a few decisions before its end is played again and killed around the
// moment the end is saved.
func TestKilledPlayEndsWithTheLogOfAnUnkilledRun(t *testing.T) {
	if testing.Short() {
		t.Skip("kills the binary hundreds of times")
	}
	const wantKills, endKills, budget = 300, 40, 40 * time.Second
	bin, dir := kaleunBinary(t), t.TempDir()
	rnd := rand.New(rand.NewPCG(2026, 5))
	// The kills fall in the 60 ms after the process has started and read
	// its charts (tens of milliseconds on a loaded machine): a kill before
	// the first prompt only tests the start, and with every kill there the
	// career would never move.
	startup := timeToFirstPrompt(t, bin, filepath.Join(dir, "startup.db"))
	t.Logf("a play process shows its first prompt %v after it starts", startup)
	var f killFigures
	deadline := time.Now().Add(budget)
	for game := 1; f.kills < wantKills && time.Now().Before(deadline); game++ {
		seed := fmt.Sprintf("%04x", 0xc000+game)
		ref := filepath.Join(dir, seed+"-unkilled.db")
		playFirstOptions(t, bin, []string{"--db", ref, "--seed", seed, "--boat", "VIIC"}, 0)
		id, want, decisions := auditHead(t, bin, ref)

		db := filepath.Join(dir, seed+"-killed.db")
		nearEnd := filepath.Join(dir, seed+"-near-end.db")
		check := func(db string) {
			if _, got, _ := auditHead(t, bin, db); got != want {
				f.mismatches++
				t.Errorf("seed %s, game %s: head %s after kills, %s unkilled", seed, id, got, want)
			}
		}
		kills := killUntilTheEnd(t, bin, db, seed, &f, func() time.Duration {
			return startup + time.Duration(rnd.IntN(60_000))*time.Microsecond
		}, func(done int) {
			if done >= decisions-3 {
				if _, err := os.Stat(nearEnd); err != nil {
					copyFile(t, db, nearEnd)
				}
			}
		})
		f.kills += kills
		f.games++
		check(db)

		if _, err := os.Stat(nearEnd); err != nil {
			continue // the career ran from far off to its end in one go
		}
		// How long an unkilled run from near the end takes to save the end.
		again := filepath.Join(dir, seed+"-again.db")
		copyFile(t, nearEnd, again)
		took := timeToTheEnd(t, bin, again)
		for range endKills {
			copyFile(t, nearEnd, again)
			first := true
			n := killUntilTheEnd(t, bin, again, seed, &f, func() time.Duration {
				if !first {
					return startup + time.Duration(rnd.IntN(60_000))*time.Microsecond
				}
				first = false
				return took/2 + time.Duration(rnd.Int64N(int64(took)))
			}, nil)
			f.kills += n
			f.endKills += n
			check(again)
		}
	}
	t.Logf("%d careers, %d kills (%d around the end): %d stranded games, %d damaged files, %d mismatched heads",
		f.games, f.kills, f.endKills, f.stranded, f.damaged, f.mismatches)
	if f.kills < 100 {
		t.Errorf("only %d kills in %v: the machine is too slow for the test to mean much", f.kills, budget)
	}
}

// killUntilTheEnd plays the career in db, killing each run after delay(),
// until it has ended; seen gets the decisions taken after each kill. It
// returns the number of kills.
func killUntilTheEnd(t *testing.T, bin, db, seed string, f *killFigures, delay func() time.Duration, seen func(decisions int)) int {
	t.Helper()
	kills := 0
	for restarts := 0; ; restarts++ {
		if restarts > 3000 {
			t.Fatalf("seed %s: no end after %d restarts", seed, restarts)
		}
		state, decisions := inspectKilled(t, db, f)
		if state == "finished" {
			return kills
		}
		if seen != nil {
			seen(decisions)
		}
		args := []string{"--db", db}
		if state == "none" {
			args = append(args, "--seed", seed, "--boat", "VIIC")
		}
		if playUntilKilled(t, bin, args, delay()) {
			kills++
		}
	}
}

// timeToFirstPrompt is how long a play process takes, from its start, to
// show its first prompt: the least of three runs on a fresh database.
func timeToFirstPrompt(t *testing.T, bin, db string) time.Duration {
	t.Helper()
	least := time.Duration(0)
	for range 3 {
		os.Remove(db)
		cmd := exec.Command(bin, "play", "--db", db, "--seed", "5a5a", "--boat", "VIIC", "--jsonl")
		out, _ := cmd.StdoutPipe()
		start := time.Now()
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		took := time.Duration(0)
		for sc.Scan() {
			var l jsonLine
			if json.Unmarshal(sc.Bytes(), &l) == nil && l.Type == "prompt" {
				took = time.Since(start)
				break
			}
		}
		cmd.Process.Kill()
		io.Copy(io.Discard, out)
		cmd.Wait()
		if took == 0 {
			t.Fatal("play showed no prompt")
		}
		if least == 0 || took < least {
			least = took
		}
	}
	return least
}

// timeToTheEnd plays db's career to its end, unkilled, and says how long
// from the start of the process the end took to show.
func timeToTheEnd(t *testing.T, bin, db string) time.Duration {
	t.Helper()
	start := time.Now()
	lines := playFirstOptions(t, bin, []string{"--db", db}, 0)
	if lines[len(lines)-1].Type != "end" {
		t.Fatalf("no end: %+v", lines[len(lines)-1])
	}
	return time.Since(start)
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o600); err != nil {
		t.Fatal(err)
	}
}

// inspectKilled opens a killed database as kaleun does and says where its
// game is: "none" yet, "running" (with its decisions) or "finished". A
// finished game still in its place (stranded) or a file that does not open
// fails the test.
func inspectKilled(t *testing.T, db string, f *killFigures) (string, int) {
	t.Helper()
	if _, err := os.Stat(db); errors.Is(err, os.ErrNotExist) {
		return "none", 0
	}
	s, err := persist.OpenReadOnly(db)
	if err != nil {
		f.damaged++
		t.Fatalf("a killed database does not open: %v", err)
	}
	defer s.Close()
	rec, err := s.Load(t.Context(), terminalPlace.Key())
	switch {
	case err == nil && rec.Over:
		// The next run's loader archives it and shows its end.
		f.stranded++
		t.Errorf("game %s is finished but still in its place", rec.ID)
		return "running", rec.Decisions
	case err == nil:
		return "running", rec.Decisions
	case !errors.Is(err, persist.ErrNotFound):
		t.Fatal(err)
	}
	if fin, _ := s.Finished(t.Context()); len(fin) > 0 {
		return "finished", 0
	}
	return "none", 0
}

// playUntilKilled runs kaleun play --jsonl, answering the first option of
// each prompt, and kills it with SIGKILL after delay. It says whether the
// kill came before the process ended by itself.
func playUntilKilled(t *testing.T, bin string, args []string, delay time.Duration) bool {
	t.Helper()
	cmd := exec.Command(bin, append(append([]string{"play"}, args...), "--jsonl")...)
	in, _ := cmd.StdinPipe()
	out, _ := cmd.StdoutPipe()
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	timer := time.AfterFunc(delay, func() { cmd.Process.Kill() })
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var l jsonLine
		if json.Unmarshal(sc.Bytes(), &l) != nil {
			break // cut mid-line by the kill
		}
		if l.Type == "error" {
			timer.Stop()
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("play %v: %s", args, l.Message)
		}
		if l.Type == "prompt" {
			fmt.Fprintln(in, l.Options[0].Key)
		}
	}
	in.Close()
	io.Copy(io.Discard, out)
	err := cmd.Wait()
	killed := !timer.Stop()
	if err != nil && !killed {
		t.Fatalf("play %v: %v\n%s", args, err, stderr.String())
	}
	return killed && err != nil
}

// auditHead returns the id of a database's finished terminal game, its
// log's head hash from `kaleun audit`, and its number of decisions.
func auditHead(t *testing.T, bin, db string) (id, head string, decisions int) {
	t.Helper()
	s, err := persist.OpenReadOnly(db)
	if err != nil {
		t.Fatal(err)
	}
	fin, err := s.Finished(t.Context())
	s.Close()
	if err != nil || len(fin) != 1 {
		t.Fatalf("%s: finished games %+v %v", db, fin, err)
	}
	out, err := exec.Command(bin, "audit", "--db", db, "--game", fin[0].ID).Output()
	if err != nil {
		t.Fatalf("audit: %v", err)
	}
	var x audit.Export
	if err := json.Unmarshal(out, &x); err != nil || x.Head == "" || !x.Over {
		t.Fatalf("audit of %s: %v\n%.300s", fin[0].ID, err, out)
	}
	// The log's first entry commits the moment the game was created, which
	// differs from run to run: heads are compared as if every run had
	// created its game at the same moment, every other entry as it is.
	audittest.Recreate(&x, time.Unix(0, 0).UTC())
	return fin[0].ID, x.Head, fin[0].Decisions
}
