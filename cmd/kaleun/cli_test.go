package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/persist"
)

// playIn runs kaleun play in the process: its exit status, stdout and stderr.
func playIn(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errs bytes.Buffer
	code := runPlay(args, strings.NewReader(stdin), &out, &errs)
	return code, out.String(), errs.String()
}

// A bare kaleun played a game and left ./kaleun.db behind; --version was an
// unknown command (issue 28, minor).
func TestBareKaleunPrintsHelpAndCreatesNoDatabase(t *testing.T) {
	bin := kaleunBinary(t)
	dir := t.TempDir()
	cmd := exec.Command(bin)
	cmd.Dir = dir
	cmd.Stdin = strings.NewReader("")
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "Usage: kaleun <command>") {
		t.Fatalf("bare kaleun: %v\n%s", err, out)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Fatalf("bare kaleun left %v in its directory", entries)
	}
	for _, v := range []string{"--version", "version"} {
		out, err := exec.Command(bin, v).CombinedOutput()
		// What the version line says is version_test.go's: a release, a
		// module version or "devel" with why, then the build's details.
		if err != nil || !regexp.MustCompile(`^kaleun \S+`).Match(out) {
			t.Fatalf("kaleun %s: %v\n%s", v, err, out)
		}
	}
}

// Every subcommand's --help exits 0 (Go's convention) with clean text: no
// flag whose value name is a back-quoted phrase ("-game kaleun audit --db
// FILE"), no "unknown subcommand"; play and sim list the games.
func TestEverySubcommandsHelpExitsZeroWithCleanText(t *testing.T) {
	bin := kaleunBinary(t)
	games, err := availableGames()
	if err != nil {
		t.Fatal(err)
	}
	flagLine := regexp.MustCompile(`^  -\S+( \S+)?$`)
	for name := range commands() {
		if name == "help" {
			continue
		}
		for _, h := range []string{"--help", "-h"} {
			cmd := exec.Command(bin, name, h)
			cmd.Dir = t.TempDir()
			b, _ := cmd.CombinedOutput()
			out := string(b)
			if code := cmd.ProcessState.ExitCode(); code != 0 {
				t.Errorf("kaleun %s %s: exit %d\n%s", name, h, code, out)
			}
			if strings.Contains(out, "unknown") {
				t.Errorf("kaleun %s %s:\n%s", name, h, out)
			}
			for _, l := range strings.Split(out, "\n") {
				if strings.HasPrefix(l, "  -") && !flagLine.MatchString(l) {
					t.Errorf("kaleun %s %s: a flag line with a phrase for its value: %q", name, h, l)
				}
			}
			want := []string{}
			switch name {
			case "play":
				want = games.Names()
			case "sim":
				for _, n := range games.Names() {
					if simulates(games[n]) {
						want = append(want, n)
					}
				}
			}
			for _, g := range want {
				if !regexp.MustCompile(`(?m)^  ` + regexp.QuoteMeta(g) + ` `).MatchString(out) {
					t.Errorf("kaleun %s %s does not list the game %s:\n%s", name, h, g, out)
				}
			}
			if entries, _ := os.ReadDir(cmd.Dir); len(entries) != 0 {
				t.Errorf("kaleun %s %s left %v", name, h, entries)
			}
		}
	}
}

