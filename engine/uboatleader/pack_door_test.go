package uboatleader

import (
	"errors"
	"io/fs"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine"
)

// U-Boat Leader's descriptor opens the pack door (engine.PackKit): its
// house pack, loaded through the door, is the one the rules play, a pack
// with problems is an engine.PackError, and With offers the packs given.
func TestDescriptorOpensThePackDoor(t *testing.T) {
	r, err := NewRules()
	if err != nil {
		t.Fatal(err)
	}
	g := Game(r, nil)
	if _, err := engine.NewRegistry(g); err != nil {
		t.Fatal(err)
	}
	k := g.Packs
	house, err := k.House()
	if err != nil || house.ID != HousePackName || house.SHA256 != r.packs[0].SHA256 || !strings.Contains(house.Summary, "campaign(s)") {
		t.Fatalf("the house pack through the door: %+v %v", house, err)
	}
	sub, _ := fs.Sub(housePack, "packs/house")
	loaded, err := k.Load(sub)
	if err != nil || loaded.SHA256 != house.SHA256 {
		t.Fatalf("the house pack's files loaded through the door: %v", err)
	}
	if len(k.Template()) != len(k.Files) || k.Files[0] != "pack.yaml" {
		t.Fatalf("template %d files, door %v", len(k.Template()), k.Files)
	}
	var pe *engine.PackError
	if _, err := k.Load(fs.FS(emptyFS{})); err == nil || !errors.As(err, &pe) || len(pe.Problems) != len(k.Files) {
		t.Fatalf("an empty directory: %v", err)
	}
	with, err := k.With([]*engine.Pack{house, loaded})
	if err != nil {
		t.Fatal(err)
	}
	if rw := with.Rules.(*Rules); len(rw.packs) != 2 || rw.packs[0] != house.Content || rw.packs[1] != loaded.Content || with.Packs == nil {
		t.Fatalf("the packs offered: %v", rw.packs)
	}
	if _, err := k.With([]*engine.Pack{{ID: "stray", Content: 42}}); err == nil {
		t.Fatal("a pack of another game was played")
	}
}

type emptyFS struct{}

func (emptyFS) Open(name string) (fs.File, error) { return nil, fs.ErrNotExist }
