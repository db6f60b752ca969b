package audit

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/kaleun/kaleun/engine"
)

// KindEnded marks the log entry of a game the game master ended, not its
// rules: so that its audit shows why it stopped where it did. A replay
// skips it; nothing but the seed's reveal may follow it.
const KindEnded engine.EventKind = "ended"

// EndedIdle is the reason of a game ended for idleness (games.idle_end).
const EndedIdle = "idle"

// EndedEvent is the game master's entry for a game it ended.
type EndedEvent struct {
	Kind  engine.EventKind `json:"kind"`
	Text  string           `json:"text"`
	Ended Ended            `json:"ended"`
}

// Ended says why a game was ended: its reason, and since when (for
// idleness, the last time it moved).
type Ended struct {
	Reason string    `json:"reason"`
	Since  time.Time `json:"since"`
}

// EndedEntry encodes the entry of a game ended for a reason.
func EndedEntry(e Ended) (json.RawMessage, string) {
	text := fmt.Sprintf("The game was ended by the game master (%s).", e.Reason)
	if e.Reason == EndedIdle {
		text = fmt.Sprintf("The game was ended for idleness: no decision since %s.", e.Since.UTC().Format("Mon 2 Jan 2006 15:04 UTC"))
	}
	b, err := json.Marshal(EndedEvent{Kind: KindEnded, Text: text, Ended: e})
	if err != nil {
		panic(err) // strings and a time always encode
	}
	return b, text
}
