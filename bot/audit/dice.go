package audit

import (
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
)

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

// diceResult is what the dice check found.
type diceResult struct {
	faces []int // every die's face, in order
	// checked dice were recomputed from a revealed seed; matched dice equal
	// the script of a scripted game.
	checked, matched int
	unrevealed       []string
	// endsRevealed: the log's last entry reveals the seed in force, with no
	// fresh seed after it (a game over).
	endsRevealed bool
}

// checkDice numbers every die, follows the seed's commitments, entropy and
// reveals, and checks each die against its revealed seed or the script.
func checkDice(x *Export) (diceResult, []Problem) {
	fail := func(seq uint64, format string, a ...any) (diceResult, []Problem) {
		return diceResult{}, []Problem{{seq, fmt.Sprintf(format, a...)}}
	}
	var res diceResult
	hmacScheme := x.Dice.Scheme == SchemeHMAC
	if !hmacScheme && x.Dice.Scheme != SchemeScripted {
		return fail(0, "unknown dice scheme %q", x.Dice.Scheme)
	}
	var cur *epoch
	var epochs []*epoch
	var rolled []loggedDie
	for i, e := range x.Entries {
		le, err := x.decoded(i)
		if err != nil {
			return fail(e.Seq, "event is not readable")
		}
		if le.Kind == KindGenesis || le.Kind == KindRules {
			continue // checkGenesis and checkRulesEntries have read them
		}
		if le.Kind == KindSeed {
			if le.Seed == nil {
				return fail(e.Seq, "a seed entry without its seed action")
			}
			if len(e.Dice) > 0 {
				return fail(e.Seq, "dice numbered on a seed entry")
			}
			if want, _ := SeedEntry(*le.Seed); x.Version >= 2 && !x.sameAsEntry(want, i) {
				// Format 2 binds a seed entry's text to its fields (format 1
				// logs wrote older texts, so there only the fields count).
				return fail(e.Seq, "the seed entry is not what the game master writes (its text, or a field it does not have, was changed)")
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
				if cur.seed != nil {
					return fail(e.Seq, "the seed with commitment %s is revealed twice", short(cur.commitment))
				}
				if err := cur.reveal(a.Seed); err != nil {
					return fail(e.Seq, "%v", err)
				}
				res.endsRevealed = i == len(x.Entries)-1
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
	// Each revealed seed, mixed with its entropy, derives its dice with one
	// HMAC reset from die to die (dice.Deriver is dice.Derive).
	mixed := map[*epoch]*dice.Deriver{}
	for _, ep := range epochs {
		if ep.seed == nil {
			res.unrevealed = append(res.unrevealed, ep.commitment)
			continue
		}
		mixed[ep] = dice.NewDeriver(dice.Mix(ep.seed, ep.entropy), x.GameID())
	}
	for _, d := range rolled {
		res.faces = append(res.faces, d.face)
		if !hmacScheme {
			res.matched++ // checked against the script as it was numbered
			continue
		}
		seed := mixed[d.seed]
		if seed == nil {
			continue
		}
		if want := seed.Face(d.k, d.sides); d.face != want {
			return fail(d.seq, "die #%d shows %d but the seed makes it %d", d.k, d.face, want)
		}
		res.checked++
	}
	return res, nil
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
