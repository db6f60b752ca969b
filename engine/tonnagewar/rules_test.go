package tonnagewar

import (
	"strconv"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
)

// table deals a match with fast dice, then lays out both hands as a rule
// test needs them (the cards come from the decks, the old hands go back).
type table struct {
	t      *testing.T
	s      *State
	chosen map[int]bool
}

func newTable(t *testing.T) *table {
	t.Helper()
	s, _ := newMatch(t, `{"a":"Prien","b":"Walker"}`, dice.NewFast(1))
	return &table{t: t, s: s, chosen: map[int]bool{}}
}

// card finds a tactical card by side, kind and a piece of its label.
func (tb *table) card(side Side, kind CardKind, label string) int {
	for _, c := range tb.s.cat.cards {
		if c.Side == side && c.Kind == kind && strings.Contains(c.Label, label) && !tb.used(c.ID) {
			tb.chosen[-1-c.ID] = true // cards and units share the map: cards as negative keys
			return c.ID
		}
	}
	tb.t.Fatalf("no %s card %q", kind, label)
	return -1
}

func (tb *table) used(id int) bool { return tb.chosen[-1-id] }

// unit finds a unit of a type and quality the test has not taken yet.
func (tb *table) unit(side Side, typ, q string) int {
	for _, u := range tb.s.cat.units {
		if u.Side == side && u.Type == typ && u.Quality == q && !tb.chosen[u.ID] {
			tb.chosen[u.ID] = true
			return u.ID
		}
	}
	tb.t.Fatalf("no %s %s", typ, q)
	return -1
}

// hand replaces a side's hands.
func (tb *table) hand(side Side, tac, oob []int) {
	h := &tb.s.Hands[side]
	h.TacDeck = append(h.TacDeck, h.TacHand...)
	h.OOBDeck = append(h.OOBDeck, h.OOBHand...)
	h.TacHand, h.OOBHand = nil, nil
	for _, id := range tac {
		h.TacDeck = remove(h.TacDeck, id)
		h.TacHand = append(h.TacHand, id)
	}
	for _, id := range oob {
		h.OOBDeck = remove(h.OOBDeck, id)
		h.OOBHand = append(h.OOBHand, id)
	}
}

// play answers the pending steps with keys; faces are the dice they roll.
func (tb *table) play(faces []int, keys ...string) []engine.Event {
	tb.t.Helper()
	d := dice.NewScripted(faces)
	var all []engine.Event
	for _, k := range keys {
		p := tb.s.Pending()
		next, evs, err := tb.s.Apply(engine.Choice{Token: p.Token, Key: k}, d)
		if err != nil {
			var keys []string
			for _, o := range p.Options {
				keys = append(keys, o.Key)
			}
			tb.t.Fatalf("%q at step %s: %v (options %v)", k, p.Kind, err, keys)
		}
		tb.s = next.(*State)
		all = append(all, evs...)
	}
	return all
}

func rolls(evs []engine.Event, cas string) []*engine.Roll {
	var out []*engine.Roll
	for _, e := range evs {
		if e.Roll != nil && e.Roll.Case == cas {
			out = append(out, e.Roll)
		}
	}
	return out
}

func u(id int) string   { return "u" + strconv.Itoa(id) }
func c(id int) string   { return "c" + strconv.Itoa(id) }
func itoa(n int) string { return strconv.Itoa(n) }

