package bot

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/kaleun/kaleun/bot/audit"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/persist"
)

// maxText keeps a message under every platform's limit (Discord: 2000
// characters of content, 4096 in an embed; Slack: 3000 in a section).
const maxText = 1900

// Keys the bot adds to a prompt's own options: boardKey shows the game's
// pictures privately; sureKey+key asks whether a risky option is meant,
// yesKey+key takes it once confirmed, and noKey leaves the prompt as it is.
const (
	boardKey = "__board"
	sureKey  = "__sure."
	yesKey   = "__yes."
	noKey    = "__no"
)

// promptMessage renders the pending decision with its options. A risky
// option asks to be confirmed first (its button opens a private question);
// the odds and consequences the labels leave out are in the text.
func promptMessage(gameID string, p *engine.Prompt, owner string, ping bool) Message {
	m := Message{Title: promptTitle(p), Text: p.Text, Owner: owner, Prompt: p, Tone: TonePrompt, Ref: promptRef(gameID, p.Token)}
	if ping {
		m.Mention = owner
	}
	var details []string
	for _, o := range p.Options {
		opt := Option{ID: optionID(gameID, p.Token, o.Key), Label: o.ButtonLabel(), Case: o.Case, Detail: o.Detail}
		switch {
		case o.Risk != "":
			opt.ID, opt.Style, opt.Confirm = optionID(gameID, p.Token, sureKey+o.Key), StyleDanger, o.Risk
			opt.Confirmed = optionID(gameID, p.Token, o.Key) // asked already, on the prompt's own message
		case o.Safe:
			opt.Style = StyleSafe
		}
		if o.Detail != "" {
			details = append(details, "**"+opt.Label+"**: "+o.Detail)
		}
		m.Options = append(m.Options, opt)
	}
	// Discord allows 25 buttons in five rows; longer lists read better as a menu.
	m.Select = len(m.Options) > 5
	if len(details) > 0 && !m.Select {
		m.Text = strings.TrimRight(m.Text, "\n") + "\n" + strings.Join(details, " · ")
	}
	return paged(m, gameID)
}

// withBoard adds the button that shows the game's pictures privately.
func withBoard(m Message, gameID, token string) Message {
	m.Options = append(m.Options, Option{ID: optionID(gameID, token, boardKey), Label: "Show board", Style: StyleQuiet})
	return m
}

// promptTitle heads a prompt: what it is about and the decision by its
// meaning ("U-69 · Torpedo load"), or what a game waiting for its Start
// waits for (a reminder of it is drawn as a prompt too), never an empty
// "()" (issue 16.5).
func promptTitle(p *engine.Prompt) string {
	switch {
	case p.Token == startToken && p.HasOption("decline"):
		return "Challenge"
	case p.Token == startToken:
		return "Start"
	}
	title := p.Title
	switch {
	case title == "" && p.Case != "":
		title = "Decision (" + p.Case + ")"
	case title == "":
		title = "Decision"
	}
	if p.Subject != "" {
		return p.Subject + " · " + title
	}
	return title
}

// visibleTo reports whether a seat may see an event ("" is the channel):
// in a game with hidden information an event for one seat is his alone,
// and a hidden one (a shuffle) nobody's, until the game is over.
func visibleTo(e engine.Event, seat string, over bool) bool {
	switch {
	case over:
		return true
	case e.Hidden:
		return false
	case e.Seat != "":
		return e.Seat == seat
	}
	return true
}

// publicEntries are the entries everyone may see now.
func publicEntries(entries []persist.EventRecord) []persist.EventRecord {
	return entriesFor(entries, "", false)
}

// entriesSeenBy keeps the entries a seat may see now, the public ones and
// his own, in the log's order.
func entriesSeenBy(entries []persist.EventRecord, seat string) []persist.EventRecord {
	var out []persist.EventRecord
	for _, er := range entries {
		var e engine.Event
		if json.Unmarshal(er.Event, &e) == nil && visibleTo(e, seat, false) {
			out = append(out, er)
		}
	}
	return out
}

// entriesFor keeps the entries a seat may see; with seat set, only those
// for him alone (the public ones go to the channel).
func entriesFor(entries []persist.EventRecord, seat string, over bool) []persist.EventRecord {
	var out []persist.EventRecord
	for _, er := range entries {
		var e engine.Event
		if json.Unmarshal(er.Event, &e) != nil {
			continue
		}
		if seat == "" && visibleTo(e, "", over) || seat != "" && e.Seat == seat && !e.Hidden {
			out = append(out, er)
		}
	}
	return out
}

// openKey is the option of a private prompt's public door: its player
// presses it to see his cards and his choices.
const openKey = "__open"

