package uboot

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/kaleun/kaleun/engine"
)

// Orders (§6.5, §7.5): paid and issued, the sailors in the required
// sections supplying between them the required icons (a non-specialist
// counts as one icon with one extra activation), then activated (§6.6) or
// made busy (§6.7). A lighting failure in a section makes every order
// there need one extra sailor, activated once whatever his icons
// (§10.3.5).

// boardOrders are the order list's orders. Repairs, First Aid, Prepare
// Meal and Address the crew have steps of their own (repair.go, aid.go,
// food.go, and the Captain's card below).
func (s *State) boardOrders() []OrderDef {
	var out []OrderDef
	for _, o := range s.p.Orders {
		out = append(out, s.orderDef(o.ID))
	}
	return out
}

// parts are an order's requirements in the boat's present state.
func (s *State) parts(o OrderDef) []PartDef {
	state := submerged
	if s.Up {
		state = surfaced
	}
	if o.When != "" && o.When != state {
		return nil
	}
	var out []PartDef
	for _, p := range o.Parts {
		if p.When == "" || p.When == state {
			out = append(out, p)
		}
	}
	return out
}

// eligible are the sailors who may take part: on the model, not barred
// by a health card (§6.9), able to take a busy token for a busy order.
func (s *State) eligible(o OrderDef) []int {
	var out []int
	for i := range figureIDs {
		if !s.onBoard(i) || s.forbids(i, o.ID) || (o.Busy != "" && !s.canBeBusy(i)) {
			continue
		}
		out = append(out, i)
	}
	return out
}

func partMax(p PartDef) int {
	if p.Count == 0 {
		return p.Max
	}
	if p.Max > 0 {
		return p.Max
	}
	return p.Count
}

func partAllows(p PartDef, sec int) bool {
	return len(p.Sections) == 0 || slices.Contains(p.Sections, sec)
}

// roles are what each picked sailor does: the index of his part, or -1
// for the lighting failure's extra sailor.
type roles map[int]int

// match assigns every picked sailor to a part, or as a section's lighting
// extra, so that every part has its count (at most its max), every
// section with a lighting failure where the order is carried out has its
// one extra, and the sailors of the parts without sections stand in one
// section. ok is false when no assignment exists.
func (s *State) match(o OrderDef, picks []int) (roles, bool) {
	return s.placeSailors(o, picks, true)
}

// fits: the sailors picked can all be placed, in a part with room or as a
// lit section's extra, so the set may still grow into one match takes: a
// sailor beyond every part's max (a seventh observer, §7.5.2's "max 6x")
// could never lead to go and is not offered.
func (s *State) fits(o OrderDef, picks []int) bool {
	_, ok := s.placeSailors(o, picks, false)
	return ok
}

// placeSailors is match's search; complete: every part must have its count.
func (s *State) placeSailors(o OrderDef, picks []int, complete bool) (roles, bool) {
	parts := s.parts(o)
	if len(parts) == 0 || len(picks) == 0 {
		return nil, false
	}
	got := make([]int, len(parts))
	extra := map[int]bool{}
	as := roles{}
	// Ruling lighting-extra (§10.3.5): "picked" takes the first match in
	// the order picked, so the sailor picked once the parts are full is a
	// dark section's extra; "cheapest" looks at every match and keeps the
	// one with the fewest activations.
	cheapest := complete && s.ruling(rLightingExtra) == "cheapest" && s.anyDark(picks)
	var best roles
	bestCost := 0
	var try func(k int) bool
	try = func(k int) bool {
		if k == len(picks) {
			ok := !complete || s.matched(parts, got, extra, as, picks)
			if ok && cheapest {
				if c := s.matchCost(o, picks, as); best == nil || c < bestCost {
					best, bestCost = maps.Clone(as), c
				}
				return false // look on
			}
			return ok
		}
		i := picks[k]
		sec := s.Figures[i].Sec
		for j, p := range parts {
			if partAllows(p, sec) && got[j] < partMax(p) {
				got[j]++
				as[i] = j
				if try(k + 1) {
					return true
				}
				got[j]--
			}
		}
		if s.Sections[sec].Env["lighting"] > 0 && !extra[sec] {
			extra[sec] = true
			as[i] = -1
			if try(k + 1) {
				return true
			}
			extra[sec] = false
		}
		delete(as, i)
		return false
	}
	if !try(0) {
		if best != nil {
			return best, true
		}
		return nil, false
	}
	return as, true
}

