package hunters

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kaleun/kaleun/engine"
)

// Ship combat (9.1-9.5): range, approach, salvos, U1 fire, U2 duds, U3 damage.

func init() {
	steps[phPreDet] = (*State).stepPreDetect
	steps[phFire] = (*State).stepFire
	decisions[phRange] = &decision{
		kind: "range", cas: "9.1.4",
		text: func(s *State) string {
			if s.Enc.Escorted {
				return "Range of attack? Close range risks a detection roll before you fire (9.2.2); long range gives -1 to detection."
			}
			return "Range of attack? Unescorted targets cannot detect you (9.4.2)."
		},
		options: func(s *State) []engine.Option {
			return s.optsOf(
				engine.Option{Key: "close", Label: "Close (hit on 8 or less)", Case: "9.2.2"},
				engine.Option{Key: "medium", Label: "Medium (hit on 7 or less)", Case: "9.1.4"},
				engine.Option{Key: "long", Label: "Long (hit on 6 or less)", Case: "9.1.4"},
			)
		},
		answer: func(s *State, key string) {
			s.Enc.Range = key
			s.Phase = phApproach
		},
	}
	decisions[phApproach] = &decision{
		kind: "approach", cas: "9.1.5",
		text: func(s *State) string {
			if s.Enc.Escorted {
				return "Attack submerged, or a night surface attack (UZO -1 to hit, a second salvo possible; +1 detection from 1941)?"
			}
			return "Attack submerged, or surfaced (deck gun and the UZO's -1 to hit)?"
		},
		options: func(s *State) []engine.Option { return s.approachOptions() },
		answer: func(s *State, key string) {
			e := s.Enc
			switch key {
			case "break_off":
				s.note("9.1.2", "No approach is possible: the attack is broken off.")
				s.endEncounter()
				return
			case "surfaced":
				e.Surfaced = true
			default:
				e.Surfaced = false
			}
			if e.Escorted && e.Range == "close" {
				s.Phase = phPreDet
				return
			}
			s.Phase = phWeapon
		},
	}
	decisions[phWeapon] = &decision{
		kind: "weapon", cas: "9.2.1",
		text:    func(s *State) string { return s.weaponText() },
		options: func(s *State) []engine.Option { return s.weaponOptions() },
		answer:  func(s *State, key string) { s.chooseWeapon(key) },
	}
	decisions[phAim] = &decision{
		kind: "aim", cas: "9.2.1",
		text:    func(s *State) string { return s.aimText() },
		options: func(s *State) []engine.Option { return s.aimOptions() },
		answer:  func(s *State, key string) { s.aim(key) },
		// A salvo is aimed one shot at a time, a quarter of all decisions:
		// the simulator asks what is offered instead of building the labels.
		count:  func(s *State) int { return s.aimMenu().count() },
		offers: func(s *State, key string) bool { return s.aimMenu().offers(key) },
	}
}

// beginAttack starts the first combat round of an engagement.
func (s *State) beginAttack() {
	e := s.Enc
	s.logTargets()
	e.CombatRound++
	if s.inPackBattle() && !e.WolfRolled {
		// 13.5.4: instead of 7.2.2's roll, the pack's draw for this round.
		e.WolfRolled, e.Wolfpack = true, s.Pack.DRM
	}
	// 7.2.2, 7.2.4, 9.1.8: a wolfpack patrol rolls the escorts' status once per
	// engagement, against a convoy only.
	if s.Patrol.Wolfpack && e.Type == "convoy" && !e.WolfRolled {
		e.WolfRolled = true
		if s.sys(sysRadio) == Inoperable {
			s.note("7.2.3", "The radio is inoperable: no wolfpack escort modifier.")
		} else {
			s.mods()
			row, _ := s.lookup("E2", "7.2.2", "Wolfpack: convoy escorts", "1d6", s.pack.E2.Wolfpack.Rows)
			e.Wolfpack = row.DRM
		}
	}
	if e.Arrived || e.Submerged {
		e.Surfaced = false
		s.Phase = phWeapon
		return
	}
	s.Phase = phRange
}

