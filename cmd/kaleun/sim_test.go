package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func TestSimJSONAndErrors(t *testing.T) {
	var out, errb bytes.Buffer
	if code := runSim([]string{"--careers", "50", "--boat", "IXB", "--seed", "9", "--json"}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var rep map[string]any
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatalf("%v: %s", err, out.String())
	}
	for _, k := range []string{"careers", "mean_tonnage", "median_tonnage", "alive_share", "victory_levels", "mean_patrols", "mean_ships_sunk", "knights_cross_share", "lost_by_year"} {
		if _, ok := rep[k]; !ok {
			t.Errorf("no %q in %s", k, out.String())
		}
	}
	out.Reset()
	if code := runSim([]string{"--careers", "20"}, nil, &out, &errb); code != 0 || !strings.Contains(out.String(), "victory levels") {
		t.Fatalf("table output: %s", out.String())
	}
	errb.Reset()
	if code := runSim([]string{"--boat", "XXI"}, nil, &out, &errb); code != 2 || !strings.Contains(errb.String(), "XXI") {
		t.Fatalf("bad boat: %d %s", code, errb.String())
	}
	if code := runSim([]string{"--careers", "0"}, nil, &out, &errb); code != 2 {
		t.Fatal("zero careers accepted")
	}
}

// kaleun sim tonnagewar: the built-in players' figures as JSON; bad flags
// and rulings are refused with a message.
func TestSimTonnageWar(t *testing.T) {
	var out, errs bytes.Buffer
	if code := runSim([]string{"tonnagewar", "--games", "6", "--seed", "9", "--json"}, nil, &out, &errs); code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	var rep map[string]any
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil || rep["games"] != float64(6) {
		t.Fatalf("%s: %v", out.String(), err)
	}
	for _, bad := range [][]string{{"tonnagewar", "--games", "0"}, {"tonnagewar", "--rulings", "convoy_die=d12"}, {"tonnagewar", "extra"}} {
		errs.Reset()
		if code := runSim(bad, nil, &out, &errs); code == 0 || errs.Len() == 0 {
			t.Fatalf("%v accepted", bad)
		}
	}
}

// `kaleun sim GAME` runs any registered game's own simulator with the
// generic flags (it refused the example game before), and refuses a setup
// answer the game does not know.
func TestSimRunsAnyGamesSimulator(t *testing.T) {
	var out, errOut strings.Builder
	if rc := runSim([]string{"example", "--games", "200", "--set", "target=6", "--json"}, nil, &out, &errOut); rc != 0 {
		t.Fatalf("rc %d: %s", rc, errOut.String())
	}
	var res struct {
		Games  int `json:"games"`
		Target int `json:"target"`
	}
	if err := json.Unmarshal([]byte(out.String()), &res); err != nil || res.Games != 200 || res.Target != 6 {
		t.Fatalf("%v: %s", err, out.String())
	}
	errOut.Reset()
	if rc := runSim([]string{"example", "--set", "boat=VIIC"}, nil, &out, &errOut); rc != 2 || !strings.Contains(errOut.String(), `no question "boat"`) {
		t.Fatalf("an unknown answer: rc %d, %s", rc, errOut.String())
	}
}

// kaleun sim --workers N prints the same report for a seed whatever N, and
// refuses a count of workers out of bounds.
func TestSimWorkersGiveOneReport(t *testing.T) {
	report := func(args ...string) string {
		var out, errb bytes.Buffer
		if code := runSim(args, nil, &out, &errb); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errb.String())
		}
		return out.String()
	}
	one := report("--careers", "60", "--seed", "3", "--workers", "1")
	for _, w := range []string{"2", "5"} {
		if got := report("--careers", "60", "--seed", "3", "--workers", w); got != one {
			t.Errorf("--workers %s:\n%s\nwant (--workers 1)\n%s", w, got, one)
		}
	}
	if got := report("tonnagewar", "--games", "7", "--workers", "3"); got != report("tonnagewar", "--games", "7", "--workers", "1") {
		t.Errorf("tonnagewar --workers 3 differs from --workers 1:\n%s", got)
	}
	var out, errb bytes.Buffer
	if code := runSim([]string{"--workers", "0"}, nil, &out, &errb); code != 2 || !strings.Contains(errb.String(), "--workers") {
		t.Errorf("--workers 0: exit %d, %q", code, errb.String())
	}
}
