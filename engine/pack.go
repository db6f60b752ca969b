package engine

import (
	"fmt"
	"io/fs"
	"strings"
)

// PackKit is a game's door for content packs: the game whose components
// are not in its rulebook's text (maps, cards, counters) reads them from a
// pack, a directory of files its owner transcribes from his own copy, and a
// built-in house pack stands in until he does. The commands (`kaleun pack
// template GAME`, `kaleun pack check DIR`, --pack, a server's configured
// packs) reach a game's packs only through this, so that a second game with
// packs shares the machinery instead of copying it.
type PackKit struct {
	// Files are the names of a pack's files, its manifest (id, label,
	// provenance) first. A problem that starts with "NAME:" is about file
	// NAME, which the commands turn into its path.
	Files []string
	// SetupKey is the set-up question a pack's id answers (`new
	// pack:ID`), so that --pack DIR chooses the pack it gives.
	SetupKey string
	// Template is an empty pack with every field explained, by file name
	// (U-Boat Leader's lines that start with "#| " are, uncommented, a
	// small example pack that checks clean).
	Template func() map[string][]byte
	// TemplateNote says, after "wrote an empty pack to DIR (files): ",
	// how to read the template written.
	TemplateNote string
	// Load reads and checks the pack at the root of fsys (which the
	// commands open with internal/safefile, so that only the regular files
	// inside the pack's directory are read, each up to a limit). A pack with
	// problems is a *PackError listing them all, one line each; any other
	// error is about reading, not about the content.
	Load func(fsys fs.FS) (*Pack, error)
	// House is the built-in pack, the default one.
	House func() (*Pack, error)
	// With is the game's descriptor offering packs, the house pack first
	// and the default: it is how an owner's packs reach the game.
	With func(packs []*Pack) (*Game, error)
}

// Pack is a loaded content pack as the framework sees it: what names it,
// what it holds, and the digest a game played with it records.
type Pack struct {
	// ID names the pack at set-up; Name and Label are how players read it
	// (the label is on every view: "House content, not the publisher's").
	ID, Name, Label string
	// SHA256 is the hex digest of the pack's files: a game records it, so
	// that its audit binds the content it was played with, and verifying
	// the game's log needs the very same pack.
	SHA256 string
	// Summary says in a line what the pack holds ("2 map(s), ...").
	Summary string
	// Content is the game's own value, which With is given back.
	Content any
}

// PackError lists every problem found in a pack, one line each, so that
// its owner fixes them all in one pass.
type PackError struct {
	Pack     string
	Problems []string
}

func (e *PackError) Error() string {
	n := fmt.Sprintf("%d problems", len(e.Problems))
	if len(e.Problems) == 1 {
		n = "1 problem"
	}
	return fmt.Sprintf("pack %s: %s:\n  %s", e.Pack, n, strings.Join(e.Problems, "\n  "))
}

// PackGames are the registered games that read content packs, by name.
func (r Registry) PackGames() []*Game {
	var out []*Game
	for _, name := range r.Names() {
		if g := r[name]; g.Packs != nil {
			out = append(out, g)
		}
	}
	return out
}

// check reports what a game's pack door lacks.
func (k *PackKit) check() []string {
	var bad []string
	if len(k.Files) == 0 {
		bad = append(bad, "a pack kit without Files")
	}
	if k.SetupKey == "" || k.Template == nil || k.TemplateNote == "" || k.Load == nil || k.House == nil || k.With == nil {
		bad = append(bad, "a pack kit without SetupKey, Template, TemplateNote, Load, House or With")
	}
	return bad
}