func (s *State) approachOptions() []engine.Option {
	e := s.Enc
	out := s.opts()
	if !s.periscopeBlocks() {
		out = append(out, engine.Option{Key: "submerged", Label: "Submerged", Case: "9.1.5"})
	}
	if !e.Escorted || e.Night {
		label := "Surfaced"
		cas := "9.4.2"
		if e.Escorted {
			label, cas = "Night surface attack", "9.5.1"
		}
		out = append(out, engine.Option{Key: "surfaced", Label: label, Case: cas})
	}
	if len(out) == 0 {
		out = append(out, engine.Option{Key: "break_off", Label: "Break off (the periscope is damaged and surfacing by day among escorts is impossible)", Case: "E5"})
	}
	return out
}

// nightSurface reports a night surface attack (9.5).
func (e *Encounter) nightSurface() bool { return e.Escorted && e.Night && e.Surfaced }

func (s *State) stepPreDetect() {
	// 13.1.2 with 9.2.2: the close-range approach is an Escort Detection roll
	// on E2, and in a two-player game the escorts' rolls are the other player's.
	if s.enemyGate() {
		return
	}
	e := s.Enc
	s.escortQuality() // 14.6.1: before this first E2 roll
	e.Detect = "pre"
	s.mods()
	s.yearDetection()
	if s.kmdtAward() >= 3 {
		s.modFrom(s.pack.E2.Modifiers, "kmdt_kc_oak_swords", true, "Kommandant holds the Oakleaves and Swords")
	}
	row, _ := s.lookup("E2", "9.2.2", "Close-range approach detection", "2d6", s.pack.E2.CloseRange.Rows)
	if row.Result == "detected" {
		s.scratch.tally.detection()
		s.note("9.2.2", "Detected while closing in: no torpedoes are fired; depth charges follow at once.")
		e.Round = 1
		e.Detect = ""
		s.Phase = phDC
		return
	}
	e.Detect = ""
	if s.Settings.on(opt1411) && e.Type == "convoy" {
		// 14.11.1: past the escorts at close range, the ships nearest the boat
		// are identified with +1 on the size roll (they replace the first sighting).
		s.note("14.11.1", "The boat penetrates the convoy: the ships nearest to it are identified with +1 on the size roll.")
		s.Patrol.Targets = s.Patrol.Targets[:len(s.Patrol.Targets)-len(e.Targets)]
		for i := range e.Targets {
			t, _ := s.identify(s.shipSize(1))
			e.Targets[i] = t
		}
		s.logTargets()
	}
	s.Phase = phWeapon
}

// kmdtAward is the award whose favorable modifiers are in force (11.3.6):
// the Kommandant's, while he commands; an SW or KIA Kommandant's 1WO or 2WO
// has none (10.5.3; 9.2.2 says so of the Swords).
func (s *State) kmdtAward() int {
	if s.Crew.Kmdt.Health.Out() {
		return 0
	}
	return s.Career.Award
}

func (s *State) yearDetection() {
	y := s.year()
	ms := s.pack.E2.Modifiers
	s.modFrom(ms, "year_1941", y == 1941, "1941")
	s.modFrom(ms, "year_1942", y == 1942, "1942")
	s.modFrom(ms, "year_1943", y >= 1943, "1943")
}

// tubesReady counts loaded torpedoes in an end whose doors work.
func (s *State) tubesReady(fwd bool) int {
	tubes, doors := s.Boat.Aft, sysAftDoors
	if fwd {
		tubes, doors = s.Boat.Fwd, sysFwdDoors
	}
	if s.damaged(doors) {
		return 0 // E5 (code): damaged torpedo doors, the tubes cannot fire
	}
	n := 0
	for _, t := range tubes {
		if isTorpedo(t) {
			n++
		}
	}
	return n
}

func (s *State) gunReady() bool {
	return s.Boat.Aboard[sysDeckGun] && s.Boat.Sys[sysDeckGun] == OK && s.Boat.Ammo > 0
}

func (s *State) weaponText() string {
	e := s.Enc
	txt := s.engageText()
	txt += fmt.Sprintf("\nRange %s, %s. Forward tubes %s, aft tubes %s, ammo %d.", e.Range, map[bool]string{true: "surfaced", false: "submerged"}[e.Surfaced], tubeRow(s.Boat.Fwd), tubeRow(s.Boat.Aft), s.Boat.Ammo)
	if !e.Escorted {
		txt += "\nUnescorted: fire one weapon type at a time and see the result before the next (9.4.2)."
	}
	return txt
}