// 7.2.2, 7.2.3, 8.1.1, 8.2, 11.4, 14.3: a contact, then an attack the
// escorts do not answer: each of the card's rolls of 1d20 at or under the
// U-boat's attack value sinks a ship; a 1 sinks the rescue ship, and the
// escort player designates a surface escort of his hand as the new one.
func TestContactThenConvoyAttack(t *testing.T) {
	tb := newTable(t)
	contact, beam := tb.card(UBoats, Contact, "Contact"), tb.card(UBoats, Attack, "Beam")
	ace, regular := tb.unit(UBoats, UBoat, "A"), tb.unit(UBoats, UBoat, "R")
	tb.hand(UBoats, []int{contact, beam}, []int{ace, regular})
	routing1, routing2 := tb.card(Escorts, EvasiveRouting, ""), -1
	tb.hand(Escorts, []int{routing1}, nil)
	routing2 = tb.card(Escorts, EvasiveRouting, "")
	sr := tb.unit(Escorts, Surface, "R")
	tb.hand(Escorts, []int{routing1, routing2}, []int{sr})
	tb.play(nil, c(contact), "contact", u(ace))
	if len(tb.s.Contacts) != 1 || tb.s.Contacts[0].Boat != ace {
		t.Fatalf("7.2.2: contacts %+v", tb.s.Contacts)
	}
	tb.play(nil, c(routing1), "discard")
	tb.play(nil, c(beam), "attack", u(regular))
	if tb.s.Open == nil || tb.s.Open.Kind != "uboat_attack" || tb.s.Stage.Step != "respond" {
		t.Fatalf("7.2.3: open %+v stage %+v", tb.s.Open, tb.s.Stage)
	}
	// Regular attack 10, four rolls: 1 (the rescue ship), 5 (a ship), 11 (miss), 10 (a ship).
	evs := tb.play([]int{1, 5, 11, 10}, "none")
	r := rolls(evs, "8.2")
	if len(r) != 4 || r[0].Result != "the rescue ship sunk" || r[2].Result != "miss" || tb.s.ConvoySunk != 3 {
		t.Fatalf("8.2: %d rolls, %d sunk: %+v", len(r), tb.s.ConvoySunk, r)
	}
	if !tb.s.Units[regular].Out {
		t.Fatal("11.4: the attacker leaves play")
	}
	if tb.s.Stage.Step != "designate" || tb.s.Stage.Side != Escorts {
		t.Fatalf("14.3: stage %+v", tb.s.Stage)
	}
	tb.play(nil, u(sr))
	if !tb.s.Units[sr].Rescue || tb.s.Stage.Step != "card" || tb.s.Stage.Side != Escorts {
		t.Fatalf("after the designation: stage %+v", tb.s.Stage)
	}
	if tb.s.groupable(EscortAttack, sr) {
		t.Fatal("14.3: the rescue ship may not attack")
	}
	if tb.s.score(UBoats) != 3 {
		t.Fatalf("12: %d points for three ships", tb.s.score(UBoats))
	}
}

// 7.3.6, 8.4.1, 8.5.1, 8.5.2, 8.5.3: the escorts answer an attack; the U-boat
// does not answer; one escort detects, so all attack; a surface escort's 2
// in a first attack sinks the U-boat by gunfire, and its attack is abandoned.
func TestEscortAttackDetectsAndSinksByGunfire(t *testing.T) {
	tb := newTable(t)
	contact, stern, spare := tb.card(UBoats, Contact, "Contact"), tb.card(UBoats, Attack, "Stern"), tb.card(UBoats, Flak, "+0")
	ace, novice := tb.unit(UBoats, UBoat, "A"), tb.unit(UBoats, UBoat, "N")
	tb.hand(UBoats, []int{contact, stern, spare}, []int{ace, novice})
	routing, attack, more := tb.card(Escorts, EvasiveRouting, ""), tb.card(Escorts, EscortAttack, "up to 3"), tb.card(Escorts, AirPatrol, "1 air")
	sr, ar := tb.unit(Escorts, Surface, "R"), tb.unit(Escorts, Air, "R")
	tb.hand(Escorts, []int{routing, attack, more}, []int{sr, ar})
	tb.play(nil, c(contact), "contact", u(ace))
	tb.play(nil, c(routing), "discard")
	tb.play(nil, c(stern), "attack", u(novice))
	tb.play(nil, "r"+itoa(attack), u(sr), u(ar), "done")
	// Novice evade 8: the SR needs 8-2 = 6 (rolls 3: evaded), the AR 8-6 = 2
	// (rolls 5: detected); the SR then attacks and rolls 2: gunfire.
	evs := tb.play([]int{3, 5, 2}, "none")
	det := rolls(evs, "8.5.1")
	if len(det) != 2 || det[0].Total != 6 || det[0].Result != "evaded" || det[1].Total != 2 || det[1].Result != "detected" {
		t.Fatalf("8.5.1: %+v", det)
	}
	att := rolls(evs, "8.5")
	if len(att) != 1 || !strings.Contains(att[0].Result, "gunfire") || !tb.s.Units[novice].Sunk {
		t.Fatalf("8.5.3: %+v", att)
	}
	if len(rolls(evs, "8.2")) != 0 || tb.s.score(Escorts) != 2 {
		t.Fatalf("8.1.2: the attack is abandoned; a Novice sunk is 2 points, got %d", tb.s.score(Escorts))
	}
	if !has(tb.s.Hands[Escorts].OOBHand, sr) || !has(tb.s.Hands[Escorts].OOBHand, ar) {
		t.Fatal("9.3: the escorts go home")
	}
}

