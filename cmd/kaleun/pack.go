package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/internal/safefile"
)

// kaleun pack: the games' content packs, through each game's pack door
// (engine.Game.Packs): `template GAME` writes an empty pack with every field
// explained, `check DIR` validates one. The games whose components are not
// in their rulebook's text read them from a pack.
func runPack(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	games, err := availableGames()
	if err != nil {
		fmt.Fprintln(stderr, "kaleun pack:", err)
		return 1
	}
	kits := games.PackGames()
	names := packGameNames(kits)
	usage := fmt.Sprintf("usage: kaleun pack template %s [--out DIR]   |   kaleun pack check DIR", strings.Join(names, "|"))
	if len(args) == 0 {
		fmt.Fprintln(stderr, usage)
		return 2
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		fmt.Fprintln(stdout, usage) // the help asked for
		fmt.Fprintln(stdout, "  template GAME  writes an empty pack with every field explained (--out DIR, new or empty)")
		fmt.Fprintln(stdout, "  check DIR...   validates packs and lists every problem found")
		return 0
	case "template":
		return packTemplate(kits, args[1:], stdout, stderr)
	case "check":
		return packCheck(kits, args[1:], stdout, stderr)
	}
	fmt.Fprintf(stderr, "kaleun pack: unknown subcommand %q\n%s\n", args[0], usage)
	return 2
}

// packGameNames are the names of the games with content packs.
func packGameNames(kits []*engine.Game) []string {
	names := make([]string, 0, len(kits))
	for _, g := range kits {
		names = append(names, g.Name)
	}
	return names
}

