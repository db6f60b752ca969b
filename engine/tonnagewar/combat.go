package tonnagewar

import (
	"fmt"

	"github.com/kaleun/kaleun/engine"
)

// Combat (8) and where the cards go after it (9-11).

// response is the responder's card (set false: he did not answer) and, for
// a shot at escorts or flak, the face-down card aimed at.
type response struct {
	card int
	slot int
	set  bool
}

// resolve settles an engagement, answered or not.
func (s *State) resolve(e *Engagement, r response) {
	var rc *Card
	if r.set {
		c := s.card(r.card)
		rc = &c
	}
	switch e.Kind {
	case "routing":
		if rc != nil && rc.Kind == BDienst {
			s.note("7.2.7", "B-dienst reads the routing signal: the contact holds.")
			return
		}
		boat := s.Contacts[e.Contact].Boat
		s.endContact(e.Contact)
		s.toHand(UBoats, boat)
		s.note("7.4.1", "Evasive routing: the convoy slips away from the contact; its U-boat returns to the U-boat player's OOB hand (TW-A8).")
	case "uboat_attack":
		s.convoyAttack(e)
	default:
		s.escortEngagement(e, rc, r.slot)
	}
}

// convoyAttack is 8.2: the attack card's rolls against the U-boat's attack
// value; each success sinks a ship. The attacker leaves play (11.4); a blank
// is revealed and discarded (11.3).
func (s *State) convoyAttack(e *Engagement) {
	u := s.unit(e.Group[0])
	c := s.card(e.Card)
	if u.Type == Blank {
		s.note("11.3", "The attacker is a blank: no attack; it is discarded.")
		s.outOfPlay(u.ID)
		return
	}
	value := s.rules.data.Units.UBoat[u.Quality].Attack
	mods := []engine.Modifier{}
	if c.Mod != 0 {
		mods = append(mods, engine.Modifier{Value: c.Mod, Reason: c.Label, Case: "8.2"})
	}
	if s.rules.data.Scenario.Storms {
		mods = append(mods, engine.Modifier{Value: -2, Reason: "storms", Case: "14.1"})
	}
	sides := 20
	if s.ruling("convoy_die") == "d10" {
		sides = 10
	}
	s.note("8.2", "%s attacks the convoy: %d roll(s) of 1d%d against %d.", u.Name(), c.Rolls, sides, value)
	for i := 0; i < c.Rolls; i++ {
		f := s.die(sides)
		target := value + sumMods(mods)
		result := "miss"
		if f <= target {
			result = "a ship sunk"
			switch {
			case f == 1 && s.Rescues == 0:
				result = "the rescue ship sunk"
				s.ConvoySunk++
				s.Rescues++
			case f == 1 && s.designatedRescue() >= 0:
				id := s.designatedRescue()
				result = "the designated rescue ship sunk"
				s.Units[id].Sunk = true
				s.Units[id].Rescue = false
				s.Hands[Escorts].OOBHand = remove(s.Hands[Escorts].OOBHand, id)
				s.Hands[Escorts].OOBDeck = remove(s.Hands[Escorts].OOBDeck, id)
				s.outOfPlay(id)
				s.Rescues++
			default:
				s.ConvoySunk++
			}
		}
		s.emit(engine.Event{Kind: engine.KindRoll, Case: "8.2", Roll: &engine.Roll{Case: "8.2", Purpose: fmt.Sprintf("Attack on the convoy, roll %d of %d", i+1, c.Rolls),
			Dice: fmt.Sprintf("1d%d", sides), Faces: []int{f}, Natural: f, Modifiers: mods, Total: target, Result: result,
			Target: &engine.Target{Name: "attack", Base: value}}})
	}
	s.outOfPlay(u.ID) // 11.4
	if s.rescueNeeded() {
		s.askRescue()
	}
}

// askRescue interrupts the game for the escort player's designation (14.3).
func (s *State) askRescue() {
	if s.Stage.Step != "designate" {
		r := s.Stage
		s.Resume = &r
	}
	s.Stage = Stage{Side: Escorts, Step: "designate"}
}

