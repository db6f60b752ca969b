package wolfpack

// rulesVersion names the wolfpack's own rules (13.5); a pack plays The
// Hunters' rules too, so its version names both.
const rulesVersion = "hunters-wolfpack/3"

// RulesVersion implements engine.Versioned.
func (r *Rules) RulesVersion() string { return rulesVersion + " on " + r.hunters.RulesVersion() }
