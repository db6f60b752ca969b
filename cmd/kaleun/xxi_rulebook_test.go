package main

// XXI checked against its rulebook (shared/rules/xxi.md, digest
// shared/reference/xxi-digest.md §3, §4.1–4.5, §4.7–4.9, §10) from the
// outside: the real binary, `kaleun play xxi --jsonl --dice FILE`, the
// public protocol of docs/players/play.md and docs/players/xxi.md. Each
// test is named by its case. The dice are planned from the Counter Draw
// Pile's documented order ("in counter order", docs/players/xxi.md) and
// the house pack's counts (engine/xxi/content/house/counters.yaml), and
// every draw's roll event is checked against that plan, so a wrong pile
// shows at once.

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// rbLine is one JSONL line of `kaleun play xxi --jsonl`.
type rbLine struct {
	Type    string `json:"type"`
	Token   string `json:"token"`
	Kind    string `json:"kind"`
	Case    string `json:"case"`
	Text    string `json:"text"`
	Message string `json:"message"`
	Name    string `json:"name"`
	Level   string `json:"level"`
	Options []struct {
		Key, Label, Case string
	} `json:"options"`
	Roll *struct {
		Case    string `json:"case"`
		Purpose string `json:"purpose"`
		Dice    string `json:"dice"`
		Faces   []int  `json:"faces"`
		Natural int    `json:"natural"`
		Total   int    `json:"total"`
		Result  string `json:"result"`
	} `json:"roll"`
	View *struct {
		Title    string `json:"title"`
		Sections []struct {
			Title  string   `json:"title"`
			Lines  []string `json:"lines"`
			Fields []struct{ Name, Value string }
		} `json:"sections"`
	} `json:"view"`
	Fields []struct{ Name, Value, Label, Text string } `json:"fields"`
	raw    string
}

func (l rbLine) keys() []string {
	var k []string
	for _, o := range l.Options {
		k = append(k, o.Key)
	}
	return k
}

func (l rbLine) has(key string) bool { return slices.Contains(l.keys(), key) }

// field is a view's field, or an end line's.
func (l rbLine) field(name string) string {
	for _, f := range l.Fields {
		if f.Name == name {
			return f.Value
		}
	}
	if l.View != nil {
		for _, s := range l.View.Sections {
			for _, f := range s.Fields {
				if f.Name == name {
					return f.Value
				}
			}
		}
	}
	return ""
}

// mapRow is the map view's line of a space ("12 Hamburg | ...").
func (l rbLine) mapRow(space string) string {
	if l.View == nil {
		return ""
	}
	for _, s := range l.View.Sections {
		for _, line := range s.Lines {
			if line == space || strings.HasPrefix(line, space+" ") {
				return line
			}
		}
	}
	return ""
}

// rbSession drives one `kaleun play xxi --jsonl` process line by line.
type rbSession struct {
	t      *testing.T
	cmd    *exec.Cmd
	in     io.WriteCloser
	lines  chan rbLine
	all    []rbLine // every line so far
	since  []rbLine // the lines since the last prompt returned
	errs   []string
	cancel context.CancelFunc
	closed bool
	cur    rbLine // the latest prompt read
}

// rbStart starts a game with the given die faces (the --dice file).
func rbStart(t *testing.T, faces []int, args ...string) *rbSession {
	t.Helper()
	bin, dir := kaleunBinary(t), t.TempDir()
	var b strings.Builder
	for _, f := range faces {
		fmt.Fprintln(&b, f)
	}
	dice := filepath.Join(dir, "dice.txt")
	if err := os.WriteFile(dice, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	cmd := exec.CommandContext(ctx, bin, append([]string{"play", "xxi", "--db", filepath.Join(dir, "x.db"), "--jsonl", "--dice", dice}, args...)...)
	in, _ := cmd.StdinPipe()
	out, _ := cmd.StdoutPipe()
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s := &rbSession{t: t, cmd: cmd, in: in, lines: make(chan rbLine, 1024), cancel: cancel}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			var l rbLine
			if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
				l = rbLine{Type: "garbage", Text: sc.Text()}
			}
			l.raw = sc.Text()
			s.lines <- l
		}
		close(s.lines)
	}()
	t.Cleanup(func() {
		s.close()
		cancel()
		_ = cmd.Wait()
		if t.Failed() && stderr.Len() > 0 {
			t.Logf("stderr: %s", stderr.String())
		}
	})
	return s
}

// next reads up to the next prompt (or end line); ok is false at the end
// of output.
func (s *rbSession) next() (rbLine, bool) {
	s.t.Helper()
	s.since = nil
	for {
		select {
		case l, open := <-s.lines:
			if !open {
				return rbLine{}, false
			}
			s.all = append(s.all, l)
			s.since = append(s.since, l)
			switch l.Type {
			case "error":
				s.errs = append(s.errs, l.Message)
			case "prompt", "end":
				s.cur = l
				return l, true
			}
		case <-time.After(20 * time.Second):
			s.t.Fatalf("no prompt within 20 s; last lines %v", s.tail())
		}
	}
}

func (s *rbSession) tail() []string {
	var r []string
	for _, l := range s.all[max(0, len(s.all)-4):] {
		r = append(r, l.raw[:min(len(l.raw), 400)])
	}
	return r
}

// send answers prompt p with key and returns the next prompt.
func (s *rbSession) send(p rbLine, key string) rbLine {
	s.t.Helper()
	if p.Type == "prompt" && !p.has(key) {
		s.t.Fatalf("prompt %s (token %s) does not offer %q: %v", p.Kind, p.Token, key, p.keys())
	}
	b, _ := json.Marshal(map[string]string{"token": p.Token, "key": key})
	fmt.Fprintf(s.in, "%s\n", b)
	n, ok := s.next()
	if !ok {
		s.t.Fatalf("output ended after %q; errors %v; last %v", key, s.errs, s.tail())
	}
	return n
}

// raw sends one input line as it is and returns the next prompt.
func (s *rbSession) raw(line string) rbLine {
	s.t.Helper()
	fmt.Fprintf(s.in, "%s\n", line)
	n, ok := s.next()
	if !ok {
		s.t.Fatalf("output ended after %q", line)
	}
	return n
}

// view asks for a view (status, map) and returns it; the prompt is sent
// again after it.
func (s *rbSession) view(name string) rbLine {
	s.t.Helper()
	fmt.Fprintf(s.in, "%s\n", name)
	s.next()
	for _, l := range s.since {
		if l.Type == "view" && l.Name == name {
			return l
		}
	}
	s.t.Fatalf("no %s view; got %v", name, s.tail())
	return rbLine{}
}

func (s *rbSession) close() {
	if !s.closed {
		s.closed = true
		s.in.Close()
	}
}

// expect fails unless p is a prompt of kind.
func (s *rbSession) expect(p rbLine, kind string) {
	s.t.Helper()
	if p.Type != "prompt" || p.Kind != kind {
		s.t.Fatalf("want a %s prompt, got %s %s %q (errors %v); last %v", kind, p.Type, p.Kind, p.Text, s.errs, s.tail())
	}
}

// rolls are the roll events among lines, of case c ("" for all).
func rbRolls(lines []rbLine, c string) []rbLine {
	var r []rbLine
	for _, l := range lines {
		if l.Type == "event" && l.Kind == "roll" && l.Roll != nil && (c == "" || l.Roll.Case == c) {
			r = append(r, l)
		}
	}
	return r
}

// rbNotes are the texts of the note events of case c.
func rbNotes(lines []rbLine, c string) []string {
	var r []string
	for _, l := range lines {
		if l.Type == "event" && l.Kind == "note" && l.Case == c {
			r = append(r, l.Text)
		}
	}
	return r
}

// rbCounterOrder is the house pack's counters in counter order (the
// documented order of the Counter Draw Pile), from counters.yaml: hulls
// A 5, B 5, C 6; systems D 4, E 4; crew F 4, G 4; 10 IBG; 7 convoys (the
// 8th set aside); 8 armies; 8 Devastation markers.
func rbCounterOrder() []string {
	var o []string
	add := func(prefix string, n int) {
		for i := 1; i <= n; i++ {
			o = append(o, prefix+strconv.Itoa(i))
		}
	}
	add("hull-A", 5)
	add("hull-B", 5)
	add("hull-C", 6)
	add("systems-D", 4)
	add("systems-E", 4)
	add("crew-F", 4)
	add("crew-G", 4)
	add("ibg-", 10)
	add("convoy-", 7)
	add("army-", 8)
	add("dev-", 8)
	return o
}

