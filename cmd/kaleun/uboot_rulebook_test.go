package main

// U-BOOT's board checked against the rulebook from outside, the way an
// independent checker would: through `kaleun play uboot --jsonl` only
// (docs/players/play.md, docs/players/uboot.md), every draw forced with
// --dice. Each test is named by the rulebook case it checks (§6–§10, and the
// digest's §15 rulings both ways) and asserts the rulebook's words, not the
// engine's code, which these tests do not read. The house pack's data
// (engine/uboot/packs/house/*.yaml) gives the sailors' icons, the orders'
// stations and the decks these tests rely on:
//
//   - watch 1: C1 reload+torpedoes, C2 reload+tdc, C3 periscope+address,
//     C4 reload+observation, N3 meal+observation, E1 engines+repair (crown),
//     E2 engines+ballast, E3 repair+ballast, E4 repair+engines;
//   - start: 1 C1 C2 C4 | 2 C3 F3 F4 | 3 F1 F2 N4 E2 E3 | 4 N1 N2 N3 E1 E4;
//     supplies wire 1, rebreathers 2, pump 3, bulbs 5, extinguisher 6,
//     toolbox I in 2 and II in 4;
//   - a draw from a pile of n is one die of n faces over the pile in the
//     pack's order, what was drawn taken out: the crew bag C1…C4 F1…F4
//     N1…N4 E1…E4, the Food Supply onions 6, bread 6, lemons 4, eggs 6,
//     fish 6, meat 6, potatoes 6.

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
	"strings"
	"testing"
	"time"
)

// ubLine is one line of `kaleun play uboot --jsonl`, the fields read here.
type ubLine struct {
	Type    string `json:"type"`
	Token   string `json:"token"`
	Kind    string `json:"kind"`
	Case    string `json:"case"`
	Text    string `json:"text"`
	Message string `json:"message"`
	Level   string `json:"level"`
	Pending string `json:"pending"`
	Name    string `json:"name"`
	Options []struct {
		Key, Label, Case string
	} `json:"options"`
	Roll *struct {
		Case    string `json:"case"`
		Purpose string `json:"purpose"`
		Dice    string `json:"dice"`
		Faces   []int  `json:"faces"`
		Result  string `json:"result"`
	} `json:"roll"`
	View *struct {
		Title    string `json:"title"`
		Sections []struct {
			Title string   `json:"title"`
			Lines []string `json:"lines"`
		} `json:"sections"`
	} `json:"view"`
}

// ubSession is one running `kaleun play uboot --jsonl`.
type ubSession struct {
	t      *testing.T
	in     interface{ Write([]byte) (int, error) }
	lines  chan ubLine
	prompt ubLine // the pending prompt
	cancel context.CancelFunc
	cmd    *exec.Cmd
	ended  bool
	all    []ubLine // every line so far
}

// ubSetupFaces are the set-up's draws: the Captain's hand (3 from 4), the
// pyramid's six provisions from the Food Supply of 40 (faces given by
// pyramid, 1 each when nil) and the CE's cards (5 draws, the sixth is the
// last).
func ubSetupFaces(pyramid []int) []int {
	f := []int{1, 1, 1}
	if pyramid == nil {
		pyramid = []int{1, 1, 1, 1, 1, 1}
	}
	f = append(f, pyramid...)
	return append(f, 1, 1, 1, 1, 1)
}

// ubFood gives the faces that draw the named provisions one after the other
// from the Food Supply, in the pack's order with each draw taken out.
type ubFood map[string]int

func newUBFood() ubFood {
	return ubFood{"onions": 6, "bread": 6, "lemons": 4, "eggs": 6, "fish": 6, "meat": 6, "potatoes": 6}
}

var ubFoodOrder = []string{"onions", "bread", "lemons", "eggs", "fish", "meat", "potatoes"}

func (f ubFood) draw(t *testing.T, kinds ...string) []int {
	t.Helper()
	var faces []int
	for _, k := range kinds {
		face := 1
		for _, o := range ubFoodOrder {
			if o == k {
				break
			}
			face += f[o]
		}
		if f[k] == 0 {
			t.Fatalf("no %s left in the Food Supply", k)
		}
		f[k]--
		faces = append(faces, face)
	}
	return faces
}

// ubCrew is the crew bag's order: the face of figure fig in a full bag is
// its index + 1.
var ubCrew = []string{"C1", "C2", "C3", "C4", "F1", "F2", "F3", "F4", "N1", "N2", "N3", "N4", "E1", "E2", "E3", "E4"}

// ubTokens gives the faces that draw the named crew tokens one after the
// other from a full bag, each taken out.
func ubTokens(figs ...string) []int {
	bag := slices.Clone(ubCrew)
	var faces []int
	for _, f := range figs {
		i := slices.Index(bag, f)
		faces = append(faces, i+1)
		bag = slices.Delete(bag, i, i+1)
	}
	return faces
}

// startUBoot starts a session with the given dice (padded with 200 ones, so
// a draw the test does not force takes the pile's first) and args.
func startUBoot(t *testing.T, dice []int, args ...string) *ubSession {
	t.Helper()
	bin := kaleunBinary(t)
	dir := t.TempDir()
	faces := slices.Clone(dice)
	for range 200 {
		faces = append(faces, 1)
	}
	var b strings.Builder
	for _, f := range faces {
		fmt.Fprintf(&b, "%d ", f)
	}
	diceFile := filepath.Join(dir, "dice")
	if err := os.WriteFile(diceFile, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	cmd := exec.CommandContext(ctx, bin, append([]string{"play", "uboot", "--db", filepath.Join(dir, "k.db"), "--jsonl", "--dice", diceFile}, args...)...)
	in, _ := cmd.StdinPipe()
	out, _ := cmd.StdoutPipe()
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s := &ubSession{t: t, in: in, lines: make(chan ubLine, 1024), cancel: cancel, cmd: cmd}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			var l ubLine
			if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
				l = ubLine{Type: "garbage", Text: sc.Text()}
			}
			s.lines <- l
		}
		close(s.lines)
	}()
	t.Cleanup(func() {
		in.Close()
		_ = cmd.Wait()
		cancel()
	})
	s.read()
	if s.ended {
		t.Fatalf("the game started no prompt: %s", stderr.String())
	}
	return s
}

// read collects lines up to the next prompt (or the end of output).
func (s *ubSession) read() []ubLine {
	s.t.Helper()
	var got []ubLine
	for {
		select {
		case l, ok := <-s.lines:
			if !ok {
				s.ended = true
				return got
			}
			s.all = append(s.all, l)
			if l.Type == "garbage" {
				s.t.Fatalf("not JSON: %s", l.Text)
			}
			got = append(got, l)
			if l.Type == "prompt" {
				s.prompt = l
				return got
			}
		case <-time.After(10 * time.Second):
			s.t.Fatalf("no prompt within 10 s; last prompt %q", s.prompt.Text)
		}
	}
}

func (s *ubSession) write(line string) []ubLine {
	s.t.Helper()
	if s.ended {
		s.t.Fatalf("the session has ended; cannot send %q", line)
	}
	fmt.Fprintf(s.in, "%s\n", line)
	return s.read()
}

// opts is the pending prompt's keys.
func (s *ubSession) opts() []string {
	var k []string
	for _, o := range s.prompt.Options {
		k = append(k, o.Key)
	}
	return k
}

func (s *ubSession) has(key string) bool { return slices.Contains(s.opts(), key) }

// do answers the pending prompts with keys, one after the other, each with
// the prompt's token; an error line fails the test. It returns the events.
func (s *ubSession) do(keys ...string) []ubLine {
	s.t.Helper()
	var evs []ubLine
	for _, k := range keys {
		if !s.has(k) {
			s.t.Fatalf("key %q is not offered at %q (%s); options %v", k, s.prompt.Text, s.prompt.Kind, s.opts())
		}
		b, _ := json.Marshal(map[string]string{"token": s.prompt.Token, "key": k})
		for _, l := range s.write(string(b)) {
			if l.Type == "error" {
				s.t.Fatalf("key %q refused: %s", k, l.Message)
			}
			if l.Type == "event" {
				evs = append(evs, l)
			}
		}
	}
	return evs
}

// refuse sends a line that must be refused: it returns the error message.
// The pending prompt is sent again after it, except after a stale token
// (the error names it as pending then).
func (s *ubSession) refuse(line string) string {
	s.t.Helper()
	fmt.Fprintf(s.in, "%s\n", line)
	for {
		select {
		case l, ok := <-s.lines:
			if !ok {
				s.ended = true
				s.t.Fatalf("the session ended on %q", line)
			}
			s.all = append(s.all, l)
			switch l.Type {
			case "error":
				if l.Pending == "" {
					s.read()
				} else if l.Pending != s.prompt.Token {
					s.t.Fatalf("the error names %q pending, the prompt is %q", l.Pending, s.prompt.Token)
				}
				return l.Message
			case "prompt":
				s.prompt = l
				s.t.Fatalf("%q was not refused: a prompt followed", line)
			case "event":
				s.t.Fatalf("%q was not refused: an event followed: %s", line, l.Text)
			}
		case <-time.After(10 * time.Second):
			s.t.Fatalf("no answer to %q within 10 s", line)
		}
	}
}

// status is the status view's lines.
func (s *ubSession) status() []string {
	s.t.Helper()
	var out []string
	for _, l := range s.write("status") {
		if l.Type == "view" && l.View != nil {
			out = append(out, "# "+l.View.Title)
			for _, sec := range l.View.Sections {
				out = append(out, "## "+sec.Title)
				out = append(out, sec.Lines...)
			}
		}
	}
	if out == nil {
		s.t.Fatal("no status view")
	}
	return out
}

// line is the status line beginning with prefix.
func (s *ubSession) line(prefix string) string {
	s.t.Helper()
	st := s.status()
	for _, l := range st {
		if strings.HasPrefix(strings.TrimSpace(l), prefix) {
			return strings.TrimSpace(l)
		}
	}
	s.t.Fatalf("no status line %q in\n%s", prefix, strings.Join(st, "\n"))
	return ""
}

var ubRoman = []string{"XI", "X", "IX", "VIII", "VII", "VI", "V", "IV", "III", "II", "I", "—"}

// track returns the space the token stands on ("(V)") of "Order Track" or
// "Morale Track".
func (s *ubSession) track(name string) string {
	s.t.Helper()
	l := s.line(name + ":")
	if strings.Contains(l, "([x])") {
		return "—" // the token on a blocked final space (blocked=pass)
	}
	m := regexp.MustCompile(`\(([IVXL—]+)\*?\)`).FindStringSubmatch(l)
	if m == nil {
		s.t.Fatalf("no token on %q", l)
	}
	return m[1]
}

var ubFigRe = regexp.MustCompile(`([CFNE][1-4])\[([^\]]*)\]`)

// fig returns figure f's section and activation spaces as shown ("act act ·").
func (s *ubSession) fig(f string) (int, string) {
	s.t.Helper()
	st := s.status()
	for _, l := range st {
		l = strings.TrimSpace(l)
		if len(l) < 2 || l[1] != ':' || l[0] < '1' || l[0] > '8' {
			continue
		}
		left, _, _ := strings.Cut(l, "|")
		for _, m := range ubFigRe.FindAllStringSubmatch(left, -1) {
			if m[1] == f {
				return int(l[0] - '0'), m[2]
			}
		}
	}
	return 0, ""
}

// count counts a token kind in figure f's spaces.
func (s *ubSession) count(f, tok string) int {
	_, sp := s.fig(f)
	n := 0
	for _, w := range strings.Fields(sp) {
		if w == tok {
			n++
		}
	}
	return n
}

// ubRolls are the roll events among evs whose case is c.
func ubRolls(evs []ubLine, c string) []ubLine {
	var r []ubLine
	for _, e := range evs {
		if e.Kind == "roll" && e.Roll != nil && e.Roll.Case == c {
			r = append(r, e)
		}
	}
	return r
}

func ubText(evs []ubLine) string {
	var b strings.Builder
	for _, e := range evs {
		b.WriteString(e.Kind + " " + e.Case + ": " + e.Text + "\n")
	}
	return b.String()
}

// mob runs one Mobilization: each move is "F2 4 5" (a figure and the
// sections it enters, in order).
func (s *ubSession) mob(moves ...string) []ubLine {
	s.t.Helper()
	evs := s.do("mob")
	for _, m := range moves {
		f := strings.Fields(m)
		evs = append(evs, s.do("m:"+f[0])...)
		for _, to := range f[1:] {
			if strings.HasPrefix(to, "take:") || to == "drop" {
				evs = append(evs, s.do(to)...)
				continue
			}
			evs = append(evs, s.do("to:"+to)...)
		}
		if s.has("stop") {
			evs = append(evs, s.do("stop")...)
		}
	}
	return append(evs, s.do("end")...)
}

// order carries out order o with the sailors figs.
func (s *ubSession) order(o string, figs ...string) []ubLine {
	s.t.Helper()
	evs := s.do("order", "o:"+o)
	for _, f := range figs {
		evs = append(evs, s.do("+"+f)...)
	}
	return append(evs, s.do("go")...)
}

// ubMoraleCards are the morale-card draws (case 7.3) among evs, as "space
// deck" ("X morale1").
func ubMoraleCards(evs []ubLine) []string {
	re := regexp.MustCompile(`Morale card for space (\S+) from the (morale\d) deck`)
	var out []string
	for _, r := range ubRolls(evs, "7.3") {
		if m := re.FindStringSubmatch(r.Roll.Purpose); m != nil {
			out = append(out, m[1]+" "+m[2])
		}
	}
	return out
}

