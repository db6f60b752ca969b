package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kaleun/kaleun/bot"
	"github.com/kaleun/kaleun/bot/audit"
	"github.com/kaleun/kaleun/engine/uboatleader"
	"github.com/kaleun/kaleun/persist"
)

// A whole U-Boat Leader campaign through the bot, as chat plays it: the
// games this binary registers, a real bbolt file, `new` with set-up
// answers, the Start button, then every decision a button click chosen by
// the built-in player, views on the way; at the end the log is exported
// and kaleun's verifier replays it from the set-up. Nothing in bot/ names
// the game: it comes in through its registration alone.
func TestUBoatLeaderCampaignThroughTheBot(t *testing.T) {
	games, err := availableGames()
	if err != nil {
		t.Fatal(err)
	}
	store, err := persist.Open(filepath.Join(t.TempDir(), "ubl.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	n := 0
	svc := bot.New(store, games, bot.Options{
		// The rules through the bot, not the pictures (uboatleader_chat_test
		// and engine/uboatleader/pictures draw them): a PNG at each of its
		// decisions was 95% of this test's time.
		TextOnly: true,
		Now:      func() time.Time { return time.Unix(1700000000, 0).UTC() },
		NewSeed:  func() ([]byte, error) { return []byte("u-boat leader seed for the bot test"), nil },
		NewID:    func() (string, error) { n++; return fmt.Sprintf("ubl%d", n), nil },
	})
	place := bot.Place{Platform: "discord", Space: "guild", Channel: "chan"}
	bdu := bot.User{ID: "u1", Name: "Dönitz"}
	r, err := svc.Command(t.Context(), place, bdu, "uboatleader", "new", map[string]string{"campaign": "opening", "length": "short", "kommandant": "Dönitz", "rules": "snorkel"})
	if err != nil || len(r.Public) != 1 || len(r.Public[0].Options) != 1 {
		t.Fatalf("new: %+v %v", r, err)
	}
	// Shuffling the decks rolls dice: the game waits for its Start.
	r, err = svc.Click(t.Context(), place, bdu, r.Public[0].Options[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	seenViews := map[string]bool{}
	for step := 0; ; step++ {
		if step > 20000 {
			t.Fatal("the campaign does not end")
		}
		if over(r) {
			break
		}
		var prompt *bot.Message
		for i := range r.Public {
			if r.Public[i].Prompt != nil {
				prompt = &r.Public[i]
			}
		}
		if prompt == nil {
			t.Fatalf("step %d: no prompt in %+v", step, r.Public)
		}
		if !strings.Contains(prompt.Text, "House content, not the publisher's") {
			t.Fatalf("the prompt is not labelled: %s", prompt.Text)
		}
		rec, err := store.Load(t.Context(), place.Key())
		if err != nil {
			t.Fatal(err)
		}
		st, err := games["uboatleader"].Rules.Decode(rec.State)
		if err != nil {
			t.Fatal(err)
		}
		key := uboatleader.BuiltIn(st.(*uboatleader.State))
		id := ""
		for _, o := range prompt.Options {
			if strings.HasSuffix(o.ID, ":"+key) {
				id = o.ID
			}
		}
		if id == "" {
			t.Fatalf("step %d: no button for %q in %+v", step, key, prompt.Options)
		}
		if view := []string{"status", "fleet", "map", "display", "variants", "help"}[step%6]; step%50 == 0 {
			v, err := svc.Command(t.Context(), place, bdu, "uboatleader", view, nil)
			if err != nil || len(v.Public) != 1 || !strings.Contains(render(v.Public[0]), "House content, not the publisher's") {
				t.Fatalf("view %s: %+v %v", view, v, err)
			}
			seenViews[view] = true
		}
		if r, err = svc.Click(t.Context(), place, bdu, id); err != nil {
			t.Fatal(err)
		}
	}
	if len(seenViews) < 3 {
		t.Fatalf("views seen: %v", seenViews)
	}
	fin, err := store.Finished(t.Context())
	if err != nil || len(fin) != 1 {
		t.Fatalf("finished: %d %v", len(fin), err)
	}
	x, err := audit.Build(t.Context(), store, &fin[0], true)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := json.Marshal(x)
	if rep := audit.Verify(data, games); len(rep.Problems) > 0 {
		t.Fatalf("the campaign's log does not verify: %v", rep.Problems[0])
	}
	// A log whose events were played with another pack does not verify: the
	// first event names the pack's SHA-256.
	tampered := bytes.Replace(data, []byte("(SHA-256 "), []byte("(SHA-256 0"), 1)
	if rep := audit.Verify(tampered, games); len(rep.Problems) == 0 {
		t.Fatal("a tampered pack digest verifies")
	}
}

func over(r bot.Reply) bool {
	for _, m := range r.Shown() { // the end is in the last decision's result
		if m.Outcome != nil {
			return true
		}
	}
	return false
}

func render(m bot.Message) string {
	var b strings.Builder
	b.WriteString(m.Title + "\n" + m.Text + "\n")
	for _, f := range m.Fields {
		b.WriteString(f.Name + ": " + f.Value + "\n")
	}
	return b.String()
}

// kaleun sim uboatleader: the figures as JSON or a table; bad flags and
// set-ups are refused with a message.
func TestSimUBoatLeader(t *testing.T) {
	var out, errs bytes.Buffer
	if code := runSim([]string{"uboatleader", "--campaigns", "8", "--seed", "3", "--json"}, nil, &out, &errs); code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	var rep map[string]any
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil || rep["campaigns"] != float64(8) {
		t.Fatalf("%s: %v", out.String(), err)
	}
	for _, k := range []string{"grades", "mean_vp", "median_vp", "mean_lost", "mean_ships_sunk"} {
		if _, ok := rep[k]; !ok {
			t.Errorf("no %q in %s", k, out.String())
		}
	}
	out.Reset()
	if code := runSim([]string{"uboatleader", "--campaigns", "4", "--campaign", "turning-tide", "--length", "medium"}, nil, &out, &errs); code != 0 ||
		!strings.Contains(out.String(), "Dismal") || !strings.Contains(out.String(), "house content, not the publisher's") {
		t.Fatalf("table: %d %s %s", code, out.String(), errs.String())
	}
	for _, bad := range [][]string{{"uboatleader", "--campaigns", "0"}, {"uboatleader", "--length", "epic"}, {"uboatleader", "--rules", "deep_dive=x"}, {"uboatleader", "extra"}} {
		errs.Reset()
		if code := runSim(bad, nil, &out, &errs); code == 0 || errs.Len() == 0 {
			t.Fatalf("%v accepted", bad)
		}
	}
}

// kaleun play uboatleader: the set-up from flags, then the JSONL protocol.
func TestPlayUBoatLeaderJSONL(t *testing.T) {
	var out, errs bytes.Buffer
	db := filepath.Join(t.TempDir(), "k.db")
	in := strings.NewReader("b:U-43\ntrained\nvariants\ndone\n")
	if code := runPlay([]string{"uboatleader", "--db", db, "--jsonl", "--seed", "c0ffee", "--campaign", "turning-tide", "--length", "long"}, in, &out, &errs); code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	text := out.String()
	for _, want := range []string{`"kind":"uboatleader.buy"`, "U-43 joins the fleet as trained", `"type":"view"`, "Turning Tide", "46 SO"} {
		if !strings.Contains(text, want) {
			t.Fatalf("no %q in:\n%.4000s", want, text)
		}
	}
}
