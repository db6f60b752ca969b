package hunters

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
)

var updateSim = flag.Bool("update-sim", false, "rewrite testdata/sim_reports.json")

// TestSimulationReportsStayTheSame pins `kaleun sim`'s figures for a few
// boats, dates and rule sets. Work on the engine's speed must leave every
// career exactly as it was; a change to the rules changes these figures on
// purpose, and then `go test ./engine/hunters -run SimulationReports
// -update-sim` records the new ones (say why in the commit).
func TestSimulationReportsStayTheSame(t *testing.T) {
	r := NewRulesWithPack(pack(t))
	configs := []SimConfig{
		{Careers: 400, Boat: "VIIC", Start: "1940-10"},
		{Careers: 300, Boat: "IXB", Start: "1940-06", Rules: "14.1,14.3,14.6,14.7,14.8,14.9"},
		{Careers: 300, Boat: "VIID", Start: "1942-01", Rules: "4.5.2,14.2,14.10"},
		{Careers: 200, Boat: "VIIA", Start: "1939-09", Rules: "14.4,14.11"},
	}
	var got []*SimReport
	for i, cfg := range configs {
		base := uint64(100 * (i + 1))
		rep, err := Simulate(r, cfg, func(c int) engine.Dice { return dice.NewFast(base + uint64(c)) })
		if err != nil {
			t.Fatalf("%+v: %v", cfg, err)
		}
		got = append(got, rep)
	}
	b, err := json.MarshalIndent(got, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("testdata", "sim_reports.json")
	if *updateSim {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, append(b, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update-sim to record the figures)", err)
	}
	if !bytes.Equal(bytes.TrimSpace(want), b) {
		t.Fatalf("simulated careers changed; if the rules changed on purpose, rerun with -update-sim.\ngot:\n%s", b)
	}
}
