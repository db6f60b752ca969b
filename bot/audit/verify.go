package audit

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
	"github.com/kaleun/kaleun/persist"
	"strconv"
	"strings"
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
	Entries  int
	// Dice is the number of dice in the log, Checked how many of them were
	// recomputed from a revealed seed (or the script).
	Dice, Checked int
	// Decisions is the number of decisions replayed through the rules.
	Decisions int
	// Unrevealed lists the commitments of seeds not revealed yet: their dice
	// cannot be checked until they are.
	Unrevealed []string
	// Reading is the setup the decisions replayed from when it is not the
	// stored one: a former reading of it (engine.Reread), for a game begun
	// before a default of its rules changed.
	Reading string
}

// OK tells whether nothing failed.
func (r Report) OK() bool { return len(r.Problems) == 0 }

// Verify checks an export: every hash link, every seed against its
// commitment, every die against its seed, and a replay of the decisions
// through the rules. Problems come first bad entry first; none means the log
// is intact, every revealed die is what its seed makes it, and the rules give
// the very same events.
func Verify(data []byte, games map[string]engine.Rules) Report {
	var x Export
	if err := json.Unmarshal(data, &x); err != nil {
		return Report{Problems: []Problem{{Msg: "not an audit file: " + err.Error()}}}
	}
	if x.Format != Format || x.Version != Version {
		return Report{Problems: []Problem{{Msg: fmt.Sprintf("format %q version %d: this verifier reads %s version %d", x.Format, x.Version, Format, Version)}}}
	}
	r := Report{Entries: len(x.Entries)}
	if r.Problems = checkChain(&x); len(r.Problems) > 0 {
		return r
	}
	faces, checked, unrevealed, probs := checkDice(&x)
	if r.Problems = probs; len(probs) > 0 {
		return r // replaying a broken log would only repeat the same news
	}
	r.Dice, r.Checked, r.Unrevealed = len(faces), checked, unrevealed
	rules := games[x.Game.Game]
	if rules == nil {
		r.Problems = []Problem{{Msg: fmt.Sprintf("this verifier does not know the game %q", x.Game.Game)}}
		return r
	}
	r.Decisions, r.Problems = replay(&x, x.Game.Setup, faces, rules)
	if len(r.Problems) == 0 {
		return r
	}
	// A game begun before a default changed was played as its setup read
	// then; its problems stand only if no such reading replays it either.
	if reread, ok := rules.(engine.Reread); ok {
		for _, setup := range reread.FormerSetups(x.Game.Setup) {
			if n, probs := replay(&x, setup, faces, rules); len(probs) == 0 {
				r.Decisions, r.Problems, r.Reading = n, nil, string(setup)
				break
			}
		}
	}
	return r
}

// checkChain recomputes every hash and link.
func checkChain(x *Export) []Problem {
	var out []Problem
	prev := ""
	for i, e := range x.Entries {
		if e.Seq != uint64(i+1) {
			out = append(out, Problem{e.Seq, fmt.Sprintf("out of order: expected entry %d here", i+1)})
			return out
		}
		if e.Prev != prev {
			out = append(out, Problem{e.Seq, "does not link to the entry before it (an entry was dropped, added or changed)"})
			return out
		}
		h, err := persist.HashEntry(e)
		if err != nil || h != e.Hash {
			out = append(out, Problem{e.Seq, "its hash does not match its content (the entry was altered)"})
			return out
		}
		prev = e.Hash
	}
	if prev != x.Head {
		out = append(out, Problem{Msg: "the head hash does not match the last entry (the log was cut short or extended)"})
	}
	return out
}

// DieSides tells the size of die i of a roll: "shuffleN" draws a deck of N
// cards with dice of N, N-1, ... 2 sides (a Fisher-Yates shuffle); every
// other notation has one die size (SidesOf).
func DieSides(notation string, i int) (int, bool) {
	if n, ok := strings.CutPrefix(notation, "shuffle"); ok {
		cards, err := strconv.Atoi(n)
		if err != nil || cards < 2 || cards > 1000 || i < 0 || i > cards-2 {
			return 0, false
		}
		return cards - i, true
	}
	return SidesOf(notation)
}

// SidesOf tells the die size of a roll's notation: "NdM" (any number of
// M-sided dice: "2d6", "1d20", "1d52" for a shuffle's draw), "d66" (two d6)
// and "1d10+1d10" (two d10).
func SidesOf(notation string) (int, bool) {
	switch notation {
	case "d66":
		return 6, true
	case "1d10+1d10":
		return 10, true
	}
	n, m, ok := strings.Cut(notation, "d")
	if !ok || n == "" {
		return 0, false
	}
	count, err1 := strconv.Atoi(n)
	sides, err2 := strconv.Atoi(m)
	if err1 != nil || err2 != nil || count < 1 || sides < 2 || sides > 1000 {
		return 0, false
	}
	return sides, true
}

