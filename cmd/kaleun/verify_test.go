package main

import (
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/bot/audit"
	"github.com/kaleun/kaleun/bot/audit/audittest"
)

// exportOf exports the one game of a terminal database to a file.
func exportOf(t *testing.T, bin, dir, db string) (file, id string, data []byte) {
	t.Helper()
	out, err := exec.Command(bin, "audit", "--db", db).CombinedOutput()
	if err != nil {
		t.Fatalf("audit list: %v\n%s", err, out)
	}
	m := regexp.MustCompile(`(?m)^(\S+) +hunters `).FindSubmatch(out)
	if m == nil {
		t.Fatalf("no game listed:\n%s", out)
	}
	data, err = exec.Command(bin, "audit", "--db", db, "--game", string(m[1])).Output()
	if err != nil {
		t.Fatalf("audit export: %v", err)
	}
	file = filepath.Join(dir, "audit.json")
	if err := os.WriteFile(file, data, 0o600); err != nil {
		t.Fatal(err)
	}
	return file, string(m[1]), data
}

// verify runs kaleun verify and returns its output and exit status.
func verify(t *testing.T, bin string, args ...string) (string, int) {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"verify"}, args...)...)
	out, _ := cmd.CombinedOutput()
	return string(out), cmd.ProcessState.ExitCode()
}

// verifyData writes data to a file and verifies it.
func verifyData(t *testing.T, bin, dir string, data []byte, args ...string) (string, int) {
	t.Helper()
	file := filepath.Join(dir, "check.json")
	if err := os.WriteFile(file, data, 0o600); err != nil {
		t.Fatal(err)
	}
	return verify(t, bin, append(args, file)...)
}

// A game played with --dice (faces chosen by hand) is never certified as
// one of random dice: verify says the dice were chosen and exits 3, unless
// asked for scripted files explicitly (--allow-scripted, before or after
// the file).
func TestVerifySaysScriptedDiceWereChosen(t *testing.T) {
	bin, dir := kaleunBinary(t), t.TempDir()
	script := filepath.Join(dir, "faces.txt")
	os.WriteFile(script, []byte(strings.Repeat("3 4 5 2 6 1 ", 100)), 0o600)
	db := filepath.Join(dir, "k.db")
	driveJSONL(t, bin, []string{"--db", db, "--boat", "VIIC", "--dice", script}, firstOptions(10), nil)
	file, id, data := exportOf(t, bin, dir, db)
	var x audit.Export
	json.Unmarshal(data, &x)
	if x.Version != 2 || x.Dice.Scheme != audit.SchemeScripted || x.Game.Surface != "terminal" || x.Dice.Note == "" {
		t.Fatalf("the export must say its dice are scripted, in a terminal: version %d, %+v, %+v", x.Version, x.Game, x.Dice)
	}
	out, code := verify(t, bin, file)
	if code != 3 || strings.Contains(out, "recomputed from their seeds") || !strings.HasPrefix(out, "SCRIPTED DICE: the ") || !strings.Contains(out, "chosen by hand") {
		t.Fatalf("a scripted export: exit %d\n%s", code, out)
	}
	for _, args := range [][]string{{"--allow-scripted", file}, {file, "--allow-scripted"}} {
		out, code = verify(t, bin, args...)
		if code != 0 || !strings.HasPrefix(out, "ok (scripted): game "+id) || !strings.Contains(out, "CHOSEN BY HAND, none is random") || strings.Contains(out, "recomputed") {
			t.Fatalf("%v: exit %d\n%s", args, code, out)
		}
	}
	// The format 1 file of a scripted game, made before this fix: the same.
	old, _ := os.ReadFile("../../bot/audit/testdata/v1-terminal-scripted.json")
	if out, code := verifyData(t, bin, dir, old); code != 3 || !strings.Contains(out, "chosen by hand") {
		t.Fatalf("a format 1 scripted file: exit %d\n%s", code, out)
	}
}

// firstOptions answers the first option to n prompts, then quits.
func firstOptions(n int) func(jsonLine) string {
	return func(l jsonLine) string {
		if n--; n < 0 {
			return "quit"
		}
		return l.Options[0].Key
	}
}