// §7.2: "The Order Track has 9 spaces, starting with VIII and ending with a
// blank space … Each order costs one space": eight orders a watch; "When the
// order token has reached the final (blank) space … the Captain must pay for
// further orders on the Morale Track", and moving into X draws from deck 1.
func TestUBootRulebook7_2OrderTrackThenMoraleTrack(t *testing.T) {
	t.Parallel()
	s := startUBoot(t, ubSetupFaces(nil))
	if got := s.track("Order Track"); got != "VIII" {
		t.Fatalf("§7.2: the order token starts on VIII, status shows %s", got)
	}
	want := []string{"VII", "VI", "V", "IV", "III", "II", "I", "—"}
	for i, w := range want {
		s.mob()
		if got := s.track("Order Track"); got != w {
			t.Fatalf("§7.2: after %d Mobilizations the order token should be on %s, is on %s", i+1, w, got)
		}
		if got := s.track("Morale Track"); got != "XI" {
			t.Fatalf("§7.2: an order paid on the Order Track (%d) moved morale to %s", i+1, got)
		}
	}
	evs := s.mob()
	if got := s.track("Morale Track"); got != "X" {
		t.Fatalf("§7.3: the ninth order is paid on the Morale Track, XI → X; morale is %s", got)
	}
	if got := ubMoraleCards(evs); !slices.Equal(got, []string{"X morale1"}) {
		t.Fatalf("§7.3: moving into X draws one card of the first deck; drawn %v\n%s", got, ubText(evs))
	}
}

// §7.3: "Whenever the order token moves to the right and goes into or
// through space X, VIII, VI, IV, II or the final space … Draw cards from the
// first deck for spaces X and VIII, from the second deck for spaces VI and
// IV, and from the third deck for space II and the final space"; this
// "happens both when the Captain pays for an order and when the morale has
// decreased due to any other game effect". Then §7.4: on the final space the
// crew is exhausted, other morale losses leave the token there, and the
// Order Track may still be used; with both tokens on their final spaces no
// order can be issued.
func TestUBootRulebook7_3MoraleCardsBySpaceAndExhaustion(t *testing.T) {
	t.Parallel()
	// Each card drawn is one without a further morale change: X Grumbling
	// (1 of 4), VIII Headache (1 of 3; to crew token E4), VI Sullen silence
	// (4 of 4), IV The shakes (3 of 3 after the silence went to the bottom;
	// to E3), II Grim resolve (4 of 4), the final space Breakdown (1 of 3;
	// to E2).
	dice := append(ubSetupFaces(nil), 1, 1, 16, 4, 3, 15, 4, 1, 14)
	s := startUBoot(t, dice)
	wantCards := map[string]string{"X": "morale1", "VIII": "morale1", "VI": "morale2", "IV": "morale2", "II": "morale3", "—": "morale3"}
	for _, space := range ubRoman[1:] {
		evs := s.do("app", "down")
		if got := s.track("Morale Track"); got != space {
			t.Fatalf("§7.3: morale −1 should move the token to %s, it is on %s\n%s", space, got, ubText(evs))
		}
		var want []string
		if d, ok := wantCards[space]; ok {
			want = []string{space + " " + d}
		}
		if got := ubMoraleCards(evs); !slices.Equal(got, want) {
			t.Fatalf("§7.3: moving into %s draws %v; drawn %v\n%s", space, want, got, ubText(evs))
		}
	}
	// §7.4: "The crew remains exhausted for as long as the order token
	// remains in the final space"; food, events, KIAs "DO NOT remove the
	// order token … allowing the game to continue".
	evs := s.do("app", "down")
	if got := s.track("Morale Track"); got != "—" || s.ended {
		t.Fatalf("§7.4: a further morale loss leaves the token on the final space; morale %s, ended %v", got, s.ended)
	}
	if got := ubMoraleCards(evs); len(got) != 0 {
		t.Fatalf("§7.3: the token did not move into a space, yet cards were drawn: %v", got)
	}
	// §7.4: "The Captain may still use the Order Track".
	if !s.has("mob") || !s.has("order") {
		t.Fatalf("§7.4: an exhausted crew may still be ordered on the Order Track; options %v", s.opts())
	}
	for range 8 {
		s.mob()
	}
	if got := s.track("Order Track"); got != "—" {
		t.Fatalf("§7.2: eight Mobilizations take the Order Track to its final space, it is on %s", got)
	}
	// §7.3: "If both the order token on the Order Track and the order token
	// on the Morale Track have reached the final (rightmost) spaces … the
	// Captain cannot issue orders".
	if s.has("mob") || s.has("order") {
		t.Fatalf("§7.3/§7.4: both tracks on their final spaces, yet orders are offered: %v", s.opts())
	}
	// "until at least one space on either of the tracks becomes
	// available": a morale gain frees one, and no card is drawn on a rise.
	evs = s.do("app", "up")
	if got := s.track("Morale Track"); got != "I" {
		t.Fatalf("§7.3: morale +1 moves the token left to I, it is on %s", got)
	}
	if got := ubMoraleCards(evs); len(got) != 0 {
		t.Fatalf("§7.3: \"Do not draw morale cards when increasing morale\"; drawn %v", got)
	}
	if !s.has("mob") {
		t.Fatalf("§7.3: a space freed on the Morale Track, an order can be paid again; options %v", s.opts())
	}
}

// §7.3: "When increasing morale, the order token can never go further to the
// left than space XI … or affect the Order Track in any way".
func TestUBootRulebook7_3MoraleNeverAboveXI(t *testing.T) {
	t.Parallel()
	s := startUBoot(t, ubSetupFaces(nil))
	s.mob()
	s.do("app", "up")
	if got := s.track("Morale Track"); got != "XI" {
		t.Fatalf("§7.3: morale never rises above XI; it is on %s", got)
	}
	if got := s.track("Order Track"); got != "VII" {
		t.Fatalf("§7.3: a morale gain never affects the Order Track; it is on %s", got)
	}
}

// §7.3: "If morale decreases so that the order token moves into or through
// more than one space that instructs the Captain to draw a morale card, then
// draw an appropriate card for each of the spaces"; §6.10: "All sailors in
// Section 7 and 8 become KIA after the U-boat dives. Morale cannot decrease
// by more than six when that happens", each KIA otherwise −2.
func TestUBootRulebook6_10DiveKillsOutsideMoraleCappedAtSixCardsPerSpace(t *testing.T) {
	t.Parallel()
	s := startUBoot(t, ubSetupFaces(nil))
	// Engines in 5 and 6, ballast stays in 3 (E2, E3), four navigators on
	// the bridge (3-8 is open while surfaced).
	s.mob("E1 5", "E4 5 6", "N1 3 8", "N2 3 8", "N3 3 8", "N4 8")
	if got, _ := s.fig("N4"); got != 8 {
		t.Fatalf("§6.4: N4 should stand in section 8, is in %d", got)
	}
	evs := s.order("dive", "E1", "E4", "E2", "E3")
	for _, f := range []string{"N1", "N2", "N3", "N4"} {
		if sec, _ := s.fig(f); sec != 0 {
			t.Fatalf("§6.10: %s in section 8 should be KIA after the dive, stands in %d\n%s", f, sec, ubText(evs))
		}
	}
	if got := s.track("Morale Track"); got != "V" {
		t.Fatalf("§6.10: four KIA outside cost −8, capped at −6: XI → V; morale is %s\n%s", got, ubText(evs))
	}
	if got := ubMoraleCards(evs); !slices.Equal(got, []string{"X morale1", "VIII morale1", "VI morale2"}) {
		t.Fatalf("§7.3: a loss through X, VIII and VI draws one card for each; drawn %v\n%s", got, ubText(evs))
	}
}

// marker is the Morale Track's space holding the excess-activation marker
// ("V" from "V*"), "" when none is shown.
func (s *ubSession) marker() string {
	s.t.Helper()
	l := s.line("Morale Track:")
	l, _, _ = strings.Cut(l, "(* ")
	for _, w := range strings.Fields(strings.TrimPrefix(l, "Morale Track:")) {
		if strings.Contains(w, "*") {
			return strings.Trim(w, "()*")
		}
	}
	return ""
}

// blocked counts the Order Track's blocked spaces ("[x]").
func (s *ubSession) blocked() int {
	return strings.Count(s.line("Order Track:"), "[x]")
}

// §6.6.1's torpedo-room example: "three sailors in the torpedo room. Only
// two of them are specialists at reloading … all of them are fully
// activated. If the Captain decides to reload, the specialists will take one
// excess activation each, and the non-specialist will take two, so the
// Captain moves the activation token on the Morale Track to the left by two
// spaces" — the highest number one sailor took, not the sum. The marker
// starts "in the rightmost space of the Morale Track" (medium Captain).
func TestUBootRulebook6_6_1ExcessActivationsHighestNotSum(t *testing.T) {
	t.Parallel()
	s := startUBoot(t, ubSetupFaces(nil), "--set", "captain=medium")
	if got := s.marker(); got != "—" {
		t.Fatalf("§7.3: the marker starts on the rightmost space, shows on %q", got)
	}
	s.mob("C3 1") // periscope+address: no reload icon
	steps := []struct{ marker, c1, c3 string }{
		{"—", "act · ·", "act act ·"},         // 1+1+2, no excess
		{"I", "act act ·", "act act act"},     // C3 takes 1 excess
		{"III", "act act act", "act act act"}, // C3 takes 2 excess
		{"V", "act act act", "act act act"},   // C1, C2 1 each, C3 2: moves 2
	}
	for i, st := range steps {
		evs := s.order("reload", "C1", "C2", "C3")
		if got := s.marker(); got != st.marker {
			t.Fatalf("§6.6.1: after reload %d the marker should stand on %s, it is on %s\n%s", i+1, st.marker, got, ubText(evs))
		}
		if _, got := s.fig("C1"); got != st.c1 {
			t.Fatalf("§6.5: reload %d: the specialist C1 takes one activation: %q, shown %q", i+1, st.c1, got)
		}
		if _, got := s.fig("C3"); got != st.c3 {
			t.Fatalf("§6.5: reload %d: the non-specialist C3 takes two: %q, shown %q", i+1, st.c3, got)
		}
	}
}

// §6.6.1: "If the activation token on the Morale Track is already in space XI
// of the Morale Track, then it cannot move any further. Excess activations
// are still possible."
func TestUBootRulebook6_6_1MarkerStopsAtXI(t *testing.T) {
	t.Parallel()
	s := startUBoot(t, ubSetupFaces(nil))
	s.mob("C3 1")
	// Reloads 2, 3, 4 move it 1, 2, 2; each further one 2: 1+2+2+2+2+2 = 11
	// would pass XI.
	for range 7 {
		s.order("reload", "C1", "C2", "C3")
	}
	if got := s.marker(); got != "XI" {
		t.Fatalf("§6.6.1: the marker stops on XI, shows on %q", got)
	}
	if !s.has("order") {
		t.Fatalf("§6.6.1: excess activations are still possible; options %v", s.opts())
	}
	s.order("reload", "C1", "C2", "C3")
	if got := s.marker(); got != "XI" {
		t.Fatalf("§6.6.1: the marker stays on XI, shows on %q", got)
	}
}

// §6.5: "When playing the Captain on 'easy', activation costs are stepped
// down by one: sailors who have the required specialization do not activate
// when ordered, and sailors without the required specialization must be
// activated only once"; §6.6.1: "excess activations are not tracked and
// each sailor is limited to three activation tokens".
func TestUBootRulebook6_5EasyCaptainStepsDown(t *testing.T) {
	t.Parallel()
	s := startUBoot(t, ubSetupFaces(nil), "--set", "captain=easy")
	if got := s.marker(); got != "" {
		t.Fatalf("§6.6.1/§7.3: on easy no excess marker is placed, yet one shows on %q", got)
	}
	s.mob("C3 1")
	s.order("reload", "C1", "C2", "C3")
	if _, got := s.fig("C1"); got != "· · ·" {
		t.Fatalf("§6.5 easy: the specialist C1 is not activated, shows %q", got)
	}
	if _, got := s.fig("C3"); got != "act · ·" {
		t.Fatalf("§6.5 easy: the non-specialist C3 is activated once, shows %q", got)
	}
	for range 4 {
		s.order("reload", "C1", "C2", "C3")
	}
	if _, got := s.fig("C3"); got != "act act act" {
		t.Fatalf("§6.6.1 easy: at most three activation tokens, C3 shows %q", got)
	}
	if got := s.marker(); got != "" {
		t.Fatalf("§6.6.1 easy: excess activations are not tracked, a marker shows on %q", got)
	}
}

// ubMoraleToIDice are the dice moraleToI needs, after the set-up's: morale
// from XI to I by the app's morale losses, the cards drawn being ones without
// a further morale change (see
// TestUBootRulebook7_3MoraleCardsBySpaceAndExhaustion).
var ubMoraleToIDice = []int{1, 1, 16, 4, 3, 15, 4}

func (s *ubSession) moraleToI() {
	s.t.Helper()
	for range 10 {
		s.do("app", "down")
	}
	if got := s.track("Morale Track"); got != "I" {
		s.t.Fatalf("morale should be on I, is on %s", got)
	}
}

