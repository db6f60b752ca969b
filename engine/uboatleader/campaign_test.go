package uboatleader

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
)

// playAPI plays a campaign through the public engine API (Rules.New,
// State.Pending, State.Apply) with the built-in player's choices, checking
// at every decision what the bot relies on: a prompt fits a chat menu, says
// whose content it is and keeps its token; every die rolled is in a roll
// event; a saved state decodes to the same game. It returns the choices,
// the events and the final state.
func playAPI(t *testing.T, r *Rules, setup string, d engine.Dice) ([]string, []engine.Event, *State) {
	t.Helper()
	rec := dice.NewRecorder(d)
	st, ev, err := r.New([]byte(setup), rec)
	if err != nil {
		t.Fatal(err)
	}
	checkDice(t, ev, rec)
	var keys []string
	all := append([]engine.Event(nil), ev...)
	for n := 0; st.Outcome() == nil; n++ {
		if n > 20000 {
			t.Fatalf("%s: no end after %d decisions", setup, n)
		}
		p := st.Pending()
		checkPrompt(t, st.(*State), p)
		if n%37 == 0 {
			checkRoundTrip(t, r, st)
		}
		key := BuiltIn(st.(*State))
		rec.Reset()
		next, ev, err := st.Apply(engine.Choice{Token: p.Token, Key: key}, rec)
		if err != nil {
			t.Fatalf("decision %d (%s, %q): %v", n, p.Kind, key, err)
		}
		checkDice(t, ev, rec)
		if ev[0].Kind != engine.KindChoice || ev[0].Choice.Key != key || ev[0].Choice.Token != p.Token {
			t.Fatalf("the first event is not the choice: %+v", ev[0])
		}
		keys = append(keys, key)
		all = append(all, ev...)
		for _, e := range ev {
			checkText(t, "event", e.Text)
		}
		st = next
	}
	if st.Pending() != nil {
		t.Fatal("a finished campaign has a prompt")
	}
	if all[len(all)-1].Kind != engine.KindEnd {
		t.Fatalf("the last event is not the end: %+v", all[len(all)-1])
	}
	return keys, all, st.(*State)
}

func checkPrompt(t *testing.T, s *State, p *engine.Prompt) {
	t.Helper()
	if p == nil {
		t.Fatal("no prompt, no outcome")
	}
	if len(p.Options) == 0 || len(p.Options) > 25 {
		t.Fatalf("%s has %d options (a chat menu holds 25)", p.Kind, len(p.Options))
	}
	seen := map[string]bool{}
	for _, o := range p.Options {
		if seen[o.Key] || o.Key == "" || len(o.Key) > 40 || strings.ContainsAny(o.Key, " \n") {
			t.Fatalf("%s: bad or repeated key %q", p.Kind, o.Key)
		}
		seen[o.Key] = true
		if o.Label == "" {
			t.Fatalf("%s: option %q has no label", p.Kind, o.Key)
		}
	}
	if !strings.Contains(p.Text, "["+s.pack.Meta.Label+"]") {
		t.Fatalf("%s does not say whose content it is: %s", p.Kind, p.Text)
	}
	if p.Case == "" || !strings.HasPrefix(p.Case, "UBL-") {
		t.Fatalf("%s cites no rule: %q", p.Kind, p.Case)
	}
	checkText(t, p.Kind, p.Text)
	for _, o := range p.Options {
		checkText(t, p.Kind+" "+o.Key, o.Label)
	}
	for _, line := range strings.Split(p.Text, "\n") {
		// The display was one line of 400 characters in every movement
		// prompt (issue 28): a block, one line an area.
		if n := len([]rune(line)); n > maxPromptLine {
			t.Fatalf("%s: a line of %d characters:\n%s", p.Kind, n, line)
		}
	}
}

// maxPromptLine bounds a line of a prompt's text.
const maxPromptLine = 240

// italianHeadings are the rulebook's headings the rulings cite: the
// rulebook is Italian, the prompts and notes are English (issue 28: "UBL-2
// Scegliere gli U-Boat" in the fleet prompt).
var italianHeadings = func() []string {
	var out []string
	for _, r := range rulings {
		for _, c := range strings.Split(r.Case, ",") {
			if _, h, ok := strings.Cut(strings.TrimSpace(c), " "); ok && strings.ContainsAny(h, "ilo") {
				out = append(out, h)
			}
		}
	}
	return out
}()

