package uboatleader

import "fmt"

// Battle is a contact fought on the tactical display (UBL-6): the Convoy
// card, its ships, the boats on the display and the markers.
type Battle struct {
	Convoy int    `json:"convoy"`
	Type   string `json:"type"`
	// Area is the map area: the Battle Location marker (UBL-6.5).
	Area  string   `json:"area"`
	Ships []Ship   `json:"ships"`
	Boats []OnDisp `json:"boats"`
	// Alerts are the Alert markers on the display (UBL-6.16).
	Alerts int `json:"alerts,omitempty"`
	Round  int `json:"round,omitempty"`
	// Active is the active boat; Contacts its Contact counter (UBL-6.1).
	Active   int `json:"active"`
	Contacts int `json:"contacts"`
	// Called are the boats called to the wolfpack at this set-up (UBL-6.6).
	Called []int `json:"called,omitempty"`
	// Plan is the attack being declared (UBL-6.13: declare, then roll).
	Plan []Shot `json:"plan,omitempty"`
	// Firing is the plan being resolved.
	Firing []Shot `json:"firing,omitempty"`
	// Attacks are the enemy attacks declared this round (UBL-6.18).
	Attacks []EnemyAttack `json:"attacks,omitempty"`
	// Acted are the escorts that have detected and moved this round.
	Acted []int `json:"acted,omitempty"`
	// Engaged: the boat fought (it did not withdraw, UBL-6.4).
	Engaged bool `json:"engaged,omitempty"`
	// Finished: no re-attack (a coup de grâce was given, UBL-6.26).
	Finished bool `json:"finished,omitempty"`
}

// Ship is a ship counter of the battle.
type Ship struct {
	Pos  string `json:"pos"`
	Kind string `json:"kind"`
	// Deck and Card: the card drawn when identified (UBL-6.8); Card 0 is
	// an unknown counter.
	Deck string `json:"deck,omitempty"`
	Card int    `json:"card,omitempty"`
	// Area on the display; Off: drifted off in the wake (UBL-6.10); Out:
	// heavily damaged and out of the battle after a re-attack (UBL-6.26).
	Area  string `json:"area"`
	Off   bool   `json:"off,omitempty"`
	Out   bool   `json:"out,omitempty"`
	Light int    `json:"light,omitempty"`
	Heavy int    `json:"heavy,omitempty"`
	Sunk  bool   `json:"sunk,omitempty"`
	// Tactics is the Escort Tactics counter on its card, 1-based (UBL-6.22).
	Tactics int `json:"tactics,omitempty"`
	// Gone: an escort taken off at a re-attack (UBL-6.26).
	Gone bool `json:"gone,omitempty"`
}

// OnDisp is a U-boat on the display.
type OnDisp struct {
	Boat     int    `json:"boat"`
	Area     string `json:"area"`
	Surfaced bool   `json:"surfaced,omitempty"`
	Detected bool   `json:"detected,omitempty"`
	Silent   bool   `json:"silent,omitempty"`
	Deep     bool   `json:"deep,omitempty"`
	// Crash: crash-dived this round (UBL-6.19).
	Crash bool `json:"crash,omitempty"`
	// Left: off the display (exited, drifted off or sunk).
	Left bool `json:"left,omitempty"`
	// Reloaded: the Type XXI's reload was used (UBL-9.1).
	Reloaded bool `json:"reloaded,omitempty"`
	// Attacked: it made an attack this round (UBL-6.16).
	Attacked bool `json:"attacked,omitempty"`
}

// Shot is one declared torpedo or gun attack.
type Shot struct {
	Ship int    `json:"ship"`
	Kind string `json:"kind"` // std, fat, t5, gun
}

// EnemyAttack is an enemy ship's attack this round and its target.
type EnemyAttack struct {
	Ship int `json:"ship"`
	On   int `json:"on"` // index in Battle.Boats
	// Numbers used: the surface or the submerged ones (UBL-6.18).
	Surface bool `json:"surface,omitempty"`
	Done    bool `json:"done,omitempty"`
}

// onDisplay: the ship is on the display and afloat.
func (sh *Ship) onDisplay() bool { return !sh.Sunk && !sh.Off && !sh.Out && !sh.Gone }

func (sh *Ship) known() bool { return sh.Card != 0 }

// escortKind: an escort, or a naval group's fleet escort.
func (sh *Ship) escort() bool { return sh.Kind == ShipEscort || sh.Kind == ShipFleetEscort }

// damage applies a hit (UBL-6.17 "Danni al Bersaglio"): light + light is
// heavy, heavy + heavy sinks; it reports whether the ship sank.
func (sh *Ship) damage(heavy bool) bool {
	if !heavy {
		if sh.Light == 0 {
			sh.Light = 1
			return false
		}
		sh.Light = 0
	}
	if sh.Heavy == 0 {
		sh.Heavy = 1
		return false
	}
	sh.Sunk = true
	return true
}

// damageMod is a damaged ship's penalty to its speed, detection and attack
// (UBL-1.6): -1 for light, -2 for heavy.
func (sh *Ship) damageMod() int { return sh.Light + 2*sh.Heavy }

func (sh *Ship) damageText() string {
	switch {
	case sh.Sunk:
		return "sunk"
	case sh.Heavy > 0 && sh.Light > 0:
		return "heavy and light damage"
	case sh.Heavy > 0:
		return "heavy damage"
	case sh.Light > 0:
		return "light damage"
	}
	return ""
}

func (s *State) shipCard(sh *Ship) *ShipCard {
	if sh.Card == 0 {
		return nil
	}
	return s.shipOf(sh.Deck, sh.Card)
}

// shipName names a ship: its card's name, or its unknown counter.
func (s *State) shipName(i int) string {
	sh := &s.Battle.Ships[i]
	if c := s.shipCard(sh); c != nil {
		return c.Name
	}
	return fmt.Sprintf("unknown %s %s", map[string]string{ShipMerchant: "merchant", ShipEscort: "escort", ShipWarship: "warship", ShipFleetEscort: "fleet escort"}[sh.Kind], sh.Pos)
}

// speed is a ship's speed: its card's or its unknown counter's, less its
// damage, never below 0 (UBL-6.10).
func (s *State) shipSpeed(sh *Ship) int {
	v := s.pack.Display.UnknownSpeed[sh.Kind]
	if c := s.shipCard(sh); c != nil {
		v = c.Speed
	}
	return max(0, v-sh.damageMod())
}

// boatSpeed is a U-boat counter's speed on its present side (UBL-1.6;
// UBL-9.1's Type XXI is faster submerged, which its card prints).
func (s *State) boatSpeed(d *OnDisp) int {
	c := s.card(&s.Fleet[d.Boat])
	if d.Surfaced {
		return c.Speed.Surfaced
	}
	return c.Speed.Submerged
}

func (s *State) dispOf(boat int) *OnDisp {
	if s.Battle == nil {
		return nil
	}
	for i := range s.Battle.Boats {
		if s.Battle.Boats[i].Boat == boat {
			return &s.Battle.Boats[i]
		}
	}
	return nil
}

// boatsOnDisplay are the indexes in Battle.Boats of the boats still there.
func (bt *Battle) boatsOn() []int {
	var out []int
	for i := range bt.Boats {
		if !bt.Boats[i].Left {
			out = append(out, i)
		}
	}
	return out
}

func (bt *Battle) shipsOn() []int {
	var out []int
	for i := range bt.Ships {
		if bt.Ships[i].onDisplay() {
			out = append(out, i)
		}
	}
	return out
}