// §6.8 step 3: "If it is located to the left of the Morale Track's order
// token, then a new activation token must be placed on the rightmost empty
// space of the Order Track. Afterwards, the Captain resets the activation
// token on the Morale Track to its rightmost space." Step 1: "moving the
// order token to space VIII".
func TestUBootRulebook6_8Step3MarkerLeftOfMoraleBlocksASpace(t *testing.T) {
	t.Parallel()
	s := startUBoot(t, append(ubSetupFaces(nil), ubMoraleToIDice...))
	s.moraleToI()
	s.mob("C3 1")
	for range 3 {
		s.order("reload", "C1", "C2", "C3") // marker: — , I, III
	}
	if got := s.marker(); got != "III" {
		t.Fatalf("§6.6.1: the marker should be on III, is on %q", got)
	}
	evs := s.do("watch")
	for s.prompt.Kind != "uboot.board" {
		t.Fatalf("unexpected prompt during the watch change: %s %v", s.prompt.Text, s.opts())
	}
	if got := s.track("Order Track"); got != "VIII" {
		t.Fatalf("§6.8 step 1: the order token goes back to VIII, is on %s", got)
	}
	if got := s.blocked(); got != 1 {
		t.Fatalf("§6.8 step 3: the marker (III) left of the morale token (I) blocks one space; %d blocked\n%s", got, ubText(evs))
	}
	if !strings.Contains(s.line("Order Track:"), "I [x]") {
		t.Fatalf("§6.8 step 3: the rightmost empty space (the blank) is blocked: %s", s.line("Order Track:"))
	}
	if got := s.marker(); got != "—" {
		t.Fatalf("§6.8 step 3: the marker is reset to the rightmost space, is on %q", got)
	}
}

// §6.8 step 3, the other side: a marker on the morale token's own space, or
// right of it, is not "to the left of" it: no space is blocked, and the
// marker is still reset.
func TestUBootRulebook6_8Step3MarkerNotLeftBlocksNothing(t *testing.T) {
	t.Parallel()
	s := startUBoot(t, append(ubSetupFaces(nil), ubMoraleToIDice...))
	s.moraleToI()
	s.mob("C3 1")
	for range 2 {
		s.order("reload", "C1", "C2", "C3") // marker: —, I
	}
	if got := s.marker(); got != "I" {
		t.Fatalf("§6.6.1: the marker should be on I, is on %q", got)
	}
	s.do("watch")
	if got := s.blocked(); got != 0 {
		t.Fatalf("§6.8 step 3: the marker on the morale token's space is not left of it; %d blocked", got)
	}
	if got := s.marker(); got != "—" {
		t.Fatalf("§6.8 step 3: the marker is reset to the rightmost space, is on %q", got)
	}
}

// §6.8 step 4: "Each player then discards one activation token from each
// sailor of the active watch" — one, not all; the outgoing watch keeps the
// rest on its edge of the panel for its next watch, and the incoming watch
// has its own spaces.
func TestUBootRulebook6_8Step4OneActivationDiscardedEach(t *testing.T) {
	t.Parallel()
	s := startUBoot(t, ubSetupFaces(nil))
	for range 3 {
		s.order("reload", "C1", "C2", "C4")
	}
	s.order("reload", "C1", "C2", "C4") // excess: still three shown
	s.do("watch")
	if _, got := s.fig("C1"); got != "· · ·" {
		t.Fatalf("§6.8: watch 2's C1 has his own empty spaces, shows %q", got)
	}
	s.do("watch")
	if _, got := s.fig("C1"); got != "act act ·" {
		t.Fatalf("§6.8 step 4: watch 1's C1 discarded one activation token of his three, shows %q", got)
	}
}

// §7.2 high alert: "adjust the order token on the Order Track to space VIII
// and place one activation token in the rightmost empty space of the Order
// Track – the space is now blocked"; the ruling blocked=stop (digest §15.2's
// default): "The order token cannot enter blocked spaces, so each block costs
// one order per watch".
func TestUBootRulebook15_2BlockedStopHighAlert(t *testing.T) {
	t.Parallel()
	s := startUBoot(t, ubSetupFaces(nil), "--set", "rulings=blocked=stop")
	s.mob()
	s.do("alert")
	if got := s.track("Order Track"); got != "VIII" {
		t.Fatalf("§7.2: high alert resets the token to VIII, it is on %s", got)
	}
	if !strings.Contains(s.line("Order Track:"), " I [x]") {
		t.Fatalf("§7.2: the rightmost empty space (the blank) is blocked: %s", s.line("Order Track:"))
	}
	for range 7 {
		s.mob()
	}
	if got := s.track("Order Track"); got != "I" {
		t.Fatalf("§15.2 stop: seven orders take the token to I, it is on %s", got)
	}
	s.mob()
	if got := s.track("Morale Track"); got != "X" {
		t.Fatalf("§15.2 stop: the blank blocked, the eighth order is paid on the Morale Track; morale %s, order %s", got, s.track("Order Track"))
	}
}

// The ruling blocked=pass (digest §15.2's other reading, as the board states
// it): the order token passes over blocked spaces, the final space always
// ending the track.
func TestUBootRulebook15_2BlockedPassHighAlert(t *testing.T) {
	t.Parallel()
	s := startUBoot(t, ubSetupFaces(nil), "--set", "rulings=blocked=pass")
	s.mob()
	s.do("alert")
	s.mob()
	s.do("alert") // blocks the blank, then I
	if got := s.blocked(); got != 2 {
		t.Fatalf("§7.2: two high alerts block two spaces, %d shown", got)
	}
	for range 6 {
		s.mob()
	}
	if got := s.track("Order Track"); got != "II" {
		t.Fatalf("§15.2 pass: six orders take the token to II, it is on %s", got)
	}
	s.mob()
	if got, m := s.track("Order Track"), s.track("Morale Track"); got != "—" || m != "XI" {
		t.Fatalf("§15.2 pass: the token passes over I to the final space; order %s, morale %s", got, m)
	}
	s.mob()
	if got := s.track("Morale Track"); got != "X" {
		t.Fatalf("§15.2 pass: then orders are paid on the Morale Track; morale %s", got)
	}
}

// steps is the sections offered to figure f's next step ("to:N" keys).
func (s *ubSession) steps() []string {
	var to []string
	for _, k := range s.opts() {
		if strings.HasPrefix(k, "to:") {
			to = append(to, strings.TrimPrefix(k, "to:"))
		}
	}
	slices.Sort(to)
	return to
}

// §6.4: "The lower sections 1, 2, 3, 4, 5, 6 are mutually adjacent in a long
// row. The upper sections 7 and 8 are adjacent to each other. Sections 3 and
// 8 are adjacent only when the U-boat is surfaced"; "A sailor may never
// backtrack within a single mobilization"; "Do not activate the sailors who
// are mobilizing".
func TestUBootRulebook6_4MobilizationAdjacencyNoBacktracking(t *testing.T) {
	t.Parallel()
	s := startUBoot(t, ubSetupFaces(nil))
	s.do("mob")
	for _, c := range []struct {
		fig  string
		want []string
	}{{"C1", []string{"2"}}, {"F2", []string{"2", "4", "8"}}, {"E1", []string{"3", "5"}}} {
		s.do("m:" + c.fig)
		if got := s.steps(); !slices.Equal(got, c.want) {
			t.Fatalf("§6.4: %s's neighbours should be %v, offered %v", c.fig, c.want, got)
		}
		s.do("stop")
	}
	s.do("m:F2", "to:8")
	if got := s.steps(); !slices.Equal(got, []string{"7"}) {
		t.Fatalf("§6.4: from 8 after 3>8, only 7 is ahead (3 would be backtracking); offered %v", got)
	}
	s.do("to:7")
	if got := s.steps(); len(got) != 0 {
		t.Fatalf("§6.4: from 7 after 3>8>7 the only neighbour is behind; offered %v", got)
	}
	s.do("stop", "m:E1", "to:5", "stop")
	// Moving the same sailor again within the Mobilization is still no
	// backtracking.
	s.do("m:E1")
	if got := s.steps(); !slices.Equal(got, []string{"6"}) {
		t.Fatalf("§6.4: E1 went 4>5, moving him again may not go back to 4; offered %v", got)
	}
	s.do("stop")
	// "Orders can never be issued or carried out during Mobilization."
	if s.has("order") {
		t.Fatalf("§6.4: an order is offered during a Mobilization: %v", s.opts())
	}
	s.do("end")
	if sec, sp := s.fig("F2"); sec != 7 || sp != "· · ·" {
		t.Fatalf("§6.4: F2 should stand in 7, not activated: section %d, %q", sec, sp)
	}
}

// §6.4: "While the U-boat is underwater, sailors cannot move between
// sections 3 and 8."
func TestUBootRulebook6_4NoDeckPassageSubmerged(t *testing.T) {
	t.Parallel()
	s := startUBoot(t, ubSetupFaces(nil))
	s.mob("E1 5", "E4 5 6")
	s.order("dive", "E1", "E4", "E2", "E3")
	if !strings.Contains(strings.Join(s.status(), "\n"), "submerged") {
		t.Fatalf("§10.1: after the dive the status should say submerged:\n%s", strings.Join(s.status(), "\n"))
	}
	s.do("mob", "m:F2")
	if got := s.steps(); !slices.Equal(got, []string{"2", "4"}) {
		t.Fatalf("§6.4: submerged, 3's neighbours are 2 and 4 only; offered %v", got)
	}
}

// §6.4: "Sailors cannot enter or move through flooded sections"; §10.3.7:
// "place a flooded section token … Any sailors remaining inside are now KIA,
// and any resources left inside are lost"; §10.3.6: "If a second section
// becomes flooded, the U-Boat will sink!"
func TestUBootRulebook10_3_7FloodedSectionClosedSecondSinks(t *testing.T) {
	t.Parallel()
	s := startUBoot(t, ubSetupFaces(nil))
	s.do("app", "breach", "s:5")
	if got := s.track("Morale Track"); got != "X" {
		t.Fatalf("§10.3.7 step 1: a hull breach costs morale 1; morale %s", got)
	}
	s.mob("E4 5")
	evs := s.do("app", "flood:5")
	if sec, _ := s.fig("E4"); sec != 0 {
		t.Fatalf("§10.3.7: E4 left in the flooded section is KIA, stands in %d\n%s", sec, ubText(evs))
	}
	if got := s.track("Morale Track"); got != "VIII" {
		t.Fatalf("§6.10: the KIA costs morale 2, X → VIII; morale %s", got)
	}
	if l := s.line("5:"); strings.Contains(l, "bulbs") {
		t.Fatalf("§10.3.7: the light bulbs left in 5 are lost: %s", l)
	}
	s.do("mob", "m:E1")
	if got := s.steps(); !slices.Equal(got, []string{"3"}) {
		t.Fatalf("§6.4: 5 flooded, from 4 only 3 is open; offered %v", got)
	}
	s.do("stop", "end")
	evs = s.do("app", "breach", "s:1", "app", "flood:1")
	if !s.ended && s.prompt.Kind == "uboot.board" {
		t.Fatalf("§10.3.6: a second flooded section sinks the boat; the board goes on: %v\n%s", s.opts(), ubText(evs))
	}
}

// §10.3.9: "A mobilized sailor can bypass the flooded section by using one
// of the torpedo loading hatches … possible only if: the U-boat is surfaced,
// and the sailor bypassing the flooded section is activated". The ruling
// hatches=deck (default): the hatch in 1 opens to the fore-deck (7).
func TestUBootRulebook15_6HatchesDeck(t *testing.T) {
	t.Parallel()
	s := startUBoot(t, ubSetupFaces(nil), "--set", "rulings=hatches=deck")
	s.do("app", "breach", "s:2", "app", "flood:2")
	s.do("mob", "m:C2")
	if got := s.steps(); !slices.Equal(got, []string{"7"}) {
		t.Fatalf("§15.6 deck: section 2 flooded, the hatch in 1 leads to 7; offered %v", got)
	}
	s.do("to:7", "to:8", "to:3", "stop", "end")
	if sec, sp := s.fig("C2"); sec != 3 || sp != "act · ·" {
		t.Fatalf("§10.3.9: C2 went 1>7>8>3 through the hatch, activated once: section %d, %q", sec, sp)
	}
}

// The ruling hatches=direct: the hatches join 1 and 6.
func TestUBootRulebook15_6HatchesDirect(t *testing.T) {
	t.Parallel()
	s := startUBoot(t, ubSetupFaces(nil), "--set", "rulings=hatches=direct")
	s.do("app", "breach", "s:2", "app", "flood:2")
	s.do("mob", "m:C2")
	if got := s.steps(); !slices.Equal(got, []string{"6"}) {
		t.Fatalf("§15.6 direct: section 2 flooded, the hatches lead from 1 to 6; offered %v", got)
	}
	s.do("to:6", "stop", "end")
	if sec, sp := s.fig("C2"); sec != 6 || sp != "act · ·" {
		t.Fatalf("§10.3.9: C2 went 1>6 through the hatches, activated: section %d, %q", sec, sp)
	}
}

// §10.3.9: the hatches only while "the U-boat is surfaced".
func TestUBootRulebook10_3_9NoHatchSubmerged(t *testing.T) {
	t.Parallel()
	s := startUBoot(t, ubSetupFaces(nil), "--set", "rulings=hatches=direct")
	s.mob("E1 5", "E4 5 6")
	s.order("dive", "E1", "E4", "E2", "E3")
	s.do("app", "breach", "s:2", "app", "flood:2")
	s.do("mob", "m:C2")
	if got := s.steps(); len(got) != 0 {
		t.Fatalf("§10.3.9: submerged, no hatch: C2 in 1 cannot leave; offered %v", got)
	}
}

// §6.4: "Any sailor moving from or through a section with a resource token
// may take it with him and place it in any section he moves into or
// through … A given sailor can move only one resource token per
// Mobilization."
func TestUBootRulebook6_4OneResourcePerSailor(t *testing.T) {
	t.Parallel()
	s := startUBoot(t, ubSetupFaces(nil))
	s.do("mob", "m:E1", "take:toolbox-II", "to:5")
	if s.has("take:bulbs") {
		t.Fatalf("§6.4: E1 carries the toolbox; he may not take the bulbs too: %v", s.opts())
	}
	s.do("drop", "stop")
	s.do("m:E1")
	if s.has("take:toolbox-II") || s.has("take:bulbs") {
		t.Fatalf("§6.4: E1 moved one resource this Mobilization already: %v", s.opts())
	}
	s.do("stop", "end")
	if l := s.line("5:"); !strings.Contains(l, "toolbox-II") {
		t.Fatalf("§6.4: the toolbox was put down in 5: %s", l)
	}
}

