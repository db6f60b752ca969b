package bot

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/kaleun/kaleun/bot/audit"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/persist"
)

// A decision's events as chat shows them: short lines a reader takes in at
// a glance, each with the working of its rolls beside it (chart, rule case,
// dice, modifiers, die numbers), so that every roll stays checkable. The
// game groups its events into lines when it can (engine.Glancer); events it
// leaves alone get a line of their own. The choice itself is the result's
// first line, so its event gets none.

// loggedEvent is a stored log entry read back, with its die numbers.
type loggedEvent struct {
	engine.Event
	dice []int64
	// seed is a seed action's, on the game master's entries.
	seed *audit.SeedAction
}

// readEntries decodes log entries; an entry that does not decode (none
// should: the service wrote them) is left out.
func readEntries(entries []persist.EventRecord) []loggedEvent {
	out := make([]loggedEvent, 0, len(entries))
	for _, er := range entries {
		var e struct {
			engine.Event
			Seed *audit.SeedAction `json:"seed,omitempty"`
		}
		if json.Unmarshal(er.Event, &e) != nil {
			continue
		}
		out = append(out, loggedEvent{Event: e.Event, dice: er.Dice, seed: e.Seed})
	}
	return out
}

// chatLines renders events as short lines.
func chatLines(game *engine.Game, st engine.State, logged []loggedEvent) []Line {
	events := make([]engine.Event, len(logged))
	for i, e := range logged {
		events[i] = e.Event
	}
	var glances []engine.Glance
	if game != nil && game.Glancer != nil {
		glances = game.Glancer.Glance(st, events)
	}
	// Each event goes on the first line that names it; events no line names
	// come in their own place, in the order they happened.
	owner := make([]int, len(events))
	for i := range owner {
		owner[i] = -1
	}
	for gi, g := range glances {
		for _, i := range g.Events {
			if i >= 0 && i < len(events) && owner[i] < 0 {
				owner[i] = gi
			}
		}
	}
	var out []Line
	done := make([]bool, len(glances))
	for i, e := range logged {
		gi := owner[i]
		switch {
		case gi >= 0 && done[gi]:
			continue
		case gi >= 0:
			done[gi] = true
			var rolls []loggedEvent
			for _, j := range glances[gi].Events {
				if j >= 0 && j < len(logged) && owner[j] == gi && logged[j].Roll != nil {
					rolls = append(rolls, logged[j])
				}
			}
			line := Line{Text: glances[gi].Text, Detail: workings(rolls)}
			if line.Text == "" && line.Detail != "" {
				line.Text = glanceOf(rolls[0]) // a roll always keeps a line
			}
			if line.Text != "" {
				out = append(out, line)
			}
		case e.Kind == engine.KindChoice, e.Kind == engine.KindEnd:
			// The result's own first line says the choice, its last the end.
		default:
			if l, ok := lineOf(e); ok {
				out = append(out, l)
			}
		}
	}
	return out
}

// lineOf is an event's own short line.
func lineOf(e loggedEvent) (Line, bool) {
	switch {
	case e.seed != nil:
		return Line{Text: seedLine(e.seed)}, true
	case e.Roll != nil:
		return Line{Text: glanceOf(e), Detail: workings([]loggedEvent{e})}, true
	case strings.TrimSpace(e.Text) != "":
		return Line{Text: e.Text}, true
	}
	return Line{}, false
}

// glanceOf is a roll's short form: what it was for, the number that
// counted in bold, what it needed when the modifiers moved the target,
// and its result.
func glanceOf(e loggedEvent) string {
	r := e.Roll
	var b strings.Builder
	b.WriteString("🎲 ")
	b.WriteString(r.Purpose)
	b.WriteString(": ")
	if r.Target != nil {
		fmt.Fprintf(&b, "**%d** vs %s ≤%d", r.Natural, r.Target.Name, r.Total)
	} else {
		fmt.Fprintf(&b, "**%d**", r.Total)
	}
	if r.Result != "" {
		b.WriteString(" → ")
		b.WriteString(r.Result)
	}
	return b.String()
}

// workings are the rolls' details: "[E2] 9.6.7: 2d6 = 4+4 = 8, +1 G7a
// by day = 9 · dice #41–42", one roll after another.
func workings(rolls []loggedEvent) string {
	parts := make([]string, 0, len(rolls))
	for _, e := range rolls {
		r := e.Roll
		var b strings.Builder
		if r.Chart != "" {
			b.WriteString("[" + r.Chart + "] ")
		}
		b.WriteString(r.Case)
		b.WriteString(": ")
		b.WriteString(r.Working())
		if n := diceNumbers(e.dice); n != "" {
			b.WriteString(" ·" + strings.TrimSuffix(strings.Replace(n, " [", " ", 1), "]"))
		}
		parts = append(parts, b.String())
	}
	return strings.Join(parts, " │ ")
}

// seedLine is a seed action in one short line, the commitment cut to its
// first 12 characters (the whole hash is in `history` and `audit`).
func seedLine(a *audit.SeedAction) string {
	short := audit.ShortHash
	switch a.Action {
	case audit.ActionCommit:
		return fmt.Sprintf("🔐 Dice seed committed from die #%d: `%s`", a.From, short(a.Commitment))
	case audit.ActionEntropy:
		return fmt.Sprintf("🔐 %s mixed entropy into seed `%s`: %q", a.By, short(a.Commitment), a.Entropy)
	case audit.ActionReveal:
		return fmt.Sprintf("🔓 Dice seed `%s` revealed: `%s` (`audit` checks it)", short(a.Commitment), a.Seed)
	}
	return "🔐 " + a.Action
}

// transcript is events as full lines with their die numbers, as the
// terminal shows them.
func transcript(entries []persist.EventRecord) string {
	var b strings.Builder
	for _, m := range eventMessages(entries) {
		b.WriteString(m.Text)
	}
	return b.String()
}

// plural writes "1 entrant", "2 entrants".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
