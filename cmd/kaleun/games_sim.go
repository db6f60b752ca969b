// The simulations written for one game. Like games.go, this file names
// games (see TestNoCommandFileNamesAGame).

package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"sort"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
	"github.com/kaleun/kaleun/engine/hunters"
	"github.com/kaleun/kaleun/engine/tonnagewar"
	"github.com/kaleun/kaleun/engine/uboatleader"
)

// gameSims are the simulations written for one game, with flags and a
// report of their own, which came before engine.Game.Simulator: kaleun sim
// GAME runs them in its stead. Like games.go, this file names games, so
// that sim.go need not.
// (A function, not a variable: each refers back to simulates.)
func gameSims() map[string]func(games engine.Registry, args []string, stdout, stderr io.Writer) int {
	return map[string]func(games engine.Registry, args []string, stdout, stderr io.Writer) int{
		"hunters":     runHuntersSim,
		"tonnagewar":  runTonnageWarSim,
		"uboatleader": runUBoatLeaderSim,
	}
}

// runHuntersSim plays careers of The Hunters with the built-in commander.
func runHuntersSim(games engine.Registry, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("sim", flag.ContinueOnError)
	fs.SetOutput(stderr)
	usageWithGames(fs, "kaleun sim [GAME] [flags] (without GAME: hunters, whose flags follow)", games, simulates)
	careers := fs.Int("careers", 1000, "number of careers to play")
	boat := fs.String("boat", "VIIC", "U-boat type")
	start := fs.String("start", "", "start date YYYY-MM (default: the boat's availability)")
	seed := fs.Uint64("seed", 1, simSeedUsage)
	rules := fs.String("rules", "", "optional rules and rulings, comma-separated")
	asJSON := fs.Bool("json", false, "print one JSON object")
	if code, ok := parseFlags(fs, args, stderr); !ok {
		return code
	}
	if *careers < 1 || *careers > 10_000_000 {
		fmt.Fprintln(stderr, "kaleun sim: --careers must be between 1 and 10000000")
		return 2
	}
	r, err := hunters.NewRules()
	if err != nil {
		fmt.Fprintln(stderr, "kaleun sim:", err)
		return 1
	}
	base := *seed
	rep, err := hunters.Simulate(r, hunters.SimConfig{Careers: *careers, Boat: *boat, Start: *start, Rules: *rules},
		func(i int) engine.Dice { return dice.NewFast(base + uint64(i)) })
	if err != nil {
		fmt.Fprintln(stderr, "kaleun sim:", err)
		return 2
	}
	if *asJSON {
		b, _ := json.Marshal(rep)
		fmt.Fprintln(stdout, string(b))
		return 0
	}
	fmt.Fprintf(stdout, "%d careers, Type %s from %s%s\n", rep.Careers, rep.Boat, rep.Start, map[bool]string{true: ", rules " + rep.Rules, false: ""}[rep.Rules != ""])
	fmt.Fprintf(stdout, "  tonnage       mean %.0f t, median %.0f t\n", rep.MeanTons, rep.MedianTons)
	fmt.Fprintf(stdout, "  alive at end  %.1f%% (in command to the end: %.1f%%)\n", 100*rep.AliveShare, 100*rep.SurvivedShare)
	fmt.Fprintf(stdout, "  patrols       %.2f per career, ships sunk %.2f\n", rep.MeanPatrols, rep.MeanShipsSunk)
	fmt.Fprintf(stdout, "  Knight's Cross %.1f%%\n", 100*rep.KnightsCross)
	fmt.Fprintln(stdout, "  victory levels:")
	for _, l := range []string{"defeat", "draw", "marginal_victory", "substantial_victory", "decisive_victory"} {
		fmt.Fprintf(stdout, "    %-20s %d\n", l, rep.Levels[l])
	}
	years := make([]string, 0, len(rep.LostByYear))
	for y := range rep.LostByYear {
		years = append(years, y)
	}
	sort.Strings(years)
	fmt.Fprintln(stdout, "  lost by year (careers ended that year by loss, death or capture, as a share of all careers):")
	for _, y := range years {
		fmt.Fprintf(stdout, "    %s %.1f%%\n", y, 100*rep.LostByYear[y])
	}
	return 0
}

