package main

// XXI end to end through the real binary and the JSONL protocol
// (docs/players/play.md, docs/players/xxi.md): a whole game to the end of
// the Götterdämmerung Turn Record Track with a simple policy, its audit
// verified; then the same game again from a dice file holding every face
// the first one's roll events showed, answering the same keys, which must
// play event for event the same (so every die the game rolled is logged as
// a roll, the preamble's rule) and verify as scripted dice.

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kaleun/kaleun/engine/xxi/content"
)

// xxiLine is one line of `kaleun play xxi --jsonl`, the fields this test
// reads.
type xxiLine struct {
	Type    string `json:"type"`
	Token   string `json:"token"`
	Kind    string `json:"kind"`
	Case    string `json:"case"`
	Text    string `json:"text"`
	Message string `json:"message"`
	Options []struct {
		Key, Label, Case string
	} `json:"options"`
	Roll *struct {
		Case    string `json:"case"`
		Dice    string `json:"dice"`
		Faces   []int  `json:"faces"`
		Natural int    `json:"natural"`
		Result  string `json:"result"`
		Highest bool   `json:"highest"`
	} `json:"roll"`
	Fields []struct{ Name, Value string } `json:"fields"`
}

// xxiGame is what a run showed.
type xxiGame struct {
	keys   []string       // every key sent, in order
	kinds  map[string]int // prompts by kind
	faces  []int          // every face of every roll event, in order
	events []string       // the game's roll and note events, "kind case text"
	rolls  map[string]int // roll events by case
	// results counts roll results by case, "9.6 fail"; firstSail is each
	// turn's first xxi.sail prompt's keys, by turn.
	results   map[string]int
	firstSail map[int][]string
	// trace is every key sent ("key K") and every roll ("roll CASE N",
	// N its dice), in order.
	trace []string
	end   *xxiLine
}

// xxiPolicy is a simple commander: every flotilla sails (the first path
// offered) and fights on, every resource it can move moves, it builds
// when it can, never repairs, and takes the first counter offered as a turn
// marker or a loss. It never takes `stop` or `abort`.
func xxiPolicy(l xxiLine) string {
	prefer := map[string][]string{
		"xxi.sail":           {"sail:", "end"},
		"xxi.encounter":      {"test"},
		"xxi.after_dc":       {"continue"},
		"xxi.open_ocean_hit": {"continue"},
		"xxi.convoy":         {"attack:", "leave"},
		"xxi.move":           {"move:", "done"},
		"xxi.repair":         {"skip"},
	}[l.Kind]
	for _, p := range append(prefer, "build:", "marker:", "remove:") {
		for _, o := range l.Options {
			if strings.HasPrefix(o.Key, p) {
				return o.Key
			}
		}
	}
	for _, o := range l.Options {
		if o.Key != "stop" && o.Key != "abort" {
			return o.Key
		}
	}
	return l.Options[0].Key
}

// xxiCautious sails every flotilla and aborts its mission before the first
// test: each one takes the Dangerous Trip Home test every turn (9.6).
func xxiCautious(l xxiLine) string {
	if l.Kind == "xxi.encounter" {
		return "abort"
	}
	return xxiPolicy(l)
}

var xxiTurn = regexp.MustCompile(`^Turn (\d+) \(`)

