package terminal

import (
	"bufio"
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/bot"
	"github.com/kaleun/kaleun/bot/chat"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/hunters"
	"github.com/kaleun/kaleun/engine/hunters/pictures"
	"github.com/kaleun/kaleun/persist"
)

var (
	place = chat.Place{Platform: "terminal", Space: "local", Channel: "local"}
	me    = chat.User{ID: "local", Name: "Kommandant"}
)

// session opens (or reopens) the database and returns a session on it; a new
// game is started when none is there.
func session(t *testing.T, path string, jsonl bool, input string, out *strings.Builder, d *persist.DiceRecord) (*Session, *persist.Store) {
	t.Helper()
	return sessionWith(t, path, jsonl, input, out, d, bot.Options{})
}

func sessionWith(t *testing.T, path string, jsonl bool, input string, out io.Writer, d *persist.DiceRecord, opts bot.Options) (*Session, *persist.Store) {
	t.Helper()
	store, err := persist.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	h, err := hunters.NewRules()
	if err != nil {
		t.Fatal(err)
	}
	svc := bot.New(store, engine.Described(map[string]engine.Rules{"hunters": h}), opts)
	s := &Session{Svc: svc, Place: place, User: me, Game: "hunters", Views: []string{"status", "log", "help", "rules"}, Odds: true,
		In: strings.NewReader(input), Out: out, JSONL: jsonl}
	if _, err := store.Load(t.Context(), place.Key()); errors.Is(err, persist.ErrNotFound) {
		if d == nil {
			d = &persist.DiceRecord{Kind: "auditable", Seed: hex.EncodeToString([]byte{1, 2, 3, 4}), GameID: "test"}
		}
		r, err := svc.StartGame(t.Context(), place, me, "hunters", map[string]string{"boat": "VIIC"}, d)
		if err != nil {
			t.Fatal(err)
		}
		s.Show(r)
	}
	return s, store
}

func TestBadInputChangesNothingAndResumeContinues(t *testing.T) {
	path := filepath.Join(t.TempDir(), "k.db")
	var out strings.Builder
	s, store := session(t, path, false, "nonsense\nstatus\nlog\nhelp\nquit\n", &out, nil)
	before, _ := store.Load(t.Context(), place.Key())
	if err := s.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	after, _ := store.Load(t.Context(), place.Key())
	if string(before.State) != string(after.State) || before.Decisions != after.Decisions {
		t.Fatal("views and a bad key changed the game")
	}
	for _, want := range []string{`unknown command or option "nonsense"`, "== U-69", "Patrol log", "== Help"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q", want)
		}
	}
	store.Close()
	// One decision, quit, resume: the same prompt is pending, nothing re-rolled.
	var out2 strings.Builder
	s2, store2 := session(t, path, false, "e6\nquit\n", &out2, nil)
	if err := s2.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	rec2, _ := store2.Load(t.Context(), place.Key())
	store2.Close()
	var out3 strings.Builder
	_, store3 := session(t, path, false, "quit\n", &out3, nil)
	rec3, _ := store3.Load(t.Context(), place.Key())
	if rec3.Decisions != rec2.Decisions || rec3.Dice.Cursor != rec2.Dice.Cursor || string(rec3.State) != string(rec2.State) {
		t.Fatal("resume must find the game exactly as saved")
	}
	if evs, err := store3.Events(t.Context(), rec3.ID, 1, 0); err != nil || len(evs) == 0 {
		t.Fatalf("no events saved: %v", err)
	}
}

// The JSONL protocol: every output line is one JSON object with a type, and a
// career played to the end closes with an "end" line.
func TestJSONLPlaysACareerToTheEnd(t *testing.T) {
	path := filepath.Join(t.TempDir(), "k.db")
	var out strings.Builder
	s, store := session(t, path, true, "", &out, nil)
	for i := 0; i < 5000; i++ {
		if _, err := store.Load(t.Context(), place.Key()); errors.Is(err, persist.ErrNotFound) {
			break
		}
		// Answer the pending prompt with its first option.
		r, _ := s.Svc.Command(t.Context(), place, me, "hunters", "turn", nil)
		var key string
		for _, m := range r.Public {
			if m.Prompt != nil {
				key = m.Prompt.Options[0].Key
			}
		}
		s.In = strings.NewReader(key + "\n")
		if err := s.Run(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	types := map[string]int{}
	sc := bufio.NewScanner(strings.NewReader(out.String()))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	var end map[string]any
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("not JSON: %q", sc.Text())
		}
		types[m["type"].(string)]++
		if m["type"] == "end" {
			end = m
		}
		if m["type"] == "prompt" {
			o := m["options"].([]any)[0].(map[string]any)
			if o["key"] == nil || o["label"] == nil {
				t.Fatalf("option without key/label: %v", o)
			}
		}
	}
	if types["prompt"] == 0 || types["event"] == 0 || types["end"] != 1 {
		t.Fatalf("line types %v", types)
	}
	if _, ok := end["score"]; !ok || end["level"] == "" {
		t.Fatalf("end line %v", end)
	}
	if _, err := store.Load(t.Context(), place.Key()); !errors.Is(err, persist.ErrNotFound) {
		t.Fatal("a finished game must be archived")
	}
}