// rbStartPile is 13.0's Counter Draw Pile: every counter but the seven
// resources set on A–G (the first of each letter).
func rbStartPile() []string {
	var p []string
	for _, id := range rbCounterOrder() {
		switch id {
		case "hull-A1", "hull-B1", "hull-C1", "systems-D1", "systems-E1", "crew-F1", "crew-G1":
			continue
		}
		p = append(p, id)
	}
	return p
}

// rbPlan builds a dice script: draws by counter id from a model of the
// pile, and plain faces.
type rbPlan struct {
	pile  []string
	faces []int
	drawn []string // the counters drawn, in order, for the events' check
}

func newRBPlan() *rbPlan { return &rbPlan{pile: rbStartPile()} }

// draw adds the faces that draw ids from the pile, in order (4.0: a die
// of as many faces as the pile, its face the index in counter order; a
// pile of one needs no die).
func (p *rbPlan) draw(ids ...string) *rbPlan {
	for _, id := range ids {
		i := slices.Index(p.pile, id)
		if i < 0 {
			panic("rbPlan: " + id + " is not in the pile")
		}
		if len(p.pile) > 1 {
			p.faces = append(p.faces, i+1)
		}
		p.pile = slices.Delete(p.pile, i, i+1)
		p.drawn = append(p.drawn, id)
	}
	return p
}

func (p *rbPlan) d(faces ...int) *rbPlan { p.faces = append(p.faces, faces...); return p }

// checkDraws checks the 4.0 roll events of lines against the plan's draws
// from index from on: dice 1dN for a pile of N, the counter planned.
func checkDraws(t *testing.T, lines []rbLine, want []string, pileAtFirst int) {
	t.Helper()
	draws := rbRolls(lines, "4.0")
	if len(draws) != len(want) {
		t.Fatalf("4.0: %d draw rolls, want %d (%v)", len(draws), len(want), want)
	}
	for i, d := range draws {
		n := pileAtFirst - i
		if d.Roll.Dice != fmt.Sprintf("1d%d", n) {
			t.Errorf("4.0 draw %d: dice %s; a draw is a die of as many faces as the pile, %d (%s)", i+1, d.Roll.Dice, n, d.Text)
		}
		if !strings.HasPrefix(d.Roll.Result, want[i]+" ") {
			t.Errorf("4.0 draw %d: drew %q, want %s from the pile in counter order (%s)", i+1, d.Roll.Result, want[i], d.Text)
		}
	}
}

// 13.0 set-up, 4.0 draws, 5.1/5.2 allocation, 6.0 bombing of a hub, 7.1
// Transport Points and 7.2 movement, over the first turn and the start of
// the second.
func TestXXIRulebook13_0SetUp4_0Draw5_1Allocation7_1And7_2Movement(t *testing.T) {
	p := newRBPlan()
	// Turn 1: 4.0 six counters; 6.0 one marker, 6+6+1 = 13 names hub 13;
	// 7.1 1d6 = 3.
	turn1 := []string{"hull-A2", "hull-A3", "convoy-1", "army-1", "ibg-1", "dev-1"}
	p.draw(turn1...).d(6, 6, 1).d(3)
	p.d(5) // 10.1: one army, no 6
	turn2 := []string{"hull-A4", "hull-A5", "hull-B2", "hull-B3", "hull-B4", "hull-B5"}
	p.draw(turn2...).d(4)
	s := rbStart(t, p.faces)
	m, _ := s.next()
	s.expect(m, "xxi.move")

	// 13.0: the seven resources on A–G, two VIIs in Valentin, five XXIs in
	// the Pen, the marker on 0, the optional counters set aside, 58 in the
	// cup.
	setup := strings.Join(rbNotes(s.all, "13.0"), "\n")
	for _, w := range []string{"Hull A on A", "Hull B on B", "Hull C on C", "Systems D on D", "Systems E on E", "Crew F on F", "Crew G on G", "Available Transport Points marker on 0", "one Type VII, the Convoy 6, 3 Priority Transports and 2 AA", "58 counters in the Counter Draw Pile"} {
		if !strings.Contains(setup, w) {
			t.Errorf("13.0 set-up note lacks %q:\n%s", w, setup)
		}
	}
	// 4.0: six counters on turn 1, each a die of as many faces as the pile
	// (58 first: the cup holds 58 counters, 13.0).
	checkDraws(t, s.all, turn1, 58)

	st := s.view("status")
	fl := st.field("Flotillas")
	for _, w := range []string{"VII-1 (Type VII) in the Valentin", "VII-2 (Type VII) in the Valentin", "XXI-5 (Type XXI) in the Prototype U-boat Pen"} {
		if !strings.Contains(fl, w) {
			t.Errorf("13.0: flotillas %q lack %q", fl, w)
		}
	}
	if strings.Contains(fl, "VII-3") {
		t.Errorf("13.0: the third Type VII is set aside, yet the flotillas are %q", fl)
	}
	// 5.1: the convoy to the Atlantic Ocean, the army to the Grinding War
	// Track, the IBG Command waits in the Counter Allocation Box.
	if c := st.field("Convoys"); !strings.Contains(c, "Atlantic Ocean: 3") {
		t.Errorf("5.1: convoy-1 (3) goes to the Atlantic Ocean; convoys %q", c)
	}
	if g := st.field("Grinding War Track"); !strings.Contains(g, "Stable Fronts") || !strings.Contains(g, "1 arm") {
		t.Errorf("5.1: the first army goes to the bottom box (XXI-A3); track %q", g)
	}
	if a := st.field("Counter Allocation Box"); !strings.Contains(a, "IBG") || strings.Contains(a, "Devastation") {
		t.Errorf("5.1, 6.0: the IBG waits in the Counter Allocation Box, the marker is placed; box %q", a)
	}
	// 5.2: both Hull A drawn go to A, with the one of 13.0.
	mp := s.view("map")
	if row := mp.mapRow("A"); strings.Count(row, "Hull A") != 3 {
		t.Errorf("5.2: three Hull A on A; map row %q", row)
	}
	// 6.0: 3d6 summed, 13, names hub 13; lettered spaces never devastated.
	bomb := rbRolls(s.all, "6.0")
	if len(bomb) != 1 || bomb[0].Roll.Dice != "3d6" || bomb[0].Roll.Total != 13 || !strings.Contains(bomb[0].Roll.Result, "13") {
		t.Fatalf("6.0: one 3d6 roll summed to 13 naming hub 13; got %v", s.tail())
	}
	if row := mp.mapRow("13"); !strings.Contains(row, "DEVASTATED") {
		t.Errorf("6.0: the marker is on hub 13; map row %q", row)
	}
	for _, sp := range []string{"A", "B", "C", "D", "E", "F", "G"} {
		if strings.Contains(mp.mapRow(sp), "DEVASTATED") {
			t.Errorf("6.0: lettered cities never suffer devastation; %q", mp.mapRow(sp))
		}
	}
	// 7.1: 1d6 + 6 on turn 1 (Stable Fronts).
	tp := rbRolls(s.all, "7.1")
	if len(tp) != 1 || tp[0].Roll.Dice != "1d6" || !strings.Contains(tp[0].Roll.Result, "9 Transport Points") {
		t.Fatalf("7.1: 1d6 = 3 + 6 = 9 Transport Points; got %+v", tp)
	}
	// 7.2: one link, 1 TP: A's neighbours G, 13, 14, D, but never into
	// devastated 13.
	m = s.cur // the prompt sent again after the views
	for _, k := range []string{"move:hull-A1:G", "move:hull-A1:14", "move:hull-A1:D"} {
		if !m.has(k) {
			t.Errorf("7.2: A links to G, 13, 14 and D; %s not offered: %v", k, m.keys())
		}
	}
	if m.has("move:hull-A1:13") {
		t.Errorf("7.2: movement into a devastated space is prohibited, yet move:hull-A1:13 is offered")
	}
	for _, k := range m.keys() {
		if strings.HasPrefix(k, "move:hull-A1:") && !slices.Contains([]string{"G", "13", "14", "D"}, strings.TrimPrefix(k, "move:hull-A1:")) {
			t.Errorf("7.2: %s is not one link from A", k)
		}
	}
	m = s.send(m, "move:hull-A1:14")
	s.expect(m, "xxi.move")
	if !strings.Contains(m.Text, "8 Transport Points left") {
		t.Errorf("7.2: a move costs 1 TP, 9 → 8; prompt %q", m.Text)
	}
	for _, k := range m.keys() {
		if strings.HasPrefix(k, "move:hull-A1:") {
			t.Errorf("7.2: a counter moves at most one space a turn; %s is offered after its move", k)
		}
	}
	if !m.has("move:hull-A2:G") {
		t.Errorf("7.2: the second Hull A on A may still move; options %v", m.keys())
	}
	m = s.send(m, "done")
	if n := strings.Join(rbNotes(s.since, "7.1"), " "); !strings.Contains(n, "8 Transport Points unspent, lost") {
		t.Errorf("7.1: unspent TP are lost; notes %q", n)
	}
	// Construction: no yard holds a model's cost: no prompt (8.1).
	s.expect(m, "xxi.sail")
	m = s.send(m, "end")
	gw := rbRolls(s.since, "10.1")
	if len(gw) != 1 || gw[0].Roll.Dice != "1d6" {
		t.Errorf("10.1: each army on the map rolls 1d6 (one army); got %+v", gw)
	}
	s.expect(m, "xxi.repair")
	m = s.send(m, "skip")
	s.expect(m, "xxi.marker")
	// 12.2, XXI-A16 (map_or_allocation): the Scrap Pile is empty, so the
	// marker is a counter of the map or of the Counter Allocation Box.
	if !m.has("marker:ibg-1") || !m.has("marker:hull-A2") {
		t.Errorf("12.2, 2.4.4 (XXI-A16): with an empty Scrap Pile, a counter from the map or the allocation box; options %v", m.keys())
	}
	m = s.send(m, "marker:ibg-1")
	// Turn 2: six again (the army stayed in the bottom box), from 52.
	s.expect(m, "xxi.move")
	checkDraws(t, s.since, turn2, 52)
	tp = rbRolls(s.since, "7.1")
	if len(tp) != 1 || !strings.Contains(tp[0].Roll.Result, "10 Transport Points") {
		t.Errorf("7.1: turn 2's TP are 1d6 = 4 + 6 = 10, none saved from turn 1; got %+v", tp)
	}
	// 7.2: hull-A1 moved last turn and may move again this turn, not into 13.
	if !m.has("move:hull-A1:5") || m.has("move:hull-A1:13") {
		t.Errorf("7.2: hull-A1 on 14 moves on this turn (14 links 5); options %v", m.keys())
	}
	st = s.view("status")
	if g := st.field("Götterdämmerung track"); !strings.Contains(g, "month 2 of 23") || !strings.Contains(g, "IBG") {
		t.Errorf("12.2: turn 1 is marked with the IBG; track %q", g)
	}
}

