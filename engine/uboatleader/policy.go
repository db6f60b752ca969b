package uboatleader

import (
	"fmt"
	"sort"
	"strings"
)

// The built-in player (for the simulation, the autopilot's routine
// decisions and the tests). It is deterministic and plain:
//
//   - Fleet: keeps 4 SO in reserve and buys, boat by boat, the one with the
//     most torpedoes at the best level it can pay for; draws a random fleet
//     the same way. Each boat starts in the port nearest its hunting area.
//   - Strategic: R&R when two boats in port carry 5 stress or more;
//     Intelligence in the hunting area when a boat is there or on its way
//     and 2 SO would still be left; nothing else.
//   - Operations: a boat sails for its hunting area (the sea area with the
//     best contact table, less a tenth a step away, among those its type may
//     enter) and patrols there; it heads home with stress 10 or more, or
//     with 2 torpedoes or fewer; in port it sails again once its stress is
//     4 or less and it has patrols left. It takes every Event card's trade
//     while it keeps 4 torpedoes (or gun rounds).
//   - Tactical: always rolls for contacts; under Air Search keeps the card
//     with the most targets; attacks unless it has no torpedo or its stress
//     is 11 or more; calls every boat it can to the wolfpack, never by radio.
//   - Combat: starts submerged when the contact has escorts, surfaced when
//     not, in the long-range area nearest a target; moves surfaced while no
//     escort is within 3 areas (plus the Alerts), submerged when one is or
//     it is detected; closes to within one
//     area of the most valuable target, then fires, at range 2 or less: its
//     ready torpedoes in salvos of three (two for the last pair), the best
//     targets first, FATs at the convoy, T5s at an escort within 2, and the
//     gun at a target within 1 when surfaced and no escort is within 3. With
//     nothing left to fire, stress 10 or more, or after 12 rounds, it heads
//     off the display by the shortest way (into the wake when it may). It
//     runs silent when detected with an escort within 1; crash-dives
//     against escorts, warships and carriers; deep-dives whenever an escort
//     attacks it submerged.
//   - After combat: a coup de grâce when it can (a gun round on a ship that
//     is no warship); a re-attack with 4 torpedoes or more and stress under
//     8; another contact with 3 or more and stress under 9; else nothing.
//   - Orders of escorts, enemy attacks and wake drifts: the first offered.

// BuiltIn chooses for the pending decision.
func BuiltIn(s *State) string {
	t := s.top()
	full := ops[t.Op].ask(s, *t)
	key := s.policy(t, full)
	// The choice may be on another page of a long list.
	if len(full.Options) > pageSize+2 {
		for k, o := range full.Options {
			if o.Key == key {
				page := k / pageSize
				switch {
				case page > t.Page:
					return "page+"
				case page < t.Page:
					return "page-"
				}
			}
		}
	}
	return key
}

