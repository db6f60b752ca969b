package audit

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/kaleun/kaleun/engine"
)

// KindSubstitute marks a log entry in which a player's seats pass to a
// substitute (the bot's `substitute`, issue 34 item 3): from the entry on,
// every decision of those seats is the newcomer's. The game master writes
// it; the rules never see it, so a replay skips it, and verify holds it to
// its form and to the seats' holders before it: a seat is handed over only
// by the player who holds it then, and an undo of a seat after its
// handover is its holder's of that moment.
const KindSubstitute engine.EventKind = "substitute"

// SubstituteEvent is such an entry.
type SubstituteEvent struct {
	Kind       engine.EventKind `json:"kind"`
	Text       string           `json:"text"`
	Substitute Substitute       `json:"substitute"`
}

// Person is a player as the log names him: his platform id and name.
type Person struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// Substitute is one handover.
type Substitute struct {
	// N numbers the game's handovers: 1 for its first.
	N int `json:"n"`
	// Decision is the decision the game stood at (the last one taken):
	// the next decision of the seats is the newcomer's.
	Decision int `json:"decision"`
	// Seats are the seats (the rules' ids) that pass, and Commander says
	// the game's command passes too (its owner: a solitaire career, or the
	// roles nobody claimed).
	Seats     []string `json:"seats,omitempty"`
	Commander bool     `json:"commander,omitempty"`
	From      Person   `json:"from"`
	To        Person   `json:"to"`
	// By are who decided it: a tournament's organiser, or the players who
	// agreed, the proposer first. Tournament names the tournament.
	By         []Person `json:"by"`
	Tournament string   `json:"tournament,omitempty"`
}

// SubstituteEntry encodes a handover for the log, with its line for the
// channel; the text says nothing its fields do not (verify rebuilds it).
func SubstituteEntry(s Substitute) (json.RawMessage, string) {
	var what []string
	if s.Commander {
		what = append(what, "the command")
	}
	if len(s.Seats) > 0 {
		what = append(what, "seat "+strings.Join(s.Seats, ", "))
	}
	by := make([]string, len(s.By))
	for i, p := range s.By {
		by[i] = p.Name
	}
	how := "by agreement of " + strings.Join(by, " and ")
	if s.Tournament != "" {
		how = "by the organiser of tournament " + s.Tournament + ", " + strings.Join(by, " and ")
	}
	text := fmt.Sprintf("Substitute %d: %s takes over %s from %s after decision %d, %s; every decision of it from here on is %s's.",
		s.N, s.To.Name, strings.Join(what, " and "), s.From.Name, s.Decision, how, s.To.Name)
	raw, err := json.Marshal(SubstituteEvent{Kind: KindSubstitute, Text: text, Substitute: s})
	if err != nil {
		panic(err) // strings, ints and bools always encode
	}
	return raw, text
}

// commanderSeat is the key the checks hold the game's command under.
const commanderSeat = "\x00commander"

// checkSubstitutes holds each handover to its form (its text is the one
// its fields make, it numbers no dice, it names the decision it is logged
// with, the handovers are numbered 1, 2...), to the seats' holders (a seat
// handed over before passes only from the player who took it then; nobody
// hands a seat to himself or to a player holding another seat the log
// gave him), and, after a seat's handover, its undos to its holder of the
// moment (a void's by is the undoer's name).
func checkSubstitutes(x *Export) []Problem {
	holders := map[string]Person{} // by seat, from the handovers so far
	n := 0
	for i, e := range x.Entries {
		switch x.kind(i) {
		case KindSubstitute:
			var ev SubstituteEvent
			if err := json.Unmarshal(e.Event, &ev); err != nil {
				return []Problem{{e.Seq, "the substitute entry is not readable"}}
			}
			s := ev.Substitute
			want, _ := SubstituteEntry(s)
			n++
			switch {
			case len(e.Dice) > 0:
				return []Problem{{e.Seq, "dice numbered on a substitute entry"}}
			case s.N != n:
				return []Problem{{e.Seq, fmt.Sprintf("substitute %d logged as the game's handover number %d", n, s.N)}}
			case s.Decision != e.Decision:
				return []Problem{{e.Seq, fmt.Sprintf("a handover after decision %d logged with decision %d", s.Decision, e.Decision)}}
			case s.From.ID == "" || s.To.ID == "" || s.From.ID == s.To.ID:
				return []Problem{{e.Seq, "a handover must pass from one player to another"}}
			case len(s.Seats) == 0 && !s.Commander:
				return []Problem{{e.Seq, "a handover that passes no seat"}}
			case len(s.By) == 0:
				return []Problem{{e.Seq, "a handover that names nobody who decided it"}}
			case !sameJSON(want, e.Event):
				return []Problem{{e.Seq, "the substitute entry is not what the game master writes (its text, or a field it does not have, was changed)"}}
			}
			seats := slices.Clone(s.Seats)
			if s.Commander {
				seats = append(seats, commanderSeat)
			}
			for seat, p := range holders {
				if p.ID == s.To.ID && !slices.Contains(seats, seat) {
					return []Problem{{e.Seq, fmt.Sprintf("%s is handed a seat while holding another (%s) since an earlier handover: a player holds one place in a game", s.To.Name, seatName(seat))}}
				}
			}
			for _, seat := range seats {
				if p, ok := holders[seat]; ok && p.ID != s.From.ID {
					return []Problem{{e.Seq, fmt.Sprintf("%s is handed over from %s, but %s holds it since an earlier handover", seatName(seat), s.From.Name, p.Name)}}
				}
				holders[seat] = s.To
			}
		case KindVoid:
			var ve VoidEvent
			if json.Unmarshal(e.Event, &ve) != nil {
				continue // replayMaster reports it
			}
			seat := ve.Void.Seat
			if seat == "" {
				seat = commanderSeat
			}
			if p, ok := holders[seat]; ok && ve.Void.By != p.Name {
				return []Problem{{e.Seq, fmt.Sprintf("an undo of %s by %s, but %s holds it since its handover", seatName(seat), ve.Void.By, p.Name)}}
			}
		}
	}
	return nil
}

func seatName(seat string) string {
	if seat == commanderSeat {
		return "the command"
	}
	return "seat " + seat
}

// substitutes counts a log's handovers.
func substitutes(x *Export) int {
	n := 0
	for i := range x.Entries {
		if x.kind(i) == KindSubstitute {
			n++
		}
	}
	return n
}
