// Package audittest forges audit files the way an attacker would, for the
// tests of `kaleun verify` (the package and the built binary): every
// adjacent decision swapped, every entry dropped, duplicated or moved, the
// game relabelled, its end hidden, its seeded dice passed off as a script,
// faces, modifiers, choices, seed actions and texts changed; each forgery re-hashed end to end
// so that only the head posted in the channel could tell it from the
// original. It also re-encodes files faithfully, as JSON tools do.
package audittest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/kaleun/kaleun/bot/audit"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/persist"
	"github.com/kaleun/kaleun/persist/canonjson"
)

// Case is one forged file.
type Case struct {
	Name     string // what was done, e.g. "swap decisions 3 and 4"
	Category string // the kind of attack, e.g. "swap decisions"
	Data     []byte
	// HeadOnly: the forgery is a consistent log of another game (a prefix of
	// this one, or a game relabelled from its first entry on). Only a
	// comparison of the head with the one posted in the channel tells it
	// from the original: verify is expected to accept it.
	HeadOnly bool
	// Scripted: the forgery is consistent but passes the seeded dice off as
	// a script: verify is expected to call its dice chosen, never random.
	Scripted bool
}

// Rehash recomputes every entry's link and hash and the head, in the
// file's log version, renumbering the entries first.
func Rehash(x *audit.Export) { rehashFrom(x, 0) }

// rehashFrom re-hashes from entry index i on: the ones before are intact.
func rehashFrom(x *audit.Export, from int) {
	prev := ""
	if from > 0 {
		prev = x.Entries[from-1].Hash
	}
	for i := from; i < len(x.Entries); i++ {
		x.Entries[i].Seq = uint64(i + 1)
		x.Entries[i].Prev = prev
		h, err := persist.HashEntryVersion(x.Version, x.Entries[i])
		if err != nil {
			panic(err) // the tests' own forgeries are valid JSON
		}
		x.Entries[i].Hash, prev = h, h
	}
	x.Head = prev
}

// forge edits a copy of the file and re-hashes it. ok false means the
// edit does not apply or changes nothing (nothing to forge).
func forge(base *audit.Export, edit func(x *audit.Export) bool) ([]byte, bool) {
	x := *base
	x.Entries = append([]persist.EventRecord(nil), base.Entries...)
	if !edit(&x) || sameContent(&x, base) {
		return nil, false
	}
	rehashFrom(&x, firstChange(&x, base))
	b, err := json.Marshal(&x)
	if err != nil {
		panic(err)
	}
	return b, true
}

// firstChange is the index of the first entry a forgery changed.
func firstChange(x, base *audit.Export) int {
	if x.Version != base.Version {
		return 0
	}
	for i, e := range x.Entries {
		if i >= len(base.Entries) {
			return i
		}
		b := base.Entries[i]
		if e.Seq != b.Seq || e.Decision != b.Decision || e.Prev != b.Prev || !slices.Equal(e.Dice, b.Dice) || !bytes.Equal(e.Event, b.Event) {
			return i
		}
	}
	return len(x.Entries)
}

// event is what the forgers read of an entry.
type event struct {
	Kind   engine.EventKind  `json:"kind"`
	Roll   *engine.Roll      `json:"roll"`
	Choice *engine.Choice    `json:"choice"`
	Seed   *audit.SeedAction `json:"seed"`
	Gen    *audit.Genesis    `json:"genesis"`
}

func read(e persist.EventRecord) event {
	var ev event
	json.Unmarshal(e.Event, &ev)
	return ev
}

// set writes back one field of an entry's event.
func set(e *persist.EventRecord, field string, v any) {
	var m map[string]any
	json.Unmarshal(e.Event, &m)
	m[field] = v
	e.Event, _ = json.Marshal(m)
}

// Cases forges every attack on an export (format 2: the one new games
// write) in the given categories (all when none is given). Forgeries that
// leave the file's content as it was are left out.
func Cases(data []byte, categories ...string) []Case {
	return cases(data, categories, nil)
}