// anyDark: one of the sailors picked stands in a section with a lighting
// failure.
func (s *State) anyDark(picks []int) bool {
	for _, i := range picks {
		if s.Sections[s.Figures[i].Sec].Env["lighting"] > 0 {
			return true
		}
	}
	return false
}

// matchCost is the activations an assignment of the picks costs.
func (s *State) matchCost(o OrderDef, picks []int, as roles) int {
	n := 0
	for _, i := range distinct(picks) {
		a, _ := s.cost(o, i, count(picks, i), as[i])
		n += a
	}
	return n
}

func (s *State) matched(parts []PartDef, got []int, extra map[int]bool, as roles, picks []int) bool {
	for j, p := range parts {
		if got[j] < p.Count {
			return false
		}
	}
	anySec := 0
	used := map[int]bool{}
	for _, i := range picks {
		j := as[i]
		sec := s.Figures[i].Sec
		if j >= 0 {
			used[sec] = true
			if len(parts[j].Sections) == 0 {
				if anySec != 0 && anySec != sec {
					return false
				}
				anySec = sec
			}
		}
	}
	for sec := range used {
		if s.Sections[sec].Env["lighting"] > 0 && !extra[sec] {
			return false
		}
	}
	for sec := range extra {
		if extra[sec] && !used[sec] {
			return false
		}
	}
	return true
}

// feasible: some choice of the eligible sailors carries the order out.
func (s *State) feasible(o OrderDef) bool {
	switch o.ID {
	case "aid":
		return len(s.medics()) > 0
	case "meal":
		return len(s.cooks()) > 0
	case "address":
		if len(s.Hand) == 0 {
			return false // §7.7: the order plays a Captain's card
		}
	case "repair":
		if len(o.Parts) > 0 && len(o.Parts[0].Sections) > 0 {
			break // one problem's Repair order (repairDef)
		}
		return len(s.repairProblems()) > 0
	}
	parts := s.parts(o)
	if len(parts) == 0 {
		return false
	}
	el := s.eligible(o)
	// Try each section for the parts without sections, and within it the
	// first sailors who fit, adding each lit section's extra.
	secs := []int{0}
	for _, p := range parts {
		if len(p.Sections) == 0 {
			secs = []int{1, 2, 3, 4, 5, 6, 7, 8}
		}
	}
	for _, any := range secs {
		var picks []int
		taken := map[int]bool{}
		ok := true
		for _, p := range parts {
			n := 0
			for _, i := range el {
				sec := s.Figures[i].Sec
				if n < p.Count && !taken[i] && partAllows(p, sec) && (len(p.Sections) > 0 || sec == any) {
					picks, taken[i] = append(picks, i), true
					n++
				}
			}
			ok = ok && n == p.Count
		}
		if !ok {
			continue
		}
		lit := map[int]bool{}
		for _, i := range picks {
			if sec := s.Figures[i].Sec; s.Sections[sec].Env["lighting"] > 0 {
				lit[sec] = true
			}
		}
		for sec := range lit {
			for _, i := range el {
				if !taken[i] && s.Figures[i].Sec == sec {
					picks, taken[i] = append(picks, i), true
					break
				}
			}
		}
		if _, good := s.match(o, picks); good {
			return true
		}
	}
	return false
}

func (s *State) feasibleOrders() []OrderDef {
	var out []OrderDef
	for _, o := range s.boardOrders() {
		if s.feasible(o) {
			out = append(out, o)
		}
	}
	return out
}

// draftOrder is the order the Draft carries out.
func (s *State) draftOrder() OrderDef {
	if s.Draft.Args[0] == "repair" {
		return s.repairOrder()
	}
	return s.orderDef(s.Draft.Args[0])
}