// epoch is one seed's span of dice.
type epoch struct {
	commitment string
	from       int64
	entropy    []string
	seed       []byte // nil until revealed
}

// loggedDie is one die as the log shows it.
type loggedDie struct {
	seq   uint64
	k     int64
	sides int
	face  int
	seed  *epoch
}

// logEntry is what the dice check reads of an entry.
type logEntry struct {
	Kind engine.EventKind `json:"kind"`
	Roll *engine.Roll     `json:"roll"`
	Seed *SeedAction      `json:"seed"`
}

// checkDice numbers every die, follows the seed's commitments, entropy and
// reveals, and checks each die against its revealed seed or the script. It
// returns the faces in order and how many dice it could check.
func checkDice(x *Export) (faces []int, checked int, unrevealed []string, probs []Problem) {
	fail := func(seq uint64, format string, a ...any) ([]int, int, []string, []Problem) {
		return nil, 0, nil, []Problem{{seq, fmt.Sprintf(format, a...)}}
	}
	hmacScheme := x.Dice.Scheme == SchemeHMAC
	if !hmacScheme && x.Dice.Scheme != SchemeScripted {
		return fail(0, "unknown dice scheme %q", x.Dice.Scheme)
	}
	var cur *epoch
	var epochs []*epoch
	var rolled []loggedDie
	for _, e := range x.Entries {
		var le logEntry
		if err := json.Unmarshal(e.Event, &le); err != nil {
			return fail(e.Seq, "event is not readable")
		}
		if le.Kind == KindSeed {
			if le.Seed == nil {
				return fail(e.Seq, "a seed entry without its seed action")
			}
			if len(e.Dice) > 0 {
				return fail(e.Seq, "dice numbered on a seed entry")
			}
			a, next := le.Seed, int64(len(rolled))
			switch a.Action {
			case ActionCommit:
				if !hmacScheme {
					return fail(e.Seq, "a seed commitment in a game with scripted dice")
				}
				if cur != nil && cur.seed == nil {
					return fail(e.Seq, "a new seed was committed before the previous one was revealed")
				}
				if a.From != next {
					return fail(e.Seq, "the seed is committed from die #%d, but die #%d is next", a.From, next)
				}
				cur = &epoch{commitment: a.Commitment, from: next}
				epochs = append(epochs, cur)
			case ActionEntropy:
				if cur == nil || a.Commitment != cur.commitment {
					return fail(e.Seq, "entropy for a seed that is not the committed one")
				}
				if next != cur.from {
					return fail(e.Seq, "entropy mixed in after die #%d was already rolled with the seed", cur.from)
				}
				cur.entropy = append(cur.entropy, a.Entropy)
			case ActionReveal:
				if cur == nil || a.Commitment != cur.commitment {
					return fail(e.Seq, "a reveal of a seed that is not the committed one")
				}
				if err := cur.reveal(a.Seed); err != nil {
					return fail(e.Seq, "%v", err)
				}
			default:
				return fail(e.Seq, "unknown seed action %q", a.Action)
			}
			continue
		}
		if le.Roll == nil {
			if len(e.Dice) > 0 {
				return fail(e.Seq, "dice numbered on an entry that is not a roll")
			}
			continue
		}
		if len(e.Dice) != len(le.Roll.Faces) {
			return fail(e.Seq, "%d faces but %d dice numbered", len(le.Roll.Faces), len(e.Dice))
		}
		if _, ok := DieSides(le.Roll.Dice, 0); !ok {
			return fail(e.Seq, "unknown dice %q", le.Roll.Dice)
		}
		if hmacScheme && cur == nil {
			return fail(e.Seq, "a die was rolled before any seed was committed")
		}
		for i, k := range e.Dice {
			sides, _ := DieSides(le.Roll.Dice, i)
			if k != int64(len(rolled)) {
				return fail(e.Seq, "die #%d comes where die #%d was due", k, len(rolled))
			}
			f := le.Roll.Faces[i]
			if f < 1 || f > sides {
				return fail(e.Seq, "die #%d shows %d, not a face of a d%d", k, f, sides)
			}
			if !hmacScheme && (int(k) >= len(x.Dice.Faces) || x.Dice.Faces[k] != f) {
				return fail(e.Seq, "die #%d shows %d, not the scripted face", k, f)
			}
			rolled = append(rolled, loggedDie{seq: e.Seq, k: k, sides: sides, face: f, seed: cur})
		}
	}
	// An export may reveal the seed in force (a finished game, or the
	// holder of a terminal game's database).
	if x.Dice.Seed != "" {
		if cur == nil || cur.seed != nil {
			return fail(0, "the file reveals a seed, but no unrevealed seed was committed")
		}
		if err := cur.reveal(x.Dice.Seed); err != nil {
			return fail(0, "%v", err)
		}
	}
	mixed := map[*epoch][]byte{}
	for _, ep := range epochs {
		if ep.seed == nil {
			unrevealed = append(unrevealed, ep.commitment)
			continue
		}
		mixed[ep] = dice.Mix(ep.seed, ep.entropy)
	}
	for _, d := range rolled {
		faces = append(faces, d.face)
		if !hmacScheme {
			checked++
			continue
		}
		seed := mixed[d.seed]
		if seed == nil {
			continue
		}
		if want := dice.Derive(seed, x.GameID(), d.k, d.sides); d.face != want {
			return fail(d.seq, "die #%d shows %d but the seed makes it %d", d.k, d.face, want)
		}
		checked++
	}
	return faces, checked, unrevealed, nil
}