// rbDefault is a passive commander: moves nothing, builds nothing, sails
// nowhere, repairs nothing, marks the turn with the first counter offered.
func rbDefault(p rbLine) string {
	switch p.Kind {
	case "xxi.move":
		return "done"
	case "xxi.build", "xxi.repair":
		return "skip"
	case "xxi.sail":
		return "end"
	case "xxi.marker":
		for _, k := range p.keys() {
			if strings.HasPrefix(k, "marker:") {
				return k
			}
		}
		if p.has("next") {
			return "next"
		}
	}
	return p.Options[0].Key
}

// upto answers prompts passively from p on until one of kind comes.
func (s *rbSession) upto(p rbLine, kind string) rbLine {
	s.t.Helper()
	for i := 0; p.Kind != kind; i++ {
		if p.Type != "prompt" || i > 200 {
			s.t.Fatalf("no %s prompt came (at %s %s; errors %v)", kind, p.Type, p.Kind, s.errs)
		}
		p = s.send(p, rbDefault(p))
	}
	return p
}

// 6.0 on a shipyard: its city's and its squares' resources are destroyed;
// a roll naming a devastated hub is rolled again. 7.2 and XXI-A11: the
// free transfer into the squares, for a resource arrived this turn, in the
// Movement Phase (movement) or in the Construction Phase too
// (construction_too).
func TestXXIRulebook6_0ShipyardBombingAndReroll7_2FreeYardTransferXXIA11(t *testing.T) {
	for _, ruling := range []string{"movement", "construction_too"} {
		t.Run(ruling, func(t *testing.T) {
			p := newRBPlan()
			p.draw("crew-G2", "hull-A2", "hull-A3", "hull-A4", "hull-A5", "hull-B2").d(6) // turn 1: 12 TP
			p.draw("dev-1", "hull-B3", "hull-B4", "hull-B5", "hull-C2", "hull-C3").d(6, 6, 1).d(6)
			p.draw("dev-2", "hull-C4", "hull-C5", "hull-C6", "systems-D2", "systems-D3").d(6, 6, 1, 2, 3, 3).d(6)
			s := rbStart(t, p.faces, "--rulings", "A11="+ruling)
			m, _ := s.next()
			s.expect(m, "xxi.move")
			m = s.send(m, "move:crew-G1:3")
			m = s.send(m, "move:crew-G2:5")
			m = s.upto(s.send(m, "done"), "xxi.move") // turn 2
			m = s.send(m, "move:crew-G1:8")
			m = s.send(m, "move:crew-G2:8")
			if !strings.Contains(m.Text, "10 Transport Points left") {
				t.Fatalf("7.2: two moves from 12 TP leave 10; %q", m.Text)
			}
			// XXI-A11: even a resource arrived this turn may go into the squares.
			if !m.has("yard:crew-G1") {
				t.Fatalf("7.2 (XXI-A11): the free transfer from Bremen into its squares is offered for one arrived this turn; options %v", m.keys())
			}
			m = s.send(m, "yard:crew-G1")
			if !strings.Contains(m.Text, "10 Transport Points left") {
				t.Errorf("7.2: the shipyard transfer costs no TP; %q", m.Text)
			}
			if row := s.view("map").mapRow("8"); !strings.Contains(row, "squares 1/6") {
				t.Errorf("7.2: crew-G1 in Bremen's squares; row %q", row)
			}
			m = s.send(s.cur, "done")
			if ruling == "movement" {
				if m.Kind == "xxi.build" {
					t.Errorf("XXI-A11 movement: no transfer in the Construction Phase, yet a build prompt %v", m.keys())
				}
			} else {
				s.expect(m, "xxi.build")
				if !m.has("yard:crew-G2") {
					t.Fatalf("XXI-A11 construction_too: the transfer in the Construction Phase; options %v", m.keys())
				}
				m = s.send(m, "yard:crew-G2")
				if row := s.view("map").mapRow("8"); !strings.Contains(row, "squares 2/6") {
					t.Errorf("XXI-A11 construction_too: crew-G2 in Bremen's squares; row %q", row)
				}
				m = s.cur
				if m.Kind == "xxi.build" {
					m = s.send(m, "skip")
				}
			}
			m = s.upto(m, "xxi.move") // turn 3
			bomb := rbRolls(s.since, "6.0")
			if len(bomb) != 2 || bomb[0].Roll.Total != 13 || bomb[1].Roll.Total != 8 {
				t.Fatalf("6.0: 13 is devastated already, so the marker is rolled again, 8; rolls %v", s.tail())
			}
			mp := s.view("map")
			row := mp.mapRow("8")
			if !strings.Contains(row, "DEVASTATED") || strings.Contains(row, "Crew") || !strings.Contains(row, "squares 0/6") {
				t.Errorf("6.0: Bremen devastated, its city's and its squares' resources destroyed; row %q", row)
			}
			if sc := s.view("status").field("Scrap Pile"); strings.Count(sc, "Crew G") != 2 {
				t.Errorf("6.0: both Crew G go to the Scrap Pile; Scrap Pile %q", sc)
			}
			if strings.Contains(mp.mapRow("13"), "DEVASTATED") == false {
				t.Errorf("6.0: 13 stays devastated; %q", mp.mapRow("13"))
			}
		})
	}
}