func (s *State) policy(t *Step, a *ask) string {
	has := func(k string) bool {
		for _, o := range a.Options {
			if o.Key == k {
				return true
			}
		}
		return false
	}
	first := a.Options[0].Key
	switch t.Op {
	case "buy":
		return s.policyBuy(a)
	case "buy_level", "random_next":
		return s.policyLevel(t, a)
	case "place":
		return s.policyPort(t.Boat)
	case "strategic":
		return s.policyStrategic(has)
	case "so_area":
		if h := s.huntArea(-1); has(h) {
			return h
		}
		return first
	case "so_boat", "so_mines", "so_torpedo":
		return "back"
	case "ops_move":
		return s.policyMove(t.Boat, has)
	case "effect":
		e := s.effectOf(*t)
		b := &s.Fleet[t.Boat]
		if e.Trade.Pay == "gun_round" && b.Gun-e.Trade.N >= 4 || e.Trade.Pay != "gun_round" && b.Ready.Torps()+b.Stored.Torps()-e.Trade.N >= 4 {
			return "pay"
		}
		return "keep"
	case "attack_break":
		if s.Fleet[t.Boat].Stress < 8 {
			return "go"
		}
		return "break"
	case "raider_fire":
		b := &s.Fleet[t.Boat]
		if has("gun") && b.Gun > 2 {
			return "gun"
		}
		if has("torpedo") && b.Ready.Torps()+b.Stored.Torps() > 4 {
			return "torpedo"
		}
		return "stop"
	case "contact_ask":
		b := &s.Fleet[t.Boat]
		if b.Ready.Torps()+b.Stored.Torps() == 0 && b.Gun == 0 {
			return "skip"
		}
		return "roll"
	case "draw":
		// Physical mode: a card entered before when there is one, so that
		// the catalogue stays small (the tests enter cards themselves).
		if len(a.Options) > 1 {
			return a.Options[1].Key
		}
		return first
	case "air_pick":
		best, n := first, -1
		for _, o := range a.Options {
			c := s.convoyCard(atoi(o.Key))
			targets := 0
			for _, p := range c.Ships {
				if p.Kind == ShipMerchant || p.Kind == ShipWarship {
					targets++
				}
			}
			if targets > n {
				best, n = o.Key, targets
			}
		}
		return best
	case "engage":
		b := &s.Fleet[s.Battle.Active]
		if b.Ready.Torps()+b.Stored.Torps() == 0 || b.Stress >= 11 {
			return "withdraw"
		}
		return "engage"
	case "place_boat":
		return s.policyStart(t.Boat, a)
	case "place_side":
		for _, sh := range s.Battle.Ships {
			if sh.escort() && sh.onDisplay() {
				return "submerged"
			}
		}
		return "surfaced"
	case "wolfpack":
		for _, o := range a.Options {
			if strings.HasPrefix(o.Key, "call:") {
				return o.Key
			}
		}
		return "done"
	case "move_posture":
		return s.policyPosture(t.Boat, has)
	case "move_step":
		return s.policyStep(t.Boat, has)
	case "wake_boat":
		return s.policyWake(t, a)
	case "reaction":
		return s.policyReaction(t, has)
	case "uboat_attack":
		return s.policyAttack(t, has)
	case "action":
		return s.policyAction(has)
	case "coup":
		for _, o := range a.Options {
			if strings.HasPrefix(o.Key, "gun:") {
				return o.Key
			}
		}
		return first
	}
	return first
}

// policyReserve is the SO (in halves) the built-in player keeps for options.
const policyReserve = 8

func (s *State) policyBuy(a *ask) string {
	budget := s.SO - policyReserve
	best, bestScore := "done", -1
	for _, o := range a.Options {
		if !strings.HasPrefix(o.Key, "b:") {
			continue
		}
		b := s.pack.Boat(o.Key[2:])
		lv := s.policyLevelFor(b, budget)
		if lv < 0 {
			continue
		}
		score := (b.Ready+b.Stored)*10 + lv
		if score > bestScore {
			best, bestScore = o.Key, score
		}
	}
	if best == "done" && !containsKey(a, "done") {
		return a.Options[0].Key
	}
	return best
}

// policyLevelFor is the level the built-in player buys a boat at: trained,
// for as many boats as the budget allows; green when trained is too dear;
// higher only when nothing else is left to buy with the SO.
func (s *State) policyLevelFor(b *UBoatCard, budget int) int {
	switch {
	case 2*b.Levels["trained"].SO <= budget:
		return 1
	case 2*b.Levels["green"].SO <= budget:
		return 0
	}
	return -1
}

func containsKey(a *ask, k string) bool {
	for _, o := range a.Options {
		if o.Key == k {
			return true
		}
	}
	return false
}

func (s *State) policyLevel(t *Step, a *ask) string {
	id := t.Key
	if t.Op == "random_next" {
		id = s.Pool[0]
		if s.SO < policyReserve+4 && containsKey(a, "stop") {
			return "stop"
		}
	}
	b := s.pack.Boat(id)
	if lv := s.policyLevelFor(b, s.SO-policyReserve); lv >= 0 && containsKey(a, levelKeys[lv]) {
		return levelKeys[lv]
	}
	for _, k := range levelKeys {
		if containsKey(a, k) {
			return k
		}
	}
	return a.Options[len(a.Options)-1].Key
}

// expectedContacts is an area's contact table read over the d10's faces.
func expectedContacts(a *AreaDef) float64 {
	total := 0
	for r := 1; r <= 10; r++ {
		for _, b := range a.Contacts {
			if b.Max == nil || r <= *b.Max {
				total += b.N
				break
			}
		}
	}
	return float64(total) / 10
}