// --set answers any question of a game's form, here the example game's,
// which has no flag of its own; a bad value or an unknown key is one line
// naming the key and what it takes, and starts nothing.
func TestPlaySetAnswersAnyGamesForm(t *testing.T) {
	db := filepath.Join(t.TempDir(), "k.db")
	code, _, errs := playIn(t, "", "example", "--db", db, "--set", "target=7")
	if code != 2 || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "target=7") || !strings.Contains(errs, "not one of 5, 6") {
		t.Fatalf("a bad value: exit %d\n%s", code, errs)
	}
	code, _, errs = playIn(t, "", "example", "--db", db, "--set", "colour=red")
	if code != 2 || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, `no question "colour"`) || !strings.Contains(errs, "target = 5|6") {
		t.Fatalf("an unknown key: exit %d\n%s", code, errs)
	}
	code, _, errs = playIn(t, "", "--db", db, "--campaign", "opening")
	if code != 2 || !strings.Contains(errs, "--campaign is not a question of hunters") || !strings.Contains(errs, "boat (--boat) = VIIA|") {
		t.Fatalf("another game's flag: exit %d\n%s", code, errs)
	}
	if _, err := os.Stat(db); err == nil {
		t.Fatal("a refused flag created the database")
	}
	code, out, errs := playIn(t, "quit\n", "example", "--db", db, "--seed", "0x07", "--set", "target=6")
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errs, out)
	}
	if got := savedSetup(t, db); got != `{"target":"6"}` {
		t.Fatalf("saved set-up %s", got)
	}
	code, out, _ = playIn(t, "", "example", "--set", "help")
	if code != 0 || !strings.Contains(out, "target = 5|6  Target (default 5)") {
		t.Fatalf("--set help: exit %d\n%s", code, out)
	}
}

// savedSetup is the set-up answers of the game in progress in db.
func savedSetup(t *testing.T, db string) string {
	t.Helper()
	store, err := persist.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	rec, err := store.Load(context.Background(), terminalPlace.Key())
	if err != nil {
		t.Fatal(err)
	}
	return string(rec.Setup)
}

// A partial set of flags asks only for what is missing: a required
// question with no default (the boat), not the optional ones.
func TestPartialFlagsAskOnlyWhatIsMissing(t *testing.T) {
	db := filepath.Join(t.TempDir(), "k.db")
	code, out, errs := playIn(t, "VIIC\nquit\n", "--db", db, "--name", "Prien", "--seed", "01")
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errs, out)
	}
	if !strings.Contains(out, "U-boat type [1 VIIA") || strings.Contains(out, "Start date") || !strings.Contains(out, "Prien takes command of U-69, a Type VIIC") {
		t.Fatalf("asked:\n%s", out)
	}
}

// `help` works in every game a player can start at the keyboard, the
// example game too: none answers "Unknown command".
func TestHelpWorksForEveryGame(t *testing.T) {
	games, err := availableGames()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range games.Names() {
		g := games[name]
		if g.TournamentOnly != "" {
			// A tournament starts it, in chat: said at once, nothing asked.
			code, out, errs := playIn(t, "\n\n", name, "--db", filepath.Join(t.TempDir(), "k.db"))
			if code != 2 || out != "" || !strings.Contains(errs, g.TournamentOnly) {
				t.Errorf("%s: exit %d %s\n%s", name, code, errs, out)
			}
			continue
		}
		args := []string{name, "--db", filepath.Join(t.TempDir(), "k.db"), "--seed", "0x2a"}
		for _, f := range g.Setup {
			// Answers enough that nothing is asked: help is the game's.
			switch {
			case f.Type == engine.FieldUser:
				args = append(args, "--set", f.Key+"=Walker")
			case len(f.Options) > 0:
				args = append(args, "--set", f.Key+"="+f.Options[0].Key)
			}
		}
		in := "help\nquit\n"
		if len(g.Seats) > 0 {
			in = "\n" + in // Enter: the keyboard has passed to the first player
		}
		code, out, errs := playIn(t, in, args...)
		if code != 0 || strings.Contains(out, "Unknown command") || !strings.Contains(out, "== Help") || !strings.Contains(out, "help — ") {
			t.Errorf("%s: exit %d %s\n%s", name, code, errs, out)
		}
	}
}