// 6.0 and XXI-A4: two Devastation markers drawn on one turn. per_marker
// (default): a 3d6 roll for each, in draw order. one_roll: one roll a
// phase places one marker, the other waits in the Counter Allocation Box
// for the next Bombing Phase.
func TestXXIRulebook6_0XXIA4TwoMarkersOneTurn(t *testing.T) {
	for _, ruling := range []string{"per_marker", "one_roll"} {
		t.Run(ruling, func(t *testing.T) {
			p := newRBPlan()
			p.draw("dev-1", "dev-4", "hull-A2", "hull-A3", "hull-A4", "hull-A5")
			if ruling == "per_marker" {
				p.d(3, 3, 3, 4, 4, 4).d(1)
				p.draw("hull-B2", "hull-B3", "hull-B4", "hull-B5", "hull-C2", "hull-C3").d(1)
			} else {
				p.d(3, 3, 3).d(1)
				p.draw("hull-B2", "hull-B3", "hull-B4", "hull-B5", "hull-C2", "hull-C3").d(4, 4, 4).d(1)
			}
			s := rbStart(t, p.faces, "--rulings", "A4="+ruling)
			m, _ := s.next()
			s.expect(m, "xxi.move")
			bomb := rbRolls(s.all, "6.0")
			box := s.view("status").field("Counter Allocation Box")
			mp := s.view("map")
			if ruling == "per_marker" {
				if len(bomb) != 2 || bomb[0].Roll.Total != 9 || bomb[1].Roll.Total != 12 {
					t.Fatalf("6.0 (XXI-A4 per_marker): a 3d6 roll for each marker, 9 then 12; rolls %d, %v", len(bomb), s.tail())
				}
				if !strings.Contains(mp.mapRow("9"), "DEVASTATED (hull)") || !strings.Contains(mp.mapRow("12"), "DEVASTATED (systems)") {
					t.Errorf("6.0: dev-1 (hull) on 9, dev-4 (systems) on 12, in draw order; rows %q %q", mp.mapRow("9"), mp.mapRow("12"))
				}
				if strings.Contains(box, "Devastation") {
					t.Errorf("XXI-A4 per_marker: no marker waits; box %q", box)
				}
				return
			}
			if len(bomb) != 1 || bomb[0].Roll.Total != 9 {
				t.Fatalf("6.0 (XXI-A4 one_roll): one roll this phase, 9; rolls %d", len(bomb))
			}
			if !strings.Contains(box, "Devastation") {
				t.Errorf("XXI-A4 one_roll: the second marker waits in the Counter Allocation Box; box %q", box)
			}
			m = s.upto(s.send(s.cur, "done"), "xxi.move")
			bomb = rbRolls(s.since, "6.0")
			if len(bomb) != 1 || bomb[0].Roll.Total != 12 {
				t.Fatalf("XXI-A4 one_roll: the waiting marker is placed by the next phase's roll, 12; rolls %d; %v", len(bomb), s.tail())
			}
			if !strings.Contains(s.view("map").mapRow("12"), "DEVASTATED (systems)") {
				t.Errorf("XXI-A4 one_roll: dev-4 (systems) on 12 on turn 2")
			}
		})
	}
}

// rbNoCrewMarker marks the turn with the first counter offered that is no
// Crew (so that 10.3's Crew counters stay on the map), the Scrap Pile's
// when there is one.
func rbNoCrewMarker(p rbLine) string {
	for _, k := range p.keys() {
		if strings.HasPrefix(k, "marker:") && !strings.HasPrefix(k, "marker:crew-") {
			return k
		}
	}
	return rbDefault(p)
}

// 10.1: each army rolls 1d6, a 6 on any die moves all up a box; 10.2 and
// 4.0/7.1: each box's draws and fixed TP; 10.3: a 6 in Stubborn Defense
// moves them to Constant Retreat, where a 6 removes a Crew of the player's
// choice from the map (lettered spaces included), else a counter of the
// Counter Allocation Box; XXI-A14: the counter to the Scrap Pile (scrap)
// or out of the game (out).
func TestXXIRulebook10_1AssaultsAnd10_3ConstantRetreatXXIA14(t *testing.T) {
	type turn struct {
		draws []string
		gw    []int  // the 10.1 faces
		box   string // the box the turn's draws and TP come from
		n, tp int    // its draws and fixed TP (house tracks.yaml)
	}
	turns := []turn{
		{[]string{"army-1", "army-2", "ibg-1", "hull-A2", "hull-A3", "hull-A4"}, []int{5, 5}, "Stable Fronts", 6, 6},
		{[]string{"hull-A5", "hull-B2", "hull-B3", "hull-B4", "hull-B5", "hull-C2"}, []int{1, 6}, "Stable Fronts", 6, 6},
		// 5.1: army-3, drawn now, joins the box holding the first.
		{[]string{"hull-C3", "hull-C4", "hull-C5", "hull-C6", "army-3"}, []int{6, 1, 1}, "House box 2", 5, 5},
		{[]string{"systems-D3", "systems-D4", "systems-E2", "systems-E3", "systems-E4"}, []int{1, 1, 6}, "House box 3", 5, 4},
		{[]string{"ibg-2", "ibg-3", "ibg-4", "ibg-5"}, []int{6, 2, 6}, "House box 4", 4, 3},
		{[]string{"ibg-6", "ibg-7", "ibg-8"}, []int{2, 6, 1}, "Stubborn Defense", 3, 2},
		{[]string{"ibg-9", "ibg-10"}, []int{6, 1, 1}, "Constant Retreat", 2, 1},
		{[]string{"convoy-1", "convoy-2"}, []int{6, 6, 6}, "Constant Retreat", 2, 1},
		{[]string{"convoy-3", "convoy-4"}, []int{6, 5, 5}, "Constant Retreat", 2, 1},
	}
	for _, ruling := range []string{"scrap", "out"} {
		t.Run(ruling, func(t *testing.T) {
			p := newRBPlan()
			for _, tu := range turns {
				p.draw(tu.draws...).d(1).d(tu.gw...)
			}
			s := rbStart(t, p.faces, "--rulings", "A14="+ruling)
			m, _ := s.next()
			for i, tu := range turns {
				n := i + 1
				s.expect(m, "xxi.move")
				if w := fmt.Sprintf("%d counters to draw (Grinding War box %s)", tu.n, tu.box); !strings.Contains(strings.Join(rbNotes(s.since, "4.0"), " "), w) {
					t.Errorf("turn %d, 4.0/10.2: want %q; notes %v", n, w, rbNotes(s.since, "4.0"))
				}
				if tp := rbRolls(s.since, "7.1"); len(tp) != 1 || !strings.Contains(tp[0].Roll.Purpose, fmt.Sprintf("1d6 + %d ", tu.tp)) || !strings.HasPrefix(tp[0].Roll.Result, fmt.Sprintf("%d Transport", 1+tu.tp)) {
					t.Errorf("turn %d, 7.1: TP = 1d6 (1) + %d of box %s; got %+v", n, tu.tp, tu.box, tp)
				}
				if n == 3 {
					if g := s.view("status").field("Grinding War Track"); !strings.Contains(g, "House box 2") || !strings.Contains(g, "3 armies") {
						t.Errorf("5.1: a later army is placed in the box containing the first (House box 2), all three together; track %q", g)
					}
					m = s.cur
				}
				m = s.upto(m, "xxi.sail")
				m = s.send(m, "end")
				gw := rbRolls(s.since, "10.1")
				if len(gw) != 1 || gw[0].Roll.Dice != fmt.Sprintf("%dd6", len(tu.gw)) {
					t.Fatalf("turn %d, 10.1: each army on the track rolls 1d6 (one %dd6 event); got %v", n, len(tu.gw), s.tail())
				}

				switch n {
				case 7: // 10.3: two Crew on the map, F1 on F and G1 on G: the player chooses.
					s.expect(m, "xxi.retreat")
					if got := m.keys(); !slices.Equal(got, []string{"remove:crew-F1", "remove:crew-G1"}) && !slices.Equal(got, []string{"remove:crew-G1", "remove:crew-F1"}) {
						t.Errorf("10.3: a Crew counter of your choice from the map, lettered spaces included; options %v", got)
					}
					m = s.send(m, "remove:crew-G1")
				case 8: // the one Crew left is taken without a prompt.
					if m.Kind == "xxi.retreat" {
						t.Errorf("10.3: a single choice is taken without a prompt (docs); options %v", m.keys())
						m = s.send(m, m.Options[0].Key)
					}
					if row := s.view("map").mapRow("F"); strings.Contains(row, "Crew") {
						t.Errorf("10.3: crew-F1 removed from F; row %q", row)
					}
					m = s.cur
				case 9: // no Crew on the map: a counter of the Counter Allocation Box,
					// which holds only IBG Commands (alike: one choice, no prompt).
					if m.Kind == "xxi.retreat" {
						for _, k := range m.keys() {
							if !strings.HasPrefix(k, "remove:ibg-") {
								t.Errorf("10.3: with no Crew on the map, a counter of the Counter Allocation Box (IBGs only); offered %s", k)
							}
						}
						m = s.send(m, m.Options[0].Key)
					}
					if n := strings.Join(rbNotes(s.all, "10.3"), " "); !strings.Contains(n, "IBG Command (in the Counter Allocation Box) is removed") {
						t.Errorf("10.3: with no Crew on the map, a counter of the Counter Allocation Box is removed; notes %q", n)
					}
				default:
					if m.Kind == "xxi.retreat" {
						t.Fatalf("turn %d, 10.1: %v: no removal below Constant Retreat", n, tu.gw)
					}
				}
				if n == 7 {
					st := s.view("status")
					sc := st.field("Scrap Pile")
					if ruling == "scrap" && !strings.Contains(sc, "Crew G") {
						t.Errorf("10.3 (XXI-A14 scrap): the removed Crew goes to the Scrap Pile; %q", sc)
					}
					if ruling == "out" && strings.Contains(sc, "Crew G") {
						t.Errorf("10.3 (XXI-A14 out): the removed Crew is out of the game, not in the Scrap Pile; %q", sc)
					}
					if g := st.field("Grinding War Track"); !strings.Contains(g, "Constant Retreat") {
						t.Errorf("10.3: armies in Constant Retreat do not advance; track %q", g)
					}
					m = s.cur
				}
				m = s.upto(m, "xxi.marker")
				if n == 7 && ruling == "scrap" && !slices.Equal(m.keys(), []string{"marker:crew-G1", "stop"}) {
					t.Errorf("12.2: the marker is taken from the Scrap Pile (the removed Crew G only); options %v", m.keys())
				}
				if n == 7 && ruling == "out" && m.has("marker:crew-G1") {
					t.Errorf("XXI-A14 out: crew-G1 is out of the game, yet offered as a marker")
				}
				if n == len(turns) {
					return
				}
				m = s.send(m, rbNoCrewMarker(m))
			}
		})
	}
}