// mapDist is the steps from an area to another for a boat, through sea
// areas it may enter (ports end a move, so they are no way through).
func (s *State) mapDist(i int, from, to string) int {
	key := from + ">" + to
	if i >= 0 {
		key += ">" + s.card(&s.Fleet[i]).Type
	}
	if d, ok := s.cache[key]; ok {
		return d
	}
	d := s.bfs(i, from, to)
	if s.cache == nil {
		s.cache = map[string]int{}
	}
	s.cache[key] = d
	return d
}

func (s *State) bfs(i int, from, to string) int {
	g := s.board()
	dist := map[string]int{from: 0}
	q := []string{from}
	for len(q) > 0 {
		a := q[0]
		q = q[1:]
		if a == to {
			return dist[a]
		}
		if a != from && g.isPort(a) {
			continue
		}
		for _, n := range g.area(a).Adjacent {
			if _, seen := dist[n]; seen {
				continue
			}
			if i >= 0 && !s.allowedArea(&s.Fleet[i], n) {
				continue
			}
			dist[n] = dist[a] + 1
			q = append(q, n)
		}
	}
	return 1 << 20
}

// huntArea is where a boat (or, with -1, the fleet) goes hunting: the sea
// area with the best contact table, less a tenth a step from its port.
func (s *State) huntArea(i int) string {
	key := s.Campaign
	if i >= 0 {
		key += ">" + s.card(&s.Fleet[i]).Type
	}
	if h, ok := s.hunt[key]; ok {
		return h
	}
	h := s.findHunt(i)
	if s.hunt == nil {
		s.hunt = map[string]string{}
	}
	s.hunt[key] = h
	return h
}

func (s *State) findHunt(i int) string {
	g := s.board()
	best, bestScore := "", -1e9
	for _, id := range g.order {
		a := g.area(id)
		if a.Kind != KindSea || a.NoStop || i >= 0 && !s.allowedArea(&s.Fleet[i], id) {
			continue
		}
		d := 1 << 20
		for _, p := range s.ports() {
			d = min(d, s.mapDist(i, p, id))
		}
		if d >= 1<<20 {
			continue
		}
		if score := expectedContacts(a) - 0.1*float64(d); score > bestScore {
			best, bestScore = id, score
		}
	}
	return best
}

func (s *State) policyPort(i int) string {
	hunt := s.huntArea(i)
	best, bestD := s.ports()[0], 1<<20
	for _, p := range s.ports() {
		if d := s.mapDist(i, p, hunt); d < bestD {
			best, bestD = p, d
		}
	}
	return best
}

func (s *State) policyStrategic(has func(string) bool) string {
	tired := 0
	for i := range s.Fleet {
		if b := &s.Fleet[i]; b.inPlay() && s.inPort(b) && b.Stress >= 5 {
			tired++
		}
	}
	if tired >= 2 && has("o:rr") {
		return "o:rr"
	}
	hunt := s.huntArea(-1)
	if has("o:intelligence") && !s.marks(hunt).Intelligence && s.SO-costHalves(s.optionDef("intelligence")) >= 4 {
		for i := range s.Fleet {
			if b := &s.Fleet[i]; b.inPlay() && (b.At == hunt || s.inPort(b) && s.homeward(i) == false && b.Stress <= 4) {
				return "o:intelligence"
			}
		}
	}
	return "end"
}

// homeward: the boat should sail home.
func (s *State) homeward(i int) bool {
	b := &s.Fleet[i]
	return b.unfit() || b.Stress >= 10 || b.Ready.Torps()+b.Stored.Torps() <= 2
}

func (s *State) policyMove(i int, has func(string) bool) string {
	b := &s.Fleet[i]
	g := s.board()
	if s.inPort(b) {
		if b.Stress > 4 || b.Patrols >= s.length().Patrols || !has("to:"+s.nextHop(i, s.huntArea(i))) {
			return "stay"
		}
		return "to:" + s.nextHop(i, s.huntArea(i))
	}
	if s.homeward(i) {
		best, bestD := "", 1<<20
		for _, p := range s.ports() {
			if d := s.mapDist(i, b.At, p); d < bestD && has("to:"+s.nextHop(i, p)) {
				best, bestD = p, d
			}
		}
		if best != "" {
			return "to:" + s.nextHop(i, best)
		}
	} else if hunt := s.huntArea(i); b.At != hunt && has("to:"+s.nextHop(i, hunt)) {
		return "to:" + s.nextHop(i, hunt)
	}
	switch {
	case has("stay"):
		return "stay"
	case has("stop"):
		return "stop"
	}
	// In an area where no boat may stop: go on to any other.
	for _, n := range g.area(b.At).Adjacent {
		if has("to:" + n) {
			return "to:" + n
		}
	}
	return "stop"
}