func packTemplate(kits []*engine.Game, args []string, stdout, stderr io.Writer) int {
	names := strings.Join(packGameNames(kits), ", ")
	if len(args) > 0 && (args[0] == "-h" || args[0] == "-help" || args[0] == "--help") {
		fmt.Fprintf(stdout, "usage: kaleun pack template GAME [--out DIR] (the games with a content pack: %s)\n", names)
		return 0
	}
	if len(args) == 0 || strings.HasPrefix(args[0], "-") || len(kits) == 0 {
		fmt.Fprintf(stderr, "kaleun pack template: name the game (%s), e.g. kaleun pack template %s --out my-pack\n", names, firstName(kits))
		return 2
	}
	var g *engine.Game
	for _, k := range kits {
		if k.Name == args[0] {
			g = k
		}
	}
	if g == nil {
		fmt.Fprintf(stderr, "kaleun pack template: %q has no content pack (the games with one: %s)\n", args[0], names)
		return 2
	}
	fs := flag.NewFlagSet("pack template", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("out", g.Name+"-pack", "the directory to write the pack's files in (new, or empty)")
	if code, ok := parseFlags(fs, args[1:], stderr); !ok {
		return code
	}
	if entries, err := os.ReadDir(*out); err == nil && len(entries) > 0 {
		fmt.Fprintf(stderr, "kaleun pack template: %s is not empty: give a new directory with --out (nothing was written)\n", *out)
		return 2
	} else if err != nil && !errors.Is(err, os.ErrNotExist) {
		fmt.Fprintln(stderr, "kaleun pack template:", err)
		return 1
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		fmt.Fprintln(stderr, "kaleun pack template:", err)
		return 1
	}
	files := g.Packs.Template()
	fileNames := make([]string, 0, len(files))
	for name := range files {
		fileNames = append(fileNames, name)
	}
	sort.Strings(fileNames)
	for _, name := range fileNames {
		if err := os.WriteFile(filepath.Join(*out, name), files[name], 0o644); err != nil {
			fmt.Fprintln(stderr, "kaleun pack template:", err)
			return 1
		}
	}
	fmt.Fprintf(stdout, "wrote an empty %s pack to %s (%s): %s. Fill it from your components, then run `kaleun pack check %s`.\n",
		g.Title, *out, strings.Join(fileNames, ", "), g.Packs.TemplateNote, *out)
	return 0
}

func firstName(kits []*engine.Game) string {
	if len(kits) == 0 {
		return "GAME"
	}
	return kits[0].Name
}

// packCheck validates a pack and prints one line per problem, each naming
// its file (exit 1), or what the pack holds (exit 0).
func packCheck(kits []*engine.Game, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("pack check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var dirs []string
	for {
		if err := fs.Parse(args); err != nil {
			return flagExit(err)
		}
		if fs.NArg() == 0 {
			break
		}
		dirs, args = append(dirs, fs.Arg(0)), fs.Args()[1:]
	}
	if len(dirs) != 1 || len(kits) == 0 {
		titles := make([]string, 0, len(kits))
		for _, g := range kits {
			titles = append(titles, g.Title)
		}
		fmt.Fprintf(stderr, "usage: kaleun pack check DIR (a %s pack's directory, or a file in it)\n", strings.Join(titles, " or "))
		return 2
	}
	dir := dirs[0]
	fi, err := os.Stat(dir)
	if err != nil {
		fmt.Fprintf(stderr, "kaleun pack check: %v\n", err)
		return 2
	}
	if !fi.IsDir() {
		dir = filepath.Dir(dir)
	}
	g := packGame(kits, dir)
	p, err := loadPack(g, dir)
	var pe *engine.PackError
	if errors.As(err, &pe) {
		for _, problem := range pe.Problems {
			fmt.Fprintln(stdout, where(g, dir, problem))
		}
		fmt.Fprintf(stdout, "%d problem(s): the pack cannot be played until each is fixed\n", len(pe.Problems))
		return 1
	}
	if err != nil {
		fmt.Fprintln(stderr, "kaleun pack check:", err)
		return 1
	}
	fmt.Fprintf(stdout, "ok: pack %s, %q: %s\n", p.ID, p.Name, p.Summary)
	fmt.Fprintf(stdout, "sha256: %s\n  A game played with it records this digest; `kaleun verify --pack %s` replays such a game.\n", p.SHA256, dir)
	return 0
}

// where prefixes a problem that starts with a file name with the pack's
// directory, so that it reads as a path.
func where(g *engine.Game, dir, problem string) string {
	for _, name := range g.Packs.Files {
		if strings.HasPrefix(problem, name+":") {
			return filepath.Join(dir, name) + problem[len(name):]
		}
	}
	return dir + ": " + problem
}

// packGame is the game whose pack the directory holds: of the games with
// packs, the one that names most of its files (the first by name on a tie,
// and the only one when a single game reads packs, so that a pack missing
// files is still checked as that game's).
func packGame(kits []*engine.Game, dir string) *engine.Game {
	present := map[string]bool{}
	if entries, err := os.ReadDir(dir); err == nil {
		for _, e := range entries {
			present[e.Name()] = true
		}
	}
	best, bestN := kits[0], -1
	for _, g := range kits {
		n := 0
		for _, name := range g.Packs.Files {
			if present[name] {
				n++
			}
		}
		if n > bestN {
			best, bestN = g, n
		}
	}
	return best
}

// withPacks are the games with the owners' packs in dirs added, each to the
// game whose pack it is: the house pack stays the default, and no two packs
// of a game share an id (a game names its pack by id at `new`, by SHA-256
// in its saved state).
func withPacks(games []*engine.Game, dirs []string) ([]*engine.Game, error) {
	if len(dirs) == 0 {
		return games, nil
	}
	var kits []*engine.Game
	for _, g := range games {
		if g.Packs != nil {
			kits = append(kits, g)
		}
	}
	if len(kits) == 0 {
		return nil, fmt.Errorf("pack %s: no game here reads content packs", dirs[0])
	}
	sort.Slice(kits, func(i, j int) bool { return kits[i].Name < kits[j].Name })
	added := map[*engine.Game][]*engine.Pack{}
	for _, dir := range dirs {
		g := packGame(kits, packDir(dir))
		if added[g] == nil {
			house, err := g.Packs.House()
			if err != nil {
				return nil, fmt.Errorf("%s's house pack: %w", g.Name, err)
			}
			added[g] = []*engine.Pack{house}
		}
		p, err := loadPackDirFor(g, dir)
		if err != nil {
			return nil, err
		}
		dup := false
		for _, q := range added[g] {
			switch {
			case q.SHA256 == p.SHA256:
				dup = true // the same pack twice
			case q.ID == p.ID:
				return nil, fmt.Errorf("pack %s: its id %q is taken by another pack (SHA-256 %s): give it another id in its %s", dir, p.ID, q.SHA256[:12], g.Packs.Files[0])
			}
		}
		if !dup {
			added[g] = append(added[g], p)
		}
	}
	out := make([]*engine.Game, len(games))
	for i, g := range games {
		out[i] = g
		if packs := added[g]; packs != nil {
			with, err := g.Packs.With(packs)
			if err != nil {
				return nil, err
			}
			out[i] = with
		}
	}
	return out, nil
}

// contentAnswers are the set-up answers the content given on the command
// line makes for game g (kaleun play --pack DIR: the last pack given is the
// one played), by question key.
func contentAnswers(g *engine.Game, packs []string) (map[string]string, error) {
	if len(packs) == 0 || g.Packs == nil {
		return nil, nil
	}
	p, err := loadPackDirFor(g, packs[len(packs)-1])
	if err != nil {
		return nil, err
	}
	return map[string]string{g.Packs.SetupKey: p.ID}, nil
}

// packDir is the pack's directory: dir, or the directory of the file dir
// names (such as its manifest).
func packDir(dir string) string {
	if fi, err := os.Stat(dir); err == nil && !fi.IsDir() {
		return filepath.Dir(dir)
	}
	return dir
}

// loadPackDir reads a pack from a directory (or from the directory of a
// file in it), as the game whose pack it is.
func loadPackDir(dir string) (*engine.Pack, error) {
	games, err := availableGames()
	if err != nil {
		return nil, err
	}
	kits := games.PackGames()
	if len(kits) == 0 {
		return nil, fmt.Errorf("pack %s: no game here reads content packs", dir)
	}
	return loadPackDirFor(packGame(kits, packDir(dir)), dir)
}

// loadPackDirFor reads game g's pack from a directory (or from the
// directory of a file in it); a pack with problems is one error naming the
// first and the command that lists them all.
func loadPackDirFor(g *engine.Game, dir string) (*engine.Pack, error) {
	if fi, err := os.Stat(dir); err == nil && !fi.IsDir() {
		dir = filepath.Dir(dir)
	} else if err != nil {
		return nil, fmt.Errorf("pack %s: %w", dir, err)
	}
	p, err := loadPack(g, dir)
	var pe *engine.PackError
	if errors.As(err, &pe) {
		return nil, fmt.Errorf("pack %s has %d problem(s), the first: %s (`kaleun pack check %s` lists them all)", dir, len(pe.Problems), pe.Problems[0], dir)
	}
	return p, err
}

// loadPack reads game g's pack in dir through safefile: only its regular
// files, each up to safefile.PackFileLimit, and nothing a link leads to
// outside it.
func loadPack(g *engine.Game, dir string) (*engine.Pack, error) {
	d, err := safefile.OpenDir(dir, safefile.PackFileLimit)
	if err != nil {
		return nil, fmt.Errorf("pack %s: %w", dir, err)
	}
	defer d.Close()
	return g.Packs.Load(d)
}

// packFlag collects repeated --pack flags.
type packFlag []string

func (p *packFlag) String() string { return strings.Join(*p, ",") }

func (p *packFlag) Set(v string) error {
	*p = append(*p, v)
	return nil
}