// runTonnageWarSim plays matches between Tonnage War's built-in players to
// check the balance of its house values.
func runTonnageWarSim(games engine.Registry, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("sim tonnagewar", flag.ContinueOnError)
	fs.SetOutput(stderr)
	usageWithGames(fs, "kaleun sim tonnagewar [flags]", games, simulates)
	n := fs.Int("games", 200, "number of games (two per match, the roles swapped)")
	seed := fs.Uint64("seed", 1, simSeedUsage)
	rulings := fs.String("rulings", "", "rulings, e.g. convoy_die=d10")
	asJSON := fs.Bool("json", false, "print one JSON object")
	if code, ok := parseFlags(fs, args, stderr); !ok {
		return code
	}
	if *n < 1 || *n > 1_000_000 {
		fmt.Fprintln(stderr, "kaleun sim tonnagewar: --games must be between 1 and 1000000")
		return 2
	}
	r, err := tonnagewar.NewRules()
	if err != nil {
		fmt.Fprintln(stderr, "kaleun sim tonnagewar:", err)
		return 1
	}
	base := *seed
	rep, err := tonnagewar.Simulate(r, *n, *rulings, func(i int) engine.Dice { return dice.NewFast(base + uint64(i)) })
	if err != nil {
		fmt.Fprintln(stderr, "kaleun sim tonnagewar:", err)
		return 2
	}
	if *asJSON {
		b, _ := json.Marshal(rep)
		fmt.Fprintln(stdout, string(b))
		return 0
	}
	fmt.Fprintf(stdout, "%d games of Tonnage War (HX 228, house values) between the built-in players\n", rep.Games)
	fmt.Fprintf(stdout, "  mean score     U-boats %.2f, escorts %.2f\n", rep.MeanUBoatScore, rep.MeanEscortScore)
	fmt.Fprintf(stdout, "  games won      U-boats %.1f%%, escorts %.1f%%, drawn %.1f%%\n", 100*rep.UBoatWins, 100*rep.EscortWins, 100*rep.Draws)
	fmt.Fprintf(stdout, "  per game       %.2f convoy ships sunk, %.2f U-boats lost\n", rep.MeanShipsSunk, rep.MeanUBoatsLost)
	return 0
}

// runUBoatLeaderSim plays U-Boat Leader campaigns with the built-in player
// over the house pack.
func runUBoatLeaderSim(games engine.Registry, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("sim uboatleader", flag.ContinueOnError)
	fs.SetOutput(stderr)
	usageWithGames(fs, "kaleun sim uboatleader [flags]", games, simulates)
	campaigns := fs.Int("campaigns", 1000, "number of campaigns")
	campaign := fs.String("campaign", "", "the pack's campaign (default: its first)")
	length := fs.String("length", "short", "short, medium or long")
	rules := fs.String("rules", "", "optional rules and rulings, e.g. snorkel,deep_dive=example")
	seed := fs.Uint64("seed", 1, simSeedUsage)
	asJSON := fs.Bool("json", false, "print one JSON object")
	if code, ok := parseFlags(fs, args, stderr); !ok {
		return code
	}
	if *campaigns < 1 || *campaigns > 1_000_000 {
		fmt.Fprintln(stderr, "kaleun sim uboatleader: --campaigns must be between 1 and 1000000")
		return 2
	}
	r, err := uboatleader.NewRules()
	if err != nil {
		fmt.Fprintln(stderr, "kaleun sim uboatleader:", err)
		return 1
	}
	base := *seed
	rep, err := uboatleader.Simulate(r, uboatleader.SimConfig{Campaigns: *campaigns, Campaign: *campaign, Length: *length, Rules: *rules},
		func(i int) engine.Dice { return dice.NewFast(base + uint64(i)) })
	if err != nil {
		fmt.Fprintln(stderr, "kaleun sim uboatleader:", err)
		return 2
	}
	if *asJSON {
		b, _ := json.Marshal(rep)
		fmt.Fprintln(stdout, string(b))
		return 0
	}
	fmt.Fprintf(stdout, "%d campaigns of U-Boat Leader (%s, %s, pack %s: house content, not the publisher's) with the built-in player%s\n",
		rep.Campaigns, rep.Campaign, rep.Length, rep.Pack, map[bool]string{true: ", rules " + rep.Rules, false: ""}[rep.Rules != ""])
	fmt.Fprintf(stdout, "  VP            mean %.1f, median %.1f\n", rep.MeanVP, rep.MedianVP)
	fmt.Fprintln(stdout, "  results:")
	for _, g := range uboatleader.Grades {
		fmt.Fprintf(stdout, "    %-9s %d\n", g, rep.Grades[g])
	}
	fmt.Fprintf(stdout, "  U-boats lost  %.2f a campaign (at least one in %.1f%%)\n", rep.MeanLost, 100*rep.LostShare)
	fmt.Fprintf(stdout, "  per campaign  %.1f ships sunk, %.1f turns, %.1f U-boats bought, %.0f decisions\n", rep.MeanSunk, rep.MeanTurns, rep.MeanFleet, rep.MeanDecisions)
	return 0
}
