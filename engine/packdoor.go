package engine

import (
	"fmt"
	"io/fs"
)

// PackDoor is what a game tells of its packs, whose own type is *P, for
// TypedPackKit to build its PackKit: the three games with packs differ only
// in these.
type PackDoor[P any] struct {
	// Name names the game in errors ("xxi"), and Noun its packs ("an XXI
	// pack").
	Name, Noun string
	// Load reads and checks a pack at the root of fsys; House is the
	// built-in one.
	Load  func(fsys fs.FS) (*P, error)
	House func() (*P, error)
	// Show is what the framework shows of a pack (its ID, label, digest,
	// summary); its Content is set to the pack.
	Show func(*P) *Pack
	// Game is the game's descriptor offering the packs, the house pack
	// first.
	Game func(packs []*P) *Game
}

// TypedPackKit is the PackKit of a game whose packs are *P: kit's Files,
// SetupKey, Template and TemplateNote, with Load, House and With built from
// door.
func TypedPackKit[P any](kit PackKit, door PackDoor[P]) *PackKit {
	show := func(p *P) *Pack {
		out := door.Show(p)
		out.Content = p
		return out
	}
	kit.Load = func(fsys fs.FS) (*Pack, error) {
		p, err := door.Load(fsys)
		if err != nil {
			return nil, err
		}
		return show(p), nil
	}
	kit.House = func() (*Pack, error) {
		p, err := door.House()
		if err != nil {
			return nil, err
		}
		return show(p), nil
	}
	kit.With = func(packs []*Pack) (*Game, error) {
		ps := make([]*P, 0, len(packs))
		for _, p := range packs {
			q, ok := p.Content.(*P)
			if !ok {
				return nil, fmt.Errorf("%s: pack %s is not %s", door.Name, p.ID, door.Noun)
			}
			ps = append(ps, q)
		}
		if len(ps) == 0 {
			return nil, fmt.Errorf("%s: no pack to play", door.Name)
		}
		return door.Game(ps), nil
	}
	return &kit
}