// A dice script that runs out stops the session with the game unchanged.
func TestDiceScriptRunningOutStopsWithTheGameUnchanged(t *testing.T) {
	path := filepath.Join(t.TempDir(), "k.db")
	var out strings.Builder
	// VIIC 1940: starting rank 3, request 6, P1 3+4: then nothing more.
	s, store := session(t, path, false, "e6\nf0a0\nz0\n", &out, &persist.DiceRecord{Kind: "scripted", Faces: []int{3, 6, 3, 4}})
	before, _ := store.Load(t.Context(), place.Key())
	err := s.Run(context.Background())
	if err == nil || !strings.Contains(err.Error(), "run out") {
		t.Fatalf("want a dice error, got %v\n%s", err, out.String())
	}
	after, _ := store.Load(t.Context(), place.Key())
	if after.Decisions != before.Decisions+2 {
		t.Fatalf("the two decisions before the dice ran out are saved, the failing one is not: %d → %d", before.Decisions, after.Decisions)
	}
}

// A program driving the JSONL protocol answers each prompt line it reads:
// every decision's prompt must come once, or its second copy would take the
// next answer. With Pictures set, the pictures land in the folder.
func TestJSONLDriverAnswersEachPromptOnceAndGetsPictures(t *testing.T) {
	dir := t.TempDir()
	il, err := pictures.NewIllustrator()
	if err != nil {
		t.Fatal(err)
	}
	var start strings.Builder
	s, _ := sessionWith(t, filepath.Join(dir, "k.db"), true, "", &start, nil, bot.Options{Illustrators: map[string]bot.Illustrator{"hunters": il}})
	s.shown = "" // the driver below has not read the first prompt
	s.Pictures = filepath.Join(dir, "k-pictures")
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	s.In, s.Out = inR, outW
	done := make(chan error, 1)
	go func() { done <- s.Run(context.Background()); outW.Close() }()
	if _, err := io.WriteString(inW, "status\n"); err != nil {
		t.Fatal(err)
	}
	prompts, lines, lastToken, between := 0, map[string]int{}, "", false
	sc := bufio.NewScanner(outR)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("not JSON: %q", sc.Text())
		}
		lines[m["type"].(string)]++
		switch m["type"] {
		case "error":
			t.Fatalf("the driver's answer went astray: %v", m["message"])
		case "view":
			between = true
		case "prompt":
			token := m["token"].(string)
			if token == lastToken {
				if !between {
					t.Fatalf("prompt %s printed twice with nothing between", token)
				}
				between = false
				continue // the same decision, shown again after a view
			}
			lastToken, between = token, false
			prompts++
			answer := m["options"].([]any)[0].(map[string]any)["key"].(string)
			if prompts > 300 {
				answer = "quit"
			}
			go io.WriteString(inW, answer+"\n")
		}
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if lines["picture"] == 0 {
		t.Fatalf("no picture lines: %v", lines)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "k-pictures", "mat.png")); err != nil || !strings.HasPrefix(string(b), "\x89PNG") {
		t.Fatalf("mat.png: %v", err)
	}
}

// `odds` in JSONL: one "odds" line with every option's exact odds and
// estimates (and their text), then the pending prompt again with the same
// token; the game, its dice cursor and its log are as they were.
func TestOddsInJSONL(t *testing.T) {
	path := filepath.Join(t.TempDir(), "odds.db")
	{ // a career from 1943 (the career outlook at its first decision plays 10,000 short careers)
		store, err := persist.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		h, _ := hunters.NewRules()
		d := &persist.DiceRecord{Kind: "auditable", Seed: hex.EncodeToString([]byte{1, 2, 3, 4}), GameID: "test"}
		if _, err := bot.New(store, engine.Described(map[string]engine.Rules{"hunters": h}), bot.Options{}).StartGame(t.Context(), place, me, "hunters", map[string]string{"boat": "VIIC", "start": "1943-02"}, d); err != nil {
			t.Fatal(err)
		}
		store.Close()
	}
	var out strings.Builder
	s, store := sessionWith(t, path, true, "odds\n", &out, nil, bot.Options{OddsRollouts: 300})
	before, err := store.Load(t.Context(), place.Key())
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	var prompts []map[string]any
	var odds map[string]any
	sc := bufio.NewScanner(strings.NewReader(out.String()))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var line map[string]any
		if err := json.Unmarshal(sc.Bytes(), &line); err != nil {
			t.Fatalf("%v: %s", err, sc.Text())
		}
		switch line["type"] {
		case "prompt":
			prompts = append(prompts, line)
		case "odds":
			if odds != nil || len(prompts) != 1 {
				t.Fatalf("one odds line after the first prompt:\n%s", out.String())
			}
			odds = line
		}
	}
	if odds == nil || len(prompts) != 2 || prompts[0]["token"] != prompts[1]["token"] || odds["token"] != prompts[0]["token"] || prompts[0]["token"] != "0" {
		t.Fatalf("want prompt, odds, the same prompt again:\n%s", out.String())
	}
	opts := odds["options"].([]any)
	if len(opts) != len(prompts[0]["options"].([]any)) {
		t.Fatalf("odds for %d options, the prompt has %d", len(opts), len(prompts[0]["options"].([]any)))
	}
	for _, o := range opts {
		o := o.(map[string]any)
		ests := o["estimates"].([]any)
		if _, ok := o["exact"].([]any); !ok || len(ests) == 0 || o["rollouts"].(float64) != 300 {
			t.Fatalf("option odds %v", o)
		}
		e := ests[0].(map[string]any)
		if e["lo"].(float64) > e["mean"].(float64) || e["mean"].(float64) > e["hi"].(float64) {
			t.Fatalf("estimate %v", e)
		}
	}
	if !strings.Contains(odds["text"].(string), "Career outlook") {
		t.Fatal("the career's first decision brings its outlook")
	}
	after, err := store.Load(t.Context(), place.Key())
	if err != nil {
		t.Fatal(err)
	}
	if string(after.State) != string(before.State) || after.Dice.Cursor != before.Dice.Cursor || after.Seq != before.Seq {
		t.Fatal("asking for odds changed the game")
	}
}