func (s *State) designatedRescue() int {
	for id := range s.Units {
		if s.Units[id].Rescue && !s.Units[id].Out && !s.Units[id].Sunk {
			return id
		}
	}
	return -1
}

// escortEngagement resolves an escort attack, HF/DF or air patrol (8.4,
// 8.5) with the U-boat's answer: evade, a shot at the escorts, flak, or none.
func (s *State) escortEngagement(e *Engagement, rc *Card, slot int) {
	if e.Continuation && s.ruling("continuation_attrition") == "on" {
		defer s.attrition(e)
	}
	target := s.unit(e.Target)
	group := e.Group
	if target.Type == Blank {
		s.note("9.1", "The %s's %s finds a blank.", Escorts, s.card(e.Card).Label)
		if e.Pulled {
			s.Hands[UBoats].OOBDeck = append(s.Hands[UBoats].OOBDeck, target.ID) // TW-A30
		} else {
			s.outOfPlay(target.ID) // 11.3
		}
		if e.Answers != nil {
			s.convoyAttack(e.Answers) // the "attacker" was a blank: revealed, discarded
		}
		s.escortsHome(group)
		return
	}
	contact := s.contactOf(target.ID)
	evade := 0
	counter, flak := false, false
	if rc != nil {
		switch rc.Kind {
		case Evade:
			evade = rc.Mod
			if contact >= 0 {
				s.endContact(contact) // 7.4.2: an evade card was played for it
				contact = -1
				s.note("7.4.2", "An evade card was played for the contact's U-boat: the contact ends.")
			}
		case Attack:
			counter = true
		case Flak:
			flak = true
		}
	}
	// 8.1.3, 8.3: the U-boat fires once at one attacking surface escort,
	// then is detected by them all.
	detected := false
	if counter {
		detected = s.detect(e, target, 0)
		s.shootEscort(e, target, slot, detected)
		s.note("8.3.3", "Having fired, the U-boat is detected by every attacking escort.")
		detected = true
	} else {
		detected = s.detect(e, target, evade)
	}
	if e.Answers != nil && (rc != nil || detected) {
		s.note("8.1.2", "The U-boat's attack on the convoy is abandoned.")
	}
	if !detected {
		if contact >= 0 {
			s.endContact(contact) // TW-A7
		}
		s.escortsHome(group)
		switch {
		case e.Answers != nil && rc == nil:
			s.note("8.1.2", "The attacker is not detected: its attack on the convoy goes in.")
			s.convoyAttack(e.Answers)
		case s.Units[target.ID].Damage > 0:
			s.note("11.5", "The damaged U-boat is not detected again; it leaves play.")
			s.outOfPlay(target.ID)
		case e.Continuation:
			s.note("10.2", "The U-boat is not detected again: it returns to the U-boat player's OOB deck.")
			s.Hands[UBoats].OOBDeck = append(s.Hands[UBoats].OOBDeck, target.ID)
		default:
			s.note("9.4", "The U-boat is not detected and slips back into the U-boat player's OOB hand.")
			s.toHand(UBoats, target.ID)
		}
		return
	}
	if contact >= 0 {
		s.endContact(contact) // 7.4.2: detected and attacked
		s.note("7.4.2", "The contact's U-boat is detected and attacked: the contact ends.")
	}
	hitByFlak := -1
	if flak {
		hitByFlak = s.shootFlak(e, slot, rc.Mod)
	}
	s.escortAttack(e, target)
	if hitByFlak >= 0 {
		s.damage(hitByFlak) // simultaneous with the air attack (8.1.4)
	}
	if s.Units[target.ID].Sunk {
		s.escortsHome(group)
		return
	}
	// 7.3.7, 7.3.8, 10.2: the escorts may attack it again on their next turn.
	var keep []int
	for _, id := range group {
		if !s.Units[id].Out {
			keep = append(keep, id)
		}
	}
	s.Held = &Held{Kind: e.Kind, Target: target.ID, Group: keep, Flak: flak, Pulled: e.Pulled}
}

