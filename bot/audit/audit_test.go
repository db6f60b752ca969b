package audit_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/bot/audit"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/hunters"
	"github.com/kaleun/kaleun/engine/hunters/duel"
	"github.com/kaleun/kaleun/internal/auditvectors"
	"github.com/kaleun/kaleun/persist"
)

// script says how a test game is played through the bot.
type script struct {
	decisions int      // at most this many clicks
	entropy   []string // mixed in before the first roll
	revealAt  int      // ask for the seed's reveal after this many clicks (0: never)
	reveal    bool     // export with the seed in force (a terminal database's holder)
}

// played plays a career through the bot (auditvectors.Played).
func played(t testing.TB, sc script) ([]byte, engine.Registry) {
	t.Helper()
	return auditvectors.Played(t, auditvectors.Script{Decisions: sc.decisions, Entropy: sc.entropy, RevealAt: sc.revealAt, Reveal: sc.reveal})
}

func TestAPlayedGameVerifiesClean(t *testing.T) {
	data, games := played(t, script{decisions: 150, reveal: true})
	r := audit.Verify(data, games)
	if !r.OK() || r.Dice == 0 || r.Checked != r.Dice || r.Decisions < 20 || len(r.Unrevealed) != 0 {
		t.Fatalf("clean game: %+v", r)
	}
}

// Entropy from two players, a reveal mid-game and a fresh seed after it: the
// first seed's dice check out, the second seed's wait for its reveal, and
// the replay goes through.
func TestEntropyAndAMidGameReveal(t *testing.T) {
	data, games := played(t, script{decisions: 25, entropy: []string{"Schepke's lucky dice", "🎲"}, revealAt: 10})
	r := audit.Verify(data, games)
	if !r.OK() || len(r.Unrevealed) != 1 || r.Checked == 0 || r.Checked >= r.Dice {
		t.Fatalf("want the first seed's dice checked and the second's waiting: %+v", r)
	}
	var x audit.Export
	json.Unmarshal(data, &x)
	if x.Over {
		t.Fatal("the test game ended before its second seed could be checked unrevealed")
	}
	actions := []string{}
	for _, e := range x.Entries {
		var se audit.SeedEvent
		if json.Unmarshal(e.Event, &se) == nil && se.Kind == audit.KindSeed {
			actions = append(actions, se.Seed.Action)
		}
	}
	if got := strings.Join(actions, ","); got != "commit,entropy,entropy,reveal,commit" {
		t.Fatalf("seed entries: %s", got)
	}
	// The holder of the database can reveal the seed in force: all dice check.
	data, games = played(t, script{decisions: 25, entropy: []string{"x"}, revealAt: 10, reveal: true})
	if r := audit.Verify(data, games); !r.OK() || r.Checked != r.Dice || len(r.Unrevealed) != 0 {
		t.Fatalf("with the seed in force revealed: %+v", r)
	}
}

// A game played to its end reveals its seed in its own log.
func TestAFinishedGameRevealsItsSeed(t *testing.T) {
	data, games := played(t, script{decisions: 5000})
	var x audit.Export
	json.Unmarshal(data, &x)
	if !x.Over {
		t.Fatal("the game did not end within 5000 decisions")
	}
	r := audit.Verify(data, games)
	if !r.OK() || r.Checked != r.Dice || len(r.Unrevealed) != 0 {
		t.Fatalf("finished game: %+v", r)
	}
}

// tamper edits the export and (optionally) recomputes the hash chain in the
// file's log version, as a careful forger would.
func tamper(t *testing.T, data []byte, rehash bool, edit func(x *audit.Export)) []byte {
	t.Helper()
	var x audit.Export
	if err := json.Unmarshal(data, &x); err != nil {
		t.Fatal(err)
	}
	edit(&x)
	if rehash {
		prev := ""
		for i := range x.Entries {
			x.Entries[i].Prev = prev
			h, _ := persist.HashEntryVersion(x.Version, x.Entries[i])
			x.Entries[i].Hash = h
			prev = h
		}
		x.Head = prev
	}
	b, _ := json.Marshal(x)
	return b
}

// find returns the index of the n-th entry (from 0) that match says yes to.
func find(x *audit.Export, n int, match func(ev engine.Event) bool) int {
	for i, e := range x.Entries {
		var ev engine.Event
		json.Unmarshal(e.Event, &ev)
		if match(ev) {
			if n == 0 {
				return i
			}
			n--
		}
	}
	return -1
}

func editEvent(x *audit.Export, i int, f func(ev *engine.Event)) {
	var ev engine.Event
	json.Unmarshal(x.Entries[i].Event, &ev)
	f(&ev)
	x.Entries[i].Event, _ = json.Marshal(ev)
}

