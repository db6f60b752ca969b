package enginetest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
)

// Options tune Run for a game. The zero value plays defaultGames games,
// each set up from the game's form at random (FormSetup).
type Options struct {
	// Setups are Rules.New's setups to play (JSON), each Games times;
	// none: a random answer of the form for each game.
	Setups []string
	// Games is how many seeded games each setup plays (0: defaultGames,
	// fewer under -race: size_race.go). Games, MaxDecisions and ViewsEvery
	// are the kit's size; their defaults are in size_*.go.
	Games int
	// MaxDecisions bounds a game (0: defaultMaxDecisions): a longer game
	// is checked up to it.
	MaxDecisions int
	// ViewsEvery renders every view at every n-th decision (0:
	// defaultViewsEvery; views of a big game cost more than its decisions).
	ViewsEvery int
	// Golden is the game's testdata/rules_version.json ("": found from the
	// directory of the package its Rules come from).
	Golden string
	// OddsAt is how many prompts of a game are asked their odds, where the
	// game gives odds (0: 2; odds simulate, and cost).
	OddsAt int
	// SimGames is how many games the simulator check plays on each count
	// of workers (0: defaultSimGames).
	SimGames int
}

// Run is the conformance kit every registered game passes, in the spirit
// of testing/fstest.TestFS: its descriptor is whole, it has help, and
// seeded random legal play to the end holds the engine's contract at every
// decision:
//
//   - Apply never changes its receiver (its encoding before and after);
//   - a state's encoding decodes to the same encoding;
//   - where the game copies itself (engine.Cloner), the copy encodes as
//     the state does, plays on as the decoded encoding does, and playing
//     it on, even in place, never reaches the state;
//   - every die drawn is in a roll event, in the order drawn;
//   - an illegal choice is refused and changes nothing, dice included;
//   - every view the state lists renders;
//   - where the game gives odds, asking changes nothing;
//   - where it offers undo, an undo brings back the decision's prompt
//     without a die (Restored takes none) and with new tokens;
//   - its rules version is the one its golden file records;
//   - where it simulates, the report is the same on one worker and on
//     several (engine.SimConfig.Workers).
func Run(t *testing.T, g *engine.Game, o Options) {
	t.Helper()
	if o.Games <= 0 {
		o.Games = defaultGames
	}
	if o.MaxDecisions <= 0 {
		o.MaxDecisions = defaultMaxDecisions
	}
	if o.ViewsEvery <= 0 {
		o.ViewsEvery = defaultViewsEvery
	}
	if o.OddsAt <= 0 {
		o.OddsAt = 2
	}
	if _, err := engine.NewRegistry(g); err != nil {
		t.Fatalf("the descriptor: %v", err)
	}
	t.Run("RulesVersion", func(t *testing.T) { checkGolden(t, g, o.Golden) })
	if g.Simulator != nil {
		t.Run("SimulatorWorkers", func(t *testing.T) { checkSimWorkers(t, g, o.SimGames) })
	}
	setups := o.Setups
	if len(setups) == 0 {
		setups = []string{""}
	}
	for si, setup := range setups {
		for i := 0; i < o.Games; i++ {
			seed := uint64(si*1000 + i + 1)
			setup := setup
			if setup == "" {
				setup = FormSetup(g, dice.NewFast(seed+13))
			}
			t.Run(fmt.Sprintf("setup%d/game%d", si, i), func(t *testing.T) {
				t.Logf("setup %s", setup)
				play(t, g, setup, seed, o)
			})
		}
	}
}

// FormSetup answers a game's setup form at random: a field with options
// takes one of them, another its default; each seat gets a player's name
// (the bot writes the seated players' names so).
func FormSetup(g *engine.Game, choose engine.Dice) string {
	answers := map[string]string{}
	for _, f := range g.Setup {
		switch {
		case f.Type == engine.FieldUser:
		case len(f.Options) > 0:
			k, _ := choose.Roll(len(f.Options))
			answers[f.Key] = f.Options[k-1].Key
		case f.Default != "":
			answers[f.Key] = f.Default
		}
	}
	for i, seat := range g.Seats {
		answers[seat] = fmt.Sprintf("Player %d", i+1)
	}
	b, _ := json.Marshal(answers)
	return string(b)
}

// counting dice remember every face they give.
type counting struct {
	inner engine.Dice
	faces []int
}

func (c *counting) Roll(sides int) (int, error) {
	f, err := c.inner.Roll(sides)
	if err == nil {
		c.faces = append(c.faces, f)
	}
	return f, err
}

// take returns the faces drawn since the last take.
func (c *counting) take() []int {
	f := c.faces
	c.faces = nil
	return f
}

