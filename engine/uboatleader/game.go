package uboatleader

import "github.com/kaleun/kaleun/engine"

// Game is U-Boat Leader's descriptor: a flotilla's campaign over a content
// pack, solitaire. il draws its pictures (engine/uboatleader/pictures), nil
// for text only.
func Game(r *Rules, il engine.Illustrator) *engine.Game {
	return &engine.Game{
		Name:         r.Name(),
		Title:        "U-Boat Leader",
		Summary:      "U-Boat Leader, the solitaire fleet campaign",
		UsageHint:    "new campaign:opening length:short | status | fleet | map | display | help",
		Rules:        r,
		RulesVersion: r.RulesVersion(),
		Setup:        r.SetupFields(),
		Views:        r.ViewSpecs(),
		ScoreUnit:    r.ScoreUnit(),
		Illustrator:  il,
		RenderHelp:   "map, or display while a battle is on it",
		Simulator:    simulator{r},
		Packs:        packKit(il),
		Words:        engine.Words{Player: "Kommandant", Games: "campaigns"},
	}
}
