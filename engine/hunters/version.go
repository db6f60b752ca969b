package hunters

// rulesVersion names kaleun's reading of The Hunters. Change it (and add a
// row to "Rules versions" in docs/auditors/dice.md) whenever a change of this package
// changes what a game replays to: TestRulesVersion fails until you do. An
// audit log records the version each decision was played under.
const rulesVersion = "hunters/3"

// RulesVersion implements engine.Versioned.
func (r *Rules) RulesVersion() string { return rulesVersion }