// checkText: a player's text writes plurals as English does, not "(s)",
// and names no Italian heading.
func checkText(t *testing.T, where, text string) {
	t.Helper()
	if strings.Contains(text, "(s)") || strings.Contains(text, "(es)") {
		t.Fatalf("%s: a plural written as a form: %s", where, text)
	}
	for _, h := range italianHeadings {
		if strings.Contains(text, h) {
			t.Fatalf("%s: the Italian heading %q in English text: %s", where, h, text)
		}
	}
}

// notation is the dice an audit numbers (bot/audit's NdM and shuffleN).
var notation = regexp.MustCompile(`^([1-9][0-9]*d[0-9]+|shuffle[0-9]+)$`)

// checkDice: every die rolled appears in a roll event, in order.
func checkDice(t *testing.T, ev []engine.Event, rec *dice.Recorder) {
	t.Helper()
	var faces []int
	for _, e := range ev {
		if e.Roll != nil {
			if e.Roll.Case == "" || e.Roll.Purpose == "" || !notation.MatchString(e.Roll.Dice) {
				t.Fatalf("a roll without its case or purpose, or with dice the audit cannot read: %+v", e.Roll)
			}
			faces = append(faces, e.Roll.Faces...)
		}
	}
	if got := rec.Faces(); !reflect.DeepEqual(faces, got) && (len(faces) > 0 || len(got) > 0) {
		t.Fatalf("rolled %v, reported %v", got, faces)
	}
}

// checkRoundTrip: a saved state decodes to the same game.
func checkRoundTrip(t *testing.T, r *Rules, st engine.State) {
	t.Helper()
	b, err := st.Encode()
	if err != nil {
		t.Fatal(err)
	}
	back, err := r.Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	b2, _ := back.Encode()
	if !bytes.Equal(b, b2) {
		t.Fatal("encode-decode-encode changed the state")
	}
	if !reflect.DeepEqual(st.Pending(), back.Pending()) {
		t.Fatal("the decoded state asks another question")
	}
	for _, name := range st.Views() {
		v, err := back.View(name)
		if err != nil {
			t.Fatalf("view %s: %v", name, err)
		}
		// The bot cuts a view's text at 3,800 characters.
		n := len(v.Title)
		for _, sec := range v.Sections {
			n += len(sec.Title) + 5
			for _, l := range sec.Lines {
				n += len(l) + 1
			}
			for _, f := range sec.Fields {
				n += len(f.Name) + len(f.Value) + 3
			}
		}
		if n > 3800 {
			t.Fatalf("view %s is %d characters long: chat would cut it", name, n)
		}
	}
}

// Whole campaigns through the public engine API with random dice, on the
// house pack, every campaign, length and optional rule, and the rulings
// turned away from their defaults.
func TestWholeCampaignsRandomDice(t *testing.T) {
	r := houseRules(t)
	var other []string
	for _, ru := range rulings {
		if len(ru.Values) > 1 {
			other = append(other, ru.Key+"="+ru.Values[1])
		}
	}
	for i, setup := range []string{
		`{"campaign":"opening","length":"short"}`,
		`{"campaign":"opening","length":"medium","kommandant":"Dönitz"}`,
		`{"campaign":"turning-tide","length":"short","rules":"snorkel,xxi"}`,
		`{"campaign":"opening","length":"short","rules":"linked,random_fleet"}`,
		`{"campaign":"opening","length":"short","rules":"` + strings.Join(other, ",") + `"}`,
		`{"campaign":"turning-tide","length":"medium","rules":"` + strings.Join(other, ",") + `"}`,
	} {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			_, _, s := playAPI(t, r, setup, dice.NewFast(uint64(100+i)))
			o := s.Outcome()
			if o.Level == "" || len(s.Results) == 0 || !contains([]string{"great", "good", "adequate", "poor", "dismal"}, o.Level) {
				t.Fatalf("outcome %+v", o)
			}
			sum := s.Summaries()
			if len(sum) != 1 || !sum[0].Over || sum[0].Score != o.Score {
				t.Fatalf("summary %+v, outcome %+v", sum, o)
			}
		})
	}
}

