package audit

import (
	"encoding/json"
	"fmt"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/persist/canonjson"
	"github.com/kaleun/kaleun/persist/record"
)

// Problem is one thing that does not check out.
type Problem struct {
	Seq uint64 // the entry, or 0 for the file as a whole
	Msg string
}

func (p Problem) String() string {
	if p.Seq == 0 {
		return p.Msg
	}
	return fmt.Sprintf("entry %d: %s", p.Seq, p.Msg)
}

// Report is what Verify found.
type Report struct {
	Problems []Problem
	// Version is the file's format version; Head the hash of its last entry,
	// which only a comparison with the head posted in the channel ties to
	// the game that was played (a log re-hashed end to end passes every
	// other check).
	Version int
	Head    string
	// GameID and Surface are the game's id and where it was played.
	GameID, Surface string
	Entries         int
	// Scripted: the dice were chosen by hand (kaleun play --dice), not drawn
	// from a seed. Nothing in such a file says anything about luck.
	Scripted bool
	// Dice is the number of dice in the log; Checked how many of them were
	// recomputed from a revealed seed, Matched how many equal the script of
	// a scripted game.
	Dice, Checked, Matched int
	// Decisions is the number of decisions replayed through the rules.
	Decisions int
	// Over: the game has ended (by its rules, or abandoned with its seed
	// revealed), as the log itself shows.
	Over bool
	// Unrevealed lists the commitments of seeds not revealed yet: their dice
	// cannot be checked until they are.
	Unrevealed []string
	// Undos counts the decisions taken back (void entries), and
	// UndoneAfterDice those taken back after dice were seen: the marks the
	// game carries.
	Undos, UndoneAfterDice int
	// Substitutes counts the handovers of seats to substitutes the log
	// records (its "substitute" entries), each checked against the seats'
	// holders before it.
	Substitutes int
	// RulesChanged, when set, says the replay parted from the log at a
	// decision played under another version of the rules than this
	// verifier's (or under one the log does not name): the chain, the seeds
	// and every die check out, but the decisions from there on can only be
	// replayed by a kaleun that reads the rules as they were then.
	RulesChanged *RulesChange
	// Reading is the setup the decisions replayed from when it is not the
	// stored one: a former reading of it (engine.Reread), for a game begun
	// before a default of its rules changed.
	Reading string
}

// Intact tells whether every check passed: the chain, the binding of the
// file's fields, every die against its seed or script, the replay.
func (r Report) Intact() bool { return len(r.Problems) == 0 }

// OK tells whether the file is intact, replayed to its end, and its dice
// came from seeds: never true for scripted dice, whose faces were chosen.
func (r Report) OK() bool { return r.Intact() && !r.Scripted && r.RulesChanged == nil }

// RulesChange is where a replay parted from a log played under other rules.
type RulesChange struct {
	// Decision is the first decision the replay does not reproduce; Logged
	// the rules version it was played under ("" when the log names none),
	// Current this verifier's.
	Decision        int
	Logged, Current string
	// Finding is what the replay found there.
	Finding Problem
}

