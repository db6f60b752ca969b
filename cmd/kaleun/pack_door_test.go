package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/example"
)

// With two games reading packs, a pack's directory goes to the game whose
// files it holds, and each game's owner packs reach that game alone
// through its door's With.
func TestPacksGoToTheGameWhoseFilesTheyHold(t *testing.T) {
	var got = map[string][]string{}
	kit := func(name string, files ...string) *engine.Game {
		g := example.Game()
		g.Name = name
		g.Packs = &engine.PackKit{
			Files: files, SetupKey: "x", TemplateNote: "-",
			Template: func() map[string][]byte { return nil },
			Load: func(fsys fs.FS) (*engine.Pack, error) {
				b, err := fs.ReadFile(fsys, files[0])
				if err != nil {
					return nil, err
				}
				return &engine.Pack{ID: string(b), SHA256: name + string(b)}, nil
			},
			House: func() (*engine.Pack, error) { return &engine.Pack{ID: "house", SHA256: name + "house"}, nil },
			With: func(packs []*engine.Pack) (*engine.Game, error) {
				for _, p := range packs {
					got[name] = append(got[name], p.ID)
				}
				return example.Game(), nil
			},
		}
		return g
	}
	one, two := kit("one", "one.yaml"), kit("two", "two.yaml", "more.yaml")
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "two.yaml"), []byte("mine"), 0o644)
	os.WriteFile(filepath.Join(dir, "more.yaml"), []byte("x"), 0o644)
	if g := packGame([]*engine.Game{one, two}, dir); g != two {
		t.Fatalf("the pack went to %s", g.Name)
	}
	if _, err := withPacks([]*engine.Game{one, two}, []string{dir}); err != nil {
		t.Fatal(err)
	}
	if len(got["one"]) != 0 || len(got["two"]) != 2 || got["two"][0] != "house" || got["two"][1] != "mine" {
		t.Fatalf("the packs offered: %v", got)
	}
}
