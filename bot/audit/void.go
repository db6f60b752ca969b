package audit

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/kaleun/kaleun/engine"
)

// KindVoid marks a log entry that takes decisions back (the bot's undo).
// The game master writes it; a replay acts on it: the state the first
// voided decision answered comes back, and the dice never do (the decision
// taken again rolls the next ones).
const KindVoid engine.EventKind = "void"

// VoidEvent is a void entry.
type VoidEvent struct {
	Kind engine.EventKind `json:"kind"`
	Text string           `json:"text"`
	Void Void             `json:"void"`
}

// Void is what an undo takes back.
type Void struct {
	// N numbers the game's undos: 1 for its first.
	N int `json:"n"`
	// Decision is the decision undone: it and every decision in force after
	// it are voided (Decisions lists them), and the prompt it answered is
	// pending again.
	Decision  int   `json:"decision"`
	Decisions []int `json:"decisions"`
	// Choice is what the log said of the decision undone (its choice).
	Choice string `json:"choice,omitempty"`
	// Dice are the numbers of the dice the voided decisions rolled, and
	// Faces what they showed: they are discarded, never rolled again. An
	// undo with none is free; one with dice marks the decider's career.
	Dice  []int64 `json:"dice,omitempty"`
	Faces []int   `json:"faces,omitempty"`
	// By is the player who undid it, Seat his seat ("" in a solitaire
	// game), and Consent the other player who allowed it.
	By      string `json:"by"`
	Seat    string `json:"seat,omitempty"`
	Consent string `json:"consent,omitempty"`
}

// AfterDice tells whether the undo came after dice were seen.
func (v Void) AfterDice() bool { return len(v.Dice) > 0 }

// VoidEntry encodes a void for the log, with its line for the channel; the
// text says nothing its fields do not (verify rebuilds it from them).
func VoidEntry(v Void) (json.RawMessage, string) {
	var b strings.Builder
	who := v.By
	if who == "" {
		who = "The player"
	}
	fmt.Fprintf(&b, "Undo %d: %s took back decision %d", v.N, who, v.Decision)
	if v.Choice != "" {
		fmt.Fprintf(&b, " (%s)", v.Choice)
	}
	if len(v.Decisions) > 1 {
		fmt.Fprintf(&b, " and the %s after it", countNoun(len(v.Decisions)-1, "decision", "decisions"))
	}
	if v.Consent != "" {
		fmt.Fprintf(&b, ", with %s's consent", v.Consent)
	}
	if !v.AfterDice() {
		b.WriteString(". No die had been rolled since: a free undo.")
	} else {
		fmt.Fprintf(&b, ". The dice seen since are discarded, never rolled again: %s. The decision taken again rolls fresh dice, and the career is marked.", diceList(v.Dice, v.Faces))
	}
	raw, err := json.Marshal(VoidEvent{Kind: KindVoid, Text: b.String(), Void: v})
	if err != nil {
		panic(err) // ints and strings always encode
	}
	return raw, b.String()
}

// diceList writes dice with their faces: "#41 (4), #42 (1)".
func diceList(ks []int64, faces []int) string {
	parts := make([]string, len(ks))
	for i, k := range ks {
		if i < len(faces) {
			parts[i] = fmt.Sprintf("#%d (%d)", k, faces[i])
		} else {
			parts[i] = fmt.Sprintf("#%d", k)
		}
	}
	return strings.Join(parts, ", ")
}

func countNoun(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// UndoneText says how many decisions were undone after dice were seen, as
// every view of a marked game says it.
func UndoneText(n int) string {
	return countNoun(n, "decision", "decisions") + " undone after dice were seen"
}
