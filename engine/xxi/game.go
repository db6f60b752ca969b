package xxi

import (
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/xxi/pictures"
)

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
		Undo:         r,
		Packs:        packKit(il),
		Words:        engine.Words{Player: "Minister"},
	}
}

// Registered is the descriptor cmd/kaleun registers in its one line: the
// house pack and the pictures (engine/xxi/pictures). Both are embedded, and
// their tests load them, so a failure here is a build mistake: it panics
// at start rather than leave a game without its content.
func Registered() *engine.Game {
	r, err := NewRules()
	if err != nil {
		panic("xxi: the embedded house pack does not load: " + err.Error())
	}
	il, err := pictures.NewIllustrator()
	if err != nil {
		panic("xxi: the pictures do not load: " + err.Error())
	}
	return Game(r, il)
}