// orderDef is an order of the list as the board checks it now: observers
// beyond 6 do not count (§8.3), so the order takes only as many more as
// make 6.
func (s *State) orderDef(id string) OrderDef {
	od, _ := s.p.order(id)
	if id == "observe" && len(od.Parts) > 0 {
		parts := append([]PartDef(nil), od.Parts...)
		parts[0].Max = max(0, partMax(parts[0])-s.observers())
		parts[0].Count = min(parts[0].Count, parts[0].Max)
		od.Parts = parts
	}
	return od
}

// observers are the busy observers (§8.3).
func (s *State) observers() int {
	n := 0
	for i := range figureIDs {
		if s.onBoard(i) && s.sailor(i).busyToken() == "obs" {
			n++
		}
	}
	return n
}

// canAddObservers: with one observer busy, more in section 8 may be made
// busy without a new order, up to 6 (§8.3).
func (s *State) canAddObservers() bool {
	n := s.observers()
	if n == 0 || n >= 6 {
		return false
	}
	od := s.orderDef("observe")
	for _, i := range s.eligible(od) {
		if s.Figures[i].Sec == 8 {
			return len(s.parts(od)) > 0
		}
	}
	return false
}

// playCard plays a Captain's card (§7.7): after the order is paid and the
// sailor activated, its effect, then back to the box. What the card
// prints beyond its morale is the players' to carry out.
func (s *State) playCard(id string) {
	k := slices.Index(s.Hand, id)
	s.Hand = slices.Delete(s.Hand, k, k+1)
	c, _, _ := s.card(id)
	s.note("7.7", fmt.Sprintf("The Captain plays %s: %s It goes back to the box.", c.Title, c.Text))
	if c.Morale > 0 {
		s.moraleUp(c.Morale, "7.7", c.Title)
	} else if c.Morale < 0 {
		s.moraleDown(-c.Morale, "7.7", c.Title)
	}
	s.ceActivates(id) // §6.6.1's beer
}

func distinctStrings(xs []string) []string {
	var out []string
	for _, x := range xs {
		if !slices.Contains(out, x) {
			out = append(out, x)
		}
	}
	return out
}

// maxRepeat bounds one sailor's activations in an order that allows
// several (§6.5): five torpedo tubes (§7.5.3).
const maxRepeat = 5

func (s *State) orderPrompt() *engine.Prompt {
	d := s.Draft
	if len(d.Args) == 0 {
		var o []engine.Option
		for _, od := range s.feasibleOrders() {
			o = append(o, engine.Option{Key: "o:" + od.ID, Label: od.Name + " (" + roleNames[firstOwner(od.Owner)] + ")" + partsText(s.parts(od)), Short: od.Name, Case: od.Case})
		}
		o = append(o, back())
		return &engine.Prompt{Kind: "uboot.order", Title: "Order", Text: "Which order? Only those the crew in position can carry out are listed (" + s.payWhere() + ").", Case: "6.5", Options: o}
	}
	switch d.Args[0] {
	case "aid":
		return s.aidPrompt()
	case "meal":
		return s.mealPrompt()
	case "repair":
		if !s.repairReady() {
			return s.repairPrompt()
		}
	case "address":
		if len(d.Args) == 1 {
			var o []engine.Option
			for _, id := range distinctStrings(s.Hand) {
				c, _, _ := s.card(id)
				o = append(o, engine.Option{Key: "k:" + id, Label: c.Title + ": " + c.Text, Short: c.Title, Case: "7.7"})
			}
			return &engine.Prompt{Kind: "uboot.card", Title: "Address the crew", Text: "Which Captain's card is played?", Case: "7.7", Options: append(o, back())}
		}
	}
	od := s.draftOrder()
	picks := s.picked()
	var o []engine.Option
	if _, ok := s.match(od, distinct(picks)); ok {
		what := "Pay and carry it out: "
		if d.Free {
			what = "No order to pay: "
		}
		o = append(o, engine.Option{Key: "go", Label: what + s.costText(od, picks), Short: "Go", Case: "6.5"})
	}
	for _, i := range s.eligible(od) {
		fig := figureIDs[i]
		n := count(picks, i)
		switch {
		case n > 0 && !od.Repeat:
			continue
		case n >= maxRepeat:
			continue
		case n == 0 && (!s.couldJoin(od, append(distinct(picks), i)) || !s.fits(od, append(distinct(picks), i))):
			continue
		}
		lbl := fmt.Sprintf("%s (section %d, %s)", fig, s.Figures[i].Sec, strings.Join(s.def(i).Icons, "+"))
		if n > 0 {
			lbl = fmt.Sprintf("%s once more (%d activations)", fig, n+1)
		}
		o = append(o, engine.Option{Key: "+" + fig, Label: lbl, Short: fig, Case: "6.5"})
	}
	if len(picks) > 0 {
		o = append(o, engine.Option{Key: "clear", Label: "Clear the sailors chosen", Short: "Clear"})
	}
	o = append(o, back())
	chosen := "none yet"
	if len(picks) > 0 {
		chosen = strings.Join(names(picks), ", ")
	}
	return &engine.Prompt{Kind: "uboot.sailors", Title: od.Name, Subject: roleNames[firstOwner(od.Owner)],
		Text: fmt.Sprintf("%s needs%s. Sailors chosen: %s.", od.Name, partsText(s.parts(od)), chosen), Case: od.Case, Options: o}
}