// 11.1: every Depleted flotilla in Valentin is flipped; 11.2: at most one
// Devastation marker removed a turn, paid with a resource of its icon or
// an IBG Command, marker and payment to the Scrap Pile; XXI-A12: the
// resource from anywhere (anywhere) or only the hub (at_hub: only an IBG
// pays, the hub being bombed empty); 12.1: the Atlantic's convoys move to
// the Western Approaches; 12.2: the marker from the Scrap Pile.
func TestXXIRulebook11_1Restore11_2RepairXXIA12And12_1Convoys(t *testing.T) {
	for _, ruling := range []string{"anywhere", "at_hub"} {
		t.Run(ruling, func(t *testing.T) {
			p := newRBPlan()
			p.draw("dev-4", "dev-1", "ibg-1", "ibg-2", "convoy-1", "hull-A2").d(3, 3, 3, 3, 3, 4).d(1)
			p.d(1, 1) // VII-1's Dangerous Trip Home test fails (9.6)
			p.draw("convoy-2", "hull-A3", "hull-A4", "hull-A5", "hull-B2", "hull-B3").d(1)
			s := rbStart(t, p.faces, "--rulings", "A12="+ruling)
			m, _ := s.next()
			mp := s.view("map")
			if !strings.Contains(mp.mapRow("9"), "DEVASTATED (systems)") || !strings.Contains(mp.mapRow("10"), "DEVASTATED (hull)") {
				t.Fatalf("6.0: dev-4 (systems) on 9, dev-1 (hull) on 10; rows %q %q", mp.mapRow("9"), mp.mapRow("10"))
			}
			m = s.upto(s.cur, "xxi.sail")
			m = s.send(m, "sail:VII-1:atlantic")
			s.expect(m, "xxi.encounter")
			m = s.send(m, "abort")
			s.expect(m, "xxi.sail")
			// 9.6 (XXI-A5): the failed Trip Home test flips VII-1, which reaches
			// Valentin Depleted (its events say so; the status view does not
			// show a flotilla's side).
			if ev := strings.Join(rbNotes(s.since, "9.6"), " "); !strings.Contains(ev, "VII-1 is hit and flips to its Depleted side") {
				t.Fatalf("9.6: VII-1's failed test flips it; notes %q", ev)
			}
			if m.has("sail:VII-1:atlantic") {
				t.Errorf("9.1: Depleted flotillas never leave Valentin; VII-1 offered: %v", m.keys())
			}
			m = s.send(m, "end")
			s.expect(m, "xxi.repair")
			if n := strings.Join(rbNotes(s.since, "11.1"), " "); !strings.Contains(n, "VII-1") {
				t.Errorf("11.1: every Depleted flotilla in Valentin is flipped to Full strength, VII-1; notes %q", n)
			}
			m = s.cur
			keys := m.keys()
			want := []string{"repair:9:ibg-1", "repair:10:ibg-1"}
			if ruling == "anywhere" {
				want = append(want, "repair:9:systems-D1", "repair:9:systems-E1", "repair:10:hull-A1")
			}
			for _, k := range want {
				if !slices.Contains(keys, k) {
					t.Errorf("11.2 (XXI-A12 %s): %s not offered; options %v", ruling, k, keys)
				}
			}
			for _, k := range keys {
				if strings.HasPrefix(k, "repair:9:hull") || strings.HasPrefix(k, "repair:10:systems") || strings.Contains(k, ":crew-") {
					t.Errorf("11.2: a resource with the same icon as the marker; %s offered", k)
				}
				if ruling == "at_hub" && strings.HasPrefix(k, "repair:") && !strings.Contains(k, ":ibg-") {
					t.Errorf("11.2 (XXI-A12 at_hub): only the devastated hub's resources (none) or an IBG pay; %s offered", k)
				}
			}
			m = s.send(m, "repair:9:ibg-1")
			// At most one a turn: the End Phase follows.
			s.expect(m, "xxi.marker")
			if n := strings.Join(rbNotes(s.since, "12.1"), " "); !strings.Contains(n, "Convoy 3") || !strings.Contains(n, "Western Approaches") {
				t.Errorf("12.1: convoy-1 (3) moves from the Atlantic Ocean to the Western Approaches; notes %q", n)
			}
			mp = s.view("map")
			if strings.Contains(mp.mapRow("9"), "DEVASTATED") || !strings.Contains(mp.mapRow("10"), "DEVASTATED") {
				t.Errorf("11.2: 9 repaired, 10 still devastated; rows %q %q", mp.mapRow("9"), mp.mapRow("10"))
			}
			// 11.2: "place used markers in the Scrap Pile"; 12.2: the turn
			// marker is taken from it.
			got := s.cur.keys()
			slices.Sort(got)
			if !slices.Equal(got, []string{"marker:dev-4", "marker:ibg-1", "stop"}) {
				t.Errorf("11.2, 12.2: the marker and the IBG paid go to the Scrap Pile and the turn marker comes from it; options %v", got)
			}
			m = s.send(s.cur, "marker:dev-4")
			s.expect(m, "xxi.move")
			st := s.view("status")
			if c := st.field("Convoys"); !strings.Contains(c, "Atlantic Ocean: 4") || !strings.Contains(c, "Western Approaches: 3") {
				t.Errorf("5.1, 12.1: turn 2's convoy-2 (4) in the Atlantic, convoy-1 (3) in the Western Approaches; %q", c)
			}
			m = s.upto(s.cur, "xxi.sail")
			if !m.has("sail:VII-1:atlantic") {
				t.Errorf("11.1, 9.1: VII-1, restored, sails again on turn 2; options %v", m.keys())
			}
		})
	}
}

// rbHouseLinks are the house map's links (engine/xxi/content/house/map.yaml).
var rbHouseLinks = [][2]string{
	{"A", "G"}, {"A", "13"}, {"A", "14"}, {"A", "D"}, {"G", "3"}, {"G", "5"}, {"3", "8"}, {"3", "4"},
	{"4", "8"}, {"4", "12"}, {"8", "5"}, {"8", "12"}, {"5", "14"}, {"5", "6"}, {"6", "12"}, {"6", "7"},
	{"6", "B"}, {"12", "9"}, {"14", "7"}, {"14", "D"}, {"7", "D"}, {"7", "B"}, {"D", "15"}, {"D", "13"},
	{"13", "15"}, {"15", "E"}, {"15", "16"}, {"B", "9"}, {"B", "10"}, {"B", "E"}, {"9", "F"}, {"9", "10"},
	{"F", "11"}, {"11", "10"}, {"11", "17"}, {"11", "18"}, {"10", "C"}, {"10", "16"}, {"E", "16"},
	{"16", "C"}, {"C", "17"}, {"17", "18"},
}