// The head: verify prints it whole, says to compare it with the one posted,
// and checks one given with --head (a prefix, as chat shows it).
func TestVerifyPrintsAndChecksTheHead(t *testing.T) {
	bin, dir := kaleunBinary(t), t.TempDir()
	db := filepath.Join(dir, "k.db")
	driveJSONL(t, bin, []string{"--db", db, "--boat", "VIIC", "--name", "Günther Prien"}, firstOptions(15), nil)
	file, id, data := exportOf(t, bin, dir, db)
	var x audit.Export
	json.Unmarshal(data, &x)
	out, code := verify(t, bin, file)
	if code != 0 || !strings.HasPrefix(out, "ok: game "+id) || !strings.Contains(out, "\nhead: "+x.Head+"\n") || !strings.Contains(out, "Compare it with the head posted") {
		t.Fatalf("exit %d\n%s", code, out)
	}
	out, code = verify(t, bin, "--head", strings.ToUpper(x.Head[:12]), file)
	if code != 0 || !strings.Contains(out, "is this file's head") {
		t.Fatalf("the right head: exit %d\n%s", code, out)
	}
	earlier := x.Entries[9].Hash[:16]
	out, code = verify(t, bin, file, "--head", earlier)
	if code != 0 || !strings.Contains(out, "is entry 10's hash: the first 10 entries are the log as posted then") {
		t.Fatalf("an earlier head: exit %d\n%s", code, out)
	}
	out, code = verify(t, bin, "--head", "0123456789ab", file)
	if code != 1 || !strings.Contains(out, "HEAD NOT FOUND") {
		t.Fatalf("a head not in the file: exit %d\n%s", code, out)
	}
	for _, bad := range []string{"0123", "not-hex-at-all!"} {
		if out, code = verify(t, bin, "--head", bad, file); code != 2 {
			t.Fatalf("--head %s: exit %d\n%s", bad, code, out)
		}
	}
	if out, code = verify(t, bin); code != 2 || !strings.Contains(out, "usage: kaleun verify") {
		t.Fatalf("no file: exit %d\n%s", code, out)
	}
}

// The attacks through the built binaries: a finished terminal career is
// exported with kaleun audit and forged every way audittest knows (the
// first, a middle and the last forgery of each kind, re-hashed); kaleun verify rejects each (exit 1), calls
// a consistent conversion to a script chosen dice (exit 3), and accepts the
// consistent logs of another game only with another head. Every faithful
// re-encoding (Go, jq, Python) is accepted (exit 0).
func TestVerifyBinaryAgainstForgeriesAndReencodings(t *testing.T) {
	// Its own files, fake platform, ports and database: it runs beside the
	// other end-to-end tests, which spend most of their time waiting on
	// timers and processes (.ci/test).
	t.Parallel()
	bin, dir := kaleunBinary(t), t.TempDir()
	db := filepath.Join(dir, "k.db")
	driveJSONL(t, bin, []string{"--db", db, "--boat", "VIIC", "--name", "Jürgen Östen", "--seed", "0dd5"}, firstOptions(100000), nil)
	_, _, data := exportOf(t, bin, dir, db)
	var x audit.Export
	json.Unmarshal(data, &x)
	if !x.Over {
		t.Fatal("the career did not end")
	}
	tried, rejected := 0, 0
	for _, c := range audittest.Sample(data) {
		out, code := verifyData(t, bin, dir, c.Data)
		switch {
		case c.HeadOnly:
			if code != 0 || strings.Contains(out, x.Head) {
				t.Errorf("%s, %s: want a pass with another head, exit %d\n%s", c.Category, c.Name, code, out)
			}
			// Cut short, the log keeps its last seed unrevealed: verify
			// says how few dice it could check.
			if c.Category == "cut short" && (!strings.Contains(out, "; only ") || !strings.Contains(out, "the game is still running") || !strings.Contains(out, "note: the seed with commitment")) {
				t.Errorf("%s: want the unchecked dice said plainly\n%s", c.Name, out)
			}
			continue
		case c.Scripted && code != 3, !c.Scripted && code != 1:
			t.Errorf("%s, %s: exit %d\n%s", c.Category, c.Name, code, out)
		}
		tried++
		if code != 0 {
			rejected++
		}
	}
	t.Logf("through the binary: tamper cases tried %d, rejected %d", tried, rejected)
	reencoded, accepted := 0, 0
	for _, re := range audittest.Reencodings() {
		if !re.Available() {
			t.Logf("%s is not installed here: %q not tried", re.Tool, re.Name)
			continue
		}
		out, err := re.Do(data)
		if err != nil {
			t.Fatal(err)
		}
		reencoded++
		if msg, code := verifyData(t, bin, dir, out); code != 0 || !strings.Contains(msg, "head: "+x.Head) {
			t.Errorf("%s: exit %d\n%s", re.Name, code, msg)
		} else {
			accepted++
		}
	}
	t.Logf("through the binary: faithful re-encodings tried %d, accepted %d", reencoded, accepted)
}

