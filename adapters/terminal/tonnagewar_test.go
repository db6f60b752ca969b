package terminal

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// Tonnage War had no help: `help` at its first decision answered
// "Unknown command "help"". It shows how to play, each card and the
// session's commands, and the decision is asked again.
func TestTonnageWarHelpAtTheKeyboard(t *testing.T) {
	s := tonnageWarSession(t, false)
	var out bytes.Buffer
	s.In, s.Out = strings.NewReader("\nhelp\nquit\n"), &out
	if err := s.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	_, help, ok := strings.Cut(got, "> ")
	if !ok {
		t.Fatalf("no prompt:\n%s", got)
	}
	if strings.Contains(help, "Unknown command") {
		t.Fatalf("help is refused:\n%s", help)
	}
	for _, want := range []string{"== Help: Tonnage War ==", "Now: game 1 of 2, round 1 of 4, turn 1; Prien (U-boat player) to move.",
		"-- The U-boat player's cards (2.1, 7.2) --", "B-dienst", "-- The escort player's cards (2.2, 7.3) --", "HF/DF", "-- Winning (12) --",
		"-- Commands --", "quit — "} {
		if !strings.Contains(help, want) {
			t.Errorf("help lacks %q:\n%s", want, help)
		}
	}
	if strings.Count(help, "-- decision (7) --") != 1 {
		t.Errorf("the decision is not asked again after help:\n%s", help)
	}
}

// A private decision's result printed the table's lines first and the
// player's "» Decision: …" after them: the decision now comes first, then
// what it brought, public and private, in the log's order.
func TestTonnageWarDecisionLineBeforeItsResults(t *testing.T) {
	s := tonnageWarSession(t, false)
	var out bytes.Buffer
	s.In, s.Out = strings.NewReader("\n1\ndiscard\n"), &out
	if err := s.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	_, after, ok := strings.Cut(got, "What does ")
	if !ok {
		t.Fatalf("no use step:\n%s", got)
	}
	decision := strings.Index(after, "» Decision: Discard it face-down")
	public := strings.Index(after, "The U-boat player discards a tactical card face-down (7.2.1).")
	private := strings.Index(after, "You discarded ")
	if decision < 0 || public < 0 || private < 0 || !(decision < public && public < private) {
		t.Fatalf("want the decision (at %d), then the table's line (%d), then the player's own (%d):\n%s", decision, public, private, after)
	}
}
