package audit

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/persist/record"
)

// KindGenesis marks the first entry of a format 2 log. It commits what the
// file says about the game outside the chain (its id, kind, creation time,
// setup, the surface it is played on, how its dice are made), so that
// relabelling any of it means re-hashing the log from its first entry: the
// head then differs from the one posted in the channel.
const KindGenesis engine.EventKind = "genesis"

// The surfaces a game is played on. Only the terminal may script its dice.
const (
	SurfaceTerminal = "terminal"
	SurfaceDiscord  = "discord"
	SurfaceSlack    = "slack"
)

// GenesisEvent is a log's first entry in format 2.
type GenesisEvent struct {
	Kind    engine.EventKind `json:"kind"`
	Text    string           `json:"text"`
	Genesis Genesis          `json:"genesis"`
}

// Genesis is what the first entry commits.
type Genesis struct {
	// Log is the log version (record.LogV2): how every entry is hashed.
	Log     int             `json:"log"`
	ID      string          `json:"id"`
	Game    string          `json:"game"`
	Created time.Time       `json:"created"`
	Setup   json.RawMessage `json:"setup"`
	Surface string          `json:"surface"`
	// Dice is the dice scheme (SchemeHMAC or SchemeScripted), and DiceGameID
	// the id the seeded dice are derived with.
	Dice       string `json:"dice"`
	DiceGameID string `json:"dice_game_id,omitempty"`
	// Rules is the version of the game's rules it begins under
	// (engine.Versioned; empty for a log begun before versions were named).
	Rules string `json:"rules,omitempty"`
}

// SurfaceOf is the surface of a game's place key ("discord/guild/channel").
func SurfaceOf(key string) string {
	surface, _, _ := strings.Cut(key, "/")
	return surface
}

// schemeOf is the export's name for a stored dice kind.
func schemeOf(kind string) (string, error) {
	switch kind {
	case "auditable":
		return SchemeHMAC, nil
	case "scripted":
		return SchemeScripted, nil
	}
	return "", fmt.Errorf("unknown dice kind %q", kind)
}

// GenesisEntry encodes the first log entry of a new game. Call it once the
// record has its id, place, creation time, setup and dice.
func GenesisEntry(rec *record.GameRecord) (json.RawMessage, error) {
	scheme, err := schemeOf(rec.Dice.Kind)
	if err != nil {
		return nil, err
	}
	g := Genesis{Log: record.LogV2, ID: rec.ID, Game: rec.Game, Created: rec.Created, Setup: rec.Setup,
		Surface: SurfaceOf(rec.Key), Dice: scheme, Rules: rec.Rules}
	if len(g.Setup) == 0 {
		g.Setup = json.RawMessage("{}")
	}
	if scheme == SchemeHMAC {
		g.DiceGameID = rec.Dice.GameID
	}
	return EncodeGenesis(g)
}

// EncodeGenesis encodes a genesis entry with its line of text, which says
// nothing the fields do not: verify rebuilds it from them.
func EncodeGenesis(g Genesis) (json.RawMessage, error) {
	how := "its dice drawn from a secret seed committed before the first die"
	if g.Dice != SchemeHMAC {
		how = "its dice CHOSEN from a script, not random"
	}
	text := fmt.Sprintf("Game %s (%s) created %s on %s, %s.", g.ID, g.Game, g.Created.UTC().Format(time.RFC3339), g.Surface, how)
	if g.Rules != "" {
		text += fmt.Sprintf(" Its rules are read as %s.", g.Rules)
	}
	return json.Marshal(GenesisEvent{Kind: KindGenesis, Text: text, Genesis: g})
}