// Sample forges the first, a middle and the last attack of each category:
// enough to run each kind through a process at a time.
func Sample(data []byte) []Case {
	count := map[string]int{}
	cases(data, nil, func(category string, _ int) bool { count[category]++; return false })
	return cases(data, nil, func(category string, i int) bool {
		n := count[category]
		return i == 0 || i == n/2 || i == n-1
	})
}

// cases forges the attacks; pick, when given, says which of each
// category's attacks (by their number in it, from 0) to forge.
func cases(data []byte, categories []string, pick func(category string, i int) bool) []Case {
	var x audit.Export
	if err := json.Unmarshal(data, &x); err != nil {
		panic(err)
	}
	var out []Case
	seen := map[string]int{}
	add := func(category, name string, edit func(x *audit.Export) bool) *Case {
		if len(categories) > 0 && !slices.Contains(categories, category) {
			return nil
		}
		seen[category]++
		if pick != nil && !pick(category, seen[category]-1) {
			return nil
		}
		b, ok := forge(&x, edit)
		if !ok {
			return nil
		}
		out = append(out, Case{Name: name, Category: category, Data: b})
		return &out[len(out)-1]
	}
	n := len(x.Entries)
	blocks := decisionBlocks(&x)
	for d := 1; d < len(blocks); d++ {
		add("swap decisions", fmt.Sprintf("decision %d logged before decision %d", d+1, d), func(x *audit.Export) bool { return swapBlocks(x, d, false) })
		add("swap decisions", fmt.Sprintf("decisions %d and %d swapped, numbers too", d, d+1), func(x *audit.Export) bool { return swapBlocks(x, d, true) })
	}
	// A running game whose last decision is one entry (a choice that rolled
	// and said nothing): dropping it cuts the log after the decision before,
	// a prefix of the game that only the head tells apart.
	lastAlone := !x.Over && n >= 2 && x.Entries[n-1].Decision >= 1 && x.Entries[n-2].Decision != x.Entries[n-1].Decision
	for i := 0; i < n; i++ {
		if c := add("drop an entry", fmt.Sprintf("entry %d dropped", i+1), func(x *audit.Export) bool {
			x.Entries = append(x.Entries[:i], x.Entries[i+1:]...)
			return true
		}); c != nil && i == n-1 && lastAlone {
			c.HeadOnly = true
		}
		add("duplicate an entry", fmt.Sprintf("entry %d logged twice", i+1), func(x *audit.Export) bool {
			x.Entries = append(x.Entries[:i+1], x.Entries[i:]...)
			return true
		})
		if i+1 < n {
			add("reorder entries", fmt.Sprintf("entries %d and %d swapped", i+1, i+2), func(x *audit.Export) bool {
				x.Entries[i], x.Entries[i+1] = x.Entries[i+1], x.Entries[i]
				return true
			})
		}
	}
	for _, r := range relabels {
		add("relabel the game", r.name, r.edit)
	}
	// Consistent relabellings: a log re-written from its first entry.
	if c := add("relabel the game", "the game id, in the file and its genesis entry", func(x *audit.Export) bool {
		x.Game.ID = "someone-else"
		return editGenesis(x, func(g *audit.Genesis) { g.ID = x.Game.ID })
	}); c != nil {
		c.HeadOnly = true
	}
	if c := add("relabel the game", "the log version (1: genesis dropped, re-hashed as format 1)", func(x *audit.Export) bool {
		if x.Version == persist.LogV1 {
			return false
		}
		x.Version, x.Entries = persist.LogV1, x.Entries[1:]
		return true
	}); c != nil {
		c.HeadOnly = true
	}
	add("flip over", "over flipped", func(x *audit.Export) bool { x.Over = !x.Over; return true })
	if x.Over {
		add("drop the reveal", "the final reveal dropped", func(x *audit.Export) bool {
			return dropLastReveal(x)
		})
		// A game its rules ended says so in its log; an abandoned one,
		// without its final reveal, is the log of a game still running.
		abandoned := !slices.ContainsFunc(x.Entries, func(e persist.EventRecord) bool { return read(e).Kind == engine.KindEnd })
		// Each flag is set at once: the next add may move out's cases, and
		// a pointer taken before it would mark a stale copy.
		if c := add("drop the reveal", "the final reveal dropped and over cleared", func(x *audit.Export) bool {
			x.Over = false
			return dropLastReveal(x)
		}); c != nil {
			c.HeadOnly = abandoned
		}
		if c := add("drop the reveal", "the final reveal dropped, over cleared, its seed in the file", func(x *audit.Export) bool {
			seed := lastReveal(x)
			x.Over, x.Dice.Seed = false, seed
			return dropLastReveal(x)
		}); c != nil {
			c.HeadOnly = abandoned
		}
	}
	if x.Dice.Scheme == audit.SchemeHMAC {
		add("seeded to scripted", "seed entries dropped, faces listed as a script", func(x *audit.Export) bool { return toScripted(x, false) })
		c := add("seeded to scripted", "seed entries dropped, faces listed, genesis rewritten for a terminal script", func(x *audit.Export) bool { return toScripted(x, true) })
		if c != nil {
			c.Scripted = true
		}
		add("seeded to scripted", "the scheme alone changed", func(x *audit.Export) bool {
			x.Dice = audit.DiceInfo{Scheme: audit.SchemeScripted, Faces: facesOf(x)}
			return true
		})
	}
	for i, e := range x.Entries {
		ev := read(e)
		switch {
		case ev.Roll != nil && len(ev.Roll.Faces) > 0:
			add("change a face", fmt.Sprintf("entry %d: its first face changed", i+1), func(x *audit.Export) bool {
				r := *ev.Roll
				r.Faces = append([]int(nil), r.Faces...)
				sides, _ := audit.DieSides(r.Dice, 0)
				r.Faces[0] = r.Faces[0]%sides + 1
				set(&x.Entries[i], "roll", r)
				return true
			})
			if len(ev.Roll.Modifiers) > 0 {
				add("change a modifier", fmt.Sprintf("entry %d: a modifier changed", i+1), func(x *audit.Export) bool {
					r := *ev.Roll
					r.Modifiers = append([]engine.Modifier(nil), r.Modifiers...)
					r.Modifiers[0].Value++
					set(&x.Entries[i], "roll", r)
					return true
				})
			}
		case ev.Choice != nil:
			add("change a choice", fmt.Sprintf("entry %d: the choice's key changed", i+1), func(x *audit.Export) bool {
				c := *ev.Choice
				c.Key += "x"
				set(&x.Entries[i], "choice", c)
				return true
			})
		case ev.Seed != nil:
			c := add("change a seed entry", fmt.Sprintf("entry %d: the seed action's entropy, seed or commitment changed", i+1), func(x *audit.Export) bool {
				a := *ev.Seed
				switch a.Action {
				case audit.ActionEntropy:
					a.Entropy += "!"
				case audit.ActionReveal:
					a.Seed = "00" + a.Seed
				default:
					a.Commitment = strings.Repeat("0", 64)
				}
				x.Entries[i].Event, _ = audit.SeedEntry(a) // its text too
				return true
			})
			if c != nil && !revealed(&x, ev.Seed.Commitment) {
				// Nothing checks a seed's commitment or entropy before its
				// reveal: only the head, and the commitment posted in the
				// channel, do.
				c.HeadOnly = true
			}
		}
	}
	for i, e := range x.Entries {
		if k := read(e).Kind; k == audit.KindSeed || k == audit.KindGenesis || i%10 == 0 {
			add("change a text", fmt.Sprintf("entry %d: its text changed, fields kept", i+1), func(x *audit.Export) bool {
				var m map[string]any
				json.Unmarshal(x.Entries[i].Event, &m)
				text, _ := m["text"].(string)
				set(&x.Entries[i], "text", text+" (so it was)")
				return true
			})
		}
	}
	if len(categories) == 0 || slices.Contains(categories, "cut short") {
		if pick == nil || pick("cut short", 0) {
			out = append(out, truncations(&x)...)
		}
	}
	return out
}

