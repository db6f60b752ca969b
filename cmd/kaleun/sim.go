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
)

func runSim(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("sim", flag.ContinueOnError)
	fs.SetOutput(stderr)
	careers := fs.Int("careers", 1000, "number of careers to play")
	boat := fs.String("boat", "VIIC", "U-boat type")
	start := fs.String("start", "", "start date YYYY-MM (default: the boat's availability)")
	seed := fs.Uint64("seed", 1, "seed of the fast dice (career i uses seed+i)")
	rules := fs.String("rules", "", "optional rules and rulings, comma-separated")
	asJSON := fs.Bool("json", false, "print one JSON object")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "kaleun sim: unexpected argument %q\n", fs.Arg(0))
		return 2
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
	fmt.Fprintln(stdout, "  lost by year:")
	for _, y := range years {
		fmt.Fprintf(stdout, "    %s %.1f%%\n", y, 100*rep.LostByYear[y])
	}
	return 0
}
