// Package audit exports a game's log and verifies it without trusting the
// bot: the seed against its commitment, every die against its derivation,
// every hash link, and the decisions replayed through the rules.
//
// The export (format "kaleun-audit", version 1) is one JSON object:
//
//	{"format":"kaleun-audit","version":1,
//	 "game":{"id":..,"game":"hunters","created":..,"setup":{..}},
//	 "dice":{"scheme":"hmac-sha256/1"|"scripted","game_id":..,"commitment":"<sha256 hex>",
//	         "seed":"<hex, only once revealed>","faces":[..scripted only]},
//	 "over":true|false,"head":"<hash of the last entry>",
//	 "entries":[{"seq":1,"decision":0,"dice":[0,1],"event":{..},"prev":"","hash":".."},..]}
//
// Die k with s sides is dice.Derive(seed, game_id, k, s) (engine/dice); an
// entry's hash is persist.HashEntry. A verifier needs nothing else.
package audit

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"time"

	"github.com/kaleun/kaleun/engine/dice"
	"github.com/kaleun/kaleun/persist"
)

// Format and Version name the export format.
const (
	Format  = "kaleun-audit"
	Version = 1
)

// Export is a game's audit file.
type Export struct {
	Format  string                `json:"format"`
	Version int                   `json:"version"`
	Game    GameInfo              `json:"game"`
	Dice    DiceInfo              `json:"dice"`
	Over    bool                  `json:"over"`
	Head    string                `json:"head"`
	Entries []persist.EventRecord `json:"entries"`
}

// GameInfo identifies the game.
type GameInfo struct {
	ID      string          `json:"id"`
	Game    string          `json:"game"`
	Created time.Time       `json:"created"`
	Setup   json.RawMessage `json:"setup"`
}

// DiceInfo says how the dice were made.
type DiceInfo struct {
	Scheme     string `json:"scheme"`
	GameID     string `json:"game_id,omitempty"`
	Commitment string `json:"commitment,omitempty"`
	Seed       string `json:"seed,omitempty"`
	Faces      []int  `json:"faces,omitempty"`
}

// Build makes the export of a stored game. The seed is included only when
// reveal is true (a finished game, or the owner of a terminal database).
func Build(store *persist.Store, rec *persist.GameRecord, reveal bool) (*Export, error) {
	entries, err := store.Events(rec.ID, 1, 0)
	if err != nil {
		return nil, err
	}
	x := &Export{Format: Format, Version: Version, Over: rec.Over, Head: rec.Head, Entries: entries,
		Game: GameInfo{ID: rec.ID, Game: rec.Game, Created: rec.Created, Setup: rec.Setup}}
	if len(x.Game.Setup) == 0 {
		x.Game.Setup = json.RawMessage("{}")
	}
	switch rec.Dice.Kind {
	case "auditable":
		seed, err := hex.DecodeString(rec.Dice.Seed)
		if err != nil {
			return nil, fmt.Errorf("the stored seed is damaged: %w", err)
		}
		x.Dice = DiceInfo{Scheme: "hmac-sha256/1", GameID: rec.Dice.GameID, Commitment: dice.Commitment(seed)}
		if reveal {
			x.Dice.Seed = rec.Dice.Seed
		}
	case "scripted":
		x.Dice = DiceInfo{Scheme: "scripted", Faces: rec.Dice.Faces}
	default:
		return nil, fmt.Errorf("unknown dice kind %q", rec.Dice.Kind)
	}
	return x, nil
}