// ubCrewDraws counts the crew tokens drawn for crew damage (case 6.12) in
// evs, rolls and "the only one left" notes alike.
func ubCrewDraws(evs []ubLine) int {
	n := 0
	for _, e := range evs {
		if e.Case == "6.12" && strings.HasPrefix(e.Text, "Crew token") {
			n++
		}
	}
	return n
}

// ubWoundCards are the wound cards drawn in evs (case 8.8), as "figure deck".
func ubWoundCards(evs []ubLine) []string {
	re := regexp.MustCompile(`Wound card for (\S+) from the (\S+) deck`)
	var out []string
	for _, e := range evs {
		if m := re.FindStringSubmatch(e.Text); m != nil {
			out = append(out, m[1]+" "+m[2])
		}
	}
	return out
}

// §10.3.4: "place the appropriate environmental condition token … and
// decrease morale by one … After placing the token, resolve crew damage for
// that section"; §6.12: "The Captain draws as many crew tokens as there are
// sailors in the affected section. If any of the tokens drawn match any of
// the sailors there, then those unlucky sailors become wounded … Fire causes
// burns". The rulebook's example: a fire in section 5 with four sailors,
// four crew tokens, the brown square (E2) burnt.
func TestUBootRulebook6_12FirePlacedDrawsPerSailor(t *testing.T) {
	t.Parallel()
	// Crew tokens: E2 then C1, C2, C3 (none of them in 5); the burns card 1
	// of 4, Burnt hands (a wound and an activation).
	// The morale card for X (Grumbling, 1) comes when the token is placed,
	// before the crew damage.
	dice := append(ubSetupFaces(nil), 1)
	dice = append(dice, ubTokens("E2", "C1", "C2", "C3")...)
	dice = append(dice, 1) // burns: Burnt hands
	s := startUBoot(t, dice)
	s.mob("E1 5", "E2 4 5", "E3 4 5", "E4 5")
	evs := s.do("app", "env", "fire", "s:5")
	if got := s.track("Morale Track"); got != "X" {
		t.Fatalf("§10.3.4: a fire costs morale 1, XI → X; morale %s\n%s", got, ubText(evs))
	}
	if got := ubCrewDraws(evs); got != 4 {
		t.Fatalf("§6.12: four sailors in 5, four crew tokens; drawn %d\n%s", got, ubText(evs))
	}
	if got := ubWoundCards(evs); !slices.Equal(got, []string{"E2 burns"}) {
		t.Fatalf("§6.12: E2 drawn, one burns card for him; drawn %v\n%s", got, ubText(evs))
	}
	if got := s.count("E2", "wnd") + s.count("E2", "wound"); got != 1 {
		_, sp := s.fig("E2")
		t.Fatalf("§6.9: Burnt hands places a wound token on E2; he shows %q", sp)
	}
}

// §6.12: "Resolve crew damage when: … Any sailors move into or through a
// hazardous section", "resolved simultaneously for all sailors who have
// moved into or through a section during this Mobilization together with
// sailors who remain in that section … Sailors who have moved out of a
// section are not affected"; and "when a watch changeover begins" (§6.8
// step 2).
func TestUBootRulebook6_12HazardousCrossingAndWatchChange(t *testing.T) {
	t.Parallel()
	dice := append(ubSetupFaces(nil), 1) // Grumbling for X
	// Mobilization: three sailors in 5 (E1 and E2 crossed, E4 stays): E1
	// drawn, then C1, C2; burns card 3 of 4, Smoke inhalation (a fatigue).
	dice = append(dice, ubTokens("E1", "C1", "C2")...)
	dice = append(dice, 3)
	// Watch change: E4 alone in 5: one token, C1.
	dice = append(dice, ubTokens("C1")...)
	s := startUBoot(t, dice)
	s.mob("E2 4 5 6") // moved out of 4, through empty 5 before the fire
	s.do("app", "env", "fire", "s:5")
	evs := s.mob("E1 5 6", "E4 5", "E2 5 4")
	if got := ubCrewDraws(evs); got != 3 {
		t.Fatalf("§6.12: E1 crossed 5, E2 crossed it back, E4 stays: three tokens; drawn %d\n%s", got, ubText(evs))
	}
	if got := ubWoundCards(evs); !slices.Equal(got, []string{"E1 burns"}) {
		t.Fatalf("§6.12: E1 crossed the fire and was drawn: a burns card for him, though he moved on to 6; drawn %v\n%s", got, ubText(evs))
	}
	if got := s.count("E1", "fat"); got != 1 {
		_, sp := s.fig("E1")
		t.Fatalf("§6.9: Smoke inhalation places a fatigue token on E1; he shows %q", sp)
	}
	evs = s.do("watch")
	if got := ubCrewDraws(evs); got != 1 {
		t.Fatalf("§6.8 step 2: E4 in the fire at the bell: one token; drawn %d\n%s", got, ubText(evs))
	}
}

// dive mobilizes the engine and ballast crew and dives (E1 and E4 to 5 and
// 6, E2 and E3 in 3).
func (s *ubSession) dive() {
	s.t.Helper()
	s.mob("E1 5", "E4 5 6")
	s.order("dive", "E1", "E4", "E2", "E3")
	if !strings.Contains(strings.Join(s.status(), "\n"), "submerged") {
		s.t.Fatalf("the boat did not dive")
	}
}

// §10.3.5: "If toxic gas ever occurs while the U-boat is sailing on the
// surface, then resolve crew damage once in the affected section without
// placing a toxic gas token" and "the Morale Track is unaffected".
func TestUBootRulebook10_3_5GasSurfacedNoTokenNoMorale(t *testing.T) {
	t.Parallel()
	s := startUBoot(t, ubSetupFaces(nil))
	evs := s.do("app", "env", "gas", "s:3")
	if got := ubCrewDraws(evs); got != 5 {
		t.Fatalf("§10.3.5: gas surfaced: crew damage once for the five sailors in 3; drawn %d\n%s", got, ubText(evs))
	}
	if got := s.track("Morale Track"); got != "XI" {
		t.Fatalf("§10.3.5: gas surfaced leaves morale alone; morale %s", got)
	}
	if l := s.line("3:"); strings.Contains(l, "gas") {
		t.Fatalf("§10.3.5: no toxic gas token while surfaced: %s", l)
	}
}

// §10.3.5: "it is enough for the rebreathers to be in the section to prevent
// the crew from resolving crew damage from toxic gas"; submerged, the token
// is placed and morale drops by one (§10.3.4).
func TestUBootRulebook10_3_5RebreathersSpareGas(t *testing.T) {
	t.Parallel()
	s := startUBoot(t, ubSetupFaces(nil))
	s.dive()
	evs := s.do("app", "env", "gas", "s:2") // the rebreathers are in 2
	if got := ubCrewDraws(evs); got != 0 {
		t.Fatalf("§10.3.5: rebreathers in 2: no crew damage from gas; drawn %d\n%s", got, ubText(evs))
	}
	if got := s.track("Morale Track"); got != "X" {
		t.Fatalf("§10.3.4: the gas token costs morale 1; morale %s", got)
	}
	evs = s.do("app", "env", "gas", "s:3") // no rebreathers in 3
	if got := ubCrewDraws(evs); got != 5 {
		t.Fatalf("§6.12: gas in 3 with its five sailors (F1, F2, N4, E2, E3): drawn %d\n%s", got, ubText(evs))
	}
}

// §6.12: "If there are multiple environmental condition tokens of the same
// type in a section, then draw as many crew tokens per affected sailor as
// there are tokens of that type (e.g. … two 'fire' tokens and three
// sailors … six tokens)".
func TestUBootRulebook6_12TwoFiresDrawTwicePerSailor(t *testing.T) {
	t.Parallel()
	s := startUBoot(t, ubSetupFaces(nil))
	s.do("app", "env", "fire", "s:6", "app", "env", "fire", "s:6")
	evs := s.mob("E1 5 6", "E2 4 5 6", "E3 4 5 6")
	if got := ubCrewDraws(evs); got != 6 {
		t.Fatalf("§6.12: two fires and three sailors: six crew tokens; drawn %d\n%s", got, ubText(evs))
	}
}

// §6.12: "When resolving crew damage in Section 7 and Section 8, these
// sections are treated as one section (i.e. all sailors located outside are
// affected by crew damage from enemy attacks)"; enemy attacks cause gunshot
// wounds.
func TestUBootRulebook6_12SevenAndEightAreOne(t *testing.T) {
	t.Parallel()
	dice := append(ubSetupFaces(nil), ubTokens("N2", "C1", "C2")...)
	s := startUBoot(t, dice)
	s.mob("N1 3 8", "N2 3 8 7", "N3 3 8")
	evs := s.do("app", "attack", "s:8")
	if got := ubCrewDraws(evs); got != 3 {
		t.Fatalf("§6.12: an attack on the bridge hits 7 and 8 as one: three sailors, three tokens; drawn %d\n%s", got, ubText(evs))
	}
	if got := ubWoundCards(evs); !slices.Equal(got, []string{"N2 gunshot"}) {
		t.Fatalf("§6.12: N2 on the fore-deck drawn: a gunshot wound; drawn %v\n%s", got, ubText(evs))
	}
}

// The ruling crew-bag (digest §15.4): four fires and five sailors are 20
// crew tokens, more than the bag's 16. refill (the default): the bag is
// refilled and the draw goes on; cap: the draw stops at 16.
func TestUBootRulebook15_4CrewBagRefillAndCap(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		ruling string
		want   int
	}{{"refill", 20}, {"cap", 16}} {
		t.Run(c.ruling, func(t *testing.T) {
			s := startUBoot(t, ubSetupFaces(nil), "--set", "rulings=crew-bag="+c.ruling)
			for range 4 {
				s.do("app", "env", "fire", "s:5")
			}
			evs := s.mob("E1 5", "E4 5", "N1 5", "N2 5", "N3 5")
			if got := ubCrewDraws(evs); got != c.want {
				t.Fatalf("§15.4 %s: 4 fires × 5 sailors: %d crew tokens expected, drawn %d\n%s", c.ruling, c.want, got, ubText(evs))
			}
		})
	}
}

// §8.8: "If you ever need to assign a wound card of a given type and there
// are no more cards of that type, then choose a different wound deck": the
// players choose which.
func TestUBootRulebook8_8EmptyWoundDeckPlayersChoose(t *testing.T) {
	t.Parallel()
	s := startUBoot(t, ubSetupFaces(nil))
	for range 4 {
		s.do("app", "env", "fire", "s:5")
	}
	s.do("mob")
	for _, m := range []string{"E1 5", "E4 5", "N1 5", "N2 5", "N3 5"} {
		f := strings.Fields(m)
		s.do("m:"+f[0], "to:"+f[1], "stop")
	}
	evs := s.do("end")
	// Five sailors wounded, four burns cards: the fifth asks for a deck.
	burns := ubWoundCards(evs)
	if len(burns) != 4 || s.prompt.Kind != "uboot.wounddeck" || !slices.Equal(s.opts(), []string{"d:shock", "d:poisoning", "d:gunshot"}) {
		t.Fatalf("§8.8: \"choose a different wound deck\": four burns cards, then the players choose among the other three: %v, %s %v\n%s", burns, s.prompt.Kind, s.opts(), ubText(evs))
	}
	evs = s.do("d:gunshot")
	got := ubWoundCards(evs)
	if len(got) != 1 || !strings.HasSuffix(got[0], " gunshot") || s.prompt.Kind != "uboot.board" {
		t.Fatalf("§8.8: \"… and draw a card as normal\": the gunshot deck chosen, the fifth card drawn from it: %v, %s\n%s", got, s.prompt.Kind, ubText(evs))
	}
}

// §6.5: "the sailor(s) carrying out the order must: be present in the
// specified section(s); collectively match the number of specialization
// icons required by the order"; the board offers only orders the crew in
// position can carry out, and `go` only once the sailors chosen meet them.
func TestUBootRulebook6_5OrderNeedsSectionAndCount(t *testing.T) {
	t.Parallel()
	s := startUBoot(t, ubSetupFaces(nil))
	s.do("order", "o:reload", "+C1", "+C2")
	if s.has("go") {
		t.Fatalf("§6.5/§7.5.3: Reload needs three sailors (x3); two chosen and go is offered: %v", s.opts())
	}
	s.do("back")
	if got := s.track("Order Track"); got != "VIII" {
		t.Fatalf("§6.5: an order left with back is not paid; the token is on %s", got)
	}
	s.mob("C4 2")
	s.do("order")
	if s.has("o:reload") {
		t.Fatalf("§6.5: two sailors left in 1 (and none in 6): Reload cannot be carried out, yet it is offered: %v", s.opts())
	}
	s.do("back")
	s.mob("F3 1")
	s.order("reload", "C1", "C2", "F3")
	if _, sp := s.fig("F3"); sp != "act act ·" {
		t.Fatalf("§6.5: \"Sailors without a required specialization icon may carry out the given order, but each such sailor must be activated one additional time\": F3 shows %q", sp)
	}
}

