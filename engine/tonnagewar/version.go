package tonnagewar

// rulesVersion names kaleun's reading of Tonnage War. Change it (and add a
// row to "Rules versions" in docs/auditors/dice.md) whenever a change of this package
// changes what a game replays to: TestRulesVersion fails until you do.
const rulesVersion = "tonnagewar/1"

// RulesVersion implements engine.Versioned.
func (r *Rules) RulesVersion() string { return rulesVersion }
