package audit

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/kaleun/kaleun/engine"
)

// KindSeed marks log entries about the dice seed. The game master writes
// them, not the rules: a replay skips them, the dice check follows them.
const KindSeed engine.EventKind = "seed"

// The seed actions, in the order a seed lives through them.
const (
	ActionCommit  = "commit"  // a fresh secret seed is committed for dice from From on
	ActionEntropy = "entropy" // a player's entropy is mixed into the committed seed
	ActionReveal  = "reveal"  // the seed is revealed: its dice can now be checked
)

// SeedEvent is a log entry about the dice seed.
type SeedEvent struct {
	Kind engine.EventKind `json:"kind"`
	Text string           `json:"text"`
	Seed SeedAction       `json:"seed"`
}

// SeedAction is what happened to the seed.
type SeedAction struct {
	Action string `json:"action"`
	// From is the number of the first die the seed makes.
	From int64 `json:"from"`
	// Commitment is the SHA-256 of the secret seed (before any entropy).
	Commitment string `json:"commitment"`
	Entropy    string `json:"entropy,omitempty"`
	By         string `json:"by,omitempty"`
	// Seed is the secret seed in hex, on a reveal.
	Seed string `json:"seed,omitempty"`
}

// SeedEntry encodes a seed event for the log, with a line for the channel.
func SeedEntry(a SeedAction) (json.RawMessage, string) {
	var text string
	switch a.Action {
	case ActionCommit:
		text = fmt.Sprintf("Dice seed committed for dice #%d on: SHA-256 %s.", a.From, a.Commitment)
	case ActionEntropy:
		text = fmt.Sprintf("%s mixed entropy into the seed (SHA-256 %s): %q.", a.By, short(a.Commitment), a.Entropy)
	case ActionReveal:
		text = fmt.Sprintf("Dice seed revealed: %s (SHA-256 %s). Every die it made can now be checked with `kaleun verify`.", a.Seed, short(a.Commitment))
	}
	b, err := json.Marshal(SeedEvent{Kind: KindSeed, Text: text, Seed: a})
	if err != nil {
		panic(err) // a struct of strings and ints always encodes
	}
	return b, text
}

func short(hash string) string {
	if len(hash) > 12 {
		return hash[:12] + "…"
	}
	return hash
}

// ShortHash is a hash as shown in chat: its first 12 hex digits.
func ShortHash(hash string) string { return strings.TrimSuffix(short(hash), "…") }