// playXXI runs `kaleun play xxi --jsonl` with args to the end of the game:
// keys answers the prompts in order when given, else policy does.
func playXXI(t *testing.T, bin, db string, keys []string, policy func(xxiLine) string, args ...string) xxiGame {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, append([]string{"play", "xxi", "--db", db, "--jsonl"}, args...)...)
	in, _ := cmd.StdinPipe()
	out, _ := cmd.StdoutPipe()
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	g := xxiGame{kinds: map[string]int{}, rolls: map[string]int{}, results: map[string]int{}, firstSail: map[int][]string{}}
	turn := 0
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var l xxiLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatalf("not JSON: %s", sc.Text())
		}
		switch l.Type {
		case "error":
			t.Fatalf("error line after %d keys (last %q): %s", len(g.keys), g.keys[max(0, len(g.keys)-1):], l.Message)
		case "end":
			g.end = &l
		case "event":
			if l.Kind == "roll" {
				if l.Roll == nil {
					t.Fatalf("a roll event with no roll: %s", sc.Text())
				}
				g.faces = append(g.faces, l.Roll.Faces...)
				g.rolls[l.Roll.Case]++
				g.results[l.Roll.Case+" "+l.Roll.Result]++
				g.trace = append(g.trace, fmt.Sprintf("roll %s %d", l.Roll.Case, len(l.Roll.Faces)))
			}
			if m := xxiTurn.FindStringSubmatch(l.Text); m != nil && l.Case == "4.0" {
				turn, _ = strconv.Atoi(m[1])
			}
			if l.Kind == "roll" || l.Kind == "note" {
				g.events = append(g.events, l.Kind+" "+l.Case+" "+l.Text)
			}
		case "prompt":
			if len(l.Options) == 0 {
				t.Fatalf("a prompt with no option: %s", sc.Text())
			}
			g.kinds[l.Kind]++
			if _, ok := g.firstSail[turn]; !ok && l.Kind == "xxi.sail" {
				for _, o := range l.Options {
					g.firstSail[turn] = append(g.firstSail[turn], o.Key)
				}
			}
			var key string
			if keys != nil {
				if len(g.keys) >= len(keys) {
					t.Fatalf("prompt %d (%s) after the %d keys of the first game", len(g.keys)+1, l.Kind, len(keys))
				}
				key = keys[len(g.keys)]
				if !slices.ContainsFunc(l.Options, func(o struct{ Key, Label, Case string }) bool { return o.Key == key }) {
					t.Fatalf("prompt %d (%s): the first game's key %q is not offered", len(g.keys)+1, l.Kind, key)
				}
			} else {
				key = policy(l)
			}
			g.keys = append(g.keys, key)
			g.trace = append(g.trace, "key "+key)
			if len(g.keys) > 5000 {
				t.Fatalf("more than 5000 decisions: the game does not end")
			}
			b, _ := json.Marshal(map[string]string{"token": l.Token, "key": key})
			fmt.Fprintf(in, "%s\n", b)
		}
	}
	in.Close()
	if err := cmd.Wait(); err != nil {
		t.Fatalf("kaleun play xxi: %v\n%s", err, stderr.String())
	}
	if g.end == nil {
		t.Fatalf("the game sent no end line after %d keys", len(g.keys))
	}
	return g
}

func (g xxiGame) field(name string) string {
	for _, f := range g.end.Fields {
		if f.Name == name {
			return f.Value
		}
	}
	return ""
}

// exportXXI exports db's one game with `kaleun audit` and returns the file.
func exportXXI(t *testing.T, bin, db, file string) string {
	t.Helper()
	list, err := exec.Command(bin, "audit", "--db", db).CombinedOutput()
	if err != nil {
		t.Fatalf("audit list: %v\n%s", err, list)
	}
	m := regexp.MustCompile(`(?m)^(\S+) +xxi +finished\b`).FindSubmatch(list)
	if m == nil {
		t.Fatalf("the audit list names no finished xxi game:\n%s", list)
	}
	export, err := exec.Command(bin, "audit", "--db", db, "--game", string(m[1])).Output()
	if err != nil {
		t.Fatalf("audit export: %v", err)
	}
	if err := os.WriteFile(file, export, 0o600); err != nil {
		t.Fatal(err)
	}
	return string(m[1])
}

