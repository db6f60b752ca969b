package hunters

// What the boat can still fire at ships, so that a prompt offers to attack,
// fight another round or follow only when some weapon could be used there.

// torpedoesFor counts the torpedoes one end can still fire this patrol: those
// in its tubes, and those in its reload box when a tube can take them (4.5.1:
// "Once the Reload Box for a given section is spent, no reload is possible";
// a tube holding a mine takes no torpedo, 7.4.2). An end whose torpedo doors
// are damaged or inoperable fires nothing (E5).
func (s *State) torpedoesFor(fwd bool) int {
	b := &s.Boat
	tubes, doors, reloads := b.Aft, sysAftDoors, b.AftA+b.AftE
	if fwd {
		tubes, doors, reloads = b.Fwd, sysFwdDoors, b.FwdA+b.FwdE
	}
	if s.damaged(doors) {
		return 0
	}
	n, free := 0, false
	for _, t := range tubes {
		switch {
		case isTorpedo(t):
			n++
			free = true
		case t == "":
			free = true
		}
	}
	if free {
		n += reloads
	}
	return n
}

// periscopeBlocks reports that a damaged periscope forbids submerged attacks
// (the damaged_periscope ruling).
func (s *State) periscopeBlocks() bool {
	return s.damaged(sysPeriscope) && s.Settings.ruling(rulDamagedPeriscope) == "no_submerged_attack"
}

// canAttack reports whether the boat has a weapon it may use against escorted
// or unescorted ships, by night or by day. Torpedoes serve against both; the
// deck gun only against unescorted ships (9.3.1: "Deck gunnery fire is never
// permitted when escorts are present"; 8.2.6's note: a boat with "only
// ammunition for your Deck Gun and no torpedoes" hopes for an unescorted
// target). By day among escorts the attack is submerged (9.4.6's note), which
// a damaged periscope may forbid.
func (s *State) canAttack(escorted, night bool) bool {
	torpedoes := s.torpedoesFor(true)+s.torpedoesFor(false) > 0
	if !escorted {
		return torpedoes || s.gunReady()
	}
	if !night && s.periscopeBlocks() {
		return false
	}
	return torpedoes
}