// §10.3.5, lighting failure: "one additional sailor in this section must be
// activated whenever an order in this section is to be carried out … A
// single activation token is placed regardless of the affected sailor's
// specialization icons."
func TestUBootRulebook10_3_5LightingFailureOneMoreSailor(t *testing.T) {
	t.Parallel()
	s := startUBoot(t, append(ubSetupFaces(nil), 1)) // Grumbling for X
	s.do("app", "env", "lighting", "s:1")
	s.do("order")
	if s.has("o:reload") {
		t.Fatalf("§10.3.5: dark section 1 with three sailors: Reload needs a fourth; it is offered: %v", s.opts())
	}
	s.do("back")
	s.mob("C3 1")
	s.order("reload", "C1", "C2", "C4", "C3")
	for f, want := range map[string]string{"C1": "act · ·", "C2": "act · ·", "C4": "act · ·", "C3": "act · ·"} {
		if _, sp := s.fig(f); sp != want {
			t.Fatalf("§10.3.5: three reload specialists and C3 the extra sailor (one token regardless of icons): %s shows %q, want %q", f, sp, want)
		}
	}
}

// §6.7: observation is a busy order: "sailors … are activated using the
// corresponding observation … tokens instead of regular activation tokens",
// "place one additional activation token in an activation space of a sailor
// who doesn't have the required specialization icon", and "If a busy sailor
// moves, he immediately stops carrying out his order. Flip his 'busy' token
// to its activation side".
func TestUBootRulebook6_7BusyObserversStopWhenTheyMove(t *testing.T) {
	t.Parallel()
	s := startUBoot(t, ubSetupFaces(nil))
	s.mob("N1 3 8", "C1 2 3 8")
	s.order("observe", "N1", "C1")
	if _, sp := s.fig("N1"); sp != "obs · ·" {
		t.Fatalf("§6.7: the observer N1 takes an observation token; shows %q", sp)
	}
	if _, sp := s.fig("C1"); sp != "obs act ·" {
		t.Fatalf("§6.7: C1, no observation icon, takes an observation token and one activation; shows %q", sp)
	}
	s.mob("N1 7")
	if _, sp := s.fig("N1"); sp != "act · ·" {
		t.Fatalf("§6.7: N1 moved: his observation token is flipped to its activation side; shows %q", sp)
	}
}

// §6.7: "When fully activated sailors carry out busy orders, discard one of
// their activation tokens and replace it with the appropriate 'busy' token …
// also counts as an excess activation."
func TestUBootRulebook6_7FullyActivatedBusyIsExcess(t *testing.T) {
	t.Parallel()
	s := startUBoot(t, ubSetupFaces(nil))
	for range 3 {
		s.order("reload", "C1", "C2", "C4")
	}
	s.mob("C4 2 3 8")
	s.order("observe", "C4") // C4: reload + observation
	if _, sp := s.fig("C4"); sp != "obs act act" && sp != "act act obs" && sp != "act obs act" {
		t.Fatalf("§6.7: C4's activation token replaced by the observation token; shows %q", sp)
	}
	if got := s.marker(); got != "I" {
		t.Fatalf("§6.7/§6.6.1: the replacement counts as one excess activation: the marker on I; it is on %q", got)
	}
}

// §6.9's example: "One of the sailors is already fully activated when he
// becomes wounded … a wound token and a fatigue token, so two of his
// activation tokens must be discarded and count as two excess activations."
// Wounds first, then fatigue (§6.9).
func TestUBootRulebook6_9WoundOnFullSailorDiscardsActivations(t *testing.T) {
	t.Parallel()
	// Fire in 1 (Grumbling for X): crew tokens C1, then F1, F2 (not in 1);
	// the burns card 2 of 4, Burnt face (a wound and a fatigue).
	dice := append(ubSetupFaces(nil), 1)
	dice = append(dice, ubTokens("C1", "F1", "F2")...)
	dice = append(dice, 2)
	s := startUBoot(t, dice)
	for range 3 {
		s.order("reload", "C1", "C2", "C4")
	}
	if got := s.marker(); got != "—" {
		t.Fatalf("no excess yet, the marker on %q", got)
	}
	evs := s.do("app", "env", "fire", "s:1")
	if got := ubWoundCards(evs); !slices.Equal(got, []string{"C1 burns"}) {
		t.Fatalf("C1 should get a burns card: %v\n%s", got, ubText(evs))
	}
	if got := s.count("C1", "wnd"); got != 1 || s.count("C1", "fat") != 1 || s.count("C1", "act") != 1 {
		_, sp := s.fig("C1")
		t.Fatalf("§6.9: a wound and a fatigue placed, two activations discarded: C1 shows %q", sp)
	}
	if got := s.marker(); got != "II" {
		t.Fatalf("§6.9/§6.6.1: two activations discarded are two excess activations: the marker on II; it is on %q\n%s", got, ubText(evs))
	}
}

// §6.10: "If a sailor receives a second wound token, then he is dead … remove
// his figure", "Each time a sailor becomes KIA, the Captain must decrease
// morale by two"; "If a KIA sailor's counterpart is still alive, then when a
// watch change brings the live counterpart back into play, return the figure
// … in a freely chosen section … when a watch change would bring a KIA
// sailor back on duty, remove their figure again."
func TestUBootRulebook6_10SecondWoundKillsFigureReturnsAndLeaves(t *testing.T) {
	t.Parallel()
	// An attack on 1: crew tokens C1, F1, F2; the gunshot card 4 of 4, Chest
	// wound (two wounds).
	dice := append(ubSetupFaces(nil), ubTokens("C1", "F1", "F2")...)
	dice = append(dice, 4)
	s := startUBoot(t, dice)
	evs := s.do("app", "attack", "s:1")
	if sec, _ := s.fig("C1"); sec != 0 {
		t.Fatalf("§6.10: two wound tokens kill C1; he still stands in %d\n%s", sec, ubText(evs))
	}
	if got := s.track("Morale Track"); got != "IX" {
		t.Fatalf("§6.10: a KIA costs morale 2: XI → IX; morale %s\n%s", got, ubText(evs))
	}
	if got := ubMoraleCards(evs); !slices.Equal(got, []string{"X morale1"}) {
		t.Fatalf("§7.3: the loss passes through X: one card of deck 1; drawn %v", got)
	}
	// A fire in 5 so that the returning figure's "no crew damage" shows.
	s.do("app", "env", "fire", "s:5")
	evs = s.do("watch")
	if s.prompt.Kind != "uboot.return" || !s.has("r:5") {
		t.Fatalf("§6.10: watch 2's C1 is alive: his figure returns to a section the player chooses; prompt %s %v\n%s", s.prompt.Kind, s.opts(), ubText(evs))
	}
	evs = s.do("r:5")
	if sec, sp := s.fig("C1"); sec != 5 || sp != "· · ·" {
		t.Fatalf("§6.10: C1 back in 5 for watch 2, unhurt: section %d, %q", sec, sp)
	}
	if got := ubCrewDraws(evs); got != 0 {
		t.Fatalf("§6.10: \"Do not resolve crew damage on a sailor returned in this way to a hazardous section\"; %d drawn\n%s", got, ubText(evs))
	}
	s.mob("C1 6") // out of the fire before the next bell
	s.do("watch")
	if sec, _ := s.fig("C1"); sec != 0 {
		t.Fatalf("§6.10: watch 1's C1 is KIA: his figure is removed again; it stands in %d", sec)
	}
}

// §6.8 step 4: "If a sailor has a busy token in his space, transfer the busy
// token to the next watch sailor … If you transfer a sailor's busy token,
// then do not discard an activation token from that sailor", and "Incoming
// watch sailors who have received a transferred token and do not have the
// required specialization icon must be activated one additional time."
func TestUBootRulebook6_8Step4BusyTokensPassToCounterparts(t *testing.T) {
	t.Parallel()
	s := startUBoot(t, ubSetupFaces(nil))
	// Watch 1: N1 observation+sextant, C1 reload+torpedoes (a
	// non-specialist); watch 2: N1 sextant+observation, C1 torpedoes+reload.
	s.mob("N1 3 8", "C1 2 3 8")
	s.order("observe", "N1", "C1")
	s.do("watch")
	if _, sp := s.fig("N1"); sp != "obs · ·" {
		t.Fatalf("§6.8: watch 2's N1 (observation icon) takes over the observation token; shows %q", sp)
	}
	if n, a := s.count("C1", "obs"), s.count("C1", "act"); n != 1 || a != 1 {
		_, sp := s.fig("C1")
		t.Fatalf("§6.8: watch 2's C1 (no observation icon) takes the token and one activation; shows %q", sp)
	}
	s.do("watch")
	// Watch 1's C1 kept his activation (no discard for the one who handed
	// over) and takes the token back with one more activation.
	if n, a := s.count("C1", "obs"), s.count("C1", "act"); n != 1 || a != 2 {
		_, sp := s.fig("C1")
		t.Fatalf("§6.8: watch 1's C1 kept his activation and takes the token back with one more: shows %q", sp)
	}
}

// §6.8 step 4 and §8.6: "Once a card has been treated, one health condition
// token resulting from it can be discarded instead of an activation token
// during a watch change"; "Once a sailor has no more health condition tokens
// resulting from a particular card, discard the health condition card".
func TestUBootRulebook6_8Step4TreatedCardLosesAToken(t *testing.T) {
	t.Parallel()
	// An event card 2 of 6, Flu (a fatigue, to a random sailor): crew token
	// C3, in section 2 with F3 (first aid).
	dice := append(ubSetupFaces(nil), 2)
	dice = append(dice, ubTokens("C3")...)
	s := startUBoot(t, dice)
	s.do("app", "event")
	if got := s.count("C3", "fat"); got != 1 {
		t.Fatalf("§6.9: Flu places a fatigue on C3: %d", got)
	}
	s.do("order", "o:aid", "m:F3", "p:C3", "go")
	if !strings.Contains(s.line("C3:"), "treated") {
		t.Fatalf("§8.6: C3's card treated: %s", s.line("C3:"))
	}
	s.do("watch", "watch")
	if got := s.count("C3", "fat"); got != 0 {
		t.Fatalf("§6.8: the treated card's fatigue was discarded at the watch change; C3 has %d", got)
	}
	if strings.Contains(strings.Join(s.status(), "\n"), "Flu") {
		t.Fatalf("§8.6: the card with no tokens left is discarded:\n%s", strings.Join(s.status(), "\n"))
	}
}

// §8.6: "Only one sailor may be activated by a single 'First Aid' order.
// However, that sailor may treat multiple sailors located in his section,
// one sailor per activation"; "must be in the same section".
func TestUBootRulebook8_6FirstAidInTheMedicsSection(t *testing.T) {
	t.Parallel()
	// The event card 2 of 6, Flu, to crew token C3 (in 2 with the medic F3).
	dice := append(ubSetupFaces(nil), 2)
	dice = append(dice, ubTokens("C3")...)
	s := startUBoot(t, dice)
	s.do("app", "event")
	s.do("order", "o:aid", "m:F3")
	if !s.has("p:C3") {
		t.Fatalf("§8.6: C3 in F3's section can be treated: %v", s.opts())
	}
	for _, k := range s.opts() {
		if strings.HasPrefix(k, "p:") && k != "p:C3" {
			t.Fatalf("§8.6: only patients with a card, in the medic's section, are offered: %v", s.opts())
		}
	}
	s.do("p:C3", "go")
	if _, sp := s.fig("F3"); sp != "act · ·" {
		t.Fatalf("§8.6: the medic F3 (first aid icon) is activated once for one patient; shows %q", sp)
	}
}

// §6.13: "A player who has at least one of their sailors in sections 7 or 8
// can discard one cigarette token. This enables up to four sailors (not
// necessarily that player's) in Sections 7 and 8 to each discard one
// activation token (but no other token type) … The Captain also removes the
// leftmost activation token from the Order Track. Smoking can be done only
// once per watch, but players can collectively discard more than one
// cigarette token during that smoking break … A given sailor may discard
// only one activation token during a smoking break. Smoking is not an order".
func TestUBootRulebook6_13Cigarettes(t *testing.T) {
	t.Parallel()
	s := startUBoot(t, ubSetupFaces(nil))
	s.mob()
	s.do("alert") // blocks the blank
	s.mob()
	s.do("alert") // blocks I
	if !strings.Contains(s.line("Order Track:"), "II [x] [x]") {
		t.Fatalf("§7.2: two high alerts block I and the blank: %s", s.line("Order Track:"))
	}
	s.mob("N1 3 8", "N2 3 8", "N4 8", "C1 2 3 8", "C2 2 3 8")
	s.order("gun20", "N2", "N4")
	s.order("sextant", "N1")
	s.order("observe", "C1", "C2") // non-specialists: an observation token and an activation each
	order := s.track("Order Track")
	s.do("smoke")
	if got := s.opts(); !slices.Equal(got, []string{"c:captain", "c:nav", "back"}) {
		t.Fatalf("§6.13: only players with a sailor in 7 or 8 (Captain, Navigator) may smoke: %v", got)
	}
	s.do("c:nav")
	for _, k := range []string{"+N1", "+N2", "+N4", "+C1", "+C2"} {
		if !s.has(k) {
			t.Fatalf("§6.13: %s (an activation token, in 8) may benefit: %v", k, s.opts())
		}
	}
	s.do("+N2", "+N4", "+C1", "+C2")
	if s.has("+N1") {
		t.Fatalf("§6.13: up to four sailors a cigarette: a fifth offered: %v", s.opts())
	}
	s.do("go")
	if !strings.Contains(s.line("Order Track:"), "II I [x]") || s.blocked() != 1 {
		t.Fatalf("§6.13: the leftmost blocked space (I) is unblocked, the blank still blocked: %s", s.line("Order Track:"))
	}
	s.do("c:captain")
	for _, k := range []string{"+N2", "+N4", "+C1", "+C2"} {
		if s.has(k) {
			t.Fatalf("§6.13: %s benefited this break already: %v", k, s.opts())
		}
	}
	s.do("+N1", "go", "done")
	if got := s.blocked(); got != 0 {
		t.Fatalf("§6.13: two cigarettes unblock both spaces: %d still blocked", got)
	}
	for f, want := range map[string]string{"N1": "· · ·", "N2": "· · ·", "N4": "· · ·", "C1": "obs · ·", "C2": "obs · ·"} {
		if _, sp := s.fig(f); sp != want {
			t.Fatalf("§6.13: %s discarded one activation token, nothing else: shows %q, want %q", f, sp, want)
		}
	}
	if got := s.track("Order Track"); got != order {
		t.Fatalf("§6.13: smoking is not an order: the token moved %s → %s", order, got)
	}
	if !strings.Contains(s.line("Cigarettes:"), "Captain 1") || !strings.Contains(s.line("Cigarettes:"), "Navigator 1") {
		t.Fatalf("§6.13: one cigarette each spent: %s", s.line("Cigarettes:"))
	}
	if s.has("smoke") {
		t.Fatalf("§6.13: one smoking break a watch: smoke offered again: %v", s.opts())
	}
	s.do("watch")
	s.mob("N3 3 8")
	if !s.has("smoke") {
		t.Fatalf("§6.13: a new watch, a new smoking break: %v", s.opts())
	}
}

