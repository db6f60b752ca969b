package audit

import "github.com/kaleun/kaleun/engine"

// Withheld says why a running game's log may not be shown yet, "" when it
// may: a game with hidden cards keeps its log (and so its replay and its
// export) until it ends, and any game keeps it while a secret choice is
// pending, as the log names the choice already made. The chat's audit
// command and the web pages refuse by this one rule.
func Withheld(st engine.State) string {
	if st == nil || st.Outcome() != nil {
		return ""
	}
	if engine.HasPrivateViews(st) {
		return WithheldCards
	}
	for _, p := range engine.PendingAll(st) {
		if p.Secret {
			return WithheldSecret
		}
	}
	return ""
}

// The reasons Withheld gives.
const (
	WithheldCards  = "the log would tell the players' hidden cards: it is shown once the game ends, with the dice seed"
	WithheldSecret = "a secret choice is pending, and the log would show the one already made: it is shown once both choices are revealed"
)
