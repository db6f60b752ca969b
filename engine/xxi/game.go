package xxi

import "github.com/kaleun/kaleun/engine"

// Game is XXI's descriptor: the solitaire production war over a content
// pack. il draws its pictures (engine/xxi/pictures), nil for text only.
func Game(r *Rules, il engine.Illustrator) *engine.Game {
	return &engine.Game{
		Name:         r.Name(),
		Title:        "XXI: The Naval Wonder Weapon",
		Summary:      "XXI: The Naval Wonder Weapon 1943-1945, the solitaire production war",
		UsageHint:    "new pack:house draws:cup | status | map | variants | data | help",
		Rules:        r,
		RulesVersion: r.RulesVersion(),
		Setup:        r.SetupFields(),
		Views:        r.ViewSpecs(),
		Illustrator:  il,
		Simulator:    simulator{r},
		Packs:        packKit(il),
		Words:        engine.Words{Player: "Minister"},
	}
}