// nextHop is the first step of a shortest way to an area.
func (s *State) nextHop(i int, to string) string {
	b := &s.Fleet[i]
	best, bestD := "", 1<<20
	for _, n := range s.board().area(b.At).Adjacent {
		if !s.allowedArea(b, n) {
			continue
		}
		if d := s.mapDist(i, n, to); d < bestD {
			best, bestD = n, d
		}
	}
	return best
}

// targetShip is the most valuable non-escort ship on the display (nearest
// among equals) for a boat, or -1.
func (s *State) targetShip(i int) int {
	bt := s.Battle
	d := s.dispOf(i)
	best, bestVP, bestD := -1, -1, 1<<20
	for _, k := range bt.shipsOn() {
		sh := &bt.Ships[k]
		if sh.escort() {
			continue
		}
		vp := 2
		if c := s.shipCard(sh); c != nil {
			vp = c.VP + sh.Heavy
		}
		r := s.display().Dist(d.Area, sh.Area)
		if vp > bestVP || vp == bestVP && r < bestD {
			best, bestVP, bestD = k, vp, r
		}
	}
	return best
}

func (s *State) retreating(i int) bool {
	b := &s.Fleet[i]
	d := s.dispOf(i)
	if b.unfit() || b.Stress >= 10 || s.Battle.Round > 12 || s.targetShip(i) < 0 {
		return true
	}
	gunUsable := d.Surfaced && b.Gun > 0 && s.card(b).Gun && !s.escortNear(d.Area, 3)
	return b.Ready.Torps() == 0 && !gunUsable
}

func (s *State) escortNear(area string, r int) bool {
	for _, k := range s.Battle.shipsOn() {
		sh := &s.Battle.Ships[k]
		if sh.escort() && s.display().Dist(area, sh.Area) <= r {
			return true
		}
	}
	return false
}

func (s *State) policyStart(i int, a *ask) string {
	bt := s.Battle
	best, bestScore := a.Options[0].Key, 1<<20
	g := s.display()
	for _, o := range a.Options {
		score := 1 << 20
		id, _ := g.idOf(o.Key)
		for _, k := range bt.shipsOn() {
			if sh := &bt.Ships[k]; !sh.escort() {
				score = min(score, 10*g.Dist(id, sh.Area))
			}
		}
		for _, k := range bt.shipsOn() {
			if sh := &bt.Ships[k]; sh.escort() && g.Dist(id, sh.Area) <= 2 {
				score += 15
			}
		}
		if score < bestScore {
			best, bestScore = o.Key, score
		}
	}
	return best
}

func (s *State) policyPosture(i int, has func(string) bool) string {
	d := s.dispOf(i)
	if has("silent") && s.escortNear(d.Area, 1) {
		return "silent"
	}
	if has("reload") {
		return "reload"
	}
	if s.retreating(i) {
		if d.Detected || s.escortNear(d.Area, 2) {
			return "submerged"
		}
		return "surfaced"
	}
	// Surfaced while no escort could see it there, submerged otherwise.
	if d.Detected || s.escortNear(d.Area, 3+s.Battle.Alerts) {
		return "submerged"
	}
	return "surfaced"
}

