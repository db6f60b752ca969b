package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"runtime"
	"strings"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
)

// runSim plays many games of one game with its built-in players: its
// descriptor's Simulator.
func runSim(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	games, err := availableGames()
	if err != nil {
		fmt.Fprintln(stderr, "kaleun sim:", err)
		return 1
	}
	name := defaultGame
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		name, args = args[0], args[1:]
	}
	g := games[name]
	if g == nil || !simulates(g) {
		var names []string
		for _, n := range games.Names() {
			if simulates(games[n]) {
				names = append(names, n)
			}
		}
		fmt.Fprintf(stderr, "kaleun sim: no game %q to simulate: the games are %s\n", name, strings.Join(names, ", "))
		return 2
	}
	return runGameSim(g, games, args, stdout, stderr)
}

// simSeedUsage is the --seed of every simulation: game i plays with the
// fast dice seeded seed+i.
const simSeedUsage = "seed of the fast dice, game i using seed+i: 0x and hex digits (as kaleun play takes it), or a decimal number"

// simulates says kaleun sim plays a game.
func simulates(g *engine.Game) bool { return g.Simulator != nil }

// runGameSim runs a game's simulator (engine.Game.Simulator) with its
// setup answers as --set key=value or as the game's own flags (--boat),
// and the count of games as --games or in the game's word (--careers).
func runGameSim(g *engine.Game, all engine.Registry, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("sim "+g.Name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	synopsis := "kaleun sim " + g.Name + " [--set key=value ...] [flags]"
	if g.Name == defaultGame {
		synopsis = "kaleun sim [GAME] [--set key=value ...] [flags] (without GAME: " + defaultGame + ", whose flags follow)"
	}
	usageWithGames(fs, synopsis, all, simulates)
	var n int
	fs.IntVar(&n, "games", 0, "number of "+g.Words.Games+" (default: the game's own)")
	if g.Words.Games != "games" {
		fs.IntVar(&n, g.Words.Games, 0, "number of "+g.Words.Games+", as --games (default: the game's own)")
	}
	seed := fs.Uint64("seed", 1, simSeedUsage)
	asJSON := fs.Bool("json", false, "print one JSON object")
	workers := fs.Int("workers", runtime.NumCPU(), "games played at once, one a goroutine (default: this machine's cores); the report is the same for any number")
	var sets setFlag
	fs.Var(&sets, "set", "a setup answer, key=value (repeat for several)")
	named := map[string]string{} // the set-up keys of the game's own flags, by flag
	for _, field := range g.Setup {
		if field.Flag != "" && fs.Lookup(field.Flag) == nil {
			named[field.Flag] = field.Key
			fs.String(field.Flag, "", field.Label+" (as --set "+field.Key+"=…)")
		}
	}
	if code, ok := parseFlags(fs, args, stderr); !ok {
		return code
	}
	counted := false
	fs.Visit(func(f *flag.Flag) { counted = counted || f.Name == "games" || f.Name == g.Words.Games })
	if counted && (n < 1 || n > 10_000_000) {
		fmt.Fprintf(stderr, "kaleun sim %s: --%s must be between 1 and 10000000\n", g.Name, g.Words.Games)
		return 2
	}
	if *workers < 1 || *workers > 1024 {
		fmt.Fprintf(stderr, "kaleun sim %s: --workers must be between 1 and 1024\n", g.Name)
		return 2
	}
	setup := map[string]string{}
	fs.Visit(func(f *flag.Flag) {
		if key, ok := named[f.Name]; ok {
			setup[key] = f.Value.String()
		}
	})
	for _, kv := range sets {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || k == "" {
			fmt.Fprintf(stderr, "kaleun sim %s: --set %q: want key=value\n", g.Name, kv)
			return 2
		}
		setup[k] = v
	}
	base := *seed
	rep, err := g.Simulator.Simulate(engine.SimConfig{Games: n, Setup: setup, Workers: *workers}, func(i int) engine.Dice { return dice.NewFast(base + uint64(i)) })
	if err != nil {
		fmt.Fprintf(stderr, "kaleun sim %s: %v\n", g.Name, err)
		return 2
	}
	if *asJSON {
		b, err := json.Marshal(rep.Data)
		if err != nil {
			fmt.Fprintf(stderr, "kaleun sim %s: %v\n", g.Name, err)
			return 1
		}
		fmt.Fprintln(stdout, string(b))
		return 0
	}
	for _, l := range rep.Lines {
		fmt.Fprintln(stdout, l)
	}
	return 0
}

// setFlag collects repeated --set key=value flags.
type setFlag []string

func (s *setFlag) String() string { return strings.Join(*s, ",") }

func (s *setFlag) Set(v string) error {
	*s = append(*s, v)
	return nil
}
