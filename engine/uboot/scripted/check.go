package scripted

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/uboot"
)

// Check compares the board after Script with what the rulebook says it
// must be, and returns every difference. events are the game's events
// from its set-up on, in order (a chat test reads them back from the
// store, this package's test from the engine). What the draws decided
// (which crew tokens came up, which cards) is read from the roll events;
// everything else follows from the entries and the rules alone.
//
// The house pack's values it uses (the sailors' icons behind each order's
// activations, the cards' bars) are named where used: the rulebook prints
// none of them (digest §14).
func Check(st *uboot.State, events []engine.Event) []string {
	var bad []string
	fail := func(format string, a ...any) { bad = append(bad, fmt.Sprintf(format, a...)) }
	pack, err := uboot.LoadHousePack()
	if err != nil {
		return []string{"the house pack: " + err.Error()}
	}
	b := st.Board()
	fig := map[string]int{}
	for i, s := range b.Sailors {
		fig[s.Figure] = i
	}

	// Where every figure stands (§6.4's moves; §6.8 step 5: N4's figure,
	// whose watch-2 sailor died on the bridge, put back in 3 because his
	// watch-1 sailor lives).
	want := map[string]int{"C1": 1, "C2": 1, "C4": 1, "C3": 2, "F1": 2, "F3": 2, "F4": 2, "E3": 2,
		"F2": 3, "E2": 3, "N4": 3, "N1": 4, "N2": 4, "N3": 4, "E1": 5, "E4": 6}
	for f, sec := range want {
		if got := st.Figures[fig[f]].Sec; got != sec {
			fail("§6.4: %s stands in section %d, want %d", f, got, sec)
		}
	}

	// The tracks. §6.8 step 1: the second watch change puts the Order
	// Track's token back on VIII; step 3 resets the excess marker to its
	// rightmost space, and it never stood left of the morale token, so no
	// space is blocked.
	if b.OrderSpaces[b.Order] != "VIII" {
		fail("§6.8 step 1: the Order Track's token on %s, want VIII", b.OrderSpaces[b.Order])
	}
	if slices.Contains(b.Blocked, true) {
		fail("§6.8 step 3: blocked Order Track spaces %v, want none", b.Blocked)
	}
	if b.Excess != len(b.MoraleSpaces)-1 {
		fail("§6.8 step 3: the excess marker on %d, want its rightmost space", b.Excess)
	}
	// Morale (§7.3), from XI (ruling morale-start): −1 the fire (§10.3.4),
	// −1 the breach (§10.3.6), 22:00 ±0 (§9.4.2: a 1-token meal −1, a
	// 2-token meal 0, +1 as the day's second), −2 the KIA (§6.10): VII,
	// plus whatever the morale cards drawn say.
	moraleDrop := 1 + 1 + 0 + 2
	morale := rollsOf(events, "7.3", "Morale card for space ")
	var spaces []string
	for _, r := range morale {
		sp, _, _ := strings.Cut(strings.TrimPrefix(r.Purpose, "Morale card for space "), " ")
		spaces = append(spaces, sp)
		if c, ok := card(pack, r); ok {
			moraleDrop -= c.Morale
		} else {
			fail("§7.3: the morale card %q is not the pack's", r.Result)
		}
	}
	// §7.3: a card on moving into or through X, VIII, VI, IV, II: into X
	// at the fire, through VIII on the KIA's IX → VII; the breach's X → IX
	// draws none.
	if !slices.Equal(spaces, []string{"X", "VIII"}) {
		fail("§7.3: morale cards drawn for spaces %v, want [X VIII]", spaces)
	}
	if got, w := b.MoraleSpaces[b.Morale], b.MoraleSpaces[moraleDrop]; got != w {
		fail("§7.3: the Morale Track's token on %s, want %s", got, w)
	}

	// The boat dived (§10.2) and watch 1 is on duty after two changes.
	if b.Surfaced || b.Watch != 1 {
		fail("§6.8, §10.2: watch %d on duty, surfaced %v; want watch 1, submerged", b.Watch, b.Surfaced)
	}

	// The sections (§10.3.4–§10.3.7): the fire still burns in 4 (nobody
	// repaired it); the breach in 2 sealed, nothing flooded.
	for n := 1; n <= 8; n++ {
		s := st.Sections[n]
		wantFire := 0
		if n == 4 {
			wantFire = 1
		}
		if s.Env["fire"] != wantFire || len(s.Env) > 1 || (len(s.Env) == 1 && wantFire == 0) {
			fail("§10.3.4: section %d's conditions %v, want %d fire", n, s.Env, wantFire)
		}
		if s.Breach || s.Flooded {
			fail("§10.3.7: section %d breached %v, flooded %v; want the breach sealed", n, s.Breach, s.Flooded)
		}
	}

	// The sailors' activation spaces, watch by watch: what the orders gave
	// (§6.5: a specialist one activation, a non-specialist two; the house
	// pack's icons), what the drawn cards gave (§6.9), less one activation
	// token each at the watch change that sent the watch off (§6.8 step 4).
	tokens := [2]map[string]*count{{}, {}}
	at := func(w int, f string) *count {
		if tokens[w][f] == nil {
			tokens[w][f] = &count{}
		}
		return tokens[w][f]
	}
	// Watch 1: New Speed, E1 and E4 (engine specialists in watch 1).
	at(0, "E1").act, at(0, "E4").act = 1, 1
	// Watch 2: the breach's repair crew, none with the repair icon in
	// watch 2 (C3 reload+address, F3 helm+hydrophone, F4 gun88+firstaid,
	// E3 ballast+engines, F1 enigma+firstaid): two each (§10.3.7).
	for _, f := range []string{"C3", "F3", "F4", "E3", "F1"} {
		at(1, f).act += 2
	}
	// The cooks: N2 has the meal icon (one), N3 has not (two) (§9.4.1).
	at(1, "N2").act++
	at(1, "N3").act += 2
	// Dive: an engine icon in 5 (E1 repair+ballast: two), in 6 (E4
	// engines: one), two ballast icons in 3 (E2 engines+repair, F2
	// helm+gun88: two each).
	at(1, "E1").act += 2
	at(1, "E4").act++
	at(1, "E2").act += 2
	at(1, "F2").act += 2

	// The fire's crew damage (§6.12): as many crew tokens as sailors in
	// section 4 (N1, N2, N3) each time it is resolved — when the token is
	// placed, at both bells and at the end of the two Mobilizations after
	// it — and a burns card for every sailor there whose token came up.
	duty, resolutions, draws := 0, 0, 0
	var hits []string
	wounded := 0
	lastMorale := engine.Roll{}
	for _, e := range events {
		if e.Kind == engine.KindNote && e.Case == "6.8" && strings.Contains(e.Text, "is on duty") {
			duty = 1 - duty
		}
		if e.Roll == nil {
			continue
		}
		r := *e.Roll
		switch {
		case r.Case == "6.12":
			m := crewToken.FindStringSubmatch(r.Purpose)
			if m == nil || m[2] != "3" || m[3] != "fire, section 4" {
				fail("§6.12: a crew-token draw %q: want one of 3 for the fire in section 4", r.Purpose)
				continue
			}
			draws++
			if m[1] == "1" {
				resolutions++
			}
			if r.Result == "N1" || r.Result == "N2" || r.Result == "N3" {
				hits = append(hits, fmt.Sprintf("%d/%s", duty, r.Result))
			}
		case r.Case == "8.8":
			want := ""
			if wounded < len(hits) {
				want = hits[wounded]
			}
			w, f, _ := strings.Cut(want, "/")
			if r.Purpose != "Wound card for "+f+" from the burns deck" {
				fail("§6.12: wound card %q, want the burns card of the next sailor hit, %q", r.Purpose, want)
				continue
			}
			wounded++
			c, ok := card(pack, r)
			if !ok {
				fail("§8.8: the burns card %q is not the pack's", r.Result)
				continue
			}
			at(int(w[0]-'0'), f).add(c.Bar)
		case r.Case == "7.3" && strings.HasPrefix(r.Purpose, "Morale card for space "):
			lastMorale = r
		case r.Case == "7.3" && strings.HasPrefix(r.Purpose, "Crew token: the sailor "):
			// §7.3, §7.6: a morale health card goes to the sailor whose
			// crew token is drawn.
			c, ok := card(pack, lastMorale)
			if !ok || c.Kind != "health" {
				fail("§7.6: a crew token drawn for %q, which is no health card", lastMorale.Result)
				continue
			}
			at(duty, r.Result).add(c.Bar)
		}
	}
	if resolutions != 5 || draws != 15 {
		fail("§6.12: %d crew-damage resolutions of %d tokens in section 4, want 5 of 3 each (15)", resolutions, draws)
	}
	if wounded != len(hits) {
		fail("§6.12: %d burns cards for %d sailors hit (%v)", wounded, len(hits), hits)
	}
	// §6.8 step 4: each outgoing sailor discards one activation token;
	// watch 1 went off at the first bell (and came back), watch 2 at the
	// second.
	for w := range tokens {
		for _, c := range tokens[w] {
			if c.act > 0 {
				c.act--
			}
		}
	}
	for w := range 2 {
		for f, i := range fig {
			s := st.Sailors[w][i]
			if f == "N4" && w == 1 {
				if !s.KIA {
					fail("§6.10: N4 of watch 2 was on the bridge at the dive: want KIA")
				}
				continue
			}
			if s.KIA {
				fail("§6.10: %s of watch %d is KIA; only N4 of watch 2 died", f, w+1)
			}
			var got count
			for _, sl := range s.Slots {
				got.put(sl)
			}
			w0 := count{}
			if c := tokens[w][f]; c != nil {
				w0 = *c
			}
			if w0.act+w0.fat+w0.wnd > 3 {
				fail("%s of watch %d would hold %d tokens: the seed's draws overfill him, which this script does not foresee", f, w+1, w0.act+w0.fat+w0.wnd)
			}
			if got != w0 {
				fail("§6.5, §6.8, §6.9: %s of watch %d holds %v, want %v", f, w+1, got, w0)
			}
		}
	}

	// Food (§9.4): the pyramid as the draws filled it (set-up §5.2, the
	// refills after each meal §9.4.1); the Food Supply less every token
	// drawn; the day's meals eaten at 22:00 and discarded with the lemon
	// set aside (§9.4.2, ruling lemons=discard).
	pyramid := make([]string, 6)
	provisions := 0
	for _, e := range events {
		if e.Roll == nil {
			continue
		}
		var n int
		if _, err := fmt.Sscanf(e.Roll.Purpose, "Provision token for pyramid space %d", &n); err == nil && n >= 1 && n <= 6 {
			pyramid[n-1] = e.Roll.Result
			provisions++
		}
	}
	if provisions != 10 {
		fail("§5.2, §9.4.1: %d provision draws, want 6 at the set-up and 2 after each meal", provisions)
	}
	if !slices.Equal(st.Pyramid, pyramid) {
		fail("§9.4.1: the pyramid %v, want %v as drawn", st.Pyramid, pyramid)
	}
	total := 0
	for _, n := range pack.Tokens.Provisions {
		total += n
	}
	if len(st.Supply) != total-provisions {
		fail("§9.4: the Food Supply holds %d, want %d", len(st.Supply), total-provisions)
	}
	discard := slices.Clone(st.FoodDiscard)
	slices.Sort(discard)
	if !slices.Equal(discard, []string{"bread", "eggs", "lemons", "meat"}) || len(st.Today) != 0 || len(st.Lemons) != 0 {
		fail("§9.4.2: discard %v, today %v, lemons aside %v; want eggs, meat, bread and the lemon discarded", st.FoodDiscard, st.Today, st.Lemons)
	}
	// §10.3.7: the breach's countdown is the app's, entered as read; the
	// board says each reading and runs none out.
	for _, c := range []string{"1:35", "0:40"} {
		if !logged(events, "The app's countdown for the breach in section 2 shows "+c) {
			fail("§10.3.7: the app's countdown read at %s is not on the board's notes", c)
		}
	}
	if !logged(events, "The breach in section 2 is sealed.") {
		fail("§10.3.7: the breach sealed at the app's word is not on the board's notes")
	}
	if !logged(events, "22:00, 2 meal(s): -1 +1: morale unchanged.") {
		fail("§9.4.2: the 22:00 line, want the second meal's +1 bonus (2 meal(s): -1 +1)")
	}
	return bad
}