// 7.3.4, 7.2.7, 7.4.1: B-dienst negates evasive routing; unanswered, the
// routing ends the contact and its U-boat returns to the OOB hand.
func TestEvasiveRoutingAndBDienst(t *testing.T) {
	tb := newTable(t)
	contact, bd, spare := tb.card(UBoats, Contact, "Contact"), tb.card(UBoats, BDienst, ""), tb.card(UBoats, Evade, "+2")
	boat := tb.unit(UBoats, UBoat, "R")
	tb.hand(UBoats, []int{contact, bd, spare}, []int{boat})
	r1 := tb.card(Escorts, EvasiveRouting, "")
	tb.hand(Escorts, []int{r1}, nil)
	r2 := tb.card(Escorts, EvasiveRouting, "")
	tb.hand(Escorts, []int{r1, r2}, nil)
	tb.play(nil, c(contact), "contact", u(boat))
	tb.play(nil, c(r1), "route_c0")
	tb.play(nil, "r"+itoa(bd))
	if len(tb.s.Contacts) != 1 {
		t.Fatal("7.2.7: B-dienst keeps the contact")
	}
	tb.play(nil, c(r2), "route_c0")
	tb.play(nil, "none")
	if len(tb.s.Contacts) != 0 || !has(tb.s.Hands[UBoats].OOBHand, boat) {
		t.Fatalf("7.4.1: contacts %+v, hand %v", tb.s.Contacts, tb.s.Hands[UBoats].OOBHand)
	}
}

// 7.2.6, 8.3.1, 8.3.3, 8.3.4, 12.2 (TW-A3): HF/DF on a contact; the U-boat
// fires back. Detected first (Ace evade 12, the SR's -2 and its HF/DF +2),
// it needs a 2 or less; the damaged escort takes no part in the attack that
// follows; the contact ends; the escort player may attack again next turn.
func TestHFDFAnsweredByATorpedo(t *testing.T) {
	tb := newTable(t)
	contact, bow, spare := tb.card(UBoats, Contact, "Contact"), tb.card(UBoats, Attack, "Bow attack, 3 rolls"), tb.card(UBoats, Flak, "+0")
	ace := tb.unit(UBoats, UBoat, "A")
	tb.hand(UBoats, []int{contact, bow, spare}, []int{ace})
	hfdf, more := tb.card(Escorts, HFDF, "1 surface"), tb.card(Escorts, HFDF, "1 surface")
	sr := tb.unit(Escorts, Surface, "R")
	tb.hand(Escorts, []int{hfdf}, []int{sr})
	more = tb.card(Escorts, HFDF, "1 surface")
	tb.hand(Escorts, []int{hfdf, more}, []int{sr})
	tb.play(nil, c(contact), "contact", u(ace))
	tb.play(nil, c(hfdf), "hfdf_c0", u(sr))
	evs := tb.play([]int{15, 2}, "r"+itoa(bow)+"s0")
	det, shot := rolls(evs, "8.5.1"), rolls(evs, "8.3.1")
	if len(det) != 1 || det[0].Total != 12 || det[0].Result != "detected" {
		t.Fatalf("8.5.1 with HF/DF: %+v", det)
	}
	if len(shot) != 1 || shot[0].Total != 2 || tb.s.Units[sr].Damage != 1 {
		t.Fatalf("8.3.1: %+v", shot)
	}
	if len(rolls(evs, "8.5")) != 0 || len(tb.s.Contacts) != 0 || tb.s.Held == nil {
		t.Fatalf("8.3.4: no attack by the damaged escort; contacts %v, held %+v", tb.s.Contacts, tb.s.Held)
	}
	if tb.s.score(UBoats) != 1 {
		t.Fatalf("12: an escort damaged is 1 point, got %d", tb.s.score(UBoats))
	}
}