// The ruling per-role (digest §15.8, §5.1): per-role (default) gives every
// role its 2 cigarettes however many play; per-player gives 2 to each player
// at the table.
func TestUBootRulebook15_8CigarettesPerRoleOrPerPlayer(t *testing.T) {
	t.Parallel()
	s := startUBoot(t, ubSetupFaces(nil), "--set", "players=2", "--set", "rulings=per-role=per-role")
	if l := s.line("Cigarettes:"); !strings.Contains(l, "Captain 2, First Officer 2, Navigator 2, Chief Engineer 2") {
		t.Fatalf("§15.8 per-role: two cigarettes for each of the four roles: %s", l)
	}
	s = startUBoot(t, ubSetupFaces(nil), "--set", "players=2", "--set", "rulings=per-role=per-player")
	l := s.line("Cigarettes:")
	total := 0
	for _, m := range regexp.MustCompile(`\d+`).FindAllString(l, -1) {
		var n int
		fmt.Sscan(m, &n)
		total += n
	}
	if total != 4 {
		t.Fatalf("§15.8 per-player: two players, four cigarettes in all: %s", l)
	}
}

// ubFoodDice is the set-up's dice with the pyramid drawn as the kinds given
// (spaces 1 to 6: row 1 is space 1, row 2 spaces 2-3, row 3 spaces 4-6),
// followed by the refills' kinds, in the order drawn.
func ubFoodDice(t *testing.T, pyramid []string, refills ...string) []int {
	t.Helper()
	f := newUBFood()
	d := ubSetupFaces(f.draw(t, pyramid...))
	return append(d, f.draw(t, refills...)...)
}

// meal cooks one meal with cook c taking the pyramid's spaces in order.
func (s *ubSession) meal(c string, spaces ...int) []ubLine {
	s.t.Helper()
	evs := s.do("order", "o:meal", "c:"+c, "keep")
	for _, sp := range spaces {
		evs = append(evs, s.do(fmt.Sprintf("t:%d", sp))...)
	}
	return append(evs, s.do("go")...)
}

// §9.4.1: "If the Navigator selects more than one token, they must form a
// connected group, i.e. the first token must be adjacent to the second, and
// the second token adjacent to the third"; "If there is at least one lemon
// token within the pyramid, then the Navigator must collect a lemon together
// with the rest … (even if not adjacent …). The lemon never counts"; "Put
// any lemons aside into the rightmost space"; "Taking either option [a swap
// or a replacement] will activate the sailor one additional time."
func TestUBootRulebook9_4_1ConnectedMealAndTheLemon(t *testing.T) {
	t.Parallel()
	dice := ubFoodDice(t, []string{"lemons", "onions", "bread", "meat", "eggs", "onions"})
	s := startUBoot(t, dice)
	s.do("order", "o:meal", "c:N3", "keep")
	if s.has("t:1") {
		t.Fatalf("§9.4: the lemon is never an ingredient, yet it is offered: %v", s.opts())
	}
	s.do("t:4")
	got := s.opts()
	if !slices.Contains(got, "t:5") || !slices.Contains(got, "t:2") || slices.Contains(got, "t:6") || slices.Contains(got, "t:3") {
		t.Fatalf("§9.4.1: after space 4 (bottom row, left), the next token must be adjacent to it (2 above, 5 beside); offered %v", got)
	}
	s.do("t:5") // meat + eggs: ham omelette
	if s.has("t:4") {
		t.Fatalf("§9.4.1: a token is taken once: %v", s.opts())
	}
	evs := s.do("go")
	if !strings.Contains(ubText(evs), "lemon") {
		t.Fatalf("§9.4.1: the lemon in the pyramid is taken along:\n%s", ubText(evs))
	}
	food := s.line("Food:")
	if !strings.Contains(food, "today 1 meal(s)") || !strings.Contains(food, "lemons aside 1") {
		t.Fatalf("§9.4.1: one meal stored, the lemon set aside: %s", food)
	}
	if _, sp := s.fig("N3"); sp != "act · ·" {
		t.Fatalf("§9.4.1: the cook (meal icon), no swap: one activation; N3 shows %q", sp)
	}
	// A swap costs the cook one activation more: the refills were onions
	// (1 onions, 2 onions, 3 bread, 4-6 onions); swap 2 and 3, cook space 4.
	s.do("order", "o:meal", "c:N3", "swap:2:3", "t:4", "go")
	if _, sp := s.fig("N3"); sp != "act act act" {
		t.Fatalf("§9.4.1: the swap activates the cook one additional time: N3 shows %q", sp)
	}
}

// §9.4.2's example: "the first meal has 3 ingredients, and the remaining two
// have 2 ingredients each … the morale increases by 3 in total"; "Up to
// three meals a day"; then "the Navigator discards all the tokens from the
// 'Today's Meal' spaces". Morale starts on VIII (ruling morale-start=VIII)
// so that +3 shows.
func TestUBootRulebook9_4_2ThreeTwoTwoIsPlusThree(t *testing.T) {
	t.Parallel()
	dice := ubFoodDice(t,
		[]string{"bread", "fish", "eggs", "meat", "potatoes", "onions"},
		"meat", "bread", "potatoes", // refill 4, 5, 6 after the stew
		"fish", "bread", // refill 4, 5 after the wurst
	)
	s := startUBoot(t, dice, "--set", "rulings=morale-start=VIII")
	if got := s.track("Morale Track"); got != "VIII" {
		t.Fatalf("§15.1: morale-start=VIII puts the token on VIII, it is on %s", got)
	}
	s.meal("N3", 4, 5, 6) // stew: meat, potatoes, onions
	s.meal("N3", 4, 5)    // wurst with bread
	s.meal("N3", 4, 5)    // tinned fish sandwiches
	s.do("order")
	if s.has("o:meal") {
		t.Fatalf("§9.4: up to three meals a day; a fourth is offered: %v", s.opts())
	}
	s.do("back")
	evs := s.do("app", "eat")
	if got := s.track("Morale Track"); got != "XI" {
		t.Fatalf("§9.4.2: meals of 3, 2 and 2 tokens give +1, +1, +1: VIII → XI; morale %s\n%s", got, ubText(evs))
	}
	if !strings.Contains(s.line("Food:"), "today 0 meal(s)") {
		t.Fatalf("§9.4.2: today's meals are discarded: %s", s.line("Food:"))
	}
	s.do("order")
	if !s.has("o:meal") {
		t.Fatalf("§9.4: a new day, meals can be cooked again: %v", s.opts())
	}
}

// §9.4's table: "no meal: decrease morale by 2; 1 token: decrease morale by
// 1".
func TestUBootRulebook9_4NoMealAndBadMeal(t *testing.T) {
	t.Parallel()
	s := startUBoot(t, ubFoodDice(t, []string{"bread", "fish", "eggs", "meat", "potatoes", "onions"}))
	s.do("app", "eat")
	if got := s.track("Morale Track"); got != "IX" {
		t.Fatalf("§9.4: no meal that day: morale −2, XI → IX; morale %s", got)
	}
	s.meal("N3", 4)
	s.do("app", "eat")
	if got := s.track("Morale Track"); got != "VIII" {
		t.Fatalf("§9.4: one meal of 1 token: morale −1, IX → VIII; morale %s", got)
	}
}

// The ruling combos (digest §15.5): recipe (default) — a meal of 2 or 3
// tokens must be one of the 8 combinations; free — any connected tokens.
func TestUBootRulebook15_5CombosRecipeOrFree(t *testing.T) {
	t.Parallel()
	pyr := []string{"bread", "fish", "eggs", "onions", "meat", "potatoes"}
	s := startUBoot(t, ubFoodDice(t, pyr), "--set", "rulings=combos=recipe")
	s.do("order", "o:meal", "c:N3", "keep", "t:4", "t:5") // onions + meat: no recipe
	if s.has("go") {
		t.Fatalf("§15.5 recipe: onions and meat are no combination, yet go is offered: %v", s.opts())
	}
	s = startUBoot(t, ubFoodDice(t, pyr), "--set", "rulings=combos=free")
	s.do("order", "o:meal", "c:N3", "keep", "t:4", "t:5")
	if !s.has("go") {
		t.Fatalf("§15.5 free: any two connected tokens make a meal: %v", s.opts())
	}
}

// The ruling lemons (digest §15.5, §9.4.2): discard (default) — the lemons
// set aside go to the discard pile at 22:00 with the day's meals; keep —
// they stay aside.
func TestUBootRulebook15_5LemonsDiscardOrKeep(t *testing.T) {
	t.Parallel()
	pyr := []string{"lemons", "fish", "eggs", "meat", "bread", "onions"}
	for _, c := range []struct{ ruling, aside string }{{"discard", "lemons aside 0"}, {"keep", "lemons aside 1"}} {
		s := startUBoot(t, ubFoodDice(t, pyr), "--set", "rulings=lemons="+c.ruling)
		s.meal("N3", 4, 5) // wurst with bread, and the lemon
		if !strings.Contains(s.line("Food:"), "lemons aside 1") {
			t.Fatalf("§9.4.1: the lemon set aside: %s", s.line("Food:"))
		}
		s.do("app", "eat")
		if !strings.Contains(s.line("Food:"), c.aside) {
			t.Fatalf("§15.5 lemons=%s: after 22:00 %q expected: %s", c.ruling, c.aside, s.line("Food:"))
		}
	}
}

// The ruling toolboxes (digest §15.9, §5.2 "one toolbox in section 2 and the
// other in section 4"): I-in-2 (default) or II-in-2.
func TestUBootRulebook15_9ToolboxesEitherWay(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ ruling, in2, in4 string }{{"I-in-2", "toolbox-I", "toolbox-II"}, {"II-in-2", "toolbox-II", "toolbox-I"}} {
		s := startUBoot(t, ubSetupFaces(nil), "--set", "rulings=toolboxes="+c.ruling)
		if l := s.line("2:"); !strings.Contains(l, c.in2+",") && !strings.HasSuffix(l, c.in2) {
			t.Fatalf("§15.9 %s: %s in section 2: %s", c.ruling, c.in2, l)
		}
		if l := s.line("4:"); !strings.Contains(l, c.in4) {
			t.Fatalf("§15.9 %s: %s in section 4: %s", c.ruling, c.in4, l)
		}
	}
}

// The ruling morale-start (digest §15.1): XI (default), the leftmost space.
func TestUBootRulebook15_1MoraleStartsOnXI(t *testing.T) {
	t.Parallel()
	s := startUBoot(t, ubSetupFaces(nil))
	if got := s.track("Morale Track"); got != "XI" {
		t.Fatalf("§15.1 default: the Morale Track's token starts on XI, it is on %s", got)
	}
	s = startUBoot(t, ubSetupFaces(nil), "--set", "rulings=morale-start=X")
	if got := s.track("Morale Track"); got != "X" {
		t.Fatalf("§15.1 X: the token starts on X, it is on %s", got)
	}
}

// exhaust takes morale to the final space (the cards as in
// ubMoraleToIDice, then the final space's from deck 3).
func (s *ubSession) exhaust() {
	s.t.Helper()
	s.moraleToI()
	s.do("app", "down")
	if got := s.track("Morale Track"); got != "—" {
		s.t.Fatalf("morale should be on the final space, is on %s", got)
	}
}

// lost reports whether the session sent an end line of level lost.
func (s *ubSession) lost() bool {
	for _, l := range s.all {
		if l.Type == "end" {
			return l.Level == "lost"
		}
	}
	return false
}

// §7.4: "If an exhausted crew is faced with a new environmental condition or
// hull breach, they are unable to contain the threat … all players lose the
// game"; "EXCEPTION: a lighting failure cannot cause a 'game over' effect
// when the crew is exhausted" (§10.3.5).
func TestUBootRulebook7_4ExhaustedCrewSuddenDeath(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		keys []string
		lost bool
	}{
		{"fire", []string{"app", "env", "fire", "s:5"}, true},
		{"leak", []string{"app", "env", "leak", "s:5"}, true},
		{"breach", []string{"app", "breach", "s:5"}, true},
		{"lighting", []string{"app", "env", "lighting", "s:5"}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := startUBoot(t, append(ubSetupFaces(nil), ubMoraleToIDice...))
			s.exhaust()
			s.do(c.keys...)
			if c.lost && !(s.ended && s.lost()) {
				t.Fatalf("§7.4: a new %s with the crew exhausted loses the boat; the board goes on: %v", c.name, s.opts())
			}
			if !c.lost && (s.ended || s.prompt.Kind != "uboot.board") {
				t.Fatalf("§10.3.5: a lighting failure never ends the game; ended %v, prompt %s", s.ended, s.prompt.Kind)
			}
			if !c.lost && s.track("Morale Track") != "—" {
				t.Fatalf("§7.4: the token stays on the final space")
			}
		})
	}
}

