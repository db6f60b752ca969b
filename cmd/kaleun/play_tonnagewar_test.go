package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
)

// Tonnage War's set-up at one keyboard asked "Your name (the first
// player) (default Kommandant)": a Hunters word in a card game. It asks in
// the game's words, and Enter names the first player as the game does.
func TestPlayTonnageWarAsksTheFirstPlayerInItsWords(t *testing.T) {
	args := []string{"tonnagewar", "--db", filepath.Join(t.TempDir(), "tw.db"), "--seed", "07"}
	var stdout, stderr bytes.Buffer
	if code := runPlay(args, strings.NewReader("\nWalker\n\n\n\nquit\n"), &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	out := stdout.String()
	_, out, _ = strings.Cut(out, "\n") // the welcome
	if !strings.HasPrefix(out, "Your name (you sail the U-boats in game 1, the escorts in game 2, 12) (default Player A): ") {
		t.Fatalf("the first question:\n%.300s", out)
	}
	if strings.Contains(out, "Kommandant") || !strings.Contains(out, "Game 1: Player A sails the U-boats, Walker the escorts.") {
		t.Fatalf("the first player's default name:\n%.1500s", out)
	}
}
