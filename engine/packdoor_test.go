package engine

import (
	"errors"
	"io/fs"
	"strings"
	"testing"
)

type doorTestPack struct{ id string }

// TypedPackKit's With takes the game's own packs back, refuses another
// game's (or none), and its Load and House show each pack with its content.
func TestTypedPackKitHandsTheGameItsOwnPacks(t *testing.T) {
	var got []*doorTestPack
	kit := TypedPackKit(PackKit{SetupKey: "pack"}, PackDoor[doorTestPack]{
		Name: "g", Noun: "a G pack",
		Load:  func(fs.FS) (*doorTestPack, error) { return nil, errors.New("unreadable") },
		House: func() (*doorTestPack, error) { return &doorTestPack{id: "house"}, nil },
		Show:  func(p *doorTestPack) *Pack { return &Pack{ID: p.id} },
		Game:  func(ps []*doorTestPack) *Game { got = ps; return &Game{Name: "g"} },
	})
	house, err := kit.House()
	if err != nil || house.ID != "house" || house.Content.(*doorTestPack).id != "house" {
		t.Fatalf("house: %+v %v", house, err)
	}
	if _, err := kit.Load(nil); err == nil || err.Error() != "unreadable" {
		t.Fatalf("a load's error is the game's own: %v", err)
	}
	if g, err := kit.With([]*Pack{house}); err != nil || g.Name != "g" || len(got) != 1 || got[0].id != "house" {
		t.Fatalf("with the house pack: %v %v", g, err)
	}
	if _, err := kit.With([]*Pack{{ID: "other", Content: "not mine"}}); err == nil || !strings.Contains(err.Error(), "g: pack other is not a G pack") {
		t.Fatalf("another game's pack: %v", err)
	}
	if _, err := kit.With(nil); err == nil || !strings.Contains(err.Error(), "no pack to play") {
		t.Fatalf("no pack: %v", err)
	}
}