// rbDist is each space's distance in links to target.
func rbDist(target string) map[string]int {
	adj := map[string][]string{}
	for _, l := range rbHouseLinks {
		adj[l[0]] = append(adj[l[0]], l[1])
		adj[l[1]] = append(adj[l[1]], l[0])
	}
	d := map[string]int{target: 0}
	for q := []string{target}; len(q) > 0; q = q[1:] {
		for _, n := range adj[q[0]] {
			if _, ok := d[n]; !ok {
				d[n] = d[q[0]] + 1
				q = append(q, n)
			}
		}
	}
	return d
}

var rbFrom = regexp.MustCompile(` from (\S+)`)

// rbSort is a resource counter's kind from its id.
func rbSort(id string) string { return strings.SplitN(id, "-", 2)[0] }

// rbBuilder gathers resources at one shipyard: it moves every resource but
// the Hull A counters one link nearer it, puts into its squares only what
// the next model still needs (squares are one-way, XXI-A11), and builds
// whatever is offered.
type rbBuilder struct {
	yard    string
	name    string // the yard's name, as the yard: options' labels give it
	dist    map[string]int
	costs   []map[string]int // by build, in order
	built   []string         // the build keys taken
	squares map[string]int
	inYard  []string // the counters put into the squares since the last build
}

func newRBBuilder(yard, name string) *rbBuilder {
	c := func(h, s, cr int) map[string]int { return map[string]int{"hull": h, "systems": s, "crew": cr} }
	// House tracks.yaml: A 2/2/2 (8.1), B 2/2/1, C 2/1/1 (8.1), D 1/1/1;
	// a fifth at D's (XXI-A9 repeat_d).
	return &rbBuilder{yard: yard, name: name, dist: rbDist(yard), costs: []map[string]int{c(2, 2, 2), c(2, 2, 1), c(2, 1, 1), c(1, 1, 1), c(1, 1, 1)}, squares: map[string]int{}}
}

func (b *rbBuilder) move(p rbLine) string {
	if n := len(b.built); n < len(b.costs) {
		for _, o := range p.Options {
			if id, ok := strings.CutPrefix(o.Key, "yard:"); ok && strings.Contains(o.Label, b.name) && b.squares[rbSort(id)] < b.costs[n][rbSort(id)] {
				b.squares[rbSort(id)]++
				b.inYard = append(b.inYard, id)
				return o.Key
			}
		}
	}
	for _, o := range p.Options {
		parts := strings.Split(o.Key, ":")
		m := rbFrom.FindStringSubmatch(o.Label)
		if len(parts) == 3 && parts[0] == "move" && m != nil && !strings.HasPrefix(parts[1], "hull-A") && b.dist[parts[2]] < b.dist[m[1]] {
			return o.Key
		}
	}
	return "done"
}

func (b *rbBuilder) build(p rbLine) string {
	for _, k := range p.keys() {
		if strings.HasPrefix(k, "build:") {
			for s, n := range b.costs[len(b.built)] {
				b.squares[s] -= n
			}
			b.inYard = nil
			b.built = append(b.built, k)
			return k
		}
	}
	return "skip"
}

// 8.0–8.5: builds in order A, B, C, D, one a turn, each of the model's
// cost in one shipyard's squares plus an IBG Command from the Counter
// Allocation Box; the used resources to the Scrap Pile; every XXI takes the
// newest model's ratings (8.5: the first XXI rolls model A's 2 Engine dice,
// then B's 3, house tracks.yaml); XXI-A9 a fifth build at D's cost
// (repeat_d) or none (not_allowed); XXI-A10 its IBG to the Scrap Pile
// (scrap) or kept on the track (mdt); under XXI-A11 construction_too the
// Construction Phase's transfers still allow one build a turn.
func TestXXIRulebook8_0Construction8_5UpgradeXXIA9A10(t *testing.T) {
	draws := [][]string{
		{"hull-B2", "systems-D2", "systems-E2", "crew-F2", "ibg-1", "ibg-2"},
		{"crew-F3", "ibg-3", "ibg-4", "ibg-5", "hull-A2", "hull-A3"},
		{"hull-B3", "hull-B4", "systems-D3", "hull-A4", "hull-A5", "crew-F4"},
		{"systems-E3", "hull-B5", "systems-D4", "crew-G2", "hull-C2", "hull-C3"},
		{"convoy-1", "convoy-2", "convoy-3", "convoy-4", "convoy-5", "convoy-6"},
		{"convoy-7", "ibg-6", "ibg-7", "ibg-8", "ibg-9", "ibg-10"},
		{"hull-C4", "hull-C5", "hull-C6", "systems-E4", "crew-G3", "crew-G4"},
	}
	wantBuild := []string{"", "", "build:A:12", "build:B:12", "build:C:12", "build:D:12", "build:D:12"}
	for _, rulings := range []string{"A9=repeat_d,A10=scrap", "A9=not_allowed", "A10=mdt,A11=construction_too"} {
		t.Run(rulings, func(t *testing.T) {
			p := newRBPlan()
			for i, d := range draws {
				p.draw(d...).d(6) // 12 TP a turn
				switch i + 1 {
				case 3: // XXI-1, model A: Engine 2
					p.d(6, 6, 6, 6)
				case 4: // XXI-1 upgraded to model B: Engine 3
					p.d(6, 6, 6, 6, 6, 6)
				}
			}
			b := newRBBuilder("12", "Hamburg")
			s := rbStart(t, p.faces, "--rulings", rulings)
			m, _ := s.next()
			for turn := 1; turn <= len(draws); turn++ {
				checkDraws(t, s.since, draws[turn-1], 58-6*(turn-1))
				s.expect(m, "xxi.move")
				for m.Kind == "xxi.move" {
					// 8.1 note, XXI-A11: resources stay in the squares until a
					// build uses them (squares are one-way).
					for _, id := range b.inYard {
						for _, k := range m.keys() {
							if strings.HasPrefix(k, "move:"+id+":") {
								t.Errorf("turn %d, 8.1: %s is in Hamburg's squares and may not move; %s offered", turn, id, k)
							}
						}
					}
					m = s.send(m, b.move(m))
				}
				want := wantBuild[turn-1]
				if turn == 7 && strings.Contains(rulings, "not_allowed") {
					want = ""
				}
				if want == "" && m.Kind == "xxi.build" && slices.ContainsFunc(m.keys(), func(k string) bool { return strings.HasPrefix(k, "build:") }) {
					t.Fatalf("turn %d, 8.0 (%s): no build is due, yet %v", turn, rulings, m.keys())
				}
				if want != "" {
					s.expect(m, "xxi.build")
					var builds []string
					for _, k := range m.keys() {
						if strings.HasPrefix(k, "build:") {
							builds = append(builds, k)
						}
					}
					if !slices.Equal(builds, []string{want}) {
						t.Fatalf("turn %d, 8.0/8.1: the next model in order A→D at Hamburg, %s; offered %v", turn, want, m.keys())
					}
					m = s.send(m, b.build(m))
					// 8.4: one build a turn, even where a second were possible.
					if m.Kind == "xxi.build" {
						for _, k := range m.keys() {
							if strings.HasPrefix(k, "build:") {
								t.Errorf("turn %d, 8.1/8.4: one build a turn; %s offered after %s", turn, k, want)
							}
						}
						m = s.send(m, "skip")
					}
					if n := strings.Join(rbNotes(s.all, "8.4"), " "); !strings.Contains(n, "Scrap Pile") {
						t.Errorf("turn %d, 8.4: the resources used go to the Scrap Pile; notes %q", turn, n)
					}
				} else if m.Kind == "xxi.build" {
					m = s.send(m, "skip")
				}
				s.expect(m, "xxi.sail")
				if turn == 3 || turn == 4 {
					// 8.4: the new XXI is in Valentin; 8.5: ratings of the newest model.
					if !m.has(fmt.Sprintf("sail:XXI-%d:atlantic", turn-2)) {
						t.Errorf("turn %d, 8.4: the XXI built goes to Valentin; options %v", turn, m.keys())
					}
					m = s.send(m, "sail:XXI-1:atlantic")
					s.expect(m, "xxi.encounter")
					m = s.send(m, "test")
					dice := map[int]string{3: "2d6", 4: "3d6"}[turn]
					tests := rbRolls(s.since, "9.2")
					if len(tests) != 1 || tests[0].Roll.Dice != dice {
						t.Errorf("turn %d, 8.5: XXI-1 rolls the newest model's Engine, %s; got %v", turn, dice, s.tail())
					}
					s.expect(m, "xxi.encounter")
					m = s.send(m, "abort")
					s.expect(m, "xxi.sail")
				}
				m = s.send(m, "end")
				if turn == 7 {
					s.expect(m, "xxi.marker")
					st := s.view("status")
					mdt := st.field("Model Development Track")
					pen := st.field("Flotillas")
					scrapIBG := s.cur.has("marker:ibg-5")
					switch rulings {
					case "A9=repeat_d,A10=scrap":
						if !strings.Contains(pen, "XXI-5 (Type XXI) in the Valentin") || !scrapIBG {
							t.Errorf("XXI-A9 repeat_d, XXI-A10 scrap: a fifth XXI, its IBG in the Scrap Pile; flotillas %q, MDT %q, marker options %v", pen, mdt, s.cur.keys())
						}
					case "A9=not_allowed":
						if strings.Contains(pen, "XXI-5 (Type XXI) in the Valentin") || scrapIBG {
							t.Errorf("XXI-A9 not_allowed: four builds at most; flotillas %q", pen)
						}
					default:
						if !strings.Contains(pen, "XXI-5 (Type XXI) in the Valentin") || scrapIBG {
							t.Errorf("XXI-A10 mdt: the fifth build's IBG stays on the track, not in the Scrap Pile; flotillas %q, MDT %q, marker options %v", pen, mdt, s.cur.keys())
						}
					}
					return
				}
				m = s.upto(m, "xxi.marker")
				if turn <= 2 {
					m = s.send(m, "marker:"+map[int]string{1: "hull-A1", 2: "hull-A2"}[turn])
				} else {
					m = s.send(m, m.Options[0].Key) // the Scrap Pile's (12.2)
				}
			}
		})
	}
}