// detect is 8.5.1: the U-boat player rolls 1d20 for each escort of the
// group; a roll over the evasion target means that escort detects it. Any
// detection means all attack (8.5.2).
func (s *State) detect(e *Engagement, target Unit, evadeCard int) bool {
	base := s.rules.data.Units.UBoat[target.Quality].Evade
	detected := false
	for _, id := range e.Group {
		u := s.unit(id)
		us := s.Units[id]
		if u.Type == Blank || us.Damage > 0 || us.Rescue || us.Out {
			continue
		}
		v := s.escortValue(u)
		mods := []engine.Modifier{{Value: v.Detect, Reason: u.Name() + " detection", Case: "8.5"}}
		if e.Kind == "hfdf" && u.Type == Surface {
			adj := v.HFDF
			if s.ruling("hfdf_adjust") == "to_detection" {
				adj = -adj
			}
			mods = append(mods, engine.Modifier{Value: adj, Reason: "HF/DF", Case: "12.2 (TW-A3)"})
		}
		if evadeCard != 0 {
			mods = append(mods, engine.Modifier{Value: evadeCard, Reason: "evade card", Case: "8.5"})
		}
		if s.rules.data.Scenario.Storms {
			mods = append(mods, engine.Modifier{Value: 3, Reason: "storms", Case: "14.1"})
		}
		if s.rules.data.Scenario.BadSonar && e.Continuation && u.Type == Surface {
			mods = append(mods, engine.Modifier{Value: 3, Reason: "bad sonar", Case: "14.2"})
		}
		f := s.die(20)
		total := base + sumMods(mods)
		result := "evaded"
		if f > total {
			result, detected = "detected", true
		}
		s.emit(engine.Event{Kind: engine.KindRoll, Case: "8.5.1", Roll: &engine.Roll{Case: "8.5.1", Purpose: fmt.Sprintf("%s evades %s", target.Name(), u.Name()),
			Dice: "1d20", Faces: []int{f}, Natural: f, Modifiers: mods, Total: total, Result: result,
			Target: &engine.Target{Name: "evade", Base: base}}})
	}
	return detected
}

// escortAttack is 8.5: each attacking escort rolls 1d20 against its attack
// value; half or less sinks, the value or less damages (a second damage
// sinks, 8.7). In a first attack a surface escort's 2 sinks by gunfire and
// its 1 by ramming, damaging the escort (8.5.3).
func (s *State) escortAttack(e *Engagement, target Unit) {
	ts := &s.Units[target.ID]
	first := !ts.Attacked && !e.Continuation
	ts.Attacked = true
	for _, id := range e.Group {
		u := s.unit(id)
		us := &s.Units[id]
		if u.Type == Blank || us.Damage > 0 || us.Rescue || us.Out || ts.Sunk {
			continue
		}
		value := s.escortValue(u).Attack
		var mods []engine.Modifier
		if s.rules.data.Scenario.Storms {
			mods = append(mods, engine.Modifier{Value: -2, Reason: "storms", Case: "14.1"})
		}
		total := value + sumMods(mods)
		gunsOnly := us.Depleted // 8.5.4: only 8.5.3's gunfire and ramming are left
		if gunsOnly && !(first && u.Type == Surface) {
			s.note("8.5.4", "The %s has spent its depth charges: it takes no part in the attack.", u.Name())
			continue
		}
		f := s.die(20)
		result := "miss"
		switch {
		case first && u.Type == Surface && f == 1:
			result = "rammed: the U-boat sunk, the escort damaged (8.5.3)"
			ts.Sunk = true
			s.damage(id)
		case first && u.Type == Surface && f == 2:
			result = "gunfire: the U-boat sunk (8.5.3)"
			ts.Sunk = true
		case gunsOnly:
			result = "no depth charges left: only gunfire or ramming (8.5.4)"
		case f <= total/2:
			result, ts.Sunk = fmt.Sprintf("half the attack (%d) or less: the U-boat sunk", total/2), true
		case f <= total:
			ts.Damage++
			result = "the U-boat damaged"
			if ts.Damage >= 2 {
				result, ts.Sunk = "the U-boat damaged again: sunk (8.7)", true
			}
		}
		if n := s.house().Depletion[u.Type]; n > 0 && f >= n && !gunsOnly {
			us.Depleted = true
			result += fmt.Sprintf("; %d ≥ depletion %d: no more attacks but by gunfire or ramming (8.5.4)", f, n)
		}
		s.emit(engine.Event{Kind: engine.KindRoll, Case: "8.5", Roll: &engine.Roll{Case: "8.5", Purpose: fmt.Sprintf("%s attacks %s", u.Name(), target.Name()),
			Dice: "1d20", Faces: []int{f}, Natural: f, Modifiers: mods, Total: total, Result: result,
			Target: &engine.Target{Name: "attack", Base: value}}})
	}
	if ts.Sunk {
		s.outOfPlay(target.ID) // 11.6
	}
}

