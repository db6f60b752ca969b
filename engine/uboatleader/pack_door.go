package uboatleader

import (
	"fmt"
	"io/fs"
	"strings"

	"github.com/kaleun/kaleun/engine"
)

// packKit is U-Boat Leader's door for content packs (engine.PackKit): the
// commands reach its packs through it alone. il is the descriptor's
// illustrator, kept when the owner's packs are added.
func packKit(il engine.Illustrator) *engine.PackKit {
	return engine.TypedPackKit(engine.PackKit{
		Files:        PackFiles(),
		SetupKey:     "pack",
		Template:     PackTemplate,
		TemplateNote: `each file explains its fields, and its lines starting with "#| " are a small example pack`,
	}, engine.PackDoor[Pack]{
		Name: "uboatleader", Noun: "a U-Boat Leader pack",
		Load:  func(fsys fs.FS) (*Pack, error) { return LoadPack(fsys, ".") },
		House: LoadHousePack,
		Show:  doorPack,
		Game:  func(ps []*Pack) *engine.Game { return Game(NewRulesWith(ps...), il) },
	})
}

// doorPack is what the pack door shows of a pack.
func doorPack(p *Pack) *engine.Pack {
	ships := len(p.Ships.Merchants) + len(p.Ships.Escorts) + len(p.Ships.EscortFleet) + len(p.Ships.Warships)
	return &engine.Pack{
		ID: p.Meta.ID, Name: p.Meta.Name, Label: p.Meta.Label, SHA256: p.SHA256,
		Summary: fmt.Sprintf("%d map(s), %d campaign(s) (%s), %d U-boats, %d Event, %d Convoy and %d ship cards, %d Escort Tactics counter kind(s)",
			len(p.Maps), len(p.Campaigns), strings.Join(p.CampaignIDs(), ", "), len(p.UBoats), len(p.Events), len(p.Convoys), ships, len(p.Tactics)),
		Content: p,
	}
}