// A whole campaign through the public engine API with scripted dice: the
// faces a first game rolled, fed back in order with the same choices, give
// the same game event for event — what an audit replays. The simulation's
// fast path, which applies choices in place without copies or notes, ends
// the same campaign with the same result.
func TestWholeCampaignScriptedDice(t *testing.T) {
	r := houseRules(t)
	setup := `{"campaign":"opening","length":"medium"}`
	rec := dice.NewRecorder(dice.NewFast(7))
	keys, events, s := playAPI(t, r, setup, rec)
	script := dice.NewScripted(rec.Faces())
	st, ev, err := r.New([]byte(setup), script)
	if err != nil {
		t.Fatal(err)
	}
	replay := append([]engine.Event(nil), ev...)
	for _, k := range keys {
		next, ev, err := st.Apply(engine.Choice{Key: k}, script)
		if err != nil {
			t.Fatal(err)
		}
		replay = append(replay, ev...)
		st = next
	}
	if script.Remaining() != 0 {
		t.Fatalf("%d faces left over", script.Remaining())
	}
	a, _ := json.Marshal(events)
	b, _ := json.Marshal(replay)
	if !bytes.Equal(a, b) {
		t.Fatal("the replay's events differ")
	}
	fast, _, err := r.playOut([]byte(setup), dice.NewFast(7))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(fast.Results, s.Results) || fast.VP != s.VP {
		t.Fatalf("fast path %+v, API %+v", fast.Results, s.Results)
	}
	// A die the script does not hold stops the decision and changes nothing.
	short := dice.NewScripted(rec.Faces()[:3])
	if _, _, err := r.New([]byte(setup), short); err == nil || !strings.Contains(err.Error(), "run out") {
		t.Fatalf("a short script: %v", err)
	}
}

// RoutineChoice takes only the decisions that change no plan: the order the
// escorts and the enemy act in, where a ship drifts, which port when there
// is one; never a fight, an aim, a course or a purchase.
func TestRoutineDecisions(t *testing.T) {
	r := houseRules(t)
	st, _, _ := r.New([]byte(`{"campaign":"opening"}`), dice.NewFast(3))
	seen := map[string]bool{}
	for n := 0; st.Outcome() == nil && n < 5000; n++ {
		s := st.(*State)
		p := st.Pending()
		key, ok := s.RoutineChoice()
		op := strings.TrimPrefix(p.Kind, "uboatleader.")
		if ok != ops[op].routine {
			t.Fatalf("%s: routine %v", op, ok)
		}
		if ok {
			seen[op] = true
			if !p.HasOption(key) {
				t.Fatalf("%s: routine %q is no option", op, key)
			}
		}
		next, _, err := st.Apply(engine.Choice{Key: BuiltIn(s)}, dice.NewFast(uint64(n)))
		if err != nil {
			t.Fatal(err)
		}
		st = next
	}
	for _, op := range []string{"uboat_attack", "ops_move", "strategic", "engage", "buy"} {
		if ops[op].routine {
			t.Fatalf("%s is not routine", op)
		}
	}
	if !seen["escorts"] && !seen["enemy_order"] && !seen["wake_ship"] {
		t.Fatalf("no routine decision met: %v", seen)
	}
}

// Every view reads at every stage of a campaign, and names its content.
func TestViews(t *testing.T) {
	g := fight(t, "", 37, []Ship{known(DeckMerchants, 63, "C4"), unknown(ShipEscort, "E1", "S0")}, OnDisp{Boat: 2, Area: "S4", Surfaced: true, Detected: true})
	g.s.Battle.Alerts = 2
	for _, name := range append(g.s.Views(), "nosuch") {
		v, err := g.s.View(name)
		if name == "nosuch" {
			if err == nil {
				t.Fatal("an unknown view")
			}
			continue
		}
		if err != nil || v.Title == "" {
			t.Fatalf("%s: %v", name, err)
		}
	}
	v, _ := g.s.View("display")
	text := fmt.Sprint(v)
	for _, want := range []string{"San Fernando", "unknown escort E1", "U-122 surfaced, Detected", "Alert markers"} {
		if !strings.Contains(text, want) {
			t.Fatalf("display view lacks %q: %s", want, text)
		}
	}
	v, _ = g.s.View("variants")
	text = fmt.Sprint(v)
	for _, ru := range rulings {
		if !strings.Contains(text, ru.Key) || !strings.Contains(text, strings.Fields(ru.Case)[0]) {
			t.Fatalf("variants lack %s", ru.Key)
		}
	}
	if len(rulings) != 25 {
		t.Fatalf("%d rulings: the digest lists 25 ambiguities", len(rulings))
	}
	for i, ru := range rulings {
		if ru.Ambiguity != i+1 || ru.Default != ru.Values[0] {
			t.Fatalf("ruling %s: ambiguity %d, default %s", ru.Key, ru.Ambiguity, ru.Default)
		}
	}
}
