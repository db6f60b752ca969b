package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/adapters/terminal"
	"github.com/kaleun/kaleun/bot"
	"github.com/kaleun/kaleun/engine/uboatleader"
	"github.com/kaleun/kaleun/persist"
)

// Issue 28 items 1 and 2: the autopilot takes a decision as the player
// would, and shows what it caused as if he had: its rolls, their results,
// the end of the game. A prompt is printed only when it waits for him.

// autopilotRun is one `kaleun play --jsonl` run: every line printed, and the
// decisions taken in order (the autopilot's and the player's, by key).
type autopilotRun struct {
	lines     []map[string]any
	keys      []string
	autopilot int // decisions the autopilot took
}

// game is one way to play: run plays with the input and output given and
// returns its exit code and its complaints; choose is the player's answer
// to a prompt line (nil: its first option).
type game struct {
	run    func(in io.Reader, out io.Writer) (int, string)
	choose func(prompt map[string]any) string
}

// played is `kaleun play args --jsonl`, in the process.
func played(args []string) game {
	return game{run: func(in io.Reader, out io.Writer) (int, string) {
		var errs bytes.Buffer
		return runPlay(append(args, "--jsonl"), in, out, &errs), errs.String()
	}}
}

// playJSONL plays g over JSONL. With autopilot it turns the autopilot on at
// the first prompt; then it answers each prompt with keys[i] when given (the
// i-th decision of the game), else as g chooses, sending the token back, so
// that an answer to a prompt the autopilot took is refused as stale. It
// quits after max answers of its own (0: never) or when keys run out; an
// "error" line fails the test.
func playJSONL(t *testing.T, g game, autopilot bool, keys []string, max int) autopilotRun {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	type exit struct {
		code int
		errs string
	}
	done := make(chan exit, 1)
	go func() {
		code, errs := g.run(inR, outW)
		outW.Close()
		done <- exit{code, errs}
	}()
	var run autopilotRun
	answered, quit := 0, false
	send := func(line string) {
		go io.WriteString(inW, line+"\n") // the program reads while it writes
	}
	sc := bufio.NewScanner(outR)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var l map[string]any
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatalf("not JSON: %s", sc.Text())
		}
		run.lines = append(run.lines, l)
		switch l["type"] {
		case "error":
			t.Fatalf("error: %v", l["message"])
		case "autopilot":
			run.keys = append(run.keys, l["key"].(string))
			run.autopilot++
		case "prompt":
			if quit {
				continue
			}
			if autopilot && answered == 0 && len(run.keys) == 0 {
				autopilot = false
				send("autopilot on")
				continue
			}
			n := len(run.keys)
			if (max > 0 && answered >= max) || (keys != nil && n >= len(keys)) {
				quit = true
				send("quit")
				continue
			}
			var key string
			switch {
			case keys != nil:
				key = keys[n]
			case g.choose != nil:
				key = g.choose(l)
			default:
				key = l["options"].([]any)[0].(map[string]any)["key"].(string)
			}
			b, _ := json.Marshal(map[string]string{"token": l["token"].(string), "key": key})
			run.keys = append(run.keys, key)
			answered++
			send(string(b))
		}
	}
	inW.Close()
	if e := <-done; e.code != 0 {
		t.Fatalf("exit %d: %s", e.code, e.errs)
	}
	return run
}

// outcome is what a run's lines say happened: its events and its end, in
// order, one string each.
func (r autopilotRun) outcome() []string {
	var out []string
	for _, l := range r.lines {
		switch l["type"] {
		case "event":
			if l["kind"] == "genesis" {
				continue // it holds the time the game was created
			}
			out = append(out, fmt.Sprintf("%v: %v", l["kind"], l["text"]))
		case "end":
			out = append(out, fmt.Sprintf("end: %v", l["summary"]))
		}
	}
	return out
}