func (s *State) weaponOptions() []engine.Option {
	e := s.Enc
	out := s.opts()
	fwd, aft := s.tubesReady(true), s.tubesReady(false)
	if e.Escorted {
		if fwd > 0 {
			out = append(out, engine.Option{Key: "fwd", Label: s.text(func() string { return fmt.Sprintf("Fire forward tubes (%d loaded)", fwd) }), Case: "9.2.1"})
		}
		if aft > 0 {
			out = append(out, engine.Option{Key: "aft", Label: s.text(func() string { return fmt.Sprintf("Fire aft tubes (%d loaded)", aft) }), Case: "9.2.1"})
		}
		if e.nightSurface() && fwd > 0 && aft > 0 {
			out = append(out,
				engine.Option{Key: "fwd_aft", Label: "Forward salvo, then a second salvo from the aft tubes", Case: "9.5.2"},
				engine.Option{Key: "aft_fwd", Label: "Aft salvo, then a second salvo from the forward tubes", Case: "9.5.2"})
		}
		label := "Hold fire: the encounter ends undetected"
		if e.MustFire {
			label = "Hold fire: the damaged ship gets away (9.7.10)"
		}
		out = append(out, engine.Option{Key: "hold", Label: label, Case: "9.1.2"})
		return out
	}
	if fwd > 0 && !e.UsedFwd {
		out = append(out, engine.Option{Key: "fwd", Label: s.text(func() string { return fmt.Sprintf("Fire forward tubes (%d loaded)", fwd) }), Case: "9.4.2"})
	}
	if aft > 0 && !e.UsedAft {
		out = append(out, engine.Option{Key: "aft", Label: s.text(func() string { return fmt.Sprintf("Fire aft tubes (%d loaded)", aft) }), Case: "9.4.2"})
	}
	if e.Surfaced && s.gunReady() && !e.UsedGun { // 9.3.1: unescorted targets only
		out = append(out, engine.Option{Key: "gun", Label: s.text(func() string { return fmt.Sprintf("Deck gun (%d ammo; up to 2 this round)", s.Boat.Ammo) }), Case: "9.3"})
	}
	if e.FiredRound {
		out = append(out, engine.Option{Key: "done", Label: "End this round of fire", Case: "9.4.3"})
	} else {
		out = append(out, engine.Option{Key: "hold", Label: "Hold fire: the encounter ends", Case: "9.1.2"})
	}
	return out
}

func (s *State) chooseWeapon(key string) {
	e := s.Enc
	switch key {
	case "hold":
		if e.Escorted && e.FiredRound {
			s.Phase = phDetect
			return
		}
		s.note("9.1.2", "No attack: the encounter ends.")
		s.endEncounter()
		return
	case "done":
		s.Phase = phCombatOver
		return
	case "fwd_aft":
		e.Weapon, e.Second = "fwd", "aft"
	case "aft_fwd":
		e.Weapon, e.Second = "aft", "fwd"
	default:
		e.Weapon, e.Second = key, ""
	}
	e.Aim = e.Aim[:0]
	e.AimIdx = 0
	s.Phase = phAim
}

// aimSlots lists what is being aimed: the loaded tubes of the weapon (and of
// a committed second salvo), or up to two points of deck-gun ammo (9.3.2).
// aimSlotCount is len(aimSlots()) without building the labels.
func (s *State) aimSlotCount() int {
	return s.slotsOf(s.Enc.Weapon) + s.slotsOf(s.Enc.Second)
}

// slotsOf counts what a weapon ("fwd", "aft", "gun" or none) fires.
func (s *State) slotsOf(w string) int {
	n := 0
	switch w {
	case "fwd":
		for _, t := range s.Boat.Fwd {
			if isTorpedo(t) {
				n++
			}
		}
	case "aft":
		for _, t := range s.Boat.Aft {
			if isTorpedo(t) {
				n++
			}
		}
	case "gun":
		n = min(s.Boat.Ammo, 2) // 4.6.3, 9.3.2
	}
	return n
}

// aimSlot is one tube or deck-gun ammo point being aimed.
type aimSlot struct {
	weapon string // fwd, aft, gun
	number int    // tube or ammo point, from 1
	load   string // G7a or G7e for a tube
}

func (sl aimSlot) String() string {
	switch sl.weapon {
	case "fwd":
		return fmt.Sprintf("forward tube %d (%s)", sl.number, sl.load)
	case "aft":
		return fmt.Sprintf("aft tube %d (%s)", sl.number, sl.load)
	}
	return fmt.Sprintf("deck-gun ammo point %d", sl.number)
}