// facesIn are the faces of the events' rolls, in order.
func facesIn(evs []engine.Event) []int {
	var out []int
	for _, e := range evs {
		if e.Roll != nil {
			out = append(out, e.Roll.Faces...)
		}
	}
	return out
}

func play(t *testing.T, g *engine.Game, setup string, seed uint64, o Options) {
	d := &counting{inner: dice.NewFast(seed)}
	choose := dice.NewFast(seed + 7_000_003)
	st, evs, err := g.Rules.New([]byte(setup), d)
	if err != nil {
		t.Fatalf("New(%s): %v", setup, err)
	}
	if drawn, logged := d.take(), facesIn(evs); !slices.Equal(drawn, logged) {
		t.Fatalf("New drew the dice %v but its roll events show %v", drawn, logged)
	}
	checkViews(t, g, st, 0)
	if !slices.Contains(st.Views(), engine.HelpView) {
		t.Fatalf("the state's views %v lack %q", st.Views(), engine.HelpView)
	}
	odds, undone := 0, false
	undoAt, _ := choose.Roll(20)
	for n := 1; n <= o.MaxDecisions && st.Outcome() == nil; n++ {
		before := encode(t, st)
		roundTrip(t, g, before, n)
		pending := engine.PendingAll(st)
		if len(pending) == 0 {
			t.Fatalf("decision %d: no prompt and no outcome", n)
		}
		k, _ := choose.Roll(len(pending))
		p := pending[k-1]
		if len(p.Options) == 0 {
			t.Fatalf("decision %d: prompt %s has no options", n, p.Kind)
		}
		illegal(t, st, p, d, before, n)
		if adv, ok := engine.AdvisorOf(st); ok && g.OddsHelp != "" && odds < o.OddsAt && adv.OddsOffered(p.Token) {
			odds++
			if _, err := adv.Odds(p.Token, engine.OddsBudget{Rollouts: 4, Seed: seed}); err != nil && !errors.Is(err, engine.ErrIllegalChoice) {
				t.Logf("decision %d: odds refused: %v", n, err) // a game may refuse (a secret pick): it must still change nothing
			}
			if got := encode(t, st); !bytes.Equal(got, before) {
				t.Fatalf("decision %d: asking the odds changed the state", n)
			}
			if len(d.faces) != 0 {
				t.Fatalf("decision %d: asking the odds rolled the game's dice", n)
			}
		}
		c, _ := choose.Roll(len(p.Options))
		checkClone(t, g, st, before, engine.Choice{Token: p.Token, Key: p.Options[c-1].Key}, seed+uint64(n), n)
		next, evs, err := st.Apply(engine.Choice{Token: p.Token, Key: p.Options[c-1].Key}, d)
		if err != nil {
			t.Fatalf("decision %d: %s refused its own option %q: %v", n, p.Kind, p.Options[c-1].Key, err)
		}
		if got := encode(t, st); !bytes.Equal(got, before) {
			t.Fatalf("decision %d (%s %q): Apply changed its receiver", n, p.Kind, p.Options[c-1].Key)
		}
		if drawn, logged := d.take(), facesIn(evs); !slices.Equal(drawn, logged) {
			t.Fatalf("decision %d (%s %q): drew the dice %v but its roll events show %v", n, p.Kind, p.Options[c-1].Key, drawn, logged)
		}
		if g.Undo != nil && !undone && n >= undoAt && next.Outcome() == nil {
			undone = true
			checkUndo(t, g, st, next, p, n)
		}
		st = next
		if n%o.ViewsEvery == 0 || st.Outcome() != nil {
			checkViews(t, g, st, n)
		}
	}
	if st.Outcome() == nil {
		t.Logf("the game had not ended after %d decisions: checked that far", o.MaxDecisions)
	} else if cl, ok := st.(engine.Cloner); ok {
		if got, want := encode(t, cl.CloneState()), encode(t, st); !bytes.Equal(got, want) {
			t.Fatalf("the ended game's CloneState encodes otherwise than the game: %s", firstDiff(got, want))
		}
	}
}