// sameAsByHand plays args under the autopilot, then by hand with the same
// decisions on the same dice, and fails unless both show the same events
// and end.
func sameAsByHand(t *testing.T, g func(db string) game, most int) autopilotRun {
	t.Helper()
	dir := t.TempDir()
	auto := playJSONL(t, g(filepath.Join(dir, "auto.db")), true, nil, most)
	if auto.autopilot == 0 {
		t.Fatalf("the autopilot took no decision:\n%s", dump(auto.lines))
	}
	hand := playJSONL(t, g(filepath.Join(dir, "hand.db")), false, auto.keys, 0)
	a, h := auto.outcome(), hand.outcome()
	for i := range max(len(a), len(h)) {
		if i >= len(a) || i >= len(h) || a[i] != h[i] {
			at := func(s []string) string {
				if i < len(s) {
					return s[i]
				}
				return "(nothing)"
			}
			t.Fatalf("under the autopilot the game shows other events than by hand with the same decisions: at event %d of %d/%d\nautopilot: %s\nby hand:   %s",
				i, len(a), len(h), at(a), at(h))
		}
	}
	return auto
}

func dump(lines []map[string]any) string {
	var b strings.Builder
	for _, l := range lines[max(0, len(lines)-30):] {
		j, _ := json.Marshal(l)
		b.Write(append(j, '\n'))
	}
	return b.String()
}

// Item 1: a Hunters career the autopilot plays into the boat's loss shows
// its end at once, as by hand: at a terminal "== The end ==", in JSONL the
// "end" line; the decisions it took are one line each (`autopilot » …` /
// an "autopilot" line), followed by their rolls; no prompt it took is
// printed ("> " followed by its autopilot line).
func TestAutopilotShowsTheEndAndWhatItCaused(t *testing.T) {
	// Seed 05, a VIIC and the first option of every decision the player
	// takes: the boat is lost on its first patrol, in a combat whose
	// depth decisions are the autopilot's.
	args := func(db string) []string { return []string{"--db", db, "--seed", "05", "--boat", "VIIC"} }
	var out, errs bytes.Buffer
	in := "autopilot on\n" + strings.Repeat("1\n", 200)
	if code := runPlay(args(filepath.Join(t.TempDir(), "text.db")), strings.NewReader(in), &out, &errs); code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	text := out.String()
	_, end, ended := strings.Cut(text, "== The end ==")
	if !ended || !strings.Contains(end, "lost with the boat") || !strings.Contains(end, "Fate: lost with the boat") {
		t.Errorf("the terminal does not show the end:\n%s", text[max(0, len(text)-3000):])
	}
	if m := regexp.MustCompile(`> \n*  autopilot » .*`).FindString(text); m != "" {
		t.Errorf("a prompt is printed and then taken by the autopilot: %q", m)
	}
	// Its rolls are shown after its line, as by hand (a depth decision
	// brings the escort's detection roll).
	if !regexp.MustCompile(`  autopilot » Stay within test depth\n(?:  .*\n)*  🎲 .*Escort detection`).MatchString(text) {
		t.Errorf("an autopilot decision's rolls are not shown:\n%s", text[max(0, len(text)-3000):])
	}
	if strings.Contains(text, "» Decision: Stay within test depth") {
		t.Errorf("an autopilot decision is said twice (its line and the decision's):\n%s", text)
	}
	auto := sameAsByHand(t, func(db string) game { return played(args(db)) }, 0)
	last := auto.lines[len(auto.lines)-1]
	if last["type"] != "end" || !strings.Contains(fmt.Sprint(last["summary"]), "lost with the boat") {
		t.Fatalf("the career does not end with its loss:\n%s", dump(auto.lines))
	}
	if n := strings.Count(text, "  autopilot » "); n != auto.autopilot {
		t.Errorf("%d autopilot lines at the terminal, %d decisions taken by it in JSONL", n, auto.autopilot)
	}
}