// relabels change what the file says of the game outside the chain.
var relabels = []struct {
	name string
	edit func(x *audit.Export) bool
}{
	{"the game id", func(x *audit.Export) bool { x.Game.ID = "someone-else"; return true }},
	{"the creation time", func(x *audit.Export) bool { x.Game.Created = x.Game.Created.AddDate(-1, 0, 0); return true }},
	{"the setup's list reordered", func(x *audit.Export) bool {
		return editSetup(x, func(v string) string {
			parts := strings.Split(v, ",")
			slices.Reverse(parts)
			return strings.Join(parts, ",")
		})
	}},
	{"the setup's first answer changed", func(x *audit.Export) bool {
		done := false
		return editSetup(x, func(v string) string {
			if done {
				return v
			}
			done = true
			return v + "x"
		})
	}},
	{"the surface", func(x *audit.Export) bool { x.Game.Surface = "terminal"; return true }},
	{"the kind of game", func(x *audit.Export) bool { x.Game.Game += "-other"; return true }},
	{"the dice's game id", func(x *audit.Export) bool { x.Dice.GameID += "x"; return true }},
	{"the log version (1, re-hashed so)", func(x *audit.Export) bool { x.Version = persist.LogV1; return true }},
}

// editSetup changes the setup's answers (a JSON object of strings), in the
// order of their keys.
func editSetup(x *audit.Export, f func(string) string) bool {
	var m map[string]string
	if json.Unmarshal(x.Game.Setup, &m) != nil {
		return false
	}
	keys := slices.Sorted(maps.Keys(m))
	for _, k := range keys {
		m[k] = f(m[k])
	}
	x.Game.Setup, _ = json.Marshal(m)
	return true
}