// 8.3: Danzig has four squares, so models A (six resources) and B (five)
// cannot be built there; 2.5: excess counters wait on the city.
func TestXXIRulebook8_3DanzigsFourSquares(t *testing.T) {
	p := newRBPlan()
	p.draw("crew-F2", "crew-F3", "crew-F4", "hull-C2", "ibg-1", "ibg-2").d(6)
	p.draw("hull-A2", "hull-A3", "hull-A4", "hull-A5", "hull-B2", "hull-B3").d(6)
	s := rbStart(t, p.faces)
	dist := rbDist("18")
	m, _ := s.next()
	yards := 0
	for turn := 1; turn <= 2; turn++ {
		s.expect(m, "xxi.move")
		for m.Kind == "xxi.move" {
			key := "done"
			for _, o := range m.Options {
				parts := strings.Split(o.Key, ":")
				if parts[0] == "yard" && strings.Contains(o.Label, "Danzig") {
					key = o.Key
					yards++
					break
				}
				f := rbFrom.FindStringSubmatch(o.Label)
				if len(parts) == 3 && parts[0] == "move" && f != nil && (strings.HasPrefix(parts[1], "crew-F") || strings.HasPrefix(parts[1], "hull-C")) && dist[parts[2]] < dist[f[1]] {
					key = o.Key
					break
				}
			}
			if key == "done" && turn == 2 {
				row := s.view("map").mapRow("18")
				if !strings.Contains(row, "squares 4/4") || strings.Count(row, "Crew F")+strings.Count(row, "Hull C") != 6 {
					t.Errorf("8.3, 2.5: six counters at Danzig, four in its squares, two on the city; row %q", row)
				}
				m = s.cur
			}
			m = s.send(m, key)
		}
		// 8.3: neither A nor B at Danzig, whatever its squares hold.
		if m.Kind == "xxi.build" {
			t.Errorf("turn %d, 8.3: no model A build at Danzig; options %v", turn, m.keys())
			m = s.send(m, "skip")
		}
		if turn == 2 {
			break
		}
		m = s.upto(m, "xxi.move")
	}
	if yards != 4 {
		t.Errorf("8.3, 2.5: Danzig's four squares take four counters; %d transfers made", yards)
	}
}

// rbNotHullA marks the turn with an IBG if one is offered, else with any
// counter but the Hull A counters (kept on hub 14 to be bombed).
func rbNotHullA(p rbLine) string {
	for _, pre := range []string{"marker:ibg-", "marker:"} {
		for _, k := range p.keys() {
			if strings.HasPrefix(k, pre) && !strings.HasPrefix(k, "marker:hull-A") {
				return k
			}
		}
	}
	return rbDefault(p)
}

// 4.0 and XXI-A15: the Counter Draw Pile runs out on turn 10. 4.0
// (default): the Scrap Pile and the turn markers but the current one go
// back, never a U-boat; 2.4.5: the Scrap Pile only, but one resource
// counter kept. XXI-A16 map_only: the turn marker never from the Counter
// Allocation Box. XXI-A1: the game ends at the end of the house track (23
// months) with a report, no victory level.
func TestXXIRulebook4_0RefillXXIA15AndTheEndXXIA1(t *testing.T) {
	for _, ruling := range []string{"A15=4.0", "A15=2.4.5", "A16=map_only"} {
		t.Run(ruling, func(t *testing.T) {
			p := newRBPlan()
			// Turn 1: the first six in counter order (faces 1); 7 TP; VII-1
			// sails and fails Open Ocean [1 1], is hit [6], continues and
			// fails PBY Searchers [1 1], is hit [6]: sunk (9.4).
			p.draw(slices.Clone(p.pile[:6])...).d(1).d(1, 1, 6, 1, 1, 6)
			for turn := 2; turn <= 8; turn++ {
				p.draw(slices.Clone(p.pile[:6])...).d(1)
				if turn == 8 {
					p.d(1, 1, 1, 1, 1, 1) // 10.1: army-1..6
				}
			}
			// Turn 9: army-7, army-8, dev-1..4; dev-1 on 14 (6+6+2) with
			// the five Hull A, the others on 3, 4, 5.
			p.draw(slices.Clone(p.pile[:6])...).d(6, 6, 2, 1, 1, 1, 1, 1, 2, 1, 2, 2).d(1).d(1, 1, 1, 1, 1, 1, 1, 1)
			if len(p.pile) != 4 {
				t.Fatalf("plan: %d left for turn 10", len(p.pile))
			}
			// Turn 10: dev-5..8 (the last of a pile of one, no die), the
			// refill, two more (faces 1); the markers on 6, 7, 9, 10.
			p.d(1, 1, 1, 1, 1).d(2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4)
			for range 400 {
				p.d(1)
			}
			s := rbStart(t, p.faces, "--rulings", ruling)
			m, _ := s.next()
			s.expect(m, "xxi.move")
			for _, k := range []string{"move:hull-A1:14", "move:hull-A2:14", "move:hull-A3:14", "move:hull-A4:14", "move:hull-A5:14"} {
				m = s.send(m, k)
			}
			m = s.upto(s.send(m, "done"), "xxi.sail")
			m = s.send(m, "sail:VII-1:atlantic")
			m = s.send(m, "test")
			s.expect(m, "xxi.open_ocean_hit")
			m = s.send(m, "continue")
			m = s.send(m, "test")
			if n := strings.Join(rbNotes(s.since, "9.4"), " "); !strings.Contains(n, "sunk") && !strings.Contains(n, "destroyed") && !strings.Contains(n, "Scrap") {
				t.Logf("9.4 notes: %q", n)
			}
			m = s.upto(m, "xxi.marker")
			if !m.has("marker:VII-1") {
				t.Fatalf("2.1.1, 12.2: the sunk VII-1 is in the Scrap Pile and may mark the turn; options %v (last %v)", m.keys(), s.tail())
			}
			m = s.send(m, "marker:VII-1")
			for turn := 2; ; turn++ {
				s.expect(m, "xxi.move")
				if turn <= 9 {
					checkDraws(t, s.since, p.drawn[6*(turn-1):6*turn], 58-6*(turn-1))
				}
				if turn == 10 {
					draws := rbRolls(s.since, "4.0")
					var dice []string
					for _, d := range draws {
						dice = append(dice, d.Roll.Dice+" "+d.Roll.Result)
					}
					want := map[string]string{"A15=4.0": "1d11", "A15=2.4.5": "1d3"}[ruling]
					// 4.0: the Scrap Pile's 4 Hull A + the markers of turns
					// 2–8 (turn 9's marks the current turn; VII-1 never
					// returns) = 11. 2.4.5: 4 Hull A but one = 3.
					if want != "" && (len(draws) != 5 || draws[3].Roll.Dice != want) {
						t.Errorf("turn 10, 4.0 (XXI-A15 %s): after dev-5..8 the refilled pile is drawn with %s; draws %v; notes %v", ruling, want, dice, rbNotes(s.since, "4.0"))
					}
					// 2.1.1: an eliminated VII never enters the Counter Draw
					// Pile; off the track it is back in the Scrap Pile, where
					// eliminated counters go (2.4.5).
					st := s.view("status")
					if gtr, sc := st.field("Götterdämmerung track"), st.field("Scrap Pile"); !strings.Contains(gtr+sc, "VII-1") {
						t.Errorf("2.1.1, XXI-A15: the sunk VII-1 never enters the Counter Draw Pile; track %q, Scrap Pile %q", gtr, sc)
					}
					m = s.cur
				}
				m = s.upto(m, "xxi.marker")
				if ruling == "A16=map_only" && turn >= 5 {
					for _, k := range m.keys() {
						if strings.HasPrefix(k, "marker:ibg-") {
							t.Fatalf("turn %d, 12.2 (XXI-A16 map_only): a marker from the map only, yet %s (IBGs wait in the Counter Allocation Box)", turn, k)
						}
					}
					return
				}
				if ruling == "A15=4.0" && turn == 5 && !m.has("marker:ibg-1") {
					t.Errorf("turn 5, 2.4.4 (XXI-A16 map_or_allocation): the IBGs of the Counter Allocation Box may mark the turn; options %v", m.keys())
				}
				m = s.send(m, rbNotHullA(m))
				if m.Type == "end" {
					if turn != 23 {
						t.Errorf("XXI-A1: the game ends after the track's 23rd month, not turn %d", turn)
					}
					break
				}
				if turn > 23 {
					t.Fatalf("the game goes on past the track's 23 months (turn %d)", turn)
				}
			}
			for _, d := range rbRolls(s.all, "4.0") {
				if strings.Contains(d.Roll.Result, "VII") {
					t.Errorf("2.1.1: an eliminated U-boat is never drawn; %s", d.Text)
				}
			}
			end := s.cur
			if end.Level != "report" || end.field("months") != "23" {
				t.Errorf("XXI-A1: the end is a report (level report) after 23 months; got level %q, fields %+v", end.Level, end.Fields)
			}
			for _, f := range end.Fields {
				if f.Name == "victory" {
					t.Errorf("XXI-A1: no victory invented by the house pack; field %+v", f)
				}
			}
			if !strings.Contains(end.raw, `"score":0`) {
				t.Errorf("XXI-A1: score 0 (no verdict); end %s", end.raw)
			}
		})
	}
}

