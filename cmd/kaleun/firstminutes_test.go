package main

import (
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// A new player's first minutes at the keyboard, with no flags (issue 18):
// the set-up takes a choice by its number or its beginning in any case and
// says what an ambiguous one could be, the optional rules are each named in
// a phrase, the game names its commander before saying who commands, a
// decision is taken by its number, help lists every command, history shows
// the log's head, and quit says the game is saved.
func TestFirstMinutesAtTheKeyboard(t *testing.T) {
	bin := kaleunBinary(t)
	db := filepath.Join(t.TempDir(), "k.db")
	cmd := exec.Command(bin, "play", "--db", db)
	cmd.Stdin = strings.NewReader("vii\n5\n\nPrien\n\n\n1\nhelp\nhistory\nquit\n")
	b, err := cmd.CombinedOutput()
	out := string(b)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	for _, want := range []string{
		"U-boat type [1 VIIA, 2 VIIB, 3 IXA",
		`"vii" could be VIIA, VIIB, VIIC, VIID or VIIC_Flak`,
		"14.8              Evasive maneuvers",
		"wording=plain|first",
		"Prien commands.",
		"Prien takes command of U-69, a Type VIIC",
		"» Decision: 11 G7a + 3 G7e",
		"Saved — run the same command to resume.",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the first minutes do not show %q:\n%s", want, out)
		}
	}
	for _, wrong := range []string{"Kommandant commands.", "see README", "> > "} {
		if strings.Contains(out, wrong) {
			t.Errorf("the first minutes show %q:\n%s", wrong, out)
		}
	}
	_, help, ok := strings.Cut(out, "-- Commands --")
	if !ok {
		t.Fatalf("help lists no commands:\n%s", out)
	}
	help, _, _ = strings.Cut(help, "\n\n")
	for _, c := range []string{"status", "log", "rules", "history", "dice", "odds", "undo", "autopilot", "help", "quit"} {
		if !regexp.MustCompile(`(?m)^  ` + c + ` — `).MatchString(help) {
			t.Errorf("help does not list %q:\n%s", c, help)
		}
	}
	if !regexp.MustCompile(`== Last rolls ==\n(?:  .*\n)*  log entry \d+ · head [0-9a-f]{12}`).MatchString(out) {
		t.Errorf("history shows no head hash:\n%s", out)
	}
}
