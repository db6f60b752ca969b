package main

import (
	"fmt"
	"io"
	"strings"
)

// runBench runs a game's own benchmark (engine.Game.Bench): kaleun bench
// GAME [flags], or kaleun bench [flags] when one game has a benchmark.
func runBench(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	games, err := availableGames()
	if err != nil {
		fmt.Fprintln(stderr, "kaleun bench:", err)
		return 1
	}
	var benched []string
	for _, name := range games.Names() {
		if games[name].Bench != nil {
			benched = append(benched, name)
		}
	}
	if len(benched) == 0 {
		fmt.Fprintln(stderr, "kaleun bench: no game of this kaleun has a benchmark")
		return 2
	}
	name := benched[0]
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		name, args = args[0], args[1:]
		if g := games[name]; g == nil || g.Bench == nil {
			fmt.Fprintf(stderr, "kaleun bench: %q has no benchmark; the games with one: %s\n", name, strings.Join(benched, ", "))
			return 2
		}
	} else if len(benched) > 1 {
		fmt.Fprintf(stderr, "kaleun bench: name the game: kaleun bench GAME (%s)\n", strings.Join(benched, ", "))
		return 2
	}
	return games[name].Bench(args, stdout, stderr)
}
