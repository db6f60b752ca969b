// kaleun pack reads U-Boat Leader's content packs. Like games.go, this
// file names a game (see TestNoCommandFileNamesAGame).

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

	"github.com/kaleun/kaleun/engine/uboatleader"
)

// kaleun pack: a game's content packs. U-Boat Leader is the game that reads
// one (its components are not in its rulebook): `template` writes an empty
// pack with every field explained, `check` validates one.
func runPack(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	usage := "usage: kaleun pack template uboatleader [--out DIR]   |   kaleun pack check DIR"
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
		return packTemplate(args[1:], stdout, stderr)
	case "check":
		return packCheck(args[1:], stdout, stderr)
	}
	fmt.Fprintf(stderr, "kaleun pack: unknown subcommand %q\n%s\n", args[0], usage)
	return 2
}

// packGames are the games with content packs.
var packGames = []string{"uboatleader"}

func packTemplate(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && (args[0] == "-h" || args[0] == "-help" || args[0] == "--help") {
		fmt.Fprintf(stdout, "usage: kaleun pack template GAME [--out DIR] (the games with a content pack: %s)\n", strings.Join(packGames, ", "))
		return 0
	}
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		fmt.Fprintf(stderr, "kaleun pack template: name the game (%s), e.g. kaleun pack template uboatleader --out my-pack\n", strings.Join(packGames, ", "))
		return 2
	}
	game := args[0]
	if game != "uboatleader" {
		fmt.Fprintf(stderr, "kaleun pack template: %q has no content pack (the games with one: %s)\n", game, strings.Join(packGames, ", "))
		return 2
	}
	fs := flag.NewFlagSet("pack template", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("out", "uboatleader-pack", "the directory to write the pack's files in (new, or empty)")
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
	files := uboatleader.PackTemplate()
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if err := os.WriteFile(filepath.Join(*out, name), files[name], 0o644); err != nil {
			fmt.Fprintln(stderr, "kaleun pack template:", err)
			return 1
		}
	}
	fmt.Fprintf(stdout, "wrote an empty U-Boat Leader pack to %s (%s): each file explains its fields, and its lines starting with \"#| \" are a small example pack. Fill it from your components, then run `kaleun pack check %s`.\n",
		*out, strings.Join(names, ", "), *out)
	return 0
}

// packCheck validates a pack and prints one line per problem, each naming
// its file (exit 1), or what the pack holds (exit 0).
func packCheck(args []string, stdout, stderr io.Writer) int {
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
	if len(dirs) != 1 {
		fmt.Fprintln(stderr, "usage: kaleun pack check DIR (a U-Boat Leader pack's directory, or a file in it)")
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
	p, err := loadPack(dir)
	var pe *uboatleader.PackError
	if errors.As(err, &pe) {
		for _, problem := range pe.Problems {
			fmt.Fprintln(stdout, where(dir, problem))
		}
		fmt.Fprintf(stdout, "%d problem(s): the pack cannot be played until each is fixed\n", len(pe.Problems))
		return 1
	}
	if err != nil {
		fmt.Fprintln(stderr, "kaleun pack check:", err)
		return 1
	}
	ships := len(p.Ships.Merchants) + len(p.Ships.Escorts) + len(p.Ships.EscortFleet) + len(p.Ships.Warships)
	fmt.Fprintf(stdout, "ok: pack %s, %q: %d map(s), %d campaign(s) (%s), %d U-boats, %d Event, %d Convoy and %d ship cards, %d Escort Tactics counter kind(s)\n",
		p.Meta.ID, p.Meta.Name, len(p.Maps), len(p.Campaigns), strings.Join(p.CampaignIDs(), ", "), len(p.UBoats), len(p.Events), len(p.Convoys), ships, len(p.Tactics))
	fmt.Fprintf(stdout, "sha256: %s\n  A game played with it records this digest; `kaleun verify --pack %s` replays such a game.\n", p.SHA256, dir)
	return 0
}

// where prefixes a problem that starts with a file name with the pack's
// directory, so that it reads as a path.
func where(dir, problem string) string {
	for _, name := range uboatleader.PackFiles() {
		if strings.HasPrefix(problem, name+":") {
			return filepath.Join(dir, name) + problem[len(name):]
		}
	}
	return dir + ": " + problem
}
