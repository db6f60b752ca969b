package uboatleader

// RoutineChoice implements engine.Routine: at a deadline, for a player who
// chose autopilot, the built-in player takes the decisions that change no
// plan of his: the order the escorts and the enemy ships act in (their
// moves and rolls are the rules'), where a ship drifts in the wake. Never
// whether to fight, whom to aim at, where to sail or what to buy.
func (s *State) RoutineChoice() (string, bool) {
	t, a := s.current()
	if a == nil || !ops[t.Op].routine {
		return "", false
	}
	return BuiltIn(s), true
}
