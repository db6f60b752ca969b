// Package audit exports a game's log and verifies it without trusting the
// bot: the seed against its commitment, every die against its derivation,
// every hash link, and the decisions replayed through the rules.
//
// The export (format "kaleun-audit", version 2; version 1 for games begun
// before it) is one JSON object:
//
//	{"format":"kaleun-audit","version":2,
//	 "game":{"id":..,"game":"hunters","created":..,"setup":{..},"surface":"discord"},
//	 "dice":{"scheme":"hmac-sha256/1"|"scripted","game_id":..,
//	         "seed":"<hex: the seed in force, only when the export reveals it>",
//	         "faces":[..scripted only],"note":".."},
//	 "over":true|false,"head":"<hash of the last entry>",
//	 "entries":[{"seq":1,"decision":-1,"event":{"kind":"genesis",..},"prev":"","hash":".."},..]}
//
// In version 2 the first entry (GenesisEvent) commits the game's id, kind,
// creation time, setup, surface and dice scheme. Entries of kind "seed"
// (SeedEvent) commit to a seed, mix in a player's entropy or reveal a seed;
// every die after a commitment comes from that seed, mixed with its entropy
// (dice.Mix), as dice.Derive(seed, game_id, k, sides). An entry's hash is
// record.HashEntryVersion(version, entry). A verifier needs nothing else.
package audit

import (
	"context"
	"encoding/json"
	"time"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/persist/canonjson"
	"github.com/kaleun/kaleun/persist/record"
)

// Format names the export format; Version is the version new games export
// in, and Versions those this verifier reads.
const (
	Format  = "kaleun-audit"
	Version = 2
)

// Export is a game's audit file.
type Export struct {
	Format  string               `json:"format"`
	Version int                  `json:"version"`
	Game    GameInfo             `json:"game"`
	Dice    DiceInfo             `json:"dice"`
	Over    bool                 `json:"over"`
	Head    string               `json:"head"`
	Entries []record.EventRecord `json:"entries"`

	kinds    []engine.EventKind   // each entry's event kind, once read (kind)
	reads    []entryRead          // what the checks read of each entry's event (entries.go)
	scratch  []byte               // an entry's canonical form, while it is hashed
	captured []canonjson.Captured // the events' canonical forms, read with the file's (Verify)
}

// GameInfo identifies the game.
type GameInfo struct {
	ID      string          `json:"id"`
	Game    string          `json:"game"`
	Created time.Time       `json:"created"`
	Setup   json.RawMessage `json:"setup"`
	// Surface is where the game is played: terminal, discord or slack.
	Surface string `json:"surface,omitempty"`
}

// The dice schemes.
const (
	SchemeHMAC     = "hmac-sha256/1"
	SchemeScripted = "scripted"
)

// ScriptedNote is what a scripted export says of its dice.
const ScriptedNote = "the faces were chosen in advance (kaleun play --dice): they are a script, not random dice"

// DiceInfo says how the dice were made.
type DiceInfo struct {
	Scheme string `json:"scheme"`
	GameID string `json:"game_id,omitempty"`
	// Seed reveals the seed in force when the log does not (yet).
	Seed  string `json:"seed,omitempty"`
	Faces []int  `json:"faces,omitempty"`
	// Note says in words what a scripted scheme means.
	Note string `json:"note,omitempty"`
}

// GameID is the id the dice are derived with.
func (x *Export) GameID() string {
	if x.Dice.GameID != "" {
		return x.Dice.GameID
	}
	return x.Game.ID
}

// Events reads a game's log from its first entry on: *persist.Store's
// Events. Build asks for nothing more of the database, so this package, the
// verifier, builds where no database does (the browser).
type Events interface {
	Events(ctx context.Context, gameID string, from uint64, limit int) ([]record.EventRecord, error)
}

// Build makes the export of a stored game. The seed in force is included
// only when reveal is true (the holder of a terminal game's database); a
// finished game's log reveals its seed itself.
func Build(ctx context.Context, store Events, rec *record.GameRecord, reveal bool) (*Export, error) {
	entries, err := store.Events(ctx, rec.ID, 1, 0)
	if err != nil {
		return nil, err
	}
	version := record.LogV1
	if rec.LogVersion == record.LogV2 {
		version = record.LogV2
	}
	x := &Export{Format: Format, Version: version, Over: rec.Over, Head: rec.Head, Entries: entries,
		Game: GameInfo{ID: rec.ID, Game: rec.Game, Created: rec.Created, Setup: rec.Setup, Surface: SurfaceOf(rec.Key)}}
	if len(x.Game.Setup) == 0 {
		x.Game.Setup = json.RawMessage("{}")
	}
	scheme, err := schemeOf(rec.Dice.Kind)
	if err != nil {
		return nil, err
	}
	switch scheme {
	case SchemeHMAC:
		x.Dice = DiceInfo{Scheme: SchemeHMAC, GameID: rec.Dice.GameID}
		if reveal && !rec.Over {
			x.Dice.Seed = rec.Dice.Seed
		}
	case SchemeScripted:
		x.Dice = DiceInfo{Scheme: SchemeScripted, Faces: rec.Dice.Faces, Note: ScriptedNote}
	}
	return x, nil
}