// 12, TW-A24: a win needs the better U-boat game and more points in all.
func TestMatchResult(t *testing.T) {
	tb := newTable(t)
	s := tb.s
	s.Done = true
	for _, c := range []struct {
		results [2][2]int
		level   string
	}{
		{[2][2]int{{10, 4}, {6, 3}}, "a_wins"}, // a: 10 as U-boats against b's 3; 16 to 7
		{[2][2]int{{3, 9}, {2, 8}}, "b_wins"},
		// b's U-boat game (12) beats a's (10), but a has more points (19 to 13).
		{[2][2]int{{10, 1}, {9, 12}}, "draw"},
	} {
		s.Results = c.results
		got, want := s.Outcome().Level, c.level
		if got != want {
			t.Errorf("%v: %s, want %s", c.results, got, want)
		}
	}
}

// attackAnswered lays out: a contact (Ace), then the U-boat's attack with a
// Regular U-boat answered by an escort attack with the given escorts.
func attackAnswered(t *testing.T, escorts ...string) (*table, int, int, []int) {
	tb := newTable(t)
	contact, stern, evade, spare := tb.card(UBoats, Contact, "Contact"), tb.card(UBoats, Attack, "Stern"), tb.card(UBoats, Evade, "+4"), tb.card(UBoats, Flak, "+0")
	ace, regular := tb.unit(UBoats, UBoat, "A"), tb.unit(UBoats, UBoat, "R")
	tb.hand(UBoats, []int{contact, stern, evade, spare}, []int{ace, regular})
	routing, attack, more := tb.card(Escorts, EvasiveRouting, ""), tb.card(Escorts, EscortAttack, "up to 3"), tb.card(Escorts, EscortAttack, "up to 2")
	var group []int
	for _, e := range escorts {
		typ := Surface
		if e[0] == 'A' {
			typ = Air
		}
		group = append(group, tb.unit(Escorts, typ, e[1:]))
	}
	tb.hand(Escorts, []int{routing, attack, more}, group)
	tb.play(nil, c(contact), "contact", u(ace))
	tb.play(nil, c(routing), "discard")
	tb.play(nil, c(stern), "attack", u(regular))
	keys := []string{"r" + itoa(attack)}
	for _, id := range group {
		keys = append(keys, u(id))
	}
	if len(group) < 3 {
		keys = append(keys, "done")
	}
	tb.play(nil, keys...)
	return tb, evade, regular, group
}

// 8.1.2, 8.4.1: the escorts' attack on an attacker that is not detected:
// its attack on the convoy goes in after all (Stern: one roll).
func TestUndetectedAttackerStillAttacks(t *testing.T) {
	tb, _, regular, _ := attackAnswered(t, "SN")
	// Regular evade 10 + SN 0 = 10: roll 7 evades; then the Stern roll 4 ≤ 10 sinks a ship.
	evs := tb.play([]int{7, 4}, "none")
	if d := rolls(evs, "8.5.1"); len(d) != 1 || d[0].Result != "evaded" {
		t.Fatalf("8.5.1: %+v", d)
	}
	if a := rolls(evs, "8.2"); len(a) != 1 || tb.s.ConvoySunk != 1 || !tb.s.Units[regular].Out {
		t.Fatalf("8.1.2: the attack goes in: %+v", a)
	}
}

// 8.4.2, 8.1.2, TW-A9: the attacker evades (+4): not detected, it slips
// back to the OOB hand, and its attack is abandoned.
func TestEvadingAbandonsTheAttack(t *testing.T) {
	tb, evade, regular, _ := attackAnswered(t, "SR")
	// 10 - 2 + 4 = 12: roll 12 evades.
	evs := tb.play([]int{12}, "r"+itoa(evade))
	if d := rolls(evs, "8.5.1"); len(d) != 1 || d[0].Total != 12 || d[0].Result != "evaded" {
		t.Fatalf("8.5.1 with the evade card: %+v", d)
	}
	if len(rolls(evs, "8.2")) != 0 || !has(tb.s.Hands[UBoats].OOBHand, regular) {
		t.Fatalf("the attack is abandoned and the boat back in hand: %v", tb.s.Hands[UBoats].OOBHand)
	}
}

