package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// EventKind classifies events.
type EventKind string

const (
	// KindRoll is a die roll with its chart, case, dice, modifiers and result.
	KindRoll EventKind = "roll"
	// KindNote is a narrative line: what happened and why.
	KindNote EventKind = "note"
	// KindChoice records the decision that was taken.
	KindChoice EventKind = "choice"
	// KindEnd marks the end of the game.
	KindEnd EventKind = "end"
)

// Event is one thing that happened while a choice was applied.
type Event struct {
	Kind EventKind `json:"kind"`
	// Case is the rule case the event comes from, when there is one.
	Case string `json:"case,omitempty"`
	Text string `json:"text"`
	Roll *Roll  `json:"roll,omitempty"`
	// Choice is the decision taken, on KindChoice events (for replays and audits).
	Choice *Choice `json:"choice,omitempty"`
	// In games with hidden information: Seat, when set, is the only player
	// who may see the event before the game ends; Hidden events (a deck's
	// shuffle) are shown to nobody before the end.
	Seat   string `json:"seat,omitempty"`
	Hidden bool   `json:"hidden,omitempty"`
}

// Modifier is one die-roll modifier with its reason.
type Modifier struct {
	Value  int    `json:"value"`
	Reason string `json:"reason"`
	Case   string `json:"case,omitempty"`
}

// Roll is a fully described die roll, enough for anyone to check it by hand.
type Roll struct {
	// Chart is the chart id, e.g. "E2"; "" for a roll the rulebook prints in a case.
	Chart   string `json:"chart,omitempty"`
	Case    string `json:"case"`
	Purpose string `json:"purpose"`
	// Dice is the notation, e.g. "2d6", "d66", "1d10+1d10", "1d20".
	Dice string `json:"dice"`
	// Faces holds each physical die in the order rolled.
	Faces []int `json:"faces"`
	// Natural is the unmodified value read off the dice.
	Natural   int        `json:"natural"`
	Modifiers []Modifier `json:"modifiers,omitempty"`
	Total     int        `json:"total"`
	Result    string     `json:"result"`
	// Target, when set, says the modifiers change the number the dice are
	// compared with, not the dice: Natural is what is compared, and Total
	// is the modified target (Base plus Modifiers, halved if Halved). Rolls
	// whose modifiers add to the dice leave it out.
	Target *Target `json:"target,omitempty"`
	// Highest, when set, says the dice are read one by one and the highest
	// counts (XXI's "if any one die equals or exceeds", 9.2): Natural is
	// the highest face, and the working lists the faces instead of a sum.
	Highest bool `json:"highest,omitempty"`
}

// Target is the number a roll-under die is compared with: the roll
// succeeds at or under it.
type Target struct {
	// Name is what the die is rolled against, e.g. "evade" or "attack".
	Name string `json:"name"`
	// Base is the number before the modifiers.
	Base int `json:"base"`
	// Halved: the target is half of Base plus the modifiers, fractions
	// dropped.
	Halved bool `json:"halved,omitempty"`
}

// String renders a roll on one line, e.g.
// "Escort Detection [E2] (9.6.7): 2d6 = 4+4 = 8, +1 G7a by day = 9 → detected",
// or, when the modifiers change the target,
// "... (8.5.1): 1d20 = 9 vs evade ≤ 10 -2 surface escort (Regular) detection +6 evade card = 14 → evaded".
func (r *Roll) String() string {
	var b strings.Builder
	b.WriteString(r.Purpose)
	if r.Chart != "" {
		b.WriteString(" [")
		b.WriteString(r.Chart)
		b.WriteString("]")
	}
	if r.Case != "" {
		b.WriteString(" (")
		b.WriteString(r.Case)
		b.WriteString(")")
	}
	b.WriteString(": ")
	r.writeWorking(&b)
	if r.Result != "" {
		b.WriteString(" → ")
		b.WriteString(r.Result)
	}
	return b.String()
}

// Working is how the roll was read, without what it was for or its result:
// "2d6 = 4+4 = 8, +1 G7a by day = 9", "d66 = 2,3 → 23", or "1d20 = 9 vs
// evade ≤ 10 -2 surface escort (Regular) detection = 8".
func (r *Roll) Working() string {
	var b strings.Builder
	r.writeWorking(&b)
	return b.String()
}

func (r *Roll) writeWorking(b *strings.Builder) {
	b.WriteString(r.Dice)
	b.WriteString(" = ")
	if r.Highest && len(r.Faces) > 1 {
		for i, f := range r.Faces {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(strconv.Itoa(f))
		}
		b.WriteString(": highest ")
	} else if len(r.Faces) > 1 && r.Dice != "d66" && r.Dice != "1d10+1d10" {
		for i, f := range r.Faces {
			if i > 0 {
				b.WriteByte('+')
			}
			b.WriteString(strconv.Itoa(f))
		}
		b.WriteString(" = ")
	} else if len(r.Faces) == 2 {
		fmt.Fprintf(b, "%d,%d → ", r.Faces[0], r.Faces[1])
	}
	b.WriteString(strconv.Itoa(r.Natural))
	if r.Target != nil {
		r.writeTarget(b)
		return
	}
	for _, m := range r.Modifiers {
		b.WriteString(", ")
		writeModifier(b, m)
	}
	if len(r.Modifiers) > 0 {
		b.WriteString(" = ")
		b.WriteString(strconv.Itoa(r.Total))
	}
}

// writeTarget renders what the die was compared with, e.g.
// " vs evade ≤ 10 -2 surface escort (Regular) detection +6 evade card = 14"
// or " vs half attack ≤ (10 -2 storms) / 2 = 4".
func (r *Roll) writeTarget(b *strings.Builder) {
	t := r.Target
	b.WriteString(" vs ")
	b.WriteString(t.Name)
	b.WriteString(" ≤ ")
	if t.Halved && len(r.Modifiers) > 0 {
		b.WriteByte('(')
	}
	b.WriteString(strconv.Itoa(t.Base))
	for _, m := range r.Modifiers {
		b.WriteByte(' ')
		writeModifier(b, m)
	}
	if t.Halved && len(r.Modifiers) > 0 {
		b.WriteByte(')')
	}
	if t.Halved {
		b.WriteString(" / 2")
	}
	if t.Halved || len(r.Modifiers) > 0 {
		b.WriteString(" = ")
		b.WriteString(strconv.Itoa(r.Total))
	}
}

func writeModifier(b *strings.Builder, m Modifier) {
	if m.Value >= 0 {
		b.WriteByte('+')
	}
	b.WriteString(strconv.Itoa(m.Value))
	b.WriteByte(' ')
	b.WriteString(m.Reason)
}

// String renders an event on one line.
func (e Event) String() string {
	if e.Roll != nil {
		return e.Roll.String()
	}
	return e.Text
}