// reveal checks a revealed seed against the epoch's commitment.
func (ep *epoch) reveal(seedHex string) error {
	seed, err := hex.DecodeString(seedHex)
	if err != nil || len(seed) == 0 {
		return fmt.Errorf("the revealed seed %q is not hex", seedHex)
	}
	if dice.Commitment(seed) != ep.commitment {
		return fmt.Errorf("the revealed seed does not match its commitment %s", ep.commitment)
	}
	ep.seed = seed
	return nil
}

// replay starts the game from setup with the logged faces and takes the
// logged decisions; each decision must give exactly the logged events.
func replay(x *Export, setup json.RawMessage, faces []int, rules engine.Rules) (int, []Problem) {
	byDecision := map[int][]persist.EventRecord{}
	last := 0
	for _, e := range x.Entries {
		var le logEntry
		if json.Unmarshal(e.Event, &le) == nil && le.Kind == KindSeed {
			continue // the game master's, not the rules'
		}
		byDecision[e.Decision] = append(byDecision[e.Decision], e)
		if e.Decision > last {
			last = e.Decision
		}
	}
	if len(byDecision) == 0 {
		return 0, nil // a game still waiting to start: nothing to replay yet
	}
	d := dice.NewScripted(faces)
	st, events, err := rules.New(setup, d)
	if err != nil {
		return 0, []Problem{{Msg: "the setup does not start a game: " + err.Error()}}
	}
	if p := compare(byDecision[0], events); p != nil {
		return 0, []Problem{*p}
	}
	for dec := 1; dec <= last; dec++ {
		entries := byDecision[dec]
		if len(entries) == 0 {
			return dec - 1, []Problem{{Msg: fmt.Sprintf("decision %d has no entries", dec)}}
		}
		var first engine.Event
		json.Unmarshal(entries[0].Event, &first)
		if first.Kind != engine.KindChoice || first.Choice == nil {
			return dec - 1, []Problem{{entries[0].Seq, "a decision's log must open with the choice taken"}}
		}
		next, events, err := st.Apply(*first.Choice, d)
		if err != nil {
			var de *engine.DiceError
			if errors.As(err, &de) {
				return dec - 1, []Problem{{entries[0].Seq, "the logged dice run out in the replay: " + err.Error()}}
			}
			return dec - 1, []Problem{{entries[0].Seq, "the rules refuse this decision: " + err.Error()}}
		}
		if p := compare(entries, events); p != nil {
			return dec - 1, []Problem{*p}
		}
		st = next
	}
	if d.Remaining() != 0 {
		return last, []Problem{{Msg: fmt.Sprintf("%d logged dice were not used by the replay", d.Remaining())}}
	}
	return last, nil
}

// compare checks logged entries against replayed events, one for one.
func compare(logged []persist.EventRecord, events []engine.Event) *Problem {
	for i, e := range events {
		b, _ := json.Marshal(e)
		if i >= len(logged) {
			return &Problem{Msg: fmt.Sprintf("the replay produced more events than were logged (%s)", e.String())}
		}
		// Exports may be indented; events compare in compact form.
		var want bytes.Buffer
		if err := json.Compact(&want, logged[i].Event); err != nil || !bytes.Equal(b, want.Bytes()) {
			var ev engine.Event
			json.Unmarshal(logged[i].Event, &ev)
			return &Problem{logged[i].Seq, fmt.Sprintf("logged %q, but the rules give %q", ev.String(), e.String())}
		}
	}
	if len(logged) > len(events) {
		return &Problem{logged[len(events)].Seq, "logged, but the replay does not produce it"}
	}
	return nil
}