// 8.5, 8.5.3, 8.7, 7.3.7, 8.6: a surface escort's 1 in a first attack rams
// (the U-boat sunk, the escort damaged); a U-boat only damaged may be
// attacked again next turn with a card of the same type, and then the
// first-attack rules no longer apply.
func TestRammingAndContinuation(t *testing.T) {
	tb, _, regular, group := attackAnswered(t, "SR")
	evs := tb.play([]int{15, 1}, "none") // detected (15 > 8); rammed
	if a := rolls(evs, "8.5"); len(a) != 1 || !strings.Contains(a[0].Result, "rammed") || !tb.s.Units[regular].Sunk || tb.s.Units[group[0]].Damage != 1 {
		t.Fatalf("8.5.3 ramming: %+v", a)
	}
	tb2, _, regular2, _ := attackAnswered(t, "SR")
	// Detected (15); 3 ≤ 4 damages the U-boat (not ≤ 2: not sunk).
	tb2.play([]int{15, 3}, "none")
	if tb2.s.Units[regular2].Damage != 1 || tb2.s.Held == nil {
		t.Fatalf("damaged and held: %+v %+v", tb2.s.Units[regular2], tb2.s.Held)
	}
	// The U-boat player moves; then the escorts continue with their second escort attack.
	tb2.play(nil, "c"+itoa(tb2.s.Hands[UBoats].TacHand[0]), "discard")
	more := -1
	for _, id := range tb2.s.Hands[Escorts].TacHand {
		if tb2.s.card(id).Kind == EscortAttack {
			more = id
		}
	}
	tb2.play(nil, c(more), "continue", "done")
	if e := tb2.s.Open; e == nil || !e.Continuation || e.Target != regular2 {
		t.Fatalf("7.3.7: %+v", tb2.s.Open)
	}
	// The U-boat does not answer: detected again (16 > 8), a 2 is no gunfire now but ≤ 2 = half of 4: sunk.
	evs = tb2.play([]int{16, 2}, "none")
	if a := rolls(evs, "8.5"); len(a) != 1 || !strings.HasSuffix(a[0].Result, "the U-boat sunk") || !tb2.s.Units[regular2].Sunk {
		t.Fatalf("8.6: %+v", a)
	}
	if tb2.s.score(Escorts) != 2 {
		t.Fatalf("a Regular sunk (after damage) scores once as sunk: %d", tb2.s.score(Escorts))
	}
}

// 7.3.3, 8.4.4, 8.1.4, 7.3.8: an air patrol on a contact answered with flak:
// if detected, flak (house value: 1d20 ≤ 2 + card) and the air attack
// resolve together; then the air escorts may attack again.
func TestAirPatrolFlakAndAirContinuation(t *testing.T) {
	tb := newTable(t)
	contact, flak, spare := tb.card(UBoats, Contact, "Contact"), tb.card(UBoats, Flak, "+2"), tb.card(UBoats, Evade, "+2")
	ace := tb.unit(UBoats, UBoat, "A")
	tb.hand(UBoats, []int{contact, flak, spare}, []int{ace})
	patrol, again := tb.card(Escorts, AirPatrol, "up to 2"), tb.card(Escorts, AirPatrol, "1 air")
	ar := tb.unit(Escorts, Air, "R")
	tb.hand(Escorts, []int{patrol, again}, []int{ar})
	tb.play(nil, c(contact), "contact", u(ace))
	tb.play(nil, c(patrol), "air_c0", u(ar), "done")
	// Ace evade 12 - 6 = 6: 9 detects; flak 3 ≤ 2 + 2 = 4 hits; the AR attacks anyway: 4 ≤ 4 damages.
	evs := tb.play([]int{9, 3, 4}, "r"+itoa(flak)+"s0")
	if f := rolls(evs, "8.1.4"); len(f) != 1 || f[0].Total != 4 || !strings.Contains(f[0].Result, "hit") {
		t.Fatalf("8.1.4: %+v", f)
	}
	if a := rolls(evs, "8.5"); len(a) != 1 || tb.s.Units[ace].Damage != 1 || tb.s.Units[ar].Damage != 1 {
		t.Fatalf("simultaneous: the hit aircraft still attacked: %+v", a)
	}
	if tb.s.Held == nil || !tb.s.Held.Flak || len(tb.s.Contacts) != 0 {
		t.Fatalf("7.3.8: held %+v, contacts %v", tb.s.Held, tb.s.Contacts)
	}
	// The aircraft hit by flak has left play (11.5): with no other aircraft
	// in hand, there is no continuation to offer.
	for _, o := range tb.s.uses(Escorts, tb.s.card(again)) {
		if o.Key == "continue" {
			t.Fatal("a continuation with no aircraft left")
		}
	}
}