// checkClone holds a game's own copy (engine.Cloner) to the encoded round
// trip it replaces: the clone encodes as the state does; the same choice
// with the same dice, on the clone and on a state decoded from the
// encoding, gives the same next state and events; and playing the clone on
// (Apply, and where the game has it ApplyInPlace, which changes the clone
// itself) changes neither the state nor, through Apply, the clone.
func checkClone(t *testing.T, g *engine.Game, st engine.State, before []byte, c engine.Choice, seed uint64, n int) {
	t.Helper()
	cl, ok := st.(engine.Cloner)
	if !ok {
		return // the game copies through its encoding (engine.Copy)
	}
	cp := cl.CloneState()
	if got := encode(t, cp); !bytes.Equal(got, before) {
		t.Fatalf("decision %d: CloneState encodes otherwise than the state: %s", n, firstDiff(got, before))
	}
	decoded, err := g.Rules.Decode(before)
	if err != nil {
		t.Fatalf("decision %d: Decode: %v", n, err)
	}
	viaClone, evClone, errClone := cp.Apply(c, dice.NewFast(seed))
	viaCode, evCode, errCode := decoded.Apply(c, dice.NewFast(seed))
	if (errClone == nil) != (errCode == nil) {
		t.Fatalf("decision %d: Apply on the clone: %v; on the decoded state: %v", n, errClone, errCode)
	}
	if got := encode(t, cp); !bytes.Equal(got, before) {
		t.Fatalf("decision %d: Apply changed the clone it was called on: %s", n, firstDiff(got, before))
	}
	if got := encode(t, st); !bytes.Equal(got, before) {
		t.Fatalf("decision %d: playing the clone on changed the state it was cloned from: %s", n, firstDiff(got, before))
	}
	if errClone != nil {
		return
	}
	if a, b := encode(t, viaClone), encode(t, viaCode); !bytes.Equal(a, b) {
		t.Fatalf("decision %d: the clone played on differs from the decoded state played on: %s", n, firstDiff(a, b))
	}
	if !reflect.DeepEqual(evClone, evCode) {
		t.Fatalf("decision %d: the clone's events differ from the decoded state's:\n%+v\n%+v", n, evClone, evCode)
	}
	if ip, ok := cl.CloneState().(inPlace); ok {
		if _, err := ip.ApplyInPlace(c, dice.NewFast(seed), true); err != nil {
			t.Fatalf("decision %d: ApplyInPlace on a clone: %v", n, err)
		}
		if got := encode(t, st); !bytes.Equal(got, before) {
			t.Fatalf("decision %d: playing a clone in place changed the state it was cloned from: %s", n, firstDiff(got, before))
		}
	}
}

// inPlace is a state that can be played on itself (The Hunters' careers):
// a clone played so must not reach its original.
type inPlace interface {
	ApplyInPlace(c engine.Choice, d engine.Dice, record bool) ([]engine.Event, error)
}

// firstDiff shows where two encodings part.
func firstDiff(a, b []byte) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(0, i-60)
	return fmt.Sprintf("at byte %d: %q against %q", i, a[from:min(len(a), i+60)], b[from:min(len(b), i+60)])
}

func encode(t *testing.T, st engine.State) []byte {
	t.Helper()
	b, err := st.Encode()
	if err != nil {
		t.Fatalf("Encode: %v", err)
	}
	return b
}

// roundTrip decodes an encoding and encodes it again: the same bytes.
func roundTrip(t *testing.T, g *engine.Game, b []byte, n int) {
	t.Helper()
	st, err := g.Rules.Decode(b)
	if err != nil {
		t.Fatalf("decision %d: Decode of its own Encode: %v", n, err)
	}
	if again := encode(t, st); !bytes.Equal(again, b) {
		t.Fatalf("decision %d: Encode→Decode→Encode differs", n)
	}
}

// illegal answers p with a key it lacks, and with a stale token: both
// refused, the state and the dice untouched.
func illegal(t *testing.T, st engine.State, p *engine.Prompt, d *counting, before []byte, n int) {
	t.Helper()
	for _, c := range []engine.Choice{
		{Token: p.Token, Key: "no-such-option"},
		{Token: p.Token + "-stale", Key: p.Options[0].Key},
	} {
		next, _, err := st.Apply(c, d)
		if err == nil || next != nil {
			t.Fatalf("decision %d: the illegal choice %+v was taken", n, c)
		}
		if got := encode(t, st); !bytes.Equal(got, before) {
			t.Fatalf("decision %d: the illegal choice %+v changed the state", n, c)
		}
		if len(d.faces) != 0 {
			t.Fatalf("decision %d: the illegal choice %+v rolled dice %v", n, c, d.take())
		}
	}
}

// checkViews renders every view the state lists, and the private view for
// each seat of a game with hidden information.
func checkViews(t *testing.T, g *engine.Game, st engine.State, n int) {
	t.Helper()
	for _, name := range st.Views() {
		v, err := st.View(name)
		if err != nil || v == nil {
			t.Fatalf("decision %d: view %q: %v", n, name, err)
		}
	}
	if pv := engine.PrivateViewOf(st); pv != "" {
		for _, seat := range g.Seats {
			if v, _, err := engine.ViewFor(st, seat, pv); err != nil || v == nil {
				t.Fatalf("decision %d: %s's view %q: %v", n, seat, pv, err)
			}
		}
	}
	if _, err := st.View("no-such-view"); err == nil {
		t.Fatalf("decision %d: an unknown view rendered", n)
	}
}