// short names the slot on the combat mat.
func (sl aimSlot) short() string {
	if sl.weapon == "gun" {
		return fmt.Sprintf("gun %d", sl.number)
	}
	return fmt.Sprintf("%s %d %s", sl.weapon, sl.number, sl.load)
}

func (s *State) aimSlots() []aimSlot {
	e := s.Enc
	var slots []aimSlot
	add := func(w string) {
		switch w {
		case "fwd", "aft":
			tubes := s.Boat.Aft
			if w == "fwd" {
				tubes = s.Boat.Fwd
			}
			for i, t := range tubes {
				if isTorpedo(t) {
					slots = append(slots, aimSlot{weapon: w, number: i + 1, load: t})
				}
			}
		case "gun":
			n := s.Boat.Ammo
			if n > 2 {
				n = 2 // 4.6.3, 9.3.2: up to two ammo points per combat round
			}
			for i := 0; i < n; i++ {
				slots = append(slots, aimSlot{weapon: w, number: i + 1})
			}
		}
	}
	add(e.Weapon)
	if e.Second != "" {
		add(e.Second)
	}
	return slots
}

func (s *State) aimText() string {
	e := s.Enc
	slots := s.aimSlots()
	txt := fmt.Sprintf("Aim %s (%d of %d). All fire is committed before any is rolled (9.2.1).", slots[e.AimIdx], e.AimIdx+1, len(slots))
	// What is already aimed where, so the player need not keep count (9.2.1).
	aimed := make([][]string, len(e.Targets))
	held := 0
	for k, t := range e.Aim {
		switch {
		case k >= len(slots):
		case t < 0:
			held++
		case t < len(aimed):
			aimed[t] = append(aimed[t], slots[k].short())
		}
	}
	for i := range e.Targets {
		if e.Targets[i].Afloat() {
			txt += "\n  " + s.targetLabel(i)
			if n := len(aimed[i]); n > 0 {
				txt += fmt.Sprintf(" — %d aimed (%s)", n, strings.Join(aimed[i], ", "))
			}
		}
	}
	if held > 0 {
		txt += fmt.Sprintf("\n  %d held", held)
	}
	return txt
}

// aimMenu is what the aim decision offers (9.2.1), without its labels: a
// shot at each ship afloat, all the remaining shots at one when more than
// one remains, holding this shot, and firing now once a shot is aimed or
// more than one remains. aimOptions lists it, and the simulator asks it.
type aimMenu struct {
	afloat    [len(targetKeys)]bool
	remaining int
	fire      bool
}

func (s *State) aimMenu() aimMenu {
	e := s.Enc
	var m aimMenu
	for i := range e.Targets {
		m.afloat[i] = e.Targets[i].Afloat()
	}
	m.remaining = s.aimSlotCount() - e.AimIdx
	m.fire = e.AimIdx > 0 || m.remaining > 1
	return m
}

// count is the number of options offered.
func (m aimMenu) count() int {
	n := 1 // hold
	for _, a := range m.afloat {
		if a {
			n++
			if m.remaining > 1 {
				n++
			}
		}
	}
	if m.fire {
		n++
	}
	return n
}

// offers reports whether key is offered.
func (m aimMenu) offers(key string) bool {
	switch key {
	case "hold":
		return true
	case "fire":
		return m.fire
	}
	for i := range targetKeys {
		switch key {
		case targetKeys[i]:
			return m.afloat[i]
		case allKeys[i]:
			return m.afloat[i] && m.remaining > 1
		}
	}
	return false
}

func (s *State) aimOptions() []engine.Option {
	m := s.aimMenu()
	out := s.opts()
	for i, afloat := range m.afloat {
		if afloat {
			out = append(out, engine.Option{Key: targetKeys[i], Label: s.text(func() string { return "At " + s.targetLabel(i) }), Case: "9.2.1"})
		}
	}
	if m.remaining > 1 {
		for i, afloat := range m.afloat {
			if afloat {
				out = append(out, engine.Option{Key: allKeys[i], Label: s.text(func() string { return s.allAt(m.remaining-1, i+1) }), Case: "9.2.1"})
			}
		}
	}
	out = append(out, engine.Option{Key: "hold", Label: "Hold this one", Case: "9.2.1"})
	if m.fire {
		out = append(out, engine.Option{Key: "fire", Label: "Fire now (hold the rest)", Case: "9.2.1"})
	}
	return out
}