// Each set-up answer typed is checked when it is given, and asked again
// with the reason (a month like June 1941, a bad U-boat, an unknown rule);
// help explains the question; a one-line welcome names the game.
func TestSetupAnswersAreCheckedWhenGiven(t *testing.T) {
	db := filepath.Join(t.TempDir(), "k.db")
	in := "help\nVIIX\nVIIC\nJune 1941\n1941-06\nPrien\nU-x\n99\nnosuchrule\n\nquit\n"
	code, out, errs := playIn(t, in, "--db", db, "--seed", "01")
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errs, out)
	}
	welcome, _, _ := strings.Cut(out, "\n")
	if !strings.Contains(welcome, "The Hunters") || !strings.Contains(welcome, "help") {
		t.Errorf("the welcome: %q", welcome)
	}
	for _, want := range []string{
		"5) VIIC         Type VIIC (from Oct-40)", // help at the first question
		"It needs an answer.",
		`"VIIX" is not one of the choices`,
		`month "June 1941": want YYYY-MM — try again, or type help`,
		`U-boat number "U-x": want U-<number>`,
		`unknown optional rule "nosuchrule"`,
		"Prien takes command of U-99, a Type VIIC, in Jun-41.",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
}

// Ctrl-D at a set-up question starts nothing, exits 0 and leaves no empty
// database file behind.
func TestEndOfInputAtSetupExitsZeroAndLeavesNoDatabase(t *testing.T) {
	db := filepath.Join(t.TempDir(), "k.db")
	code, out, errs := playIn(t, "VIIC\n", "--db", db)
	if code != 0 || !strings.Contains(out, "Nothing started") {
		t.Fatalf("exit %d: %s\n%s", code, errs, out)
	}
	if _, err := os.Stat(db); !os.IsNotExist(err) {
		t.Fatalf("the database is left behind: %v", err)
	}
}

// The README's own command resumes when run again; one that contradicts
// the saved game says what is saved and what was asked, in one line, and
// changes nothing; another game in the database says so, with --db.
func TestTheSameCommandResumes(t *testing.T) {
	db := filepath.Join(t.TempDir(), "k.db")
	args := []string{"tonnagewar", "--db", db, "--name", "Prien", "--opponent", "Walker"}
	if code, out, errs := playIn(t, "quit\n", args...); code != 0 {
		t.Fatalf("first run: exit %d %s\n%s", code, errs, out)
	}
	before := savedState(t, db)
	code, out, errs := playIn(t, "quit\n", args...)
	if code != 0 || !strings.Contains(out, "Resuming game") {
		t.Fatalf("the same command: exit %d %s\n%s", code, errs, out)
	}
	code, out, errs = playIn(t, "quit\n", "--db", db, "--opponent", "Walker")
	if code != 0 || !strings.Contains(out, "Resuming game") {
		t.Fatalf("the saved game's flag, its game not named: exit %d %s\n%s", code, errs, out)
	}
	code, _, errs = playIn(t, "quit\n", "tonnagewar", "--db", db, "--name", "Prien", "--opponent", "Smith")
	if code == 0 || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, `saved --opponent Walker, asked --opponent Smith`) {
		t.Fatalf("a contradiction: exit %d\n%s", code, errs)
	}
	code, _, errs = playIn(t, "quit\n", "hunters", "--db", db)
	if code == 0 || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "holds a game of tonnagewar in progress") || !strings.Contains(errs, "kaleun play hunters --db ") {
		t.Fatalf("another game: exit %d\n%s", code, errs)
	}
	code, _, errs = playIn(t, "quit\n", "nosuch", "--db", db)
	if code != 2 || !strings.Contains(errs, "the games are example, hunters") {
		t.Fatalf("an unknown game: exit %d\n%s", code, errs)
	}
	if after := savedState(t, db); after != before {
		t.Fatal("a refused command changed the saved game")
	}
}

// savedState is the saved game in db, whole.
func savedState(t *testing.T, db string) string {
	t.Helper()
	store, err := persist.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	rec, err := store.Load(context.Background(), terminalPlace.Key())
	if err != nil {
		t.Fatal(err)
	}
	return string(rec.State) + rec.Updated.String() + rec.Head
}