// checkUndo restores the state a decision answered, as a first undo: its
// prompt comes back (the same kind and options, in a new token), in the
// same span as the game now.
func checkUndo(t *testing.T, g *engine.Game, before, after engine.State, p *engine.Prompt, n int) {
	t.Helper()
	was, _ := g.Undo.UndoSpan(before)
	if now, _ := g.Undo.UndoSpan(after); now != was {
		return // the decision closed its span: the game refuses that undo
	}
	kept := encode(t, before)
	back, err := g.Undo.Restored(before, 1, map[string]int{})
	if err != nil {
		t.Fatalf("decision %d: Restored: %v", n, err)
	}
	if got := encode(t, before); !bytes.Equal(got, kept) {
		t.Fatalf("decision %d: Restored changed the state it was given", n)
	}
	var q *engine.Prompt
	for _, r := range engine.PendingAll(back) {
		if r.Kind == p.Kind && r.Seat == p.Seat {
			q = r
		}
	}
	if q == nil {
		t.Fatalf("decision %d: the undo did not bring back the prompt %s", n, p.Kind)
	}
	keys := func(p *engine.Prompt) []string {
		var out []string
		for _, o := range p.Options {
			out = append(out, o.Key)
		}
		return out
	}
	if !slices.Equal(keys(q), keys(p)) {
		t.Fatalf("decision %d: the undo brought back %s with options %v, not %v", n, p.Kind, keys(q), keys(p))
	}
	if q.Token == p.Token {
		t.Fatalf("decision %d: the undone prompt kept its token %q: an answer to the voided one would be taken", n, p.Token)
	}
}

// checkGolden holds the descriptor's rules version to the game's
// testdata/rules_version.json (which CheckRulesVersion keeps with its
// digest).
func checkGolden(t *testing.T, g *engine.Game, golden string) {
	if golden == "" {
		dir, err := packageDir(g.Rules)
		if err != nil {
			t.Fatal(err)
		}
		golden = filepath.Join(dir, "testdata", "rules_version.json")
	}
	b, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v: a game records its rules version (enginetest.CheckRulesVersion, -update-rules-version)", err)
	}
	var rec Recorded
	if err := json.Unmarshal(b, &rec); err != nil {
		t.Fatalf("%s: %v", golden, err)
	}
	if rec.Version != g.RulesVersion {
		t.Fatalf("%s names version %q, the descriptor %q: record it (-update-rules-version)", golden, rec.Version, g.RulesVersion)
	}
}

// packageDir is the directory of the package a value's type is declared
// in, in this module, from the module root above the working directory.
func packageDir(v any) (string, error) {
	ty := reflect.TypeOf(v)
	for ty.Kind() == reflect.Pointer {
		ty = ty.Elem()
	}
	pkg := ty.PkgPath()
	root, mod, err := module()
	if err != nil {
		return "", err
	}
	rel, ok := strings.CutPrefix(pkg, mod)
	if !ok {
		return "", fmt.Errorf("the rules' package %s is not in module %s", pkg, mod)
	}
	return filepath.Join(root, filepath.FromSlash(strings.TrimPrefix(rel, "/"))), nil
}

// module finds go.mod above the working directory: its directory and path.
func module() (dir, path string, err error) {
	dir, err = os.Getwd()
	if err != nil {
		return "", "", err
	}
	for {
		b, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil {
			for _, line := range strings.Split(string(b), "\n") {
				if p, ok := strings.CutPrefix(strings.TrimSpace(line), "module "); ok {
					return dir, strings.TrimSpace(p), nil
				}
			}
			return "", "", errors.New("go.mod names no module")
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", "", errors.New("no go.mod above the working directory")
		}
		dir = up
	}
}

// checkSimWorkers holds a game's simulation to one report whatever the
// workers: the same lines and the same data, bit for bit, on 1, 2 and 3.
func checkSimWorkers(t *testing.T, g *engine.Game, games int) {
	if games <= 0 {
		games = defaultSimGames
	}
	report := func(workers int) string {
		rep, err := g.Simulator.Simulate(engine.SimConfig{Games: games, Workers: workers}, func(i int) engine.Dice { return dice.NewFast(uint64(i) + 1) })
		if err != nil {
			t.Fatalf("%d workers: %v", workers, err)
		}
		data, err := json.Marshal(rep.Data)
		if err != nil {
			t.Fatalf("%d workers: the report's data: %v", workers, err)
		}
		return strings.Join(rep.Lines, "\n") + "\n" + string(data)
	}
	one := report(1)
	for _, w := range []int{2, 3} {
		if got := report(w); got != one {
			t.Errorf("the simulation's report on %d workers differs from one worker's:\n%s\nwant\n%s", w, got, one)
		}
	}
}
