package duel

// rulesVersion names the two-player game's own rules (13.1); a duel plays
// The Hunters' rules too, so its version names both.
const rulesVersion = "hunters-duel/2"

// RulesVersion implements engine.Versioned.
func (r *Rules) RulesVersion() string { return rulesVersion + " on " + r.hunters.RulesVersion() }