func TestPlayXXIJSONLToTheEndOfTheTrackAndVerify(t *testing.T) {
	bin, dir := kaleunBinary(t), t.TempDir()
	pack, err := content.LoadHousePack()
	if err != nil {
		t.Fatal(err)
	}
	months := pack.Tracks.Gotterdammerung.Months

	seeded := playXXI(t, bin, filepath.Join(dir, "seeded.db"), nil, xxiPolicy, "--seed", "0x5eed")
	// 2.4.4, 12.2: one box a month; the game ends with the track's last.
	if got := seeded.field("months"); got != strconv.Itoa(months) {
		t.Errorf("the end line's months = %q; the house track has %d (end fields %+v)", got, months, seeded.end.Fields)
	}
	turns := 0
	for _, e := range seeded.events {
		if m := regexp.MustCompile(`^note 4\.0 Turn (\d+) \(`).FindStringSubmatch(e); m != nil {
			n, _ := strconv.Atoi(m[1])
			turns = max(turns, n)
		}
	}
	if turns != months {
		t.Errorf("the Draw Phase's notes reach turn %d; the track has %d months", turns, months)
	}
	t.Logf("seeded game: %d decisions, %d dice, prompts %v, rolls by case %v, end %+v", len(seeded.keys), len(seeded.faces), seeded.kinds, seeded.rolls, seeded.end.Fields)
	// The policy sails: the Battle Phase's prompts and rolls are in the game.
	for _, k := range []string{"xxi.sail", "xxi.encounter", "xxi.move", "xxi.marker"} {
		if seeded.kinds[k] == 0 {
			t.Errorf("no %s prompt in the whole game (prompts %v)", k, seeded.kinds)
		}
	}
	for _, c := range []string{"4.0", "7.1", "9.2", "10.1"} {
		if seeded.rolls[c] == 0 {
			t.Errorf("no roll of case %s in the whole game (rolls by case %v)", c, seeded.rolls)
		}
	}

	// The audit verifies, every die recomputed, and its dice are the faces
	// the roll events showed, no die unlogged.
	audit := filepath.Join(dir, "seeded.json")
	id := exportXXI(t, bin, filepath.Join(dir, "seeded.db"), audit)
	out, err := exec.Command(bin, "verify", audit).CombinedOutput()
	want := fmt.Sprintf("ok: game %s: ", id)
	dice := fmt.Sprintf(" %d of %d dice recomputed", len(seeded.faces), len(seeded.faces))
	if err != nil || !strings.HasPrefix(string(out), want) || !strings.Contains(string(out), dice) || !strings.Contains(string(out), "the game is over") {
		t.Fatalf("verify the seeded game: %v; want %q…%q…over:\n%s", err, want, dice, out)
	}

	// The same game from a dice file of those faces, with the same keys.
	script := filepath.Join(dir, "dice.txt")
	var b strings.Builder
	for _, f := range seeded.faces {
		fmt.Fprintln(&b, f)
	}
	if err := os.WriteFile(script, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	scripted := playXXI(t, bin, filepath.Join(dir, "scripted.db"), seeded.keys, nil, "--dice", script)
	if len(scripted.keys) != len(seeded.keys) {
		t.Errorf("the scripted game took %d decisions; the seeded one %d", len(scripted.keys), len(seeded.keys))
	}
	if !slices.Equal(scripted.faces, seeded.faces) {
		t.Errorf("the scripted game rolled %d faces, not the seeded game's %d", len(scripted.faces), len(seeded.faces))
	}
	for i := range min(len(seeded.events), len(scripted.events)) {
		if seeded.events[i] != scripted.events[i] {
			t.Fatalf("event %d differs:\nseeded   %s\nscripted %s", i+1, seeded.events[i], scripted.events[i])
		}
	}
	if len(seeded.events) != len(scripted.events) {
		t.Fatalf("%d events seeded, %d scripted", len(seeded.events), len(scripted.events))
	}
	if fmt.Sprint(scripted.end.Fields) != fmt.Sprint(seeded.end.Fields) {
		t.Errorf("the scripted game ended %+v; the seeded one %+v", scripted.end.Fields, seeded.end.Fields)
	}
	sAudit := filepath.Join(dir, "scripted.json")
	exportXXI(t, bin, filepath.Join(dir, "scripted.db"), sAudit)
	cmd := exec.Command(bin, "verify", sAudit)
	out, _ = cmd.CombinedOutput()
	if cmd.ProcessState.ExitCode() != 3 || !strings.Contains(string(out), "SCRIPTED DICE") {
		t.Errorf("verify the scripted game: exit %d, want 3 and SCRIPTED DICE:\n%s", cmd.ProcessState.ExitCode(), out)
	}
	cmd = exec.Command(bin, "verify", "--allow-scripted", sAudit)
	out, _ = cmd.CombinedOutput()
	if cmd.ProcessState.ExitCode() != 0 || !strings.HasPrefix(string(out), "ok (scripted): ") {
		t.Errorf("verify --allow-scripted the scripted game: exit %d:\n%s", cmd.ProcessState.ExitCode(), out)
	}
}

// Both Type VIIs (13.0) sail every turn and abort before their first test,
// so each takes the Dangerous Trip Home test (9.6) each turn and, failing
// it, comes home Depleted (XXI-A5). Each turn's Battle Phase must offer
// both again: a flotilla back in Valentin waits only "until the next turn"
// (9.9), and the Repair Phase flips every Depleted one in Valentin back to
// Full strength (11.1) before the next turn's mission (9.1: only
// Full-strength flotillas sail).
func TestPlayXXIJSONLFlotillasSailAgainEachTurn(t *testing.T) {
	bin, dir := kaleunBinary(t), t.TempDir()
	g := playXXI(t, bin, filepath.Join(dir, "k.db"), nil, xxiCautious, "--seed", "0x9")
	t.Logf("%d decisions; Trip Home tests %d passed, %d failed", len(g.keys), g.results["9.6 pass"], g.results["9.6 fail"])
	if g.results["9.6 fail"] == 0 {
		t.Fatalf("no Dangerous Trip Home test failed: 11.1 is not exercised (results %v)", g.results)
	}
	if g.field("flotillas_lost") != "0" {
		t.Errorf("flotillas lost %q: a Full-strength flotilla survives one failed Trip Home test", g.field("flotillas_lost"))
	}
	months, _ := strconv.Atoi(g.field("months"))
	for turn := 1; turn <= months; turn++ {
		got := g.firstSail[turn]
		for _, k := range []string{"sail:VII-1:atlantic", "sail:VII-1:western-approaches", "sail:VII-2:atlantic", "sail:VII-2:western-approaches", "end"} {
			if !slices.Contains(got, k) {
				t.Errorf("turn %d: the Battle Phase's first prompt offers %v, not %s (9.9, 11.1)", turn, got, k)
			}
		}
	}
}

// xxiBuilder is a commander who builds and keeps his flotillas: it moves
// each resource it can one link nearer Hamburg (12, eight Shipyard
// squares, 2.5), puts what reaches it into the squares, builds whenever
// offered, heads home after any depth charge, and otherwise plays as
// xxiPolicy.
func xxiBuilder(t *testing.T) func(xxiLine) string {
	pack, err := content.LoadHousePack()
	if err != nil {
		t.Fatal(err)
	}
	adj := map[string][]string{}
	for _, l := range pack.Map.Links {
		adj[l[0]] = append(adj[l[0]], l[1])
		adj[l[1]] = append(adj[l[1]], l[0])
	}
	dist := map[string]int{"12": 0}
	for q := []string{"12"}; len(q) > 0; q = q[1:] {
		for _, n := range adj[q[0]] {
			if _, ok := dist[n]; !ok {
				dist[n] = dist[q[0]] + 1
				q = append(q, n)
			}
		}
	}
	from := regexp.MustCompile(` from (\S+)`)
	return func(l xxiLine) string {
		switch l.Kind {
		case "xxi.after_dc":
			return "abort" // home to be repaired (11.1), to sail again
		case "xxi.open_ocean_hit":
			return "home"
		case "xxi.move":
		default:
			return xxiPolicy(l)
		}
		for _, o := range l.Options {
			if strings.HasPrefix(o.Key, "yard:") {
				return o.Key
			}
		}
		for _, o := range l.Options {
			parts := strings.Split(o.Key, ":")
			m := from.FindStringSubmatch(o.Label)
			if len(parts) == 3 && parts[0] == "move" && m != nil {
				if to, ok := dist[parts[2]]; ok && to < dist[m[1]] {
					return o.Key
				}
			}
		}
		return "done"
	}
}

// Each flotilla rolls its class's dice: a Type VII always 2 (2.1.1; 8.5
// "Type VII flotillas never upgrade", XXI-A22), every Type XXI those of
// the most recently built model, older ones upgraded (8.5), for its tests
// (Engine or Silence as the space's icon, 9.2), its Trip Home (Engine,
// 9.6) and its attacks (9.7). The missions are followed by their keys: a
// mission's n-th encounter test is its path's n-th space (9.1: none is
// skipped).
func TestPlayXXIJSONLEachFlotillaRollsItsModelsDice(t *testing.T) {
	bin, dir := kaleunBinary(t), t.TempDir()
	pack, err := content.LoadHousePack()
	if err != nil {
		t.Fatal(err)
	}
	models := map[string]content.Model{}
	for _, m := range pack.Tracks.Models {
		models[m.Model] = m
	}
	paths := map[string]content.Path{}
	for _, p := range pack.Tracks.Paths {
		paths[p.ID] = p
	}
	// Seed 0x30: all five XXIs built (A to D, then a fifth, XXI-A9), 102
	// rolls by an XXI built as an older model.
	g := playXXI(t, bin, filepath.Join(dir, "k.db"), nil, xxiBuilder(t), "--seed", "0x30")
	newest, flotilla, path, space := "", "", content.Path{}, 0
	checked, upgraded := map[string]int{}, 0
	builtWhen := map[string]string{} // XXI id -> the model it was built as
	for i, e := range g.trace {
		f := strings.Fields(e)
		if f[0] == "key" {
			switch k := strings.Split(f[1], ":"); k[0] {
			case "build":
				newest = k[1]
			case "sail":
				flotilla, path, space = k[1], paths[k[2]], 0
				if strings.HasPrefix(flotilla, "XXI-") && builtWhen[flotilla] == "" {
					builtWhen[flotilla] = newest
				}
			}
			continue
		}
		c, n := f[1], f[2]
		if !strings.HasPrefix(c, "9.") || c == "9.4" || c == "9.8" || c == "9.3" {
			continue
		}
		r := content.Model{Engine: 2, Silence: 2, Attack: 2}
		if strings.HasPrefix(flotilla, "XXI-") {
			r = models[newest]
			if builtWhen[flotilla] != newest {
				upgraded++
			}
		}
		want, what := r.Engine, "Engine"
		switch c {
		case "9.2":
			if space >= len(path.Spaces) {
				t.Fatalf("trace %d: a fifth encounter test on %s", i, path.ID)
			}
			if path.Spaces[space].Test == content.Silence {
				want, what = r.Silence, "Silence"
			}
			space++
		case "9.7":
			want, what = r.Attack, "Attack"
		}
		if n != strconv.Itoa(want) {
			t.Errorf("trace %d: %s's %s roll (%s) has %s dice; want %d (newest model %q)", i, flotilla, what, c, n, want, newest)
		}
		checked[flotilla[:strings.Index(flotilla, "-")]]++
	}
	t.Logf("%d decisions; rolls checked by class %v, %d by an upgraded XXI; built %s", len(g.keys), checked, upgraded, g.field("xxi_built"))
	if checked["VII"] == 0 || checked["XXI"] == 0 || upgraded == 0 {
		t.Errorf("the game did not test both classes and an upgraded XXI: %v, %d", checked, upgraded)
	}
}