func TestTamperingIsCaughtAtTheFirstBadEntry(t *testing.T) {
	data, games := played(t, script{decisions: 150, entropy: []string{"x"}, reveal: true})
	var x audit.Export
	json.Unmarshal(data, &x)
	if x.Over {
		t.Fatal("the test game ended within 150 decisions: its export holds no unrevealed seed to tamper with")
	}
	roll := find(&x, 5, func(ev engine.Event) bool { return ev.Roll != nil })
	modified := find(&x, 0, func(ev engine.Event) bool { return ev.Roll != nil && len(ev.Roll.Modifiers) > 0 })
	decision := find(&x, 3, func(ev engine.Event) bool { return ev.Choice != nil })
	entropy := -1
	for i, e := range x.Entries {
		var se audit.SeedEvent
		if json.Unmarshal(e.Event, &se) == nil && se.Seed.Action == audit.ActionEntropy {
			entropy = i
		}
	}
	if roll < 0 || modified < 0 || decision < 0 || entropy < 0 {
		t.Fatal("the played game lacks the entries this test edits")
	}
	seq := func(i int) string { return fmt.Sprintf("entry %d: ", x.Entries[i].Seq) }
	cases := []struct {
		name   string
		rehash bool
		edit   func(x *audit.Export)
		want   string
	}{
		{"one face", false, func(x *audit.Export) {
			editEvent(x, roll, func(ev *engine.Event) { ev.Roll.Faces[0] = ev.Roll.Faces[0]%6 + 1 })
		}, seq(roll) + "its hash"},
		{"one face, chain rebuilt", true, func(x *audit.Export) {
			editEvent(x, roll, func(ev *engine.Event) { ev.Roll.Faces[0] = ev.Roll.Faces[0]%6 + 1 })
		}, seq(roll) + "die #"},
		{"one modifier, chain rebuilt", true, func(x *audit.Export) {
			editEvent(x, modified, func(ev *engine.Event) { ev.Roll.Modifiers[0].Value++ })
		}, seq(modified) + "logged"},
		{"one decision, chain rebuilt", true, func(x *audit.Export) {
			editEvent(x, decision, func(ev *engine.Event) { ev.Choice.Key = "not-an-option" })
		}, seq(decision) + "the rules refuse"},
		{"the entropy, chain rebuilt", true, func(x *audit.Export) {
			var se audit.SeedEvent
			json.Unmarshal(x.Entries[entropy].Event, &se)
			se.Seed.Entropy += "!"
			x.Entries[entropy].Event, _ = audit.SeedEntry(se.Seed) // its text too
		}, "die #"},
		{"one hash", false, func(x *audit.Export) { x.Entries[3].Hash = strings.Repeat("0", 64) }, "entry 4: its hash"},
		{"an entry dropped", false, func(x *audit.Export) { x.Entries = append(x.Entries[:7], x.Entries[8:]...) }, "entry 9: out of order"},
		{"two entries swapped", false, func(x *audit.Export) { x.Entries[7], x.Entries[8] = x.Entries[8], x.Entries[7] }, "entry 9: out of order"},
		{"the seed", false, func(x *audit.Export) { x.Dice.Seed = "00" + x.Dice.Seed }, "does not match its commitment"},
		{"cut short", false, func(x *audit.Export) { x.Entries = x.Entries[:len(x.Entries)-1] }, "head hash"},
	}
	for _, c := range cases {
		r := audit.Verify(tamper(t, data, c.rehash, c.edit), games)
		if r.OK() || !strings.Contains(r.Problems[0].String(), c.want) {
			t.Errorf("%s: got %v, want a first problem containing %q", c.name, r.Problems, c.want)
		}
	}
}

// plainRules hides every optional interface of its game's rules: a verifier
// that knows no former reading of a setup.
type plainRules struct{ engine.Rules }

// Exports made by the kaleun before torpedo_load_order's default followed
// the text (commit ee0d05e; a career and a duel, played with `kaleun play
// --jsonl`, each clicking the first option, across a refit): their setups name
// no value of the ruling, and their logs roll each assignment before the
// load. They verify under the former reading of the setup, and only so.
func TestAnExportFromBeforeADefaultChangedVerifies(t *testing.T) {
	h, err := hunters.NewRules()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ file, game string }{
		{"career-before-load-order.json", "hunters"},
		{"duel-before-load-order.json", "hunters-duel"},
	} {
		data, err := os.ReadFile(filepath.Join("testdata", c.file))
		if err != nil {
			t.Fatal(err)
		}
		var rules engine.Rules = h
		if c.game == "hunters-duel" {
			rules = duel.NewRules(h)
		}
		r := audit.Verify(data, engine.Described(map[string]engine.Rules{c.game: rules}))
		if !r.OK() || r.Checked != r.Dice || r.Decisions < 30 {
			t.Fatalf("%s: %+v", c.file, r)
		}
		if !strings.Contains(r.Reading, `"rules":"torpedo_load_order=after_assignment,wording=first"`) {
			t.Errorf("%s: replayed from %q, want the former reading", c.file, r.Reading)
		}
		// Without the former reading, the set-up's events differ at once.
		r = audit.Verify(data, engine.Described(map[string]engine.Rules{c.game: plainRules{rules}}))
		if r.OK() || !strings.Contains(r.Problems[0].String(), "logged") {
			t.Errorf("%s read as now: %v", c.file, r.Problems)
		}
	}
	// A game of today replays from its setup as stored: no reading is named.
	data, games := played(t, script{decisions: 40, reveal: true})
	if r := audit.Verify(data, games); !r.OK() || r.Reading != "" {
		t.Fatalf("a game of today: %+v", r)
	}
}
