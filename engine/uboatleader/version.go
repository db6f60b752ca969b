package uboatleader

// rulesVersion names kaleun's reading of U-Boat Leader. Change it (and add a
// row to "Rules versions" in docs/auditors/dice.md) whenever a change of this package
// changes what a game replays to: TestRulesVersion fails until you do.
const rulesVersion = "uboatleader/3"

// RulesVersion implements engine.Versioned.
func (r *Rules) RulesVersion() string { return rulesVersion }