// `odds` after an undo, as text and in JSONL, and after the session is
// reopened: the prompts' tokens carry the undo's number ("1u1") and the
// advisor answers for them (issue 28, item 3: it refused "prompt 1u1 is not
// the pending one (1)" for the rest of the game).
func TestOddsAfterAnUndo(t *testing.T) {
	for _, jsonl := range []bool{false, true} {
		path := filepath.Join(t.TempDir(), "undo.db")
		run := func(input string) string {
			t.Helper()
			var out strings.Builder
			s, store := sessionWith(t, path, jsonl, input, &out, nil, bot.Options{OddsRollouts: 100})
			s.Undo = true
			if err := s.Run(context.Background()); err != nil {
				t.Fatal(err)
			}
			store.Close()
			return out.String()
		}
		pending := func() *engine.Prompt {
			t.Helper()
			var out strings.Builder
			s, store := sessionWith(t, path, jsonl, "", &out, nil, bot.Options{})
			defer store.Close()
			r, err := s.Svc.Command(t.Context(), place, me, "hunters", "turn", nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range r.Public {
				if m.Prompt != nil {
					return m.Prompt
				}
			}
			t.Fatalf("no prompt pending: %+v", r)
			return nil
		}
		answered := func(out, token string) {
			t.Helper()
			if strings.Contains(out, "already taken") {
				t.Fatalf("jsonl=%v: odds refused at prompt %s:\n%s", jsonl, token, out)
			}
			if !jsonl {
				if !strings.Contains(out, "Odds: ") {
					t.Fatalf("no odds at prompt %s:\n%s", token, out)
				}
				return
			}
			for _, l := range strings.Split(out, "\n") {
				var line map[string]any
				if json.Unmarshal([]byte(l), &line) == nil && line["type"] == "odds" && line["token"] == token {
					return
				}
			}
			t.Fatalf("no odds line for prompt %s:\n%s", token, out)
		}
		run("e3\n")
		second := pending()
		out := run(second.Options[0].Key + "\nundo\nodds\n")
		back := pending()
		if back.Token != second.Token+"u1" {
			t.Fatalf("the undo brought back prompt %q, want %su1", back.Token, second.Token)
		}
		answered(out[strings.LastIndex(out, "undo"):], back.Token)
		answered(run("odds\n"), back.Token) // reopened
	}
}

// At a terminal the career's summary line is printed once at the end: the
// end event in the transcript already carries it (issue 28).
func TestTextCareerPrintsItsSummaryOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "k.db")
	var out strings.Builder
	s, store := session(t, path, false, "", &out, nil)
	for i := 0; i < 5000; i++ {
		if _, err := store.Load(t.Context(), place.Key()); errors.Is(err, persist.ErrNotFound) {
			break
		}
		r, _ := s.Svc.Command(t.Context(), place, me, "hunters", "turn", nil)
		var key string
		for _, m := range r.Public {
			if m.Prompt != nil {
				key = m.Prompt.Options[0].Key
			}
		}
		s.In = strings.NewReader(key + "\n")
		if err := s.Run(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	text := out.String()
	_, after, ok := strings.Cut(text, "== The end ==")
	if !ok {
		t.Fatalf("no end:\n%s", text[max(0, len(text)-2000):])
	}
	n := 0
	for _, line := range strings.Split(after, "\n") {
		if strings.Contains(line, " sunk in ") && strings.HasSuffix(line, "(5.2).") {
			n++
		}
	}
	if n != 1 {
		t.Fatalf("the summary is printed %d times:\n%s", n, after)
	}
}