// shootEscort is 8.3: one roll at the face-down escort card the U-boat
// chose: 2 or less if detected, half its attack value or less if not; a hit
// damages the escort (TW-A5). A blank or an air escort is no target (TW-A33).
func (s *State) shootEscort(e *Engagement, boat Unit, slot int, detected bool) {
	if slot < 0 || slot >= len(e.Group) {
		return
	}
	id := e.Group[slot]
	u := s.unit(id)
	if u.Type != Surface || s.Units[id].Out {
		s.note("8.3", "The U-boat fires at face-down card %d: %s, no target for a torpedo (TW-A33).", slot+1, u.Name())
		return
	}
	// 8.3.2: undetected, half the attack value (storms first, TW-A26),
	// no attack card modifier (8.2); 8.3.1: detected, a flat 2.
	value := s.rules.data.Units.UBoat[boat.Quality].Attack
	var mods []engine.Modifier
	if s.rules.data.Scenario.Storms {
		mods = append(mods, engine.Modifier{Value: -2, Reason: "storms", Case: "14.1"})
	}
	need, cas := (value+sumMods(mods))/2, "8.3.2"
	target := &engine.Target{Name: "half attack", Base: value, Halved: true}
	if detected {
		need, cas, mods = 2, "8.3.1", nil
		target = &engine.Target{Name: "detected boat's hit number", Base: 2}
	}
	f := s.die(20)
	result := "miss"
	if f <= need {
		result = "hit: the escort damaged"
		s.damage(id)
	}
	s.emit(engine.Event{Kind: engine.KindRoll, Case: cas, Roll: &engine.Roll{Case: cas, Purpose: fmt.Sprintf("%s fires at %s", boat.Name(), u.Name()),
		Dice: "1d20", Faces: []int{f}, Natural: f, Modifiers: mods, Total: need, Result: result, Target: target}})
}

// shootFlak is the house procedure for flak (8.1.4, TW-A4): 1d20 at one air
// escort, damaging it on the scenario's flak number plus the card's
// modifier or less, at the same time as the air attack.
// It returns the escort hit (-1: none).
func (s *State) shootFlak(e *Engagement, slot, mod int) int {
	if slot < 0 || slot >= len(e.Group) {
		return -1
	}
	id := e.Group[slot]
	u := s.unit(id)
	if u.Type != Air {
		s.note("8.1.4", "The flak aims at face-down card %d: %s, nothing to hit.", slot+1, u.Name())
		return -1
	}
	need := s.house().FlakHit + mod
	f := s.die(20)
	result, hit := "miss", -1
	if f <= need {
		result, hit = "hit: the aircraft damaged", id
	}
	s.emit(engine.Event{Kind: engine.KindRoll, Case: "8.1.4", Roll: &engine.Roll{Case: "8.1.4", Purpose: "Flak at " + u.Name(),
		Dice: "1d20", Faces: []int{f}, Natural: f, Modifiers: []engine.Modifier{{Value: mod, Reason: "flak card", Case: "12.1"}}, Total: need, Result: result,
		Target: &engine.Target{Name: "flak (house value)", Base: s.house().FlakHit}}})
	return hit
}

