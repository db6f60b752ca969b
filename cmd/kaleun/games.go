package main

import (
	"errors"
	"fmt"
	"github.com/kaleun/kaleun/internal/safefile"
	"os"
	"path/filepath"
	"strings"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/example"
	"github.com/kaleun/kaleun/engine/hunters"
	"github.com/kaleun/kaleun/engine/hunters/duel"
	"github.com/kaleun/kaleun/engine/hunters/pictures"
	"github.com/kaleun/kaleun/engine/hunters/wolfpack"
	"github.com/kaleun/kaleun/engine/tonnagewar"
	"github.com/kaleun/kaleun/engine/uboatleader"
	ublpictures "github.com/kaleun/kaleun/engine/uboatleader/pictures"
)

// gameContent is the content an operator or a player adds to the games:
// U-Boat Leader packs, by directory (kaleun serve's [uboatleader] packs,
// kaleun play's and kaleun verify's --pack).
type gameContent struct {
	Packs []string
}

// gameSections are the games' own sections of kaleun serve's config,
// embedded in it (config.go names none).
type gameSections struct {
	UBoatLeader uboatLeaderConfig `toml:"uboatleader"`
}

// content is the content the games' sections add.
func (g gameSections) content() gameContent { return gameContent{Packs: g.UBoatLeader.Packs} }

// check checks the games' sections: each pack loads.
func (g gameSections) check() error {
	if _, err := uboatLeaderPacks(g.UBoatLeader.Packs); err != nil {
		return fmt.Errorf("uboatleader.packs: %w", err)
	}
	return nil
}

// uboatLeaderConfig is kaleun serve's [uboatleader] section.
type uboatLeaderConfig struct {
	// Packs are the directories of the owners' packs the bot offers
	// besides the house pack (`/uboatleader new pack:ID`).
	Packs []string `toml:"packs"`
}

// defaultGame is the game `kaleun play` starts when none is named.
const defaultGame = "hunters"

// contentAnswers are the set-up answers the content given on the command
// line makes (kaleun play --pack DIR: the last pack given is the one
// played), by question key.
func contentAnswers(packs []string) (map[string]string, error) {
	if len(packs) == 0 {
		return nil, nil
	}
	p, err := loadPackDir(packs[len(packs)-1])
	if err != nil {
		return nil, err
	}
	return map[string]string{"pack": p.Meta.ID}, nil
}

// availableGames lists the games this binary plays, with their built-in
// content only.
func availableGames() (engine.Registry, error) { return gamesWith(gameContent{}) }

// gamesWith lists the games this binary plays, with the content added: each
// game's descriptor, one line each (engine.Game; docs: adding a game).
func gamesWith(c gameContent) (engine.Registry, error) {
	h, err := hunters.NewRules()
	if err != nil {
		return nil, err
	}
	tw, err := tonnagewar.NewRules()
	if err != nil {
		return nil, err
	}
	packs, err := uboatLeaderPacks(c.Packs)
	if err != nil {
		return nil, err
	}
	hil, err := pictures.NewIllustrator()
	if err != nil {
		return nil, err
	}
	uil, err := ublpictures.NewIllustrator()
	if err != nil {
		return nil, err
	}
	return engine.NewRegistry(
		hunters.Game(h, hil),
		duel.Game(duel.NewRules(h), hil),
		wolfpack.Game(wolfpack.NewRules(h)),
		tonnagewar.Game(tw),
		uboatleader.Game(uboatleader.NewRulesWith(packs...), uil),
		example.Game(),
	)
}

// uboatLeaderPacks loads the house pack and the owners' packs: the house
// pack stays the default, and no two packs share an id (a game names its
// pack by id at `new`, by SHA-256 in its saved state).
func uboatLeaderPacks(dirs []string) ([]*uboatleader.Pack, error) {
	house, err := uboatleader.LoadHousePack()
	if err != nil {
		return nil, err
	}
	packs := []*uboatleader.Pack{house}
	for _, dir := range dirs {
		p, err := loadPackDir(dir)
		if err != nil {
			return nil, err
		}
		dup := false
		for _, q := range packs {
			switch {
			case q.SHA256 == p.SHA256:
				dup = true // the same pack twice
			case q.Meta.ID == p.Meta.ID:
				return nil, fmt.Errorf("pack %s: its id %q is taken by another pack (SHA-256 %s): give it another id in its pack.yaml", dir, p.Meta.ID, q.SHA256[:12])
			}
		}
		if !dup {
			packs = append(packs, p)
		}
	}
	return packs, nil
}

// loadPackDir reads a U-Boat Leader pack from a directory (or from the
// directory of a file in it, such as its pack.yaml).
func loadPackDir(dir string) (*uboatleader.Pack, error) {
	if fi, err := os.Stat(dir); err == nil && !fi.IsDir() {
		dir = filepath.Dir(dir)
	} else if err != nil {
		return nil, fmt.Errorf("pack %s: %w", dir, err)
	}
	p, err := loadPack(dir)
	var pe *uboatleader.PackError
	if errors.As(err, &pe) {
		return nil, fmt.Errorf("pack %s has %d problem(s), the first: %s (`kaleun pack check %s` lists them all)", dir, len(pe.Problems), pe.Problems[0], dir)
	}
	return p, err
}

// loadPack reads the pack in dir through safefile: only its regular files,
// each up to safefile.PackFileLimit, and nothing a link leads to outside it.
func loadPack(dir string) (*uboatleader.Pack, error) {
	d, err := safefile.OpenDir(dir, safefile.PackFileLimit)
	if err != nil {
		return nil, fmt.Errorf("pack %s: %w", dir, err)
	}
	defer d.Close()
	return uboatleader.LoadPack(d, ".")
}

// packFlag collects repeated --pack flags.
type packFlag []string

func (p *packFlag) String() string { return strings.Join(*p, ",") }

func (p *packFlag) Set(v string) error {
	*p = append(*p, v)
	return nil
}