var crewToken = regexp.MustCompile(`^Crew token (\d+) of (\d+) \((.*)\)$`)

// count is a sailor's tokens by kind.
type count struct{ act, fat, wnd, other int }

func (c *count) put(slot string) {
	switch slot {
	case "act":
		c.act++
	case "fat":
		c.fat++
	case "wnd":
		c.wnd++
	case "":
	default:
		c.other++
	}
}

func (c *count) add(b uboot.Bar) {
	c.act += b.Activation
	c.fat += b.Fatigue
	c.wnd += b.Wound
}

func (c count) String() string {
	return fmt.Sprintf("%d act %d fat %d wnd %d other", c.act, c.fat, c.wnd, c.other)
}

// rollsOf are the roll events of a case whose purpose begins so.
func rollsOf(events []engine.Event, cas, purpose string) []engine.Roll {
	var out []engine.Roll
	for _, e := range events {
		if e.Roll != nil && e.Roll.Case == cas && strings.HasPrefix(e.Roll.Purpose, purpose) {
			out = append(out, *e.Roll)
		}
	}
	return out
}

// card is the pack's card a draw names (its result is the card's title).
func card(p *uboot.Pack, r engine.Roll) (uboot.CardDef, bool) {
	d := p.Decks
	for _, deck := range [][]uboot.CardDef{d.Morale1, d.Morale2, d.Morale3, d.Events, d.Burns, d.Shock, d.Poisoning, d.Gunshot} {
		for _, c := range deck {
			if c.Title == r.Result {
				return c, true
			}
		}
	}
	return uboot.CardDef{}, false
}

// logged: one of the events (the board's notes) says line.
func logged(events []engine.Event, line string) bool {
	for _, e := range events {
		if strings.Contains(e.Text, line) {
			return true
		}
	}
	return false
}