// --seed takes one format in play and sim, 0x and hex digits: 0x2a is the
// seed 2a (play's old form) and 42 (sim's old form, still taken).
func TestSeedTakesOneFormatInPlayAndSim(t *testing.T) {
	seedOf := func(seed string) string {
		db := filepath.Join(t.TempDir(), "k.db")
		if code, out, errs := playIn(t, "quit\n", "example", "--db", db, "--seed", seed, "--set", "target=5"); code != 0 {
			t.Fatalf("--seed %s: exit %d %s\n%s", seed, code, errs, out)
		}
		store, err := persist.Open(db)
		if err != nil {
			t.Fatal(err)
		}
		defer store.Close()
		rec, err := store.Load(context.Background(), terminalPlace.Key())
		if err != nil {
			t.Fatal(err)
		}
		return rec.Dice.Seed
	}
	if a, b := seedOf("0x2a"), seedOf("2a"); a != b || a != "2a" {
		t.Fatalf("play --seed 0x2a gives seed %s, 2a gives %s", a, b)
	}
	if a, b := seedOf("0x7"), seedOf("07"); a != b {
		t.Fatalf("play --seed 0x7 gives seed %s, 07 gives %s", a, b)
	}
	sim := func(seed string) string {
		var out, errs bytes.Buffer
		if code := runSim([]string{"example", "--games", "50", "--seed", seed}, nil, &out, &errs); code != 0 {
			t.Fatalf("sim --seed %s: exit %d %s", seed, code, errs.String())
		}
		return out.String()
	}
	if a, b := sim("0x2a"), sim("42"); a != b {
		t.Fatalf("sim --seed 0x2a:\n%s\nsim --seed 42:\n%s", a, b)
	}
}

// `history` at a terminal ended with "`audit` exports the whole log", a
// chat command the terminal does not have: it names the shell command.
func TestHistoryAtTheTerminalNamesTheShellCommand(t *testing.T) {
	db := filepath.Join(t.TempDir(), "k.db")
	code, out, errs := playIn(t, "1\nhistory\nquit\n", "--db", db, "--boat", "VIIC", "--seed", "01")
	if code != 0 {
		t.Fatalf("exit %d %s\n%s", code, errs, out)
	}
	if strings.Contains(out, "`audit` exports") || !regexp.MustCompile(`the whole log: kaleun audit --db \S+ --game \S+`).MatchString(out) {
		t.Fatalf("history:\n%s", out)
	}
}

// The flags players have used stay: each is now a game's name for one of
// its set-up questions (engine.SetupField.Flag), and still a flag of play.
func TestTheOldSetupFlagsStay(t *testing.T) {
	code, _, errs := playIn(t, "", "--help")
	if code != 0 {
		t.Fatalf("play --help: exit %d", code)
	}
	for _, f := range []string{"boat", "start", "name", "uboat", "rules", "opponent", "end", "campaign", "length", "draws", "pack", "set", "seed", "dice", "db", "jsonl", "game"} {
		if !regexp.MustCompile(`(?m)^  -` + f + `( \S+)?$`).MatchString(errs) {
			t.Errorf("play has no --%s:\n%s", f, errs)
		}
	}
	db := filepath.Join(t.TempDir(), "k.db")
	code, out, errs := playIn(t, "quit\n", "hunters-duel", "--db", db, "--seed", "0x2a", "--boat", "VIIB", "--start", "1940-01", "--uboat", "U-52", "--rules", "14.6", "--name", "Prien", "--opponent", "Kretschmer", "--end", "1941-12")
	if code != 0 {
		t.Fatalf("hunters-duel with the old flags: exit %d %s\n%s", code, errs, out)
	}
	for _, want := range []string{`"boat":"VIIB"`, `"start":"1940-01"`, `"uboat":"U-52"`, `"rules":"14.6"`, `"end":"1941-12"`, `"a":"Prien"`, `"b":"Kretschmer"`} {
		if got := savedSetup(t, db); !strings.Contains(got, want) {
			t.Errorf("saved set-up %s lacks %s", got, want)
		}
	}
}
