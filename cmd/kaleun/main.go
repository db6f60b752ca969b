// Command kaleun is the Kaleun game master: `kaleun play` runs a career in a
// terminal, `kaleun sim` plays many careers with the built-in commander.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"

	"github.com/kaleun/kaleun/engine"
)

// command is one subcommand: it gets its arguments and the three streams and
// returns the exit status.
type command struct {
	summary string
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

func commands() map[string]command {
	return map[string]command{
		"play":        {"play a game in the terminal, saved after every decision: kaleun play GAME (kaleun play --help lists the games and their flags)", runPlay},
		"sim":         {"play many games with a game's built-in players and print statistics: kaleun sim GAME (kaleun sim --help lists the games)", runSim},
		"serve":       {"run the Discord and Slack bots the config enables", runServe},
		"audit":       {"list a database's games, or export one game's audit log (--game ID)", runAudit},
		"link":        {"print the address of a web page, the link chat posts: --game ID, --tournament ID, --leaderboard PLATFORM/SERVER/GAME or --player PLATFORM/SERVER/USER [--config FILE for its base_url] [--db FILE]", runLink},
		"backup":      {"write a checked copy of a database (--db FILE --out COPY); a serving bot writes its own ([backup] in its config)", runBackup},
		"migrate":     {"copy every game, log, due time, tournament and preference from one database to another (--from bbolt:FILE --to postgres://…)", runMigrate},
		"verify":      {"check an audit file: seed, dice, hash chain and a replay of every decision", runVerify},
		"bench":       {"time simulated careers on one core against the engine's speed target (and the size of a saved game)", runBench},
		"pack":        {"a game's content pack: pack template GAME writes an empty one with every field explained, pack check DIR validates one", runPack},
		"render":      {"draw a saved game's picture: --game ID --what PICTURE --out FILE.png (kaleun render --help lists each game's pictures)", runRender},
		"healthcheck": {"ask a serving kaleun's /healthz (--config FILE reads its ops.listen, or --addr HOST:PORT): exit 0 if healthy, 1 otherwise, one line saying why; the Docker image's HEALTHCHECK", runHealthcheck},
		"invite":      {"print the Discord link that adds the bot to a server with the permissions it needs", runInvite},
		"version":     {"say which build this is: the release stamped at build time, the git revision and whether it was modified, the Go toolchain (also --version)", runVersion},
		"help":        {"show this help", runHelp},
	}
}

func main() {
	os.Exit(dispatch(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func dispatch(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		// A bare kaleun says what it does: starting a game (and a database
		// in the current directory) is what `kaleun play` asks for.
		return runHelp(nil, stdin, stdout, stderr)
	}
	switch args[0] {
	case "--help", "-help", "-h":
		args[0] = "help" // as every program takes them
	case "--version", "-version", "-v":
		args[0] = "version"
	}
	cmd, ok := commands()[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "kaleun: unknown command %q; try `kaleun help`\n", args[0])
		return 2
	}
	return cmd.run(args[1:], stdin, stdout, stderr)
}

func runHelp(_ []string, _ io.Reader, stdout, _ io.Writer) int {
	fmt.Fprintln(stdout, "kaleun — a game master for U-boat board games\n\nUsage: kaleun <command> [flags]\n\nCommands:")
	cmds := commands()
	names := make([]string, 0, len(cmds))
	for n := range cmds {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(stdout, "  %-8s %s\n", n, cmds[n].summary)
	}
	fmt.Fprintln(stdout, "\nRun `kaleun <command> -h` for a command's flags.")
	return 0
}

// parseFlags parses a command's flags and refuses positional arguments, with
// a message naming the command (the flag set's name).
// code is the exit status when ok is false: 0 after -h or --help (the
// help asked for, as Go's own tools answer it), 2 for a bad flag.
func parseFlags(fs *flag.FlagSet, args []string, stderr io.Writer) (code int, ok bool) {
	if err := fs.Parse(args); err != nil {
		return flagExit(err), false // the flag package has said why
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "kaleun %s: unexpected argument %q\n", fs.Name(), fs.Arg(0))
		return 2, false
	}
	return 0, true
}

// flagExit is the exit status after a flag set's Parse failed: 0 when the
// help was asked for (-h, --help), 2 for a bad flag.
func flagExit(err error) int {
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	return 2
}

// usageWithGames makes a flag set's help begin with its synopsis and the
// games it takes (by name, with how players read it), before its flags.
func usageWithGames(fs *flag.FlagSet, synopsis string, games engine.Registry, takes func(*engine.Game) bool) {
	fs.Usage = func() {
		w := fs.Output()
		fmt.Fprintf(w, "usage: %s\n\nGames:\n", synopsis)
		for _, n := range games.Names() {
			if g := games[n]; takes == nil || takes(g) {
				fmt.Fprintf(w, "  %-17s %s\n", n, g.Title)
			}
		}
		fmt.Fprintln(w, "\nFlags:")
		fs.PrintDefaults()
	}
}