// A dice script that runs out under an autopilot decision says so as when
// the player decides: on the screen, the game unchanged, exit 1.
func TestAutopilotSaysTheDiceRanOut(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "dice.txt")
	// As TestDiceFileForcesFacesAndNamesTheRollWhenItRunsOut: sailing on
	// from box 1, a routine decision, rolls box 2's encounter and runs out.
	if err := os.WriteFile(script, []byte("3 6 3 4 4 4"), 0o600); err != nil {
		t.Fatal(err)
	}
	var out, errs bytes.Buffer
	code := runPlay([]string{"--db", filepath.Join(dir, "k.db"), "--dice", script, "--boat", "VIIC"}, strings.NewReader("autopilot on\n"), &out, &errs)
	if code != 1 || !strings.Contains(out.String(), "! rolling for Encounter: Transit: die #7 (d6): the dice script has run out after 6 faces — the game is unchanged") {
		t.Fatalf("exit %d:\n%s\nstderr: %s", code, out.String(), errs.String())
	}
}

// ublGame is a U-Boat Leader campaign at the terminal, in the process as
// `kaleun play uboatleader --jsonl` plays it, whose player answers as the
// built-in player would: the first options never bring a convoy.
func ublGame(t *testing.T, db string) game {
	t.Helper()
	games, err := availableGames()
	if err != nil {
		t.Fatal(err)
	}
	store, err := persist.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	run := func(in io.Reader, out io.Writer) (int, string) {
		ctx := context.Background()
		f := playFlags{game: "uboatleader", seed: "c0ffee", sets: setFlag{"campaign=opening", "length=short", "draws=deck"}, jsonl: true}
		d, err := diceRecord(f)
		if err != nil {
			return 1, err.Error()
		}
		given, err := givenAnswers(games[f.game], f)
		if err != nil {
			return 1, err.Error()
		}
		answers, err := setupAnswers(games[f.game], f, given, bufio.NewReader(in), out)
		if err != nil {
			return 1, err.Error()
		}
		// As kaleun play: text only without --pictures (drawing a PNG at
		// every decision nobody sees cost this test 95% of its time).
		opts, _, err := pictureOptions(f)
		if err != nil {
			return 1, err.Error()
		}
		svc := bot.New(store, games, opts)
		defer svc.Wait()
		s := &terminal.Session{Svc: svc, Place: terminalPlace, User: terminalUser, Game: f.game, In: in, Out: out, JSONL: true}
		r, err := svc.StartGame(ctx, terminalPlace, terminalUser, f.game, answers, d)
		if err != nil {
			return 1, err.Error()
		}
		rec, err := store.Load(ctx, terminalPlace.Key())
		if err == nil {
			err = fitSession(ctx, s, games, rec)
		}
		if err != nil {
			return 1, err.Error()
		}
		s.Show(r)
		if err := s.Run(ctx); err != nil {
			return 1, err.Error()
		}
		return 0, ""
	}
	choose := func(map[string]any) string {
		rec, err := store.Load(t.Context(), terminalPlace.Key())
		if err != nil {
			t.Error(err)
			return "quit"
		}
		st, err := games["uboatleader"].Rules.Decode(rec.State)
		if err != nil {
			t.Error(err)
			return "quit"
		}
		return uboatleader.BuiltIn(st.(*uboatleader.State))
	}
	return game{run: run, choose: choose}
}

// Item 2, U-Boat Leader: the order the escorts act in is routine; under the
// autopilot their detection rolls and attacks, and the stress they bring,
// are shown as if the player had taken it.
func TestAutopilotShowsUBoatLeaderEscortsAsByHand(t *testing.T) {
	auto := sameAsByHand(t, func(db string) game { return ublGame(t, db) }, 400)
	rolls := 0
	for i, l := range auto.lines {
		if l["type"] != "autopilot" {
			continue
		}
		for _, next := range auto.lines[i+1:] {
			if next["type"] != "event" {
				break
			}
			if next["kind"] == "roll" {
				rolls++
			}
		}
	}
	if rolls == 0 {
		t.Fatalf("no roll is shown after any autopilot decision:\n%s", dump(auto.lines))
	}
}
