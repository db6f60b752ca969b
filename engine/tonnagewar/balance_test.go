package tonnagewar

import (
	"testing"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
	"github.com/kaleun/kaleun/internal/testsize"
)

// The house values are chosen so that games between the built-in players
// are contested (docs/players/tonnagewar.md, House values): in the 1,000 games of
// `kaleun sim tonnagewar --games 1000 --seed 7` neither side may win more
// than 65%. A change to the rules, the house values or the built-in players
// that tips the balance fails here instead of drifting unseen.
func TestBuiltInGamesAreContested(t *testing.T) {
	testsize.FullOnly(t) // a share of 1,000 games; fewer would be noise
	r, err := NewRules()
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Simulate(r, 1000, 1, "", func(i int) engine.Dice { return dice.NewFast(uint64(7 + i)) })
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%+v", rep)
	if rep.UBoatWins > 0.65 || rep.EscortWins > 0.65 {
		t.Fatalf("one side wins more than 65%% of 1,000 games: U-boats %.3f, escorts %.3f (%+v)", rep.UBoatWins, rep.EscortWins, rep)
	}
	// Both sides score: the convoy loses ships and the wolfpack boats.
	if rep.MeanShipsSunk < 1 || rep.MeanUBoatsLost < 1 {
		t.Fatalf("a one-sided game: %+v", rep)
	}
}
