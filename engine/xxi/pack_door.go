package xxi

import (
	"io/fs"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/xxi/content"
)

// packKit is XXI's door for content packs (engine.PackKit), the machinery
// U-Boat Leader's packs use: `kaleun pack template xxi`, `kaleun pack
// check DIR`, --pack DIR and a server's configured packs reach the game's
// packs through it alone. il is kept when the owner's packs are added.
func packKit(il engine.Illustrator) *engine.PackKit {
	return engine.TypedPackKit(engine.PackKit{
		Files:        content.Files(),
		SetupKey:     "pack",
		Template:     content.Template,
		TemplateNote: `each file explains its fields, and its lines starting with "#| " are the house pack, which checks clean once uncommented`,
	}, engine.PackDoor[content.Pack]{
		Name: "xxi", Noun: "an XXI pack",
		Load:  func(fsys fs.FS) (*content.Pack, error) { return content.Load(fsys, ".") },
		House: content.LoadHousePack,
		Show:  (*content.Pack).Door,
		Game:  func(ps []*content.Pack) *engine.Game { return Game(NewRulesWith(ps...), il) },
	})
}