func (s *State) aim(key string) {
	e := s.Enc
	n := s.aimSlotCount()
	switch {
	case key == "hold":
		e.Aim = append(e.Aim, -1)
	case key == "fire":
		for len(e.Aim) < n {
			e.Aim = append(e.Aim, -1)
		}
	case key[0] == 'a':
		t, _ := strconv.Atoi(key[3:])
		for len(e.Aim) < n {
			e.Aim = append(e.Aim, t-1)
		}
	default:
		t, _ := strconv.Atoi(key[1:])
		e.Aim = append(e.Aim, t-1)
	}
	e.AimIdx = len(e.Aim)
	if e.AimIdx >= n {
		s.Phase = phFire
		return
	}
	s.Phase = phAim
}

// stepFire resolves the committed salvo(s) (9.2.3-9.2.5, 9.3.3, 9.5.2).
func (s *State) stepFire() {
	e := s.Enc
	aim := e.Aim
	idx := 0
	fired := 0
	for i := range e.Targets {
		e.Targets[i].Hits = 0
	}
	fire := func(w string, second bool) {
		var tubes []string
		if w == "fwd" {
			tubes = s.Boat.Fwd
		} else if w == "aft" {
			tubes = s.Boat.Aft
		}
		// An end is used when a torpedo left it (9.2.1), not when its
		// tubes were all held.
		before := fired
		defer func() {
			if fired > before {
				e.UsedFwd = e.UsedFwd || w == "fwd"
				e.UsedAft = e.UsedAft || w == "aft"
			}
		}()
		if w == "gun" {
			e.UsedGun = true
			n := s.Boat.Ammo
			if n > 2 {
				n = 2
			}
			for i := 0; i < n; i++ {
				t := aim[idx]
				idx++
				if t < 0 {
					continue
				}
				s.Boat.Ammo-- // 9.3.2
				fired++
				s.shootGun(t)
			}
			return
		}
		for i, ty := range tubes {
			if !isTorpedo(ty) {
				continue
			}
			t := aim[idx]
			idx++
			if t < 0 {
				continue
			}
			tubes[i] = ""
			fired++
			e.Torpedoed = true
			if !e.Night && ty == G7a {
				e.G7aByDay = true // E2: G7a fired by day
			}
			s.shootTorpedo(t, ty, second)
		}
	}
	fire(e.Weapon, false)
	if e.Second != "" {
		first := fired
		// 9.5.2: the second salvo's modifier only after a first one was
		// fired; 9.2.1: detection's +1 only when both ends fired, not for
		// a declared salvo whose tubes were all held.
		fire(e.Second, first > 0)
		if first > 0 && fired > first {
			e.BothEnds = true
		}
	}
	if e.UsedFwd && e.UsedAft {
		e.BothEnds = true // both ends fired this round (9.2.1)
	}
	if fired > 0 {
		e.FiredRound = true
	}
	e.Weapon, e.Second = "", ""
	if s.Over != nil {
		return
	}
	if s.allSunk() {
		s.note("9.2.5", "Every target is sunk.")
	}
	// 9.2.7, 9.6.1: against escorts a round is fire, then Escort Detection.
	if e.Escorted {
		if fired == 0 {
			s.note("9.1.2", "Nothing was fired: the encounter ends undetected.")
			s.endEncounter()
			return
		}
		e.Round = 1
		s.Phase = phDetect
		return
	}
	if s.allSunk() {
		s.Phase = phCombatOver
		return
	}
	s.Phase = phWeapon
}

func (s *State) allSunk() bool {
	for ti := range s.Enc.Targets {
		t := &s.Enc.Targets[ti]
		if t.Afloat() {
			return false
		}
	}
	return true
}

// fireModifiers adds U1's modifiers that apply to every shot.
func (s *State) fireModifiers() {
	ms := s.pack.U1.Modifiers
	s.modFrom(ms, "kmdt_kc_oakleaves", s.kmdtAward() >= 2, "Kommandant holds the Oakleaves")
	s.modFrom(ms, "green_crew", s.Crew.Quality == Green, "Green crew")
	s.modFrom(ms, "all_generic_crew_sw_or_kia", s.allGenericOut(), "every generic crew box SW or KIA")
	s.commandModifiers(ms)
}