// §10.3.5: "The repair requirement of all environmental conditions is 1
// [repair icon] and the required supply token … The sailor carrying out the
// order and the supply token must be present in the section … Activate the
// sailor … with a regular activation token (or two activation tokens if they
// don't have the repair specialization icon). One environmental condition
// token is then removed. When removing an environmental condition token,
// increase morale by 2."
func TestUBootRulebook10_3_5EnvironmentalRepair(t *testing.T) {
	t.Parallel()
	// A fire in 5 and two in 6 with nobody there: three morale losses from
	// VIII (VI draws from deck 2: Sullen silence, 4 of 4).
	s := startUBoot(t, append(ubSetupFaces(nil), 4), "--set", "rulings=morale-start=VIII")
	s.do("app", "env", "fire", "s:5", "app", "env", "fire", "s:6", "app", "env", "fire", "s:6")
	if got := s.track("Morale Track"); got != "V" {
		t.Fatalf("§10.3.4: three fires, morale −3: VIII → V; morale %s", got)
	}
	// E4 (repair) and N1 (no repair icon) into 6, through the fire in 5:
	// crew damage with the padding's tokens (C1, C2…: nobody there).
	s.mob("E4 5 6", "N1 5 6")
	s.do("order", "o:repair")
	if s.has("env:5:fire") {
		t.Fatalf("§10.3.5: the extinguisher is in 6, not 5, and nobody is in 5: the fire in 5 is offered: %v", s.opts())
	}
	s.do("env:6:fire", "+N1", "go")
	if _, sp := s.fig("N1"); sp != "act act ·" {
		t.Fatalf("§10.3.5: N1 without the repair icon takes two activation tokens; shows %q", sp)
	}
	if l := s.line("6:"); !strings.Contains(l, "1× fire") || !strings.Contains(l, "extinguisher") {
		t.Fatalf("§10.3.5: one fire token of two is removed (one problem an order), the extinguisher stays (never used up): %s", l)
	}
	if got := s.track("Morale Track"); got != "VII" {
		t.Fatalf("§10.3.5: removing a fire is morale +2: V → VII; morale %s", got)
	}
	s.do("order", "o:repair", "env:6:fire", "+E4", "go")
	if _, sp := s.fig("E4"); sp != "act · ·" {
		t.Fatalf("§10.3.5: E4 with the repair icon takes one activation token; shows %q", sp)
	}
}

// §10.3.2: "Activate each sailor in the repair crew with a technical
// condition token of the corresponding color … if a sailor does not have the
// necessary specialization icon ('repair' in this case), then the sailor must
// be activated with an additional activation token"; "If … the number of
// sailors in the repair crew drops below the level required by the repair,
// then the order is stopped … all the technical condition tokens … flipped to
// their activation sides"; "A paused repair can be resumed if enough sailors
// are activated for repairs in the corresponding section. It does not
// require another 'Repair' order"; when the app says it is done, "flip the
// repair crew's technical condition tokens to their activation side".
func TestUBootRulebook10_3_2TechnicalRepairPauseResume(t *testing.T) {
	t.Parallel()
	s := startUBoot(t, ubSetupFaces(nil))
	s.do("app", "tech", "yellow", "s:4")
	s.do("order", "o:repair", "tech:4:0", "n:2", "k:-", "+E1", "+N1", "go")
	if _, sp := s.fig("E1"); sp != "yellow · ·" {
		t.Fatalf("§10.3.2: E1 (repair) takes a yellow token; shows %q", sp)
	}
	if _, sp := s.fig("N1"); sp != "yellow act ·" {
		t.Fatalf("§10.3.2: N1 (no repair icon) takes a yellow token and an activation; shows %q", sp)
	}
	s.mob("N1 3")
	if _, sp := s.fig("E1"); sp != "act · ·" {
		t.Fatalf("§10.3.2: the crew drops below 2: E1's token is flipped; shows %q", sp)
	}
	if !strings.Contains(s.line("4:"), "paused") {
		t.Fatalf("§10.3.2: the repair is paused: %s", s.line("4:"))
	}
	order := s.track("Order Track")
	s.do("resume", "tech:4:0", "+E1", "+E4", "go")
	if got := s.track("Order Track"); got != order {
		t.Fatalf("§10.3.2: resuming needs no Repair order: the token moved %s → %s", order, got)
	}
	if !strings.Contains(s.line("4:"), "under repair") {
		t.Fatalf("§10.3.2: the repair resumed: %s", s.line("4:"))
	}
	s.do("app", "fixed", "t:4:0")
	if l := s.line("4:"); strings.Contains(l, "yellow") {
		t.Fatalf("§10.3.2: the repaired condition's token leaves the Technical View: %s", l)
	}
	if _, sp := s.fig("E4"); sp != "act · ·" {
		t.Fatalf("§10.3.2: the crew's tokens are flipped to their activation side: E4 shows %q", sp)
	}
}

// §10.3.7: "A Hull Breach requires a repair crew of 5 [repair icons] … The
// repairing sailors must be in the breached section … Activate them with
// regular activation tokens. Remember that sailors without the 'Repair'
// specialization must take two activation tokens."
func TestUBootRulebook10_3_7BreachNeedsFiveRepairIcons(t *testing.T) {
	t.Parallel()
	s := startUBoot(t, append(ubSetupFaces(nil), 1)) // Grumbling for X
	s.do("app", "breach", "s:4")
	s.do("order", "o:repair", "breach:4")
	if s.prompt.Kind == "uboot.cecard" {
		s.do("k:-")
	}
	s.do("+E1", "+E4", "+N1", "+N2")
	if s.has("go") {
		t.Fatalf("§10.3.7: four sailors are not a crew of 5: go offered %v", s.opts())
	}
	s.do("+N3", "go")
	for f, want := range map[string]string{"E1": "act · ·", "E4": "act · ·", "N1": "act act ·", "N2": "act act ·", "N3": "act act ·"} {
		if _, sp := s.fig(f); sp != want {
			t.Fatalf("§10.3.7: %s shows %q, want %q (ordinary tokens; two for a non-specialist)", f, sp, want)
		}
	}
}

// §10.3.3: "Cards located in toolbox I can only be played to boost repairs
// in the section where toolbox marker I is located"; "There must always be
// at least one real sailor"; "The basic effect requires that at least one
// sailor with the [repair] specialization is in the repair crew".
func TestUBootRulebook10_3_3CECardsWhereTheToolboxIs(t *testing.T) {
	t.Parallel()
	s := startUBoot(t, ubSetupFaces(nil))
	s.do("app", "tech", "red", "s:5")
	s.mob("E1 5", "E4 5")
	s.do("order", "o:repair", "tech:5:0", "n:2")
	if s.prompt.Kind == "uboot.cecard" {
		t.Fatalf("§10.3.3: no toolbox in 5: no CE card may be played, yet asked: %v", s.opts())
	}
	s.do("back")
	s = startUBoot(t, ubSetupFaces(nil))
	s.do("app", "tech", "red", "s:4")
	s.do("order", "o:repair", "tech:4:0", "n:3")
	if s.prompt.Kind != "uboot.cecard" || !s.has("k:ce-welder") {
		t.Fatalf("§10.3.3: toolbox II in 4 holds the welding kit (+2): it may be played: %s %v", s.prompt.Kind, s.opts())
	}
	s.do("k:ce-welder", "+N1")
	if s.has("go") {
		t.Fatalf("§10.3.3: the basic effect needs a repair specialist in the crew: N1 alone and +2 is offered go: %v", s.opts())
	}
	s.do("clear", "+E1", "go")
	if _, sp := s.fig("E1"); sp != "red · ·" {
		t.Fatalf("§10.3.3: E1 and the +2 card make the crew of 3: E1 shows %q", sp)
	}
}

// §6.6.1's example: "All of the Chief Engineer's sailors have been fully
// activated when the Captain plays the 'beer' card. This means that the Chief
// Engineer must activate two of his sailors … one excess activation each, so
// the Captain will need to move the activation token … by one space." The
// house pack's Beer says so too ("the CE activates two of his sailors").
func TestUBootRulebook6_6_1BeerActivatesTwoCESailors(t *testing.T) {
	t.Parallel()
	s := startUBoot(t, ubSetupFaces(nil))
	evs := s.do("order", "o:address", "k:cc-beer", "+C3", "go")
	if s.prompt.Kind != "uboot.ceactivate" || !s.has("+E1") {
		t.Fatalf("§6.6.1: \"the 'beer' card … the Chief Engineer must activate two of his sailors\": the board asks him which: %s %v\n%s", s.prompt.Kind, s.opts(), ubText(evs))
	}
	s.do("+E1", "+E2", "go")
	n := 0
	for _, f := range []string{"E1", "E2", "E3", "E4"} {
		n += s.count(f, "act")
	}
	if n != 2 || s.count("E1", "act") != 1 || s.count("E2", "act") != 1 || s.prompt.Kind != "uboot.board" {
		t.Fatalf("§6.6.1: the beer: E1 and E2 take one activation each, %d CE activations in all", n)
	}
}

// §6.8: step 2 (crew damage) comes before step 4 (flip the crew tiles), and
// §6.14: "Always finish carrying out one order or resolving one game effect
// before moving on": the outgoing watch is the one hurt at the bell.
func TestUBootRulebook6_8Step2HurtsTheOutgoingWatch(t *testing.T) {
	t.Parallel()
	// A fire in 5 (nobody there; Grumbling for X); E4 walks in (one token,
	// C1: unhurt); at the bell E4 drawn, burns 3 of 4: Smoke inhalation (a
	// fatigue).
	dice := append(ubSetupFaces(nil), 1)
	dice = append(dice, ubTokens("C1")...)
	dice = append(dice, ubTokens("E4")...)
	dice = append(dice, 3)
	s := startUBoot(t, dice)
	s.do("app", "env", "fire", "s:5")
	s.mob("E4 5")
	evs := s.do("watch")
	if got := ubWoundCards(evs); !slices.Equal(got, []string{"E4 burns"}) {
		t.Fatalf("§6.8 step 2: E4 in the fire at the bell is drawn and burnt: %v\n%s", got, ubText(evs))
	}
	if got := s.count("E4", "fat"); got != 0 {
		t.Fatalf("§6.8: the card went to watch 1's E4, not to watch 2's who just came on duty: E4 now shows %d fatigue", got)
	}
	s.mob("E4 6")
	s.do("watch")
	if got := s.count("E4", "fat"); got != 1 {
		_, sp := s.fig("E4")
		t.Fatalf("§6.8: watch 1's E4 carries the Smoke inhalation's fatigue: shows %q", sp)
	}
}

// §7.6: "if a morale or event card would affect a KIA sailor exclusively, it
// is discarded without effect".
func TestUBootRulebook7_6CardOnAKIASailorIsDiscarded(t *testing.T) {
	t.Parallel()
	// An attack on 1: C1 drawn (then F1, F2), gunshot 4 of 4: Chest wound,
	// C1 KIA (morale XI → IX through X: Grumbling). Then an event, Flu (2 of
	// 6), to crew token C1: no effect.
	dice := append(ubSetupFaces(nil), ubTokens("C1", "F1", "F2")...)
	dice = append(dice, 4, 1, 2)
	dice = append(dice, ubTokens("C1")...)
	s := startUBoot(t, dice)
	s.do("app", "attack", "s:1")
	if sec, _ := s.fig("C1"); sec != 0 {
		t.Fatalf("C1 should be KIA")
	}
	evs := s.do("app", "event")
	if strings.Contains(strings.Join(s.status(), "\n"), "Flu") {
		t.Fatalf("§7.6: the Flu drawn for the KIA C1 is discarded without effect:\n%s\n%s", ubText(evs), strings.Join(s.status(), "\n"))
	}
}

// Bad input is refused with a clear message and nothing changes
// (docs/players/play.md: "a line that is not a key or a command is refused";
// an `error` line, "the game is unchanged, and the pending prompt is sent
// again"; a stale token is refused); a set-up answer the game cannot take
// is one line naming the key, exit 2, nothing created.
func TestUBootRulebookBadInputRefusedNothingChanged(t *testing.T) {
	t.Parallel()
	s := startUBoot(t, ubSetupFaces(nil))
	s.mob("E1 5")
	before := strings.Join(s.status(), "\n")
	tok := s.prompt.Token
	for _, c := range []struct{ line, want string }{
		{"frobnicate", "frobnicate"},
		{`{"token":"999","key":"mob"}`, "stale"},
		{`{"key":"mob","tokn":"1"}`, ""},
		{"o:reload", "o:reload"}, // a key of another step
	} {
		msg := s.refuse(c.line)
		if c.want != "" && !strings.Contains(msg, c.want) {
			t.Fatalf("refusing %q: the message should name %q: %s", c.line, c.want, msg)
		}
		if after := strings.Join(s.status(), "\n"); after != before {
			t.Fatalf("refusing %q changed the board:\n%s\n---\n%s", c.line, before, after)
		}
		if s.prompt.Token != tok {
			t.Fatalf("refusing %q moved the prompt on: token %s → %s", c.line, tok, s.prompt.Token)
		}
	}
	// A step's wrong key inside an entry: a section not adjacent.
	s.do("mob", "m:C1")
	msg := s.refuse("to:5")
	if !strings.Contains(msg, "to:5") {
		t.Fatalf("§6.4: a non-adjacent section is refused naming the key: %s", msg)
	}
	s.do("stop", "end")
	// An order's go before its sailors meet it.
	s.do("order", "o:reload", "+C1")
	before = strings.Join(s.status(), "\n")
	if msg := s.refuse("go"); !strings.Contains(msg, "go") {
		t.Fatalf("§6.5: go before the crew meets the order is refused naming it: %s", msg)
	}
	if after := strings.Join(s.status(), "\n"); after != before {
		t.Fatalf("a refused go changed the board")
	}
	s.do("back")
	// Set-up answers the game cannot take.
	bin := kaleunBinary(t)
	dir := t.TempDir()
	for _, c := range []struct{ set, want string }{
		{"captain=brutal", "captain"},
		{"rulings=blocked=maybe", "blocked"},
		{"rulings=nosuch=1", "nosuch"},
		{"players=5", "players"},
	} {
		db := filepath.Join(dir, "bad.db")
		cmd := exec.Command(bin, "play", "uboot", "--db", db, "--jsonl", "--set", c.set)
		out, _ := cmd.CombinedOutput()
		if cmd.ProcessState.ExitCode() != 2 || !strings.Contains(string(out), c.want) {
			t.Fatalf("--set %s: exit 2 with a line naming %q expected; exit %d: %s", c.set, c.want, cmd.ProcessState.ExitCode(), out)
		}
		if _, err := os.Stat(db); err == nil {
			t.Fatalf("--set %s: a refused set-up created %s", c.set, db)
		}
	}
}