func (s *State) policyStep(i int, has func(string) bool) string {
	d := s.dispOf(i)
	g := s.display()
	if s.retreating(i) {
		if has("exit") {
			return "exit"
		}
		// Towards the wake first (the drift helps a boat slower than the
		// convoy), else towards the long range.
		exits := append([]string{g.def.Wake}, g.ring[RingLong]...)
		best, bestD := "stop", 1<<20
		for _, l := range exits {
			for _, n := range g.neighbours(d.Area) {
				if dd := g.Dist(n, l); dd < bestD && has("to:"+g.code(n)) {
					best, bestD = "to:"+g.code(n), dd
				}
			}
		}
		return best
	}
	k := s.targetShip(i)
	target := s.Battle.Ships[k].Area
	if g.Dist(d.Area, target) <= 1 {
		return "stop"
	}
	best, bestD := "stop", g.Dist(d.Area, target)
	for _, n := range g.neighbours(d.Area) {
		if dd := g.Dist(n, target); dd < bestD && has("to:"+g.code(n)) && n != g.def.Wake {
			best, bestD = "to:"+g.code(n), dd
		}
	}
	return best
}

func (s *State) policyWake(t *Step, a *ask) string {
	if s.retreating(t.Boat) {
		for k, c := range s.wakeBoatChoices(*t) {
			if c.to == "" {
				return fmt.Sprint(k)
			}
		}
	}
	return a.Options[0].Key // the least drift
}

func (s *State) policyReaction(t *Step, has func(string) bool) string {
	at := s.Battle.Attacks[t.N]
	sh := &s.Battle.Ships[at.Ship]
	c := s.shipCard(sh)
	if has("crash") && (sh.escort() || sh.Kind == ShipWarship || c.Carrier) {
		return "crash"
	}
	if has("deep") && (sh.escort() || c.Carrier) {
		return "deep"
	}
	return "none"
}

// policyPlan is the attack the built-in player wants: keys to add in order.
func (s *State) policyPlan(i int, mission bool) []string {
	b := &s.Fleet[i]
	d := s.dispOf(i)
	load := s.ammo(i, mission)
	var ts []target
	for _, t := range s.targets(i, mission) {
		if !s.Battle.Ships[t.ship].escort() && t.rng <= 2 {
			ts = append(ts, t)
		}
	}
	sort.SliceStable(ts, func(x, y int) bool {
		vx, vy := s.shipValue(ts[x].ship), s.shipValue(ts[y].ship)
		if vx != vy {
			return vx > vy
		}
		return ts[x].rng < ts[y].rng
	})
	var plan []string
	std := load.Std
	if mission {
		std = min(std, 8)
	}
	for _, t := range ts {
		if std == 0 {
			break
		}
		n := min(3, std)
		if std == 4 {
			n = 2
		}
		for k := 0; k < n; k++ {
			plan = append(plan, fmt.Sprintf("t:%d", t.ship))
		}
		std -= n
	}
	if !mission {
		if load.FAT > 0 && s.fatTargets(i) != nil {
			for k := 0; k < load.FAT; k++ {
				plan = append(plan, "fat")
			}
		}
		if load.T5 > 0 {
			for _, t := range s.targets(i, false) {
				if s.Battle.Ships[t.ship].escort() && t.rng <= 2 {
					for k := 0; k < load.T5; k++ {
						plan = append(plan, fmt.Sprintf("x:%d", t.ship))
					}
					break
				}
			}
		}
		if d.Surfaced && s.card(b).Gun && b.Gun > 0 && !s.escortNear(d.Area, 3) {
			for _, t := range ts {
				if t.rng <= 1 {
					plan = append(plan, fmt.Sprintf("g:%d", t.ship))
					break
				}
			}
		}
	}
	return plan
}

func (s *State) shipValue(k int) int {
	sh := &s.Battle.Ships[k]
	if c := s.shipCard(sh); c != nil {
		return c.VP*2 + sh.Heavy*3 + sh.Light
	}
	return 4
}

func (s *State) policyAttack(t *Step, has func(string) bool) string {
	bt := s.Battle
	want := s.policyPlan(t.Boat, t.Key == "mission")
	n := len(bt.Plan)
	if n < len(want) && has(want[n]) {
		return want[n]
	}
	if n > 0 {
		return "fire"
	}
	return "hold"
}

func (s *State) policyAction(has func(string) bool) string {
	b := &s.Fleet[s.Battle.Active]
	torps := b.Ready.Torps() + b.Stored.Torps()
	switch {
	case has("coup"):
		return "coup"
	case has("reattack") && torps >= 4 && b.Stress < 8:
		return "reattack"
	case has("next") && torps >= 3 && b.Stress < 9:
		return "next"
	}
	return "nothing"
}