// decisionBlocks gives the index range [from, to) of each decision's
// entries, from decision 1 on.
func decisionBlocks(x *audit.Export) map[int][2]int {
	blocks := map[int][2]int{}
	for i, e := range x.Entries {
		if e.Decision < 1 {
			continue
		}
		b, ok := blocks[e.Decision]
		if !ok {
			b[0] = i
		}
		b[1] = i + 1
		blocks[e.Decision] = b
	}
	return blocks
}

// swapBlocks logs decision d+1's entries before decision d's; renumber
// gives each its new place's decision number too.
func swapBlocks(x *audit.Export, d int, renumber bool) bool {
	blocks := decisionBlocks(x)
	a, b := blocks[d], blocks[d+1]
	if a[1] == 0 || b[1] == 0 || a[1] != b[0] {
		return false
	}
	moved := append(append([]persist.EventRecord(nil), x.Entries[b[0]:b[1]]...), x.Entries[a[0]:a[1]]...)
	if renumber {
		for i := range moved {
			if i < b[1]-b[0] {
				moved[i].Decision = d
			} else {
				moved[i].Decision = d + 1
			}
		}
	}
	copy(x.Entries[a[0]:b[1]], moved)
	return true
}

// Recreate gives a format 2 file the creation time at, in its genesis
// entry and its game fields, and re-hashes it: two runs of one seeded
// career, created at different moments, then compare head for head.
func Recreate(x *audit.Export, at time.Time) {
	x.Game.Created = at
	if editGenesis(x, func(g *audit.Genesis) { g.Created = at }) {
		Rehash(x)
	}
}

// editGenesis changes the genesis entry's fields and writes its text anew,
// as the game master would have.
func editGenesis(x *audit.Export, f func(g *audit.Genesis)) bool {
	ev := read(x.Entries[0])
	if ev.Gen == nil {
		return false
	}
	f(ev.Gen)
	var err error
	if x.Entries[0].Event, err = audit.EncodeGenesis(*ev.Gen); err != nil {
		panic(err)
	}
	return true
}

// revealed tells whether the seed with this commitment is revealed, by the
// log or by the file.
func revealed(x *audit.Export, commitment string) bool {
	if x.Dice.Seed != "" {
		return true // the seed in force, revealed by the file
	}
	for _, e := range x.Entries {
		if ev := read(e); ev.Seed != nil && ev.Seed.Action == audit.ActionReveal && ev.Seed.Commitment == commitment {
			return true
		}
	}
	return false
}

