package xxi

import (
	"fmt"
	"io/fs"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/xxi/content"
)

// packKit is XXI's door for content packs (engine.PackKit), the machinery
// U-Boat Leader's packs use: `kaleun pack template xxi`, `kaleun pack
// check DIR`, --pack DIR and a server's configured packs reach the game's
// packs through it alone. il is kept when the owner's packs are added.
func packKit(il engine.Illustrator) *engine.PackKit {
	return &engine.PackKit{
		Files:        content.Files(),
		SetupKey:     "pack",
		Template:     content.Template,
		TemplateNote: `each file explains its fields, and its lines starting with "#| " are the house pack, which checks clean once uncommented`,
		Load: func(fsys fs.FS) (*engine.Pack, error) {
			p, err := content.Load(fsys, ".")
			if err != nil {
				return nil, err
			}
			return p.Door(), nil
		},
		House: func() (*engine.Pack, error) {
			p, err := content.LoadHousePack()
			if err != nil {
				return nil, err
			}
			return p.Door(), nil
		},
		With: func(packs []*engine.Pack) (*engine.Game, error) {
			ps := make([]*content.Pack, 0, len(packs))
			for _, p := range packs {
				q, ok := p.Content.(*content.Pack)
				if !ok {
					return nil, fmt.Errorf("xxi: pack %s is not an XXI pack", p.ID)
				}
				ps = append(ps, q)
			}
			if len(ps) == 0 {
				return nil, fmt.Errorf("xxi: no pack to play")
			}
			return Game(NewRulesWith(ps...), il), nil
		},
	}
}