// attrition is the bracketed 11.1 and 11.2 (TW-A13): the escorts of a
// continuation attack leave play for good, and so does a U-boat it detected.
func (s *State) attrition(e *Engagement) {
	var blanks []int
	for _, id := range e.Group {
		switch {
		case s.unit(id).Type == Blank:
			blanks = append(blanks, id)
		case !s.Units[id].Out:
			s.Hands[Escorts].OOBHand = remove(s.Hands[Escorts].OOBHand, id)
			s.outOfPlay(id)
		}
	}
	s.escortsHome(blanks) // blanks are no escorts: they go where blanks go (TW-A14)
	if h := s.Held; h != nil && h.Target == e.Target {
		s.Held = nil
		if !s.Units[e.Target].Out {
			s.outOfPlay(e.Target)
		}
	}
	s.note("11.1", "Continuation attrition: the escorts of the continuation attack leave play, and a U-boat it detected with them (11.2).")
}

// damage marks an escort damaged: twice is destroyed (8.7); a damaged
// escort leaves play once the attacks are over (11.5).
func (s *State) damage(id int) {
	us := &s.Units[id]
	us.Damage++
	if us.Damage >= 2 {
		us.Sunk = true
	}
	s.outOfPlay(id)
}

// escortsHome sends a group back to the escort player's OOB hand (9.1-9.3):
// damaged or sunk escorts are out of play (11.5, 11.6), and so are revealed
// blanks under escort_blanks=discard (TW-A14).
func (s *State) escortsHome(group []int) {
	for _, id := range group {
		switch {
		case s.Units[id].Out:
		case s.unit(id).Type == Blank && s.ruling("escort_blanks") == "discard":
			s.outOfPlay(id)
		default:
			s.toHand(Escorts, id)
		}
	}
}

// releaseHeld ends a held attack: the escorts go home, the U-boat back to
// the OOB deck if unhurt (10.2), out of play if damaged (11.5).
func (s *State) releaseHeld() {
	h := s.Held
	s.Held = nil
	s.escortsHome(h.Group)
	if s.Units[h.Target].Out {
		return
	}
	if s.Units[h.Target].Damage > 0 {
		s.outOfPlay(h.Target)
		return
	}
	s.Hands[UBoats].OOBDeck = append(s.Hands[UBoats].OOBDeck, h.Target)
}

func (s *State) toHand(side Side, id int) {
	h := &s.Hands[side]
	if !has(h.OOBHand, id) {
		h.OOBHand = append(h.OOBHand, id)
	}
}

func (s *State) outOfPlay(id int) {
	s.Units[id].Out = true
	if !has(s.OutOfPlay, id) {
		s.OutOfPlay = append(s.OutOfPlay, id)
	}
	for side := range s.Hands {
		s.Hands[side].OOBHand = remove(s.Hands[side].OOBHand, id)
	}
}

func (s *State) escortValue(u Unit) UnitValue {
	if u.Type == Air {
		return s.rules.data.Units.Air[u.Quality]
	}
	return s.rules.data.Units.Surface[u.Quality]
}

func sumMods(ms []engine.Modifier) int {
	t := 0
	for _, m := range ms {
		t += m.Value
	}
	return t
}

// score is a side's points this game, each unit counted once at its final
// state (12, TW-A23).
func (s *State) score(side Side) int {
	total := 0
	if side == UBoats {
		total = s.ConvoySunk
	}
	for id, us := range s.Units {
		u := s.unit(id)
		switch {
		case side == UBoats && u.Side == Escorts && u.Type != Blank:
			if us.Sunk {
				total += 2
			} else if us.Damage > 0 && s.ruling("escort_damage_scores") == "yes" {
				total++
			}
		case side == Escorts && u.Type == UBoat:
			v := s.rules.data.Units.UBoat[u.Quality]
			if us.Sunk {
				total += v.SunkPoints
			} else if us.Damage > 0 {
				total += v.DamagedPoints
			}
		}
	}
	return total
}
