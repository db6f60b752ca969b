package engine

// What belongs to a state, not to its game: behaviours a state may have or
// not from one moment to the next, or that only the state can answer. A
// state opts in by implementing the interface; the layers above reach it
// only through these functions, so the type assertions live here, once:
//
//   - Multi: several prompts pending at once (PendingAll)
//   - PrivateViews: a seat's own view (ViewFor, PrivateViewOf)
//   - Pinned: a view kept posted and up to date (PinnedViewOf)
//   - Routine, RoutineFor: an absent player's routine choice (RoutineChoice)
//   - Absence: what the rules do with an absent player's prompt (AbsentChoice)
//   - Advisor: the odds of a pending prompt (AdvisorOf)
//   - Summarized: where each career stands, for leaderboards (SummariesOf)

// PendingAll is every prompt a state waits for: Multi's, else its one
// pending prompt (none once the game is over).
func PendingAll(st State) []*Prompt {
	if m, ok := st.(Multi); ok {
		return m.PendingAll()
	}
	if p := st.Pending(); p != nil {
		return []*Prompt{p}
	}
	return nil
}

// IsMulti says whether a state's players answer at their own pace.
func IsMulti(st State) bool {
	_, ok := st.(Multi)
	return ok
}

// PrivateViewOf names the view only its seat may see, "" when the state
// hides nothing.
func PrivateViewOf(st State) string {
	if pv, ok := st.(PrivateViews); ok {
		return pv.PrivateView()
	}
	return ""
}

// HasPrivateViews says whether a state has hidden information.
func HasPrivateViews(st State) bool {
	_, ok := st.(PrivateViews)
	return ok
}

// ViewFor is a view as one seat may see it; ok is false when the state
// has no private views.
func ViewFor(st State, seat, name string) (v *View, ok bool, err error) {
	pv, ok := st.(PrivateViews)
	if !ok {
		return nil, false, nil
	}
	v, err = pv.ViewFor(seat, name)
	return v, true, err
}

// PinnedViewOf names the view a state keeps posted, "" for none.
func PinnedViewOf(st State) string {
	if p, ok := st.(Pinned); ok {
		return p.PinnedView()
	}
	return ""
}

// HasRoutine says whether a state's game can take routine decisions.
func HasRoutine(st State) bool {
	_, ok := st.(Routine)
	return ok
}

// RoutineChoice is the built-in player's key for the prompt a token names
// (RoutineFor in a game of several prompts; token "" asks Routine for the
// one pending prompt), and false when the decision is not routine or the
// state has no routine.
func RoutineChoice(st State, token string) (string, bool) {
	r, ok := st.(Routine)
	if !ok {
		return "", false
	}
	if rf, multi := st.(RoutineFor); multi && token != "" {
		return rf.RoutineChoiceFor(token)
	}
	return r.RoutineChoice()
}

// AbsentChoice is what the rules press for an absent player's prompt at its
// deadline, and why; false when the rules say nothing.
func AbsentChoice(st State, token string) (key, why string, ok bool) {
	if a, is := st.(Absence); is {
		return a.AbsentChoice(token)
	}
	return "", "", false
}

// AdvisorOf is a state's advisor, false when it has none.
func AdvisorOf(st State) (Advisor, bool) {
	a, ok := st.(Advisor)
	return a, ok
}

// SummariesOf is where each of a state's careers stands, false when the
// state cannot say.
func SummariesOf(st State) ([]Summary, bool) {
	s, ok := st.(Summarized)
	if !ok {
		return nil, false
	}
	return s.Summaries(), true
}