// doorMessage stands in the channel for a private prompt.
func doorMessage(gameID string, p *engine.Prompt, owner, name string, ping bool) Message {
	m := Message{
		Title:   promptTitle(p),
		Text:    fmt.Sprintf("%s to play. The choice shows what only this player may see, so it opens for them alone.", name),
		Owner:   owner,
		Options: []Option{{ID: optionID(gameID, p.Token, openKey), Label: "Open (only you see it)"}},
		Prompt:  &engine.Prompt{Token: p.Token, Actor: p.Actor, Seat: p.Seat, Kind: p.Kind, Case: p.Case, Private: true},
		Tone:    TonePrompt,
		Ref:     promptRef(gameID, p.Token),
	}
	if ping {
		m.Mention = owner
	}
	return m
}

// eventMessages renders log entries, split to fit the platforms' limits.
// Each roll names its dice by number, and each message's footer names the
// entry and hash the log stood at after it, so a roll seen in chat can be
// found in the audit file.
func eventMessages(entries []persist.EventRecord) []Message {
	return markedEventMessages(entries, nil)
}

// voidedDice are the dice an undo discarded (the rolls of the decisions
// it took back), by the undo's number, from the void entries among
// entries: history marks those rolls.
func voidedDice(entries []persist.EventRecord) map[int64]int {
	out := map[int64]int{}
	for _, er := range entries {
		var ve audit.VoidEvent
		if json.Unmarshal(er.Event, &ve) != nil || ve.Kind != audit.KindVoid {
			continue
		}
		for _, k := range ve.Void.Dice {
			out[k] = ve.Void.N
		}
	}
	return out
}

// voidedMark is the mark of a roll an undo voided, and its legend.
const (
	voidedMark   = "⊘ voided by undo %d: "
	voidedLegend = "⊘ marks a roll of a decision an undo took back: its dice were discarded, never rolled again."
)

// markedEventMessages is eventMessages with the rolls whose dice voided
// names marked as voided, by their undo (issue 28: history showed them as
// if they stood).
func markedEventMessages(entries []persist.EventRecord, voided map[int64]int) []Message {
	var out []Message
	var b strings.Builder
	var chunk []engine.Event
	var last *persist.EventRecord
	flush := func() {
		if b.Len() > 0 {
			m := Message{Text: b.String(), Events: chunk}
			if last != nil && last.Hash != "" {
				m.Footer = fmt.Sprintf("log entry %d · hash %s", last.Seq, audit.ShortHash(last.Hash))
			}
			out = append(out, m)
			b.Reset()
			chunk = nil
		}
	}
	for i := range entries {
		var e engine.Event
		if err := json.Unmarshal(entries[i].Event, &e); err != nil {
			continue // stored by this service, so always readable; never fail a reply on it
		}
		if e.Kind == audit.KindGenesis {
			continue // the log's opening record, for the audit file, not the channel
		}
		line := e.String()
		switch e.Kind {
		case engine.KindRoll:
			line = "🎲 " + line + diceNumbers(entries[i].Dice)
			if len(entries[i].Dice) > 0 && voided[entries[i].Dice[0]] > 0 {
				line = fmt.Sprintf(voidedMark, voided[entries[i].Dice[0]]) + line
			}
		case engine.KindChoice:
			line = "» " + line
		case audit.KindSeed:
			line = "🔐 " + line
		case audit.KindRules:
			line = "📜 " + line
		}
		if b.Len()+len(line)+1 > maxText {
			flush()
		}
		if len(line) > maxText {
			line = line[:maxText]
		}
		b.WriteString(line)
		b.WriteByte('\n')
		chunk = append(chunk, e)
		last = &entries[i]
	}
	flush()
	return out
}

// diceNumbers names a roll's dice: " [die #41]" or " [dice #41–42]".
func diceNumbers(ks []int64) string {
	switch len(ks) {
	case 0:
		return ""
	case 1:
		return fmt.Sprintf(" [die #%d]", ks[0])
	}
	return fmt.Sprintf(" [dice #%d–%d]", ks[0], ks[len(ks)-1])
}

// viewMessage renders a game view.
func viewMessage(v *engine.View) Message {
	m := Message{Title: v.Title, View: v}
	var b strings.Builder
	for _, s := range v.Sections {
		if s.Title != "" {
			fmt.Fprintf(&b, "**%s**\n", s.Title)
		}
		for _, l := range s.Lines {
			b.WriteString(l)
			b.WriteByte('\n')
		}
		for _, f := range s.Fields {
			fmt.Fprintf(&b, "%s: %s\n", f.Name, f.Value)
		}
	}
	text := b.String()
	if len(text) > maxText*2 {
		text = text[:maxText*2] + "\n…"
	}
	m.Text = text
	return m
}
