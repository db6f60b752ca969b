package main

import (
	"fmt"
	"sort"

	"github.com/BurntSushi/toml"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/internal/gamelist"
)

// gameSections are the games' own sections of kaleun serve's config: a
// section named after each game that reads content packs ([GAME]), with one
// key, packs, the directories of the owners' packs the
// bot offers besides the house pack (`/GAME new pack:ID`). They come from
// the descriptors (engine.Game.Packs), so a new game with packs has its
// section without a line here.
type gameSections struct {
	// packs are each section's directories, by game name.
	packs map[string][]string
}

// packGames are the registered games that read content packs, by name.
func packGames() (map[string]*engine.Game, error) {
	list, err := gamelist.Games()
	if err != nil {
		return nil, err
	}
	out := map[string]*engine.Game{}
	for _, g := range list {
		if g.Packs != nil {
			out[g.Name] = g
		}
	}
	return out, nil
}

// decodeGameSections reads the games' sections of a config file's text:
// the keys they decode are taken off undecoded (the keys the config's own
// sections left), and a key a section does not have is an error naming it.
func decodeGameSections(text string, undecoded []toml.Key) (gameSections, []toml.Key, error) {
	games, err := packGames()
	if err != nil {
		return gameSections{}, nil, err
	}
	var rest []toml.Key
	mine := false
	for _, k := range undecoded {
		if games[k[0]] == nil {
			rest = append(rest, k)
			continue
		}
		mine = true
		if len(k) > 1 && k[1] != "packs" {
			return gameSections{}, nil, fmt.Errorf("unknown key %q: [%s] takes packs only", k.String(), k[0])
		}
	}
	if !mine {
		return gameSections{}, rest, nil
	}
	var raw map[string]toml.Primitive
	md, err := toml.Decode(text, &raw)
	if err != nil {
		return gameSections{}, nil, err
	}
	s := gameSections{packs: map[string][]string{}}
	for name := range games {
		p, ok := raw[name]
		if !ok {
			continue
		}
		var sec struct {
			Packs []string `toml:"packs"`
		}
		if err := md.PrimitiveDecode(p, &sec); err != nil {
			return gameSections{}, nil, fmt.Errorf("%s.packs: want a list of directories: %w", name, err)
		}
		s.packs[name] = sec.Packs
	}
	return s, rest, nil
}

// names are the sections' games, sorted.
func (g gameSections) names() []string {
	var out []string
	for n := range g.packs {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// content is the content the games' sections add.
func (g gameSections) content() gameContent {
	var c gameContent
	for _, n := range g.names() {
		c.Packs = append(c.Packs, g.packs[n]...)
	}
	return c
}

// check checks the games' sections: each pack loads, as its section's
// game's.
func (g gameSections) check() error {
	if len(g.packs) == 0 {
		return nil
	}
	games, err := packGames()
	if err != nil {
		return err
	}
	for _, n := range g.names() {
		if _, err := withPacks([]*engine.Game{games[n]}, g.packs[n]); err != nil {
			return fmt.Errorf("%s.packs: %w", n, err)
		}
	}
	return nil
}