func (s *State) shootTorpedo(t int, ty string, second bool) {
	e := s.Enc
	tg := &e.Targets[t]
	ms := s.pack.U1.Modifiers
	s.mods()
	s.modFrom(ms, "night_or_unescorted_surface_torpedo", e.Surfaced && (e.nightSurface() || !e.Escorted), "UZO (surfaced)")
	s.fireModifiers()
	s.modFrom(ms, "second_salvo_torpedo", second && s.kmdtAward() < 1, "second salvo")
	s.modFrom(ms, "g7e_at_medium_range", ty == G7e && e.Range == "medium", "G7e at medium range")
	s.modFrom(ms, "g7e_at_long_range", ty == G7e && e.Range == "long", "G7e at long range")
	r := s.throw("U1", "9.2.3", s.text(func() string { return ty + " torpedo at " + tg.Name }), "2d6")
	hit := r.total <= s.pack.U1.HitNumber(e.Range)
	s.emit(r, hitWord(hit))
	if !hit {
		return
	}
	// U2: duds by torpedo type and date (9.2.4).
	dud := 0
	for _, p := range s.pack.U2.DudOnOrBelow {
		if s.Career.Month >= p.From && s.Career.Month <= p.To {
			dud = p.G7a
			if ty == G7e {
				dud = p.G7e
			}
		}
	}
	s.mods()
	s.modFrom(s.pack.U2.Modifiers, "superior_torpedoes", s.Patrol.Superior, "Superior Torpedoes")
	r = s.throw("U2", "9.2.4", "Dud check", "1d6")
	isDud := r.total <= dud
	if isDud {
		s.emit(r, "dud")
	} else {
		s.emit(r, "explodes")
	}
	if isDud {
		return
	}
	s.damageTarget(t, false)
}

func (s *State) shootGun(t int) {
	e := s.Enc
	tg := &e.Targets[t]
	s.mods()
	s.fireModifiers()
	r := s.throw("U1", "9.3.3", s.text(func() string { return "Deck gun at " + tg.Name }), "2d6")
	hit := r.total <= s.pack.U1.HitNumber(e.Range)
	s.emit(r, hitWord(hit))
	if hit {
		s.damageTarget(t, true)
	}
}

// damageTarget rolls U3 for one hit (9.2.5, 9.3.3).
func (s *State) damageTarget(t int, gun bool) {
	tg := &s.Enc.Targets[t]
	s.mods()
	col := "torpedo"
	if gun {
		col = "deck gun"
		s.modFrom(s.pack.U3.Modifiers, "deck_gun_105mm", s.mat().DeckGun != nil && s.mat().DeckGun.Gun == "10.5cm", "10.5cm deck gun")
	}
	r := s.throw("U3", "9.2.5", s.text(func() string { return "Damage to " + tg.Name + " (" + col + ")" }), "1d6")
	row, _ := s.pack.U3.Rows.Find(r.total)
	pts := 0
	if gun && row.DeckGun != nil {
		pts = *row.DeckGun
	} else if !gun && row.Torpedo != nil {
		pts = *row.Torpedo
	}
	s.emit(r, s.text(func() string { return fmt.Sprintf("%d damage", pts) }))
	if tg.Sunk {
		s.say("9.2.5", func() string { return fmt.Sprintf("%s has already gone down.", tg.Name) })
		return
	}
	tg.Damage += pts
	tg.Hits++
	lt := &s.Patrol.Targets[tg.Log-1]
	if tg.Damage >= tg.Points {
		tg.Sunk = true
		lt.Sunk, lt.Damaged = true, false
		s.shipSunk(tg)
		return
	}
	lt.Damaged = true
	s.say("9.2.6", func() string { return fmt.Sprintf("%s is damaged (%d of %d).", tg.Name, tg.Damage, tg.Points) })
}

// shipSunk books a sinking (9.2.6, 11.3.1).
func (s *State) shipSunk(tg *Target) {
	s.Career.Tons += tg.Tons
	s.Career.ShipsSunk++
	s.Career.PeriodShips++
	s.Career.Sunk = append(s.Career.Sunk, s.sunkKey(tg.Roster, tg.Roll))
	if tg.KC {
		s.Career.CapitalKC++
	}
	s.say("9.2.6", func() string {
		return fmt.Sprintf("%s (%s) is sunk! Career total %s.", tg.Name, s.tons(tg.Tons), s.tons(s.Career.Tons))
	})
}

// targetKeys and allKeys name the combat mat's four target columns (9.1.1).
var (
	targetKeys = [4]string{"t1", "t2", "t3", "t4"}
	allKeys    = [4]string{"all1", "all2", "all3", "all4"}
)

func hitWord(hit bool) string {
	if hit {
		return "hit"
	}
	return "miss"
}
