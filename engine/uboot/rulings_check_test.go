package uboot

import (
	"strings"
	"testing"
)

// The three readings the last independent check found open, each a named
// ruling tested both ways (docs/players/uboot.md, Rulings).

// Ruling easy-busy (§6.5, §6.7), both ways. §6.5: on easy "sailors who
// have the required specialization do not activate when ordered, and
// sailors without the required specialization must be activated only
// once"; §6.7: a busy order's sailors "are activated using the
// corresponding observation … tokens instead of regular activation
// tokens", and "remember to place one additional activation token … of a
// sailor who doesn't have the required specialization icon". Under
// either reading every observer takes his observation token: it is what
// shows he is busy, what flips when he moves (§6.7) and what passes to
// his counterpart at the watch change (§6.8).
func TestRulingEasyBusy_6_5_6_7(t *testing.T) {
	for _, c := range []struct {
		rulings, want string
	}{
		{"", "obs"},                    // token: the non-specialist is activated once, by his token
		{"easy-busy=token", "obs"},     // the default, named
		{"easy-busy=extra", "obs act"}, // §6.7's additional token is not stepped down
	} {
		s := board(t, `{"captain":"easy","rulings":"`+c.rulings+`"}`)
		s.emptyBoard()
		s.place(8, "N1", "F1") // N1 observes (watch 1); F1 has no observation icon
		s, _ = enter(t, s, nil, "order", "o:observe", "+N1", "+F1", "go")
		if got := s.slots("N1"); got != "obs" {
			t.Errorf("%q: the easy Captain's specialist observer holds %q, want his observation token alone", c.rulings, got)
		}
		if got := s.slots("F1"); got != c.want {
			t.Errorf("%q: the non-specialist observer holds %q, want %q", c.rulings, got, c.want)
		}
	}
	// On medium the ruling changes nothing: the non-specialist takes his
	// token and one activation (§6.7).
	for _, r := range []string{"easy-busy=token", "easy-busy=extra"} {
		s := board(t, `{"captain":"medium","rulings":"`+r+`"}`)
		s.emptyBoard()
		s.place(8, "N1", "F1")
		s, _ = enter(t, s, nil, "order", "o:observe", "+N1", "+F1", "go")
		if s.slots("N1") != "obs" || s.slots("F1") != "obs act" {
			t.Errorf("%s on medium: N1 %q, F1 %q", r, s.slots("N1"), s.slots("F1"))
		}
	}
}

// Ruling lighting-extra (§10.3.5), both ways: "one additional sailor in
// this section must be activated whenever an order in this section is to
// be carried out", "a single activation token is placed regardless of the
// affected sailor's specialization icons". New Course needs 2 helm icons
// in 3 (house pack); F1 and F2 are helmsmen, N1 is not. N1 picked second,
// F2 last: under "picked" F2 is the extra and N1 carries out the order as
// a non-specialist (2 activations); under "cheapest" N1 is the extra (1)
// and the two helmsmen steer (1 each).
func TestRulingLightingExtra_10_3_5(t *testing.T) {
	for _, c := range []struct {
		rulings, f1, n1, f2 string
	}{
		{"", "act", "act act", "act"},
		{"lighting-extra=picked", "act", "act act", "act"},
		{"lighting-extra=cheapest", "act", "act", "act"},
	} {
		s := board(t, `{"captain":"medium","rulings":"`+c.rulings+`"}`)
		s.emptyBoard()
		s.place(3, "F1", "F2", "N1")
		s.Sections[3].Env = map[string]int{"lighting": 1}
		s, _ = enter(t, s, nil, "order", "o:course", "+F1", "+N1", "+F2")
		cost := s.Pending().Options[len(s.Pending().Options)-1].Label
		s, _ = enter(t, s, nil, "go")
		if s.slots("F1") != c.f1 || s.slots("N1") != c.n1 || s.slots("F2") != c.f2 {
			t.Errorf("%q: F1 %q, N1 %q, F2 %q; want %q, %q, %q (%s)", c.rulings, s.slots("F1"), s.slots("N1"), s.slots("F2"), c.f1, c.n1, c.f2, cost)
		}
	}
	// Picked the cheap way round, both readings agree.
	for _, r := range []string{"lighting-extra=picked", "lighting-extra=cheapest"} {
		s := board(t, `{"captain":"medium","rulings":"`+r+`"}`)
		s.emptyBoard()
		s.place(3, "F1", "F2", "N1")
		s.Sections[3].Env = map[string]int{"lighting": 1}
		s, _ = enter(t, s, nil, "order", "o:course", "+F1", "+F2", "+N1", "go")
		if got := s.slots("F1") + "|" + s.slots("F2") + "|" + s.slots("N1"); got != "act|act|act" {
			t.Errorf("%s, N1 picked last: %s", r, got)
		}
	}
}

// Ruling same-kind (§6.12, §10.3.4), both ways: "A section may have
// multiple environmental condition tokens"; "If there are multiple
// environmental condition tokens of the same type in a section, then draw
// as many crew tokens per affected sailor as there are tokens of that
// type". A second fire in section 5, three sailors there: its placement
// draws 6 crew tokens ("all", the rulebook's own example) or 3 ("new");
// either way the section holds 2 fire tokens, and morale drops by one
// (§10.3.4), and the watch change then draws for both (§6.8 step 2).
func TestRulingSameKind_6_12_10_3_4(t *testing.T) {
	for _, c := range []struct {
		rulings string
		draws   int
	}{
		{"", 6},
		{"same-kind=all", 6},
		{"same-kind=new", 3},
	} {
		s := board(t, `{"rulings":"`+c.rulings+`"}`)
		s.emptyBoard()
		s.place(5, "E1", "E2", "E3")
		s.Sections[5].Env = map[string]int{"fire": 1}
		s, evs := enter(t, s, &script{faces: []int{1, 2, 3, 4, 5, 6, 7, 8}}, "app", "env", "fire", "s:5")
		if got := rolls(evs, "6.12"); got != c.draws {
			t.Errorf("%q: the second fire's placement drew %d crew tokens, want %d", c.rulings, got, c.draws)
		}
		if s.Sections[5].Env["fire"] != 2 || moraleSpaces[s.Morale] != "X" {
			t.Errorf("%q: %v fire tokens, morale %s; want 2 and X", c.rulings, s.Sections[5].Env, moraleSpaces[s.Morale])
		}
		_, evs = enter(t, s, &script{faces: []int{1, 2, 3, 4, 5, 6, 7, 8}}, "watch")
		if got := rolls(evs, "6.12"); got != 6 {
			t.Errorf("%q: the watch change drew %d crew tokens for 2 fires × 3 sailors, want 6", c.rulings, got)
		}
	}
}

// The three rulings are listed with their values in the variants view.
func TestRulingsCheckListed(t *testing.T) {
	s := board(t, `{"rulings":"easy-busy=extra,lighting-extra=cheapest,same-kind=new"}`)
	text := strings.Join(s.rulingLines(), "\n")
	for _, want := range []string{"easy-busy = extra — §6.5", "lighting-extra = cheapest — §10.3.5", "same-kind = new — §6.12"} {
		if !strings.Contains(text, want) {
			t.Errorf("variants: no %q in\n%s", want, text)
		}
	}
}