// couldJoin: a set of sailors that is, or can still grow into, a valid
// one (each stands where some part or a lighting extra may use him).
func (s *State) couldJoin(o OrderDef, picks []int) bool {
	i := picks[len(picks)-1]
	sec := s.Figures[i].Sec
	for _, p := range s.parts(o) {
		if partAllows(p, sec) {
			return true
		}
	}
	return s.Sections[sec].Env["lighting"] > 0
}

func firstOwner(owner string) string {
	r, _, _ := strings.Cut(owner, "+")
	return r
}

func partsText(ps []PartDef) string {
	var out []string
	for _, p := range ps {
		t := fmt.Sprintf("%d× %s", p.Count, p.Icon)
		if p.Max > p.Count {
			t = fmt.Sprintf("%d-%d× %s", p.Count, p.Max, p.Icon)
		}
		if len(p.Sections) > 0 {
			var secs []string
			for _, sc := range p.Sections {
				secs = append(secs, fmt.Sprint(sc))
			}
			t += " in " + strings.Join(secs, " or ")
		} else {
			t += " in one section"
		}
		out = append(out, t)
	}
	return " " + strings.Join(out, ", ")
}

func (s *State) picked() []int {
	var out []int
	for _, f := range s.Draft.Picks {
		out = append(out, figIndex(f))
	}
	return out
}

func distinct(xs []int) []int {
	var out []int
	for _, x := range xs {
		if !slices.Contains(out, x) {
			out = append(out, x)
		}
	}
	return out
}

func count(xs []int, x int) int {
	n := 0
	for _, y := range xs {
		if y == x {
			n++
		}
	}
	return n
}

// cost is what one sailor takes for an order (§6.5, §6.7, §10.3.5):
// activations, and the busy token, if any.
func (s *State) cost(o OrderDef, i, times, part int) (acts int, busy string) {
	parts := s.parts(o)
	if part < 0 {
		// The lighting failure's extra sailor: one token whatever his
		// icons (§10.3.5), stepped down on easy.
		if s.easy() {
			return 0, ""
		}
		return 1, ""
	}
	spec := s.hasIcon(i, parts[part].Icon)
	if o.Busy != "" {
		// §6.7: the busy token in place of an activation token, and one
		// more for a non-specialist; on easy, ruling easy-busy says
		// whether that one steps down (the token, which shows he is
		// busy, is placed either way).
		busy = o.Busy
		if !spec && (!s.easy() || s.ruling(rEasyBusy) == "extra") {
			acts = 1
		}
		return acts, busy
	}
	acts = times
	if !spec {
		acts++
	}
	if s.easy() {
		acts-- // §6.5: the easy Captain's activation costs step down by one
	}
	return max(0, acts), ""
}

func (s *State) costText(o OrderDef, picks []int) string {
	as, _ := s.match(o, distinct(picks))
	var out []string
	for _, i := range distinct(picks) {
		a, b := s.cost(o, i, count(picks, i), as[i])
		t := fmt.Sprintf("%s %d act", figureIDs[i], a)
		if b != "" {
			t += " + " + tokenName(b)
		}
		out = append(out, t)
	}
	return strings.Join(out, ", ")
}