// 7.3.2, TW-A30: an air patrol on a card pulled at random from the U-boat
// OOB deck; a blank is returned to the deck; the escorts go home (9.1).
func TestAirPatrolOnARandomCard(t *testing.T) {
	tb := newTable(t)
	spare := tb.card(UBoats, Evade, "+2")
	spare2 := tb.card(UBoats, Evade, "+6")
	tb.hand(UBoats, []int{spare, spare2}, nil)
	patrol := tb.card(Escorts, AirPatrol, "1 air")
	aa := tb.unit(Escorts, Air, "R")
	tb.hand(Escorts, []int{patrol}, []int{aa})
	tb.play(nil, c(spare), "discard")
	deck := tb.s.Hands[UBoats].OOBDeck
	blank := -1
	for i, id := range deck {
		if tb.s.unit(id).Type == Blank {
			blank = i
			break
		}
	}
	evs := tb.play([]int{blank + 1}, c(patrol), "air_pull", u(aa))
	pulled := deck[blank]
	if h := evs[len(evs)-1]; tb.s.Open == nil || tb.s.Open.Target != pulled || !tb.s.Open.Pulled {
		t.Fatalf("7.3.2: open %+v (%s)", tb.s.Open, h.Text)
	}
	for _, e := range evs {
		if e.Roll != nil && e.Roll.Case == "7.3.2" && !e.Hidden {
			t.Fatal("the pull's die would tell a hidden pile: it is hidden")
		}
	}
	tb.play(nil, "none")
	if !has(tb.s.Hands[UBoats].OOBDeck, pulled) || !has(tb.s.Hands[Escorts].OOBHand, aa) {
		t.Fatal("TW-A30, 9.1: the blank back to the deck, the aircraft home")
	}
}

// 14.1, 14.2 (scenario conditions, off in HX 228): storms add 3 to the
// evasion value and take 2 from every attack value; bad sonar adds 3 to a
// surface escort's detection in a continuation attack.
func TestStormsAndBadSonar(t *testing.T) {
	tb, _, regular, _ := attackAnswered(t, "SR")
	data := *tb.s.rules.data
	data.Scenario.Storms, data.Scenario.BadSonar = true, true
	tb.s.rules = &Rules{data: &data, cats: tb.s.rules.cats}
	// Regular evade 10 + 3 storms - 2 SR = 11: 12 detects; SR attack 4 - 2 = 2: 2 is gunfire
	// in a first attack, so roll 3: no damage (3 > 2).
	evs := tb.play([]int{12, 3}, "none")
	det, att := rolls(evs, "8.5.1"), rolls(evs, "8.5")
	if len(det) != 1 || det[0].Total != 11 || len(att) != 1 || att[0].Total != 2 || att[0].Result != "miss" {
		t.Fatalf("14.1: %+v %+v", det, att)
	}
	tb.play(nil, "c"+itoa(tb.s.Hands[UBoats].TacHand[0]), "discard")
	more := -1
	for _, id := range tb.s.Hands[Escorts].TacHand {
		if tb.s.card(id).Kind == EscortAttack {
			more = id
		}
	}
	tb.play(nil, c(more), "continue", "done")
	// Continuation: 10 + 3 - 2 + 3 bad sonar = 14; roll 14 evades.
	evs = tb.play([]int{14}, "none")
	if det := rolls(evs, "8.5.1"); len(det) != 1 || det[0].Total != 14 || det[0].Result != "evaded" {
		t.Fatalf("14.2: %+v", det)
	}
	if !has(tb.s.Hands[UBoats].OOBDeck, regular) {
		t.Fatal("10.2: undetected in the continuation, the U-boat returns to the OOB deck")
	}
}