// Verify checks an export: every hash link, what the first entry commits
// (format 2), the order of the decisions, every seed against its
// commitment, every die against its seed, a replay of the decisions through
// the rules, and that the game's end is where the log says. Problems come
// first bad entry first; none means the log is intact, every revealed die
// is what its seed makes it (or, for scripted dice, what the script says),
// and the rules give the very same events.
func Verify(data []byte, games engine.Registry) Report {
	// I-JSON only (RFC 7493: valid UTF-8, no member twice, numbers a double
	// holds), so that no two readers of the file can see different values.
	// The same pass keeps each entry's event in canonical form, which the
	// hash chain and the replay's comparisons read (Export.canon).
	_, events, err := canonjson.JCSCapture(data, "entries", "event")
	if err != nil {
		return Report{Problems: []Problem{{Msg: "not an audit file: " + err.Error()}}}
	}
	var x Export
	if err := json.Unmarshal(data, &x); err != nil {
		return Report{Problems: []Problem{{Msg: "not an audit file: " + err.Error()}}}
	}
	x.captured = events
	if x.Format != Format || x.Version != record.LogV1 && x.Version != record.LogV2 {
		return Report{Problems: []Problem{{Msg: fmt.Sprintf("format %q version %d: this verifier reads %s versions 1 and 2", x.Format, x.Version, Format)}}}
	}
	r := Report{Version: x.Version, Head: x.Head, GameID: x.Game.ID, Surface: x.Game.Surface, Entries: len(x.Entries),
		Scripted: x.Dice.Scheme == SchemeScripted, Substitutes: substitutes(&x)}
	if len(x.Entries) == 0 {
		r.Problems = []Problem{{Msg: "the log has no entries: every game's log opens with its first entry when it is created"}}
		return r
	}
	for _, check := range []func(*Export) []Problem{checkChain, checkGenesis, checkOrder, checkRulesEntries, checkSubstitutes} {
		if r.Problems = check(&x); len(r.Problems) > 0 {
			return r
		}
	}
	dice, probs := checkDice(&x)
	if r.Problems = probs; len(probs) > 0 {
		return r // replaying a broken log would only repeat the same news
	}
	r.Dice, r.Checked, r.Matched, r.Unrevealed = len(dice.faces), dice.checked, dice.matched, dice.unrevealed
	rep, probs := replay(&x, x.Game.Setup, dice.faces, games)
	if len(probs) > 0 {
		// A game begun before a default of its rules changed was played as
		// its setup read then; the problems stand only if no such reading
		// replays it either.
		replayed := false
		if g := games[x.Game.Game]; g != nil && g.FormerSetups != nil {
			for _, setup := range g.FormerSetups(x.Game.Setup) {
				if former, fprobs := replay(&x, setup, dice.faces, games); len(fprobs) == 0 {
					rep, probs, r.Reading, replayed = former, nil, string(setup), true
					break
				}
			}
		}
		if !replayed {
			r.Decisions, r.Problems = rep.last, probs
			if change := rulesChange(&x, games[x.Game.Game], rep.at, r.Problems[0]); change != nil {
				// Not a finding about the log: the rules read differently now.
				r.RulesChanged, r.Problems = change, nil
			}
			return r
		}
	}
	r.Decisions, r.Undos, r.UndoneAfterDice = rep.last, rep.undos, rep.undoneAfterDice
	r.Over, r.Problems = checkEnd(&x, rep.ended, dice.endsRevealed)
	return r
}

// rulesChange tells a replay that parted from the log under other rules
// from one that parted from a changed log: at decision at (-1: somewhere),
// was the game played under the rules this verifier reads? Only when it
// was, or when neither log nor rules name a version, does the finding stand.
func rulesChange(x *Export, rules *engine.Game, at int, finding Problem) *RulesChange {
	if rules == nil || rules.RulesVersion == "" {
		return nil
	}
	current := rules.RulesVersion
	versions := versionsOf(x)
	if at >= 0 {
		if logged := versions.at(at); logged != current {
			return &RulesChange{Decision: at, Logged: logged, Current: current, Finding: finding}
		}
		return nil
	}
	// The rules failed somewhere: another version anywhere in the log may be why.
	for _, vr := range append(rulesVersions{{From: 0, Version: versions.at(0)}}, versions...) {
		if vr.Version != current {
			return &RulesChange{Decision: vr.From, Logged: vr.Version, Current: current, Finding: finding}
		}
	}
	return nil
}

// checkEnd holds the file's "over" to what the log shows: a game the rules
// ended, or whose last seed was revealed with no fresh one after it, is
// over, and a game over ends with the reveal of its seed.
func checkEnd(x *Export, ended, endsRevealed bool) (bool, []Problem) {
	seeded := x.Dice.Scheme == SchemeHMAC
	switch {
	case ended && seeded && !endsRevealed:
		return true, []Problem{{Msg: "the rules end the game, but its log does not end with the reveal of its seed (entries were cut)"}}
	case ended && !x.Over:
		return true, []Problem{{Msg: "the rules end the game, but the file says it is still running"}}
	case seeded && endsRevealed && !x.Over:
		return true, []Problem{{Msg: "the log ends with the reveal of its seed and no fresh seed after it: the game is over, but the file says it is still running"}}
	case x.Over && seeded && !endsRevealed:
		return false, []Problem{{Msg: "the file says the game is over, but its log does not end with the reveal of its seed"}}
	case x.Over && !seeded && !ended:
		return false, []Problem{{Msg: "the file says the game is over, but the rules do not end it"}}
	}
	return x.Over, nil
}