// A database written before format 2 (testdata, made by the code of the
// commit before it) goes on: its game keeps being logged in format 1, its
// export says so and verifies, before and after more decisions.
func TestOldDatabaseGoesOnInFormatOne(t *testing.T) {
	bin, dir := kaleunBinary(t), t.TempDir()
	db := filepath.Join(dir, "old.db")
	gunzip(t, "testdata/v1-terminal-game.db.gz", db)
	for round := 0; round < 2; round++ {
		_, _, data := exportOf(t, bin, dir, db)
		var x audit.Export
		json.Unmarshal(data, &x)
		out, code := verifyData(t, bin, dir, data)
		if x.Version != 1 || code != 0 || !strings.Contains(out, "a format 1 file") || strings.Contains(out, " 0 of ") {
			t.Fatalf("round %d: version %d, exit %d\n%s", round, x.Version, code, out)
		}
		driveJSONL(t, bin, []string{"--db", db}, firstOptions(8), nil)
	}
	// Format 1 files exported by the code before format 2.
	for _, name := range []string{"v1-terminal-running.json", "v1-chat-abandoned.json"} {
		out, code := verify(t, bin, filepath.Join("..", "..", "bot", "audit", "testdata", name))
		if code != 0 || !strings.HasPrefix(out, "ok: game ") || !strings.Contains(out, "a format 1 file") || strings.Contains(out, "; only ") {
			t.Fatalf("%s: exit %d\n%s", name, code, out)
		}
	}
}

func gunzip(t *testing.T, from, to string) {
	t.Helper()
	in, err := os.Open(from)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	z, err := gzip.NewReader(in)
	if err != nil {
		t.Fatal(err)
	}
	out, err := os.Create(to)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(out, z); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(fmt.Errorf("writing %s: %w", to, err))
	}
}

// A terminal career with a free undo and one after dice: `kaleun verify`
// replays both and says what they cost.
func TestVerifyNamesTheUndos(t *testing.T) {
	bin, dir := kaleunBinary(t), t.TempDir()
	db := filepath.Join(dir, "k.db")
	cmd := exec.Command(bin, "play", "--db", db, "--seed", "5eed", "--boat", "VIIC", "--name", "Prien")
	// The mix (free to undo), then the loading, which rolls the assignment:
	// that undo asks first, and "undo" confirms it.
	cmd.Stdin = strings.NewReader("1\nundo\n4\n1\n1\nundo\nundo\nquit\n")
	if out, err := cmd.CombinedOutput(); err != nil || !strings.Contains(string(out), "a free undo") || !strings.Contains(string(out), "The dice seen since are discarded") {
		t.Fatalf("play: %v\n%s", err, out)
	}
	_, _, data := exportOf(t, bin, dir, db)
	out, code := verifyData(t, bin, dir, data)
	if code != 0 || !strings.Contains(out, "undos: 1 decision undone after dice were seen; 1 taken back before any die was rolled since (free).") {
		t.Fatalf("exit %d\n%s", code, out)
	}
}

// A log played under rules another kaleun reads differently is not a
// forgery: verify says the rules changed, from which decision and version,
// and exits 4, with the chain and the dice checked. The same difference
// under the version this kaleun reads is a changed log: exit 1.
func TestVerifyTellsARulesChangeFromAChangedLog(t *testing.T) {
	bin, dir := kaleunBinary(t), t.TempDir()
	db := filepath.Join(dir, "k.db")
	driveJSONL(t, bin, []string{"--db", db, "--boat", "VIIC", "--name", "Prien"}, firstOptions(15), nil)
	_, _, data := exportOf(t, bin, dir, db)
	reworded := func(version string) []byte {
		var x audit.Export
		json.Unmarshal(data, &x)
		var ge audit.GenesisEvent
		json.Unmarshal(x.Entries[0].Event, &ge)
		if ge.Genesis.Rules == "" {
			t.Fatal("the genesis entry names no rules version")
		}
		if version != "" {
			ge.Genesis.Rules = version
			x.Entries[0].Event, _ = audit.EncodeGenesis(ge.Genesis)
		}
		done := false
		for i := len(x.Entries) - 1; i > 0 && !done; i-- {
			var ev map[string]any
			json.Unmarshal(x.Entries[i].Event, &ev)
			if ev["kind"] == "note" {
				ev["text"] = "(reworded) " + ev["text"].(string)
				x.Entries[i].Event, _ = json.Marshal(ev)
				done = true
			}
		}
		if !done {
			t.Fatal("no note to reword")
		}
		audittest.Rehash(&x)
		b, _ := json.Marshal(&x)
		return b
	}
	out, code := verifyData(t, bin, dir, reworded("hunters/0"))
	if code != 4 || !strings.HasPrefix(out, "RULES CHANGED: ") || !strings.Contains(out, "rules version hunters/0") || !strings.Contains(out, "reads the rules as hunters/") {
		t.Fatalf("played under other rules: exit %d\n%s", code, out)
	}
	out, code = verifyData(t, bin, dir, reworded(""))
	if code != 1 || !strings.Contains(out, "(reworded)") {
		t.Fatalf("changed under this kaleun's rules: exit %d\n%s", code, out)
	}
}