// §6.9: "If there are not enough spaces, then discard enough activation
// tokens … 'Busy' tokens should only be discarded if there are no activation
// tokens left to discard. If a 'busy' token is discarded, the sailor stops
// carrying out the order".
func TestUBootRulebook6_9BusyTokenDiscardedLast(t *testing.T) {
	// C1 (an observer without the icon: obs + act) and N1 on the bridge.
	// An attack: C1 drawn, then F1; gunshot 3 of 4, Splinters (a wound and a
	// fatigue): the wound goes in the empty space, the activation is
	// discarded for the fatigue. Then an event card, Flu (2 of 6, a fatigue)
	// to crew token C1: no activation left, the busy token goes.
	dice := append(ubSetupFaces(nil), ubTokens("C1", "F1")...)
	dice = append(dice, 3, 2)
	dice = append(dice, ubTokens("C1")...)
	s := startUBoot(t, dice)
	s.mob("N1 3 8", "C1 2 3 8")
	s.order("observe", "N1", "C1")
	s.do("app", "attack", "s:8")
	if n, w, f := s.count("C1", "obs"), s.count("C1", "wnd"), s.count("C1", "fat"); n != 1 || w != 1 || f != 1 {
		_, sp := s.fig("C1")
		t.Fatalf("§6.9: the wound and the fatigue placed, the activation discarded, the observation token kept: C1 shows %q", sp)
	}
	if got := s.marker(); got != "I" {
		t.Fatalf("§6.9: the discarded activation is one excess activation: marker on %q", got)
	}
	s.do("app", "event")
	if n, f := s.count("C1", "obs"), s.count("C1", "fat"); n != 0 || f != 2 {
		_, sp := s.fig("C1")
		t.Fatalf("§6.9: no activation left: the observation token is discarded for Flu's fatigue: C1 shows %q", sp)
	}
}

// §8.6: "that sailor may treat multiple sailors located in his section, one
// sailor per activation".
func TestUBootRulebook8_6OneActivationPerPatient(t *testing.T) {
	// Two event cards: Flu (2 of 6) to C3, then Slippery ladder (3 of 5 once
	// Flu has left the deck: Mail, Gramophone, Slippery…) to F4; both in 2
	// with the medic F3.
	dice := append(ubSetupFaces(nil), 2)
	dice = append(dice, ubTokens("C3")...)
	dice = append(dice, 3)
	dice = append(dice, ubTokens("F4")...)
	s := startUBoot(t, dice)
	s.do("app", "event", "app", "event")
	st := strings.Join(s.status(), "\n")
	if !strings.Contains(st, "C3: Flu") || !strings.Contains(st, "F4: Slippery ladder") {
		t.Fatalf("two health cards expected, C3 Flu and F4 Slippery ladder:\n%s", st)
	}
	s.do("order", "o:aid", "m:F3", "p:C3", "p:F4", "go")
	if _, sp := s.fig("F3"); sp != "act act ·" {
		t.Fatalf("§8.6: two patients, two activations for the medic F3; shows %q", sp)
	}
}

// §10.3.3: "When playing a +1/+2 card … its effect applies to that
// particular repair (and no other repair) until that repair is completed,
// even if paused and then resumed. Once the repair is completed, the card is
// discarded."
func TestUBootRulebook10_3_3PlusCardStaysThroughAPause(t *testing.T) {
	s := startUBoot(t, ubSetupFaces(nil))
	s.do("app", "tech", "red", "s:4")
	evs := s.do("order", "o:repair", "tech:4:0", "n:3", "k:ce-welder", "+E1", "go")
	if !strings.Contains(ubText(evs), "under way") || s.has("resume") {
		t.Fatalf("§10.3.3: E1 and the +2 welding kit are a crew of 3, the repair under way: %v\n%s", s.opts(), ubText(evs))
	}
	s.mob("E1 5")
	if !strings.Contains(s.line("4:"), "paused") {
		t.Fatalf("§10.3.2: E1 left: the repair is paused: %s", s.line("4:"))
	}
	s.do("resume", "tech:4:0", "+E4")
	if !s.has("go") {
		t.Fatalf("§10.3.3: the +2 card stays with the paused repair: E4 (repair) and it make 3 again; go not offered: %v", s.opts())
	}
	s.do("go")
	if s.has("resume") {
		t.Fatalf("§10.3.3: resumed with E4 and the card: no repair left paused: %v", s.opts())
	}
	s.do("app", "fixed", "t:4:0")
	if l := s.line("Decks:"); strings.Contains(l, "Welding kit") {
		t.Fatalf("§10.3.3: the +2 card is discarded once the repair is done, not back in its toolbox: %s", l)
	}
}

// §10.3.3: the +1/+2 cards "increase the effective number of sailors in the
// repair crew": a crew made up by a card is not short, and the status says
// the repair is under way, as the order's own events do.
func TestUBootRulebook10_3_3StatusOfACardMadeCrew(t *testing.T) {
	t.Parallel()
	s := startUBoot(t, ubSetupFaces(nil))
	s.do("app", "tech", "red", "s:4")
	evs := s.do("order", "o:repair", "tech:4:0", "n:3", "k:ce-welder", "+E1", "go")
	if !strings.Contains(ubText(evs), "under way") {
		t.Fatalf("§10.3.3: E1 and the +2 card are a crew of 3: the repair is under way; events: %s", ubText(evs))
	}
	if l := s.line("4:"); !strings.Contains(l, "under repair") {
		t.Fatalf("§10.3.3: a +2 card adds to \"the effective number of sailors in the repair crew\" (E1 + 2 = the app's 3) but the status shows %q", l)
	}
	// §6.8: the incoming watch takes the repair over; watch 2's E1 is a
	// repair specialist too, so the card still counts.
	s.do("watch")
	if l := s.line("4:"); !strings.Contains(l, "under repair") || s.has("resume") {
		t.Fatalf("§10.3.3, §6.8: after the watch change E1's counterpart and the +2 card are still the crew of 3: %q %v", l, s.opts())
	}
}

// §7.5.2 Assign Observation Sectors, "max 6x"; §8.3: up to 6 observers.
func TestUBootRulebook8_3AtMostSixObservers(t *testing.T) {
	s := startUBoot(t, ubSetupFaces(nil))
	s.mob("N1 3 8", "N2 3 8", "N3 3 8", "N4 8", "F1 8", "F2 8", "E2 8")
	s.do("order", "o:observe", "+N1", "+N2", "+N3", "+N4", "+F1", "+F2")
	if !s.has("go") {
		t.Fatalf("§8.3: six observers may be assigned: %v", s.opts())
	}
	// The docs promise only legal steps: a seventh, who could never lead
	// to go, is not offered.
	if s.has("+E2") {
		t.Fatalf("§7.5.2: max 6x: a seventh observer is offered: %v", s.opts())
	}
}

// §10.3.5, lighting failure: "²This also applies to repairing lighting
// failure itself."
func TestUBootRulebook10_3_5RepairingTheLightingNeedsTheExtraSailor(t *testing.T) {
	s := startUBoot(t, append(ubSetupFaces(nil), 1)) // Grumbling for X
	s.do("app", "env", "lighting", "s:5")            // the bulbs are in 5
	s.mob("E1 5")
	s.do("order")
	if s.has("o:repair") {
		t.Fatalf("§10.3.5: E1 alone in dark 5: the repair needs one more sailor, yet Repairs is offered: %v", s.opts())
	}
	s.do("back")
	s.mob("N1 5")
	s.do("order", "o:repair", "env:5:lighting", "+E1", "+N1", "go")
	if l := s.line("5:"); strings.Contains(l, "lighting") {
		t.Fatalf("§10.3.5: the lighting failure is repaired: %s", l)
	}
	if _, sp := s.fig("N1"); sp != "act · ·" {
		t.Fatalf("§10.3.5: the extra sailor takes a single token regardless of icons: N1 shows %q", sp)
	}
	if got := s.track("Morale Track"); got != "XI" {
		t.Fatalf("§10.3.4-5: −1 for the failure, +2 for its removal, never above XI: morale %s", got)
	}
}

// §9.4.3: "Each time the Navigator must replenish one or more empty spaces of
// the food pyramid and there are no more tokens in the Food Supply, spoilage
// occurs … remove all provision tokens of one type from the 'Available
// Products' pyramid and the discarded food provision tokens … Meat is the
// first type of product to spoil … flip the remaining tokens in the discard
// pile face down, randomize them, and return them to the Food Supply.
// Replenish the empty spaces". Meals of three tokens (ruling combos=free)
// until the Food Supply runs dry.
func TestUBootRulebook9_4_3MeatSpoilsFirst(t *testing.T) {
	t.Parallel()
	s := startUBoot(t, ubSetupFaces(nil), "--set", "rulings=combos=free")
	meals, orders := 0, 0
	var evs []ubLine
	for !strings.Contains(s.line("Food:"), "spoiled meat") {
		if meals == 40 {
			t.Fatalf("§9.4.3: 40 meals and nothing spoiled: %s", s.line("Food:"))
		}
		if orders == 7 {
			s.do("watch")
			orders = 0
		}
		if meals%3 == 0 && meals > 0 {
			s.do("app", "eat")
		}
		s.do("order", "o:meal")
		s.do(s.opts()[0], "keep")
		for n := 0; n < 3; n++ {
			i := slices.IndexFunc(s.opts(), func(k string) bool { return strings.HasPrefix(k, "t:") })
			if i < 0 {
				break
			}
			s.do(s.opts()[i])
		}
		evs = s.do("go")
		meals++
		orders++
	}
	food := s.line("Food:")
	t.Logf("after %d meals: %s", meals, food)
	pyr, _, _ := strings.Cut(food, ";")
	if strings.Contains(pyr, "meat") {
		t.Fatalf("§9.4.3: the meat spoiled: none left in the pyramid: %s", food)
	}
	if strings.Contains(food, "Food Supply 0,") {
		t.Fatalf("§9.4.3: the discard pile becomes the new Food Supply: %s\n%s", food, ubText(evs))
	}
	if !strings.Contains(food, "discard 0") {
		t.Fatalf("§9.4.3: the discard pile went back into the Food Supply: %s", food)
	}
	if strings.Contains(food, "onions") && strings.Contains(food, "spoiled meat, onions") {
		t.Fatalf("§9.4.3: one type spoils at a time: %s", food)
	}
}

// §10.3.5: toxic gas "can only be removed by being vented out of the U-boat
// after surfacing … This environmental condition will linger until the crew
// can open the hatch"; "When removing an environmental condition token,
// increase morale by 2." No Repair order removes it.
func TestUBootRulebook10_3_5GasVentedOnSurfacing(t *testing.T) {
	t.Parallel()
	s := startUBoot(t, ubSetupFaces(nil), "--set", "rulings=morale-start=VIII")
	s.dive()
	s.do("app", "env", "gas", "s:2") // the rebreathers in 2: nobody hurt
	if got := s.track("Morale Track"); got != "VII" {
		t.Fatalf("§10.3.4: gas submerged, morale −1: VIII → VII; morale %s", got)
	}
	s.do("order")
	if s.has("o:repair") {
		s.do("o:repair")
		if s.has("env:2:gas") {
			t.Fatalf("§10.3.5: gas is removed only by surfacing, yet a Repair offers it: %v", s.opts())
		}
		s.do("back")
	}
	s.do("back")
	s.order("surface", "E1", "E4", "E2", "E3")
	if l := s.line("2:"); strings.Contains(l, "gas") {
		t.Fatalf("§10.3.5: surfacing vents the gas: %s", l)
	}
	if got := s.track("Morale Track"); got != "IX" {
		t.Fatalf("§10.3.5: the gas token removed, morale +2: VII → IX; morale %s", got)
	}
}

// §7.2: "High alert can be declared at any time": with the token still on
// VIII too, the rightmost empty space blocked all the same.
func TestUBootRulebook7_2HighAlertOnVIII(t *testing.T) {
	t.Parallel()
	s := startUBoot(t, ubSetupFaces(nil))
	if !s.has("alert") {
		t.Fatalf("§7.2: high alert \"at any time\": not offered with the token on VIII: %v", s.opts())
	}
	evs := s.do("alert")
	if !strings.Contains(ubText(evs), "is blocked") {
		t.Fatalf("§7.2: the high alert blocks the rightmost empty space: %s", ubText(evs))
	}
}
