package bot

import (
	"encoding/hex"
	"fmt"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
	"github.com/kaleun/kaleun/persist"
)

// CursorDice is a dice source that knows how many dice it has handed out.
type CursorDice interface {
	engine.Dice
	Cursor() int64
}

// DiceFor rebuilds a stored game's dice at its cursor, so a resumed game goes
// on with the very next die and never re-rolls one.
func DiceFor(r persist.DiceRecord) (CursorDice, error) {
	switch r.Kind {
	case "scripted":
		return dice.NewScriptedAt(r.Faces, r.Cursor), nil
	case "auditable":
		seed, err := hex.DecodeString(r.Seed)
		if err != nil || len(seed) == 0 {
			return nil, fmt.Errorf("the saved dice seed is damaged")
		}
		return dice.NewAuditable(dice.Mix(seed, r.Entropy), r.GameID, r.Cursor), nil
	}
	return nil, fmt.Errorf("unknown dice kind %q in the saved game", r.Kind)
}
