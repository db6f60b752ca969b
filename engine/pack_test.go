package engine_test

import (
	"io/fs"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/example"
)

// A game's pack door is checked when the game is registered: a door that
// lacks a part, or whose packs answer a question the game does not ask,
// fails at start with one error naming the game, not as `kaleun pack`
// failing later in a player's hands.
func TestPackDoorIsCheckedAtRegistration(t *testing.T) {
	full := func() *engine.PackKit {
		return &engine.PackKit{
			Files: []string{"pack.yaml"}, SetupKey: "", TemplateNote: "each file explains its fields",
			Template: func() map[string][]byte { return nil },
			Load:     func(fs.FS) (*engine.Pack, error) { return nil, nil },
			House:    func() (*engine.Pack, error) { return &engine.Pack{ID: "house"}, nil },
			With:     func([]*engine.Pack) (*engine.Game, error) { return nil, nil },
		}
	}
	g := example.Game()
	if len(g.Setup) == 0 {
		t.Fatal("the example game asks nothing: no setup key to answer")
	}
	key := g.Setup[0].Key
	for _, c := range []struct {
		name string
		edit func(k *engine.PackKit)
		want string
	}{
		{"complete", func(k *engine.PackKit) { k.SetupKey = key }, ""},
		{"no files", func(k *engine.PackKit) { k.SetupKey, k.Files = key, nil }, "a pack kit without Files"},
		{"no loader", func(k *engine.PackKit) { k.SetupKey, k.Load = key, nil }, "a pack kit without SetupKey, Template, TemplateNote, Load, House or With"},
		{"a key nobody asks", func(k *engine.PackKit) { k.SetupKey = "nosuchquestion" }, `its packs answer "nosuchquestion", which is no setup field`},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := example.Game()
			g.Packs = full()
			c.edit(g.Packs)
			r, err := engine.NewRegistry(g)
			if c.want == "" {
				if err != nil || len(r.PackGames()) != 1 {
					t.Fatalf("a complete door: %v, %d pack games", err, len(r.PackGames()))
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), g.Name) {
				t.Fatalf("want an error naming %s and saying %q, got %v", g.Name, c.want, err)
			}
		})
	}
	if r, err := engine.NewRegistry(example.Game()); err != nil || len(r.PackGames()) != 0 {
		t.Fatalf("a game without packs is no pack game: %v", err)
	}
}

// A pack's problems read as one line each after the pack's name.
func TestPackErrorListsEveryProblem(t *testing.T) {
	e := &engine.PackError{Pack: "mine", Problems: []string{"a.yaml: one", "b.yaml: two"}}
	if got, want := e.Error(), "pack mine: 2 problems:\n  a.yaml: one\n  b.yaml: two"; got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
	if got := (&engine.PackError{Pack: "p", Problems: []string{"x"}}).Error(); got != "pack p: 1 problem:\n  x" {
		t.Fatalf("one problem: %q", got)
	}
}
