// Package audit exports a game's log and verifies it without trusting the
// bot: the seed against its commitment, every die against its derivation,
// every hash link, and the decisions replayed through the rules.
//
// The export (format "kaleun-audit", version 1) is one JSON object:
//
//	{"format":"kaleun-audit","version":1,
//	 "game":{"id":..,"game":"hunters","created":..,"setup":{..}},
//	 "dice":{"scheme":"hmac-sha256/1"|"scripted","game_id":..,
//	         "seed":"<hex: the seed in force, only when the export reveals it>",
//	         "faces":[..scripted only]},
//	 "over":true|false,"head":"<hash of the last entry>",
//	 "entries":[{"seq":1,"decision":0,"dice":[0,1],"event":{..},"prev":"","hash":".."},..]}
//
// Entries of kind "seed" (SeedEvent) commit to a seed, mix in a player's
// entropy or reveal a seed; every die after a commitment comes from that
// seed, mixed with its entropy (dice.Mix), as dice.Derive(seed, game_id, k,
// sides). An entry's hash is persist.HashEntry. A verifier needs nothing else.
package audit

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

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

// The dice schemes.
const (
	SchemeHMAC     = "hmac-sha256/1"
	SchemeScripted = "scripted"
)

// DiceInfo says how the dice were made.
type DiceInfo struct {
	Scheme string `json:"scheme"`
	GameID string `json:"game_id,omitempty"`
	// Seed reveals the seed in force when the log does not (yet).
	Seed  string `json:"seed,omitempty"`
	Faces []int  `json:"faces,omitempty"`
}

// GameID is the id the dice are derived with.
func (x *Export) GameID() string {
	if x.Dice.GameID != "" {
		return x.Dice.GameID
	}
	return x.Game.ID
}

// Build makes the export of a stored game. The seed in force is included
// only when reveal is true (the holder of a terminal game's database); a
// finished game's log reveals its seed itself.
func Build(ctx context.Context, store *persist.Store, rec *persist.GameRecord, reveal bool) (*Export, error) {
	entries, err := store.Events(ctx, rec.ID, 1, 0)
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
		x.Dice = DiceInfo{Scheme: SchemeHMAC, GameID: rec.Dice.GameID}
		if reveal && !rec.Over {
			x.Dice.Seed = rec.Dice.Seed
		}
	case "scripted":
		x.Dice = DiceInfo{Scheme: SchemeScripted, Faces: rec.Dice.Faces}
	default:
		return nil, fmt.Errorf("unknown dice kind %q", rec.Dice.Kind)
	}
	return x, nil
}