func (s *State) applyOrder(key string) {
	d := s.Draft
	if len(d.Args) > 0 && d.Args[0] == "aid" {
		s.applyAid(key)
		return
	}
	if len(d.Args) > 0 && d.Args[0] == "meal" {
		s.applyMeal(key)
		return
	}
	switch {
	case strings.HasPrefix(key, "o:"):
		d.Args = []string{strings.TrimPrefix(key, "o:")}
	case strings.HasPrefix(key, "+"):
		d.Picks = append(d.Picks, strings.TrimPrefix(key, "+"))
	case key == "clear":
		d.Picks = nil
	case d.Args[0] == "repair" && !s.repairReady():
		d.Args = append(d.Args, key)
		if strings.HasPrefix(key, "tech:") && !d.Free {
			break
		}
		if !d.Free && (strings.HasPrefix(key, "n:") || strings.HasPrefix(key, "breach:")) && len(s.playable(problemSection(d.Args[1]))) == 0 {
			d.Args = append(d.Args, "k:-") // no card may be played there
		}
		if d.Free {
			// a paused repair: the crew size is the one ordered (§10.3.2)
			var sec, k int
			fmt.Sscanf(key, "tech:%d:%d", &sec, &k)
			d.Args = append(d.Args, "n:"+strconv.Itoa(s.Sections[sec].Tech[k].Need))
		}
	case d.Args[0] == "address" && len(d.Args) == 1:
		d.Args = append(d.Args, strings.TrimPrefix(key, "k:"))
	case key == "go":
		od := s.draftOrder()
		s.carryOut(od, s.picked(), !d.Free)
		switch d.Args[0] {
		case "repair":
			s.repaired(d.Args[1], distinct(s.picked()), s.repairCard())
		case "address":
			s.playCard(d.Args[1])
		}
		s.Draft = nil
	}
}

// carryOut pays the order (§6.5 step 1), activates its sailors (step 4)
// and applies what the board keeps of its effect.
func (s *State) carryOut(o OrderDef, picks []int, pay bool) {
	as, _ := s.match(o, distinct(picks))
	if pay {
		s.pay(o.Name)
	}
	most := 0
	var lines []string
	for _, i := range distinct(picks) {
		acts, busy := s.cost(o, i, count(picks, i), as[i])
		ex := 0
		if busy != "" {
			ex += s.makeBusy(i, busy)
		}
		ex += s.activate(i, acts)
		if s.Excess < 0 {
			ex = 0
		}
		most = max(most, ex)
		t := fmt.Sprintf("%s +%d act", figureIDs[i], acts)
		if busy != "" {
			t += " +" + tokenName(busy)
		}
		if ex > 0 {
			t += fmt.Sprintf(" (%d excess)", ex)
		}
		lines = append(lines, t)
	}
	app := ""
	if o.App {
		app = " Enter it in the app."
	}
	s.note(o.Case, fmt.Sprintf("%s carried out: %s.%s", o.Name, strings.Join(lines, ", "), app))
	s.excess(most, "6.6.1")
	switch o.ID {
	case "dive":
		s.dive()
	case "surface":
		s.surface()
	}
}

// dive: the boat goes under (§10.1); everyone in 7 and 8 is KIA, the
// morale loss capped at 6 (§6.10).
func (s *State) dive() {
	s.Up = false
	var dead []int
	for i := range figureIDs {
		if s.onBoard(i) && outside(s.Figures[i].Sec) {
			dead = append(dead, i)
		}
	}
	for _, i := range dead {
		s.kiaQuiet(i, "outside when the boat dived")
	}
	if len(dead) > 0 {
		s.moraleDown(min(6, 2*len(dead)), "6.10", fmt.Sprintf("%d sailor(s) lost outside in the dive (at most −6)", len(dead)))
	}
	s.note("10.2", "The boat dives: update the depth gauge.")
}

// surface: the boat comes up (§10.1); toxic gas is vented, each token
// removed with morale +2 (§10.3.5).
func (s *State) surface() {
	s.Up = true
	s.note("10.2", "The boat surfaces: update the depth gauge.")
	for sec := 1; sec <= 8; sec++ {
		for s.Sections[sec].Env["gas"] > 0 {
			s.removeEnv(sec, "gas")
		}
	}
}