// Bad input: an illegal key (a move of two links, a move into a
// devastated space, a build with nothing to build, a stale token) is
// refused with a message naming it, and nothing changes: the same prompt,
// token and state.
func TestXXIRulebookBadInputChangesNothing(t *testing.T) {
	p := newRBPlan()
	p.draw("dev-1", "hull-A2", "hull-A3", "hull-A4", "hull-A5", "hull-B2").d(6, 6, 1).d(3) // 13 devastated; 9 TP
	s := rbStart(t, p.faces)
	m, _ := s.next()
	s.expect(m, "xxi.move")
	before := s.view("status").raw
	beforeMap := s.view("map").raw
	m = s.cur
	for _, bad := range []string{"move:hull-A1:12", "move:hull-A1:13", "build:A:12", "yard:hull-A1", "marker:hull-A1"} {
		n := s.raw(fmt.Sprintf(`{"token":%q,"key":%q}`, m.Token, bad))
		if len(s.errs) == 0 || !strings.Contains(s.errs[len(s.errs)-1], bad) {
			t.Errorf("%s: refused with a message naming it; errors %v", bad, s.errs)
		}
		if n.Token != m.Token || n.Kind != m.Kind || n.Text != m.Text {
			t.Errorf("%s: the same prompt again; got %s %s %q", bad, n.Kind, n.Token, n.Text)
		}
		m = n
	}
	// A stale token: an error naming the pending token, the prompt not sent
	// again (play.md).
	fmt.Fprintln(s.in, `{"token":"99","key":"done"}`)
	for l := range s.lines {
		s.all = append(s.all, l)
		if l.Type == "error" {
			s.errs = append(s.errs, l.Message)
			break
		}
	}
	if len(s.errs) != 6 || !strings.Contains(s.errs[5], "stale") {
		t.Errorf("a stale token is refused; errors %v", s.errs)
	}
	if after := s.view("status").raw; after != before {
		t.Errorf("the refused keys changed the status:\nbefore %s\nafter  %s", before, after)
	}
	if after := s.view("map").raw; after != beforeMap {
		t.Errorf("the refused keys changed the map")
	}
	m = s.send(s.cur, "move:hull-A1:14")
	if !strings.Contains(m.Text, "8 Transport Points left") {
		t.Errorf("after the refusals the turn's 9 TP are whole: one move leaves 8; %q", m.Text)
	}
}

// 4.0 and 13.0 with draws:physical: the player draws from his own cup and
// says what came up; the choices are the kinds still in the 13.0 cup (58
// counters), and a kind drawn out is no longer offered.
func TestXXIRulebook4_0PhysicalDrawsFromThe13_0Cup(t *testing.T) {
	s := rbStart(t, []int{6, 6, 1, 3}, "--draws", "physical")
	m, _ := s.next()
	s.expect(m, "xxi.draw")
	count := regexp.MustCompile(`\((\d+) in the cup\)`)
	total := 0
	for _, o := range m.Options {
		if c := count.FindStringSubmatch(o.Label); c != nil {
			n, _ := strconv.Atoi(c[1])
			total += n
		}
	}
	if total != 58 || !strings.Contains(m.Text, "58 in the cup") {
		t.Errorf("13.0: 58 counters in the cup; the options count %d (%q)", total, m.Text)
	}
	for _, o := range m.Options {
		if strings.Contains(o.Label, "Convoy 6") && !strings.Contains(o.Label, "(1 in the cup)") {
			t.Errorf("13.0: the optional Convoy (6) is set aside; %q", o.Label)
		}
	}
	for i := range 4 {
		m = s.send(m, "draw:hull-A")
		s.expect(m, "xxi.draw")
		if i == 3 && m.has("draw:hull-A") {
			t.Errorf("4.0: the four Hull A of the cup are drawn, yet draw:hull-A is offered: %v", m.keys())
		}
	}
	m = s.send(m, "draw:dev-hull")
	m = s.send(m, "draw:ibg")
	s.expect(m, "xxi.move")
	if b := rbRolls(s.all, "6.0"); len(b) != 1 || b[0].Roll.Total != 13 {
		t.Errorf("6.0: the drawn marker is placed by 3d6 = 13; rolls %d", len(b))
	}
	if row := s.view("map").mapRow("A"); strings.Count(row, "Hull A") != 5 {
		t.Errorf("5.1/5.2: five Hull A on A; row %q", row)
	}
}

// 7.2: the shipyard transfer costs no Transportation Point, so it is still
// offered when the turn's points are spent.
func TestXXIRulebook7_2FreeTransferWithNoPointLeft(t *testing.T) {
	p := newRBPlan()
	p.draw("hull-A2", "hull-A3", "hull-A4", "hull-A5", "hull-B2", "hull-B3").d(1) // 7 TP
	p.draw("hull-B4", "hull-B5", "hull-C2", "hull-C3", "hull-C4", "hull-C5").d(1)
	s := rbStart(t, p.faces)
	m, _ := s.next()
	m = s.send(m, "move:crew-G1:3")
	m = s.upto(s.send(m, "done"), "xxi.move")
	for _, k := range []string{"move:hull-A2:14", "move:hull-A3:14", "move:hull-A4:14", "move:hull-A5:14", "move:hull-B1:6", "move:hull-C1:10"} {
		m = s.send(m, k)
	}
	m = s.send(m, "move:crew-G1:8")
	if m.Kind != "xxi.move" || !m.has("yard:crew-G1") {
		t.Fatalf("7.2: with 0 TP left the free transfer from Bremen into its squares is still offered; got %s %v %q", m.Kind, m.keys(), m.Text)
	}
	for _, k := range m.keys() {
		if strings.HasPrefix(k, "move:") {
			t.Errorf("7.2: no move with 0 TP; %s offered", k)
		}
	}
	m = s.send(m, "yard:crew-G1")
	if m.Kind == "xxi.move" && len(m.keys()) > 1 {
		t.Errorf("7.2: nothing left to do: the phase should end or offer only done; %v", m.keys())
	}
}
