package scripted

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine/dice"
	"github.com/kaleun/kaleun/engine/uboot"
)

var update = flag.Bool("update", false, "rewrite testdata/board.txt from this run")

// The chat tests' seed and first game id (adapters' fixedSeed and NewID):
// the same draws, so the same board on every platform.
var (
	testSeed   = []byte("kaleun adapter test seed")
	testGameID = "g1"
)

// The session on the board alone, with the dice the chat tests' game gets:
// every entry taken by the role the script names, the board as the rules
// say (Check), and the status view equal to testdata/board.txt, which the
// Discord and Slack tests compare their boards with.
func TestScriptedSessionLeavesTheBoardAsTheRulesSay(t *testing.T) {
	st, all, err := Play(dice.NewAuditable(dice.Mix(testSeed, nil), testGameID, 0))
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range Check(st, all) {
		t.Error(b)
	}
	v, err := st.View("status")
	if err != nil {
		t.Fatal(err)
	}
	got := StatusText(v)
	golden := filepath.Join("testdata", "board.txt")
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("the status view:\n%s\nwant (testdata/board.txt):\n%s", got, want)
	}
}

// The check is no rubber stamp: a board a rule would not leave is caught,
// each difference by its case.
func TestCheckCatchesABoardTheRulesWouldNotLeave(t *testing.T) {
	for _, c := range []struct {
		name, want string
		spoil      func(*uboot.State)
	}{
		{"morale one space higher", "§7.3: the Morale Track's token", func(s *uboot.State) { s.Morale-- }},
		{"N4 alive", "§6.10: N4 of watch 2", func(s *uboot.State) { s.Sailors[1][11].KIA = false }},
		{"an activation token left on E1", "E1 of watch 1 holds", func(s *uboot.State) { s.Sailors[0][12].Slots = []string{"act", "", ""} }},
		{"the breach still open", "§10.3.7: section 2", func(s *uboot.State) { s.Sections[2].Breach = true }},
		{"a pyramid token swapped", "§9.4.1: the pyramid", func(s *uboot.State) { s.Pyramid[0] = "fish" }},
		{"the Order Track not reset", "§6.8 step 1", func(s *uboot.State) { s.Order = 3 }},
	} {
		st, all, err := Play(dice.NewAuditable(dice.Mix(testSeed, nil), testGameID, 0))
		if err != nil {
			t.Fatal(err)
		}
		c.spoil(st)
		found := false
		for _, b := range Check(st, all) {
			found = found || strings.Contains(b, c.want)
		}
		if !found {
			t.Errorf("%s: Check says %v, want a problem naming %q", c.name, Check(st, all), c.want)
		}
	}
}