func lastReveal(x *audit.Export) string {
	ev := read(x.Entries[len(x.Entries)-1])
	if ev.Seed == nil || ev.Seed.Action != audit.ActionReveal {
		return ""
	}
	return ev.Seed.Seed
}

func dropLastReveal(x *audit.Export) bool {
	if lastReveal(x) == "" {
		return false
	}
	x.Entries = x.Entries[:len(x.Entries)-1]
	return true
}

func facesOf(x *audit.Export) []int {
	var faces []int
	for _, e := range x.Entries {
		if ev := read(e); ev.Roll != nil {
			faces = append(faces, ev.Roll.Faces...)
		}
	}
	return faces
}

// toScripted drops the seed entries and lists the faces as a script; with
// genesis, the first entry is rewritten as a terminal game's with scripted
// dice, so the whole file is consistent.
func toScripted(x *audit.Export, genesis bool) bool {
	faces := facesOf(x)
	kept := x.Entries[:0:0]
	for _, e := range x.Entries {
		if read(e).Kind != audit.KindSeed {
			kept = append(kept, e)
		}
	}
	x.Entries = kept
	x.Dice = audit.DiceInfo{Scheme: audit.SchemeScripted, Faces: faces, Note: audit.ScriptedNote}
	if genesis {
		x.Game.Surface = audit.SurfaceTerminal
		return editGenesis(x, func(g *audit.Genesis) {
			g.Surface, g.Dice, g.DiceGameID = audit.SurfaceTerminal, audit.SchemeScripted, ""
		})
	}
	return true
}

// truncations cut the log after some decisions (over cleared): a prefix of
// a game's log is the log of that game as it stood then, which only the
// head tells apart.
func truncations(x *audit.Export) []Case {
	var out []Case
	blocks := decisionBlocks(x)
	for _, d := range []int{1, len(blocks) / 2} {
		b, ok := blocks[d]
		if !ok || d >= len(blocks) {
			continue
		}
		forged, ok := forge(x, func(x *audit.Export) bool {
			x.Entries, x.Over, x.Dice.Seed = x.Entries[:b[1]], false, ""
			return true
		})
		if ok {
			out = append(out, Case{Name: fmt.Sprintf("cut after decision %d", d), Category: "cut short", Data: forged, HeadOnly: true})
		}
	}
	return out
}

// SameContent tells whether two audit files say the same thing: the same
// fields and entries (decision, dice, event) in the same order, whatever
// their encoding and hashes.
func SameContent(a, b []byte) bool {
	var xa, xb audit.Export
	return json.Unmarshal(a, &xa) == nil && json.Unmarshal(b, &xb) == nil && sameContent(&xa, &xb)
}

func sameContent(a, b *audit.Export) bool {
	if a.Version != b.Version || a.Game.ID != b.Game.ID || a.Game.Game != b.Game.Game || !a.Game.Created.Equal(b.Game.Created) ||
		a.Game.Surface != b.Game.Surface || !sameJSON(a.Game.Setup, b.Game.Setup) || a.Over != b.Over ||
		a.Dice.Scheme != b.Dice.Scheme || a.Dice.GameID != b.Dice.GameID || a.Dice.Seed != b.Dice.Seed || a.Dice.Note != b.Dice.Note ||
		!slices.Equal(a.Dice.Faces, b.Dice.Faces) || len(a.Entries) != len(b.Entries) {
		return false
	}
	for i, ea := range a.Entries {
		eb := b.Entries[i]
		if ea.Decision != eb.Decision || !slices.Equal(ea.Dice, eb.Dice) || !sameJSON(ea.Event, eb.Event) {
			return false
		}
	}
	return true
}

// sameJSON compares two JSON texts as values (the bytes first, for speed).
func sameJSON(a, b json.RawMessage) bool {
	if bytes.Equal(a, b) {
		return true
	}
	ca, err1 := canonjson.JCS(a)
	cb, err2 := canonjson.JCS(b)
	return err1 == nil && err2 == nil && bytes.Equal(ca, cb)
}
