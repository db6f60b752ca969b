package hunters

import "fmt"

// CombatSheet is what the combat mat (9.1) shows, ready to be drawn.
type CombatSheet struct {
	Title    string // "Convoy"
	Subtitle string // "U-552 · Type VIIC · Mar-42"
	Time     string // "Night" or "Day"
	Range    string // "Close range", or "" before one is chosen
	Posture  string // "Surfaced", "Submerged", or "" before the approach
	Escort   string // "Escorted", "Escorted · Veteran escort", "Unescorted"
	Wolfpack string // the wolfpack marker (7.2.2), "" off a wolfpack patrol
	Round    string // "Combat round 2 · escort round 1"
	Weapons  string // what the boat still has to fire
	Targets  []TargetCard
	// Incoming is the hits the last depth-charge or air attack scored.
	Incoming int
	// LastAttack says what that attack did ("Last attack on the boat: 3
	// hits", "...: U-boat sunk"), "" before one.
	LastAttack string
	// Aiming is the slot being aimed now, "" when not aiming.
	Aiming string
	// Fate is the boat's end when the engagement ended the career (see
	// DisplaySheet.Fate), "" while she fights on.
	Fate string
}

// TargetCard is one column of the combat mat.
type TargetCard struct {
	Column         int // 1-4 (9.1.1)
	Kind, Name     string
	Tons           int
	Points, Damage int
	Sunk           bool
	Hits           int      // hits that exploded in this round's salvo
	Salvo          []string // the tubes or ammo points aimed at it
}

// CombatSheet returns the combat mat while a ship encounter is on it; false
// when there is none (in port, under way, or an aircraft).
func (s *State) CombatSheet() (CombatSheet, bool) {
	e := s.Enc
	if e == nil || len(e.Targets) == 0 || e.Ended {
		return CombatSheet{}, false
	}
	b := &s.Boat
	c := CombatSheet{
		Title:    capitalised(pretty(e.Type)),
		Subtitle: fmt.Sprintf("%s · Type %s · %s", b.Number, typeName(b.Type), s.Career.Month.Label()),
		Time:     "Day",
		Escort:   "Unescorted",
		Incoming: e.Incoming,
		Fate:     s.fateLine(),
	}
	if e.Night {
		c.Time = "Night"
	}
	switch {
	case e.IncomingSunk && e.Incoming > 0:
		c.LastAttack = fmt.Sprintf("Last attack on the boat: %s, U-boat sunk", plural(e.Incoming, "hit", "hits"))
	case e.IncomingSunk:
		c.LastAttack = "Last attack on the boat: U-boat sunk"
	case e.Incoming > 0:
		c.LastAttack = "Last attack on the boat: " + plural(e.Incoming, "hit", "hits")
	}
	if e.Range != "" {
		c.Range = capitalised(pretty(e.Range)) + " range"
	}
	switch {
	case e.CombatRound == 0:
	case e.Surfaced:
		c.Posture = "Surfaced"
	default:
		c.Posture = "Submerged"
	}
	if e.Escorted {
		c.Escort = "Escorted"
		if e.Quality != "" {
			c.Escort += " · " + capitalised(pretty(e.Quality)) + " escort" // 14.6
		}
	}
	if s.Patrol != nil && s.Patrol.Wolfpack && e.Type == "convoy" {
		c.Wolfpack = s.wolfpackMarker()
	}
	if e.CombatRound > 0 {
		c.Round = fmt.Sprintf("Combat round %d", e.CombatRound)
	}
	if e.Round > 0 {
		if c.Round != "" {
			c.Round += " · "
		}
		c.Round += fmt.Sprintf("escort round %d", e.Round)
	}
	c.Weapons = s.tubesLine(true) + " · " + s.tubesLine(false)
	if s.mat().DeckGun != nil {
		c.Weapons += fmt.Sprintf(" · deck gun ammo %d", b.Ammo)
	}
	for i, t := range e.Targets {
		card := TargetCard{
			Column: i + 1, Kind: pretty(t.Kind), Name: t.Name, Tons: t.Tons,
			Points: t.Points, Damage: t.Damage, Sunk: t.Sunk, Hits: t.Hits,
		}
		if t.Kind == "capital_ship" {
			card.Kind = t.Class
		}
		c.Targets = append(c.Targets, card)
	}
	if e.Weapon != "" {
		slots := s.aimSlots()
		for i, target := range e.Aim {
			if target >= 0 && target < len(c.Targets) && i < len(slots) {
				c.Targets[target].Salvo = append(c.Targets[target].Salvo, slots[i].short())
			}
		}
		if e.AimIdx < len(slots) && s.Phase == phAim {
			c.Aiming = slots[e.AimIdx].short()
		}
	}
	return c, true
}

// wolfpackMarker reads the wolfpack roll of the engagement (7.2.2, 7.2.3).
func (s *State) wolfpackMarker() string {
	e := s.Enc
	switch {
	case !e.WolfRolled:
		return "Wolfpack patrol: escorts rolled when the attack begins (7.2.2)"
	case e.Wolfpack < 0:
		return fmt.Sprintf("Wolfpack: escorts busy, %+d to detection (7.2.2)", e.Wolfpack)
	case e.Wolfpack > 0:
		return fmt.Sprintf("Wolfpack: escorts focused, %+d to detection (7.2.2)", e.Wolfpack)
	}
	return "Wolfpack: no modifier (radio inoperable, 7.2.3)"
}

// tubesLine says how many tubes are loaded and whether they can fire.
func (s *State) tubesLine(fwd bool) string {
	tubes, doors, name := s.Boat.Aft, sysAftDoors, "Aft"
	if fwd {
		tubes, doors, name = s.Boat.Fwd, sysFwdDoors, "Fwd"
	}
	line := fmt.Sprintf("%s %d loaded", name, loaded(tubes))
	if s.damaged(doors) {
		line += " (doors damaged: cannot fire)" // E5
	}
	return line
}

func loaded(tubes []string) int {
	n := 0
	for _, t := range tubes {
		if isTorpedo(t) {
			n++
		}
	}
	return n
}

func capitalised(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}
