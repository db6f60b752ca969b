package terminal

import (
	"bufio"
	"context"
	"encoding/hex"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
	"github.com/kaleun/kaleun/engine/hunters"
	"github.com/kaleun/kaleun/persist"
)

var seed = []byte{1, 2, 3, 4}

// newSession starts a Hunters career saved in a fresh database.
func newSession(t *testing.T, path string, jsonl bool, input string, out *strings.Builder) *Session {
	t.Helper()
	store, err := persist.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	rules, err := hunters.NewRules()
	if err != nil {
		t.Fatal(err)
	}
	rec, err := store.Load("terminal/local")
	var st engine.State
	if err == persist.ErrNotFound {
		rec = &persist.GameRecord{ID: "test", Game: "hunters", Key: "terminal/local",
			Dice: persist.DiceRecord{Kind: "auditable", Seed: hex.EncodeToString(seed), GameID: "test"}}
		d := dice.NewAuditable(seed, "test", 0)
		var evs []engine.Event
		st, evs, err = rules.New([]byte(`{"boat":"VIIC"}`), d)
		if err != nil {
			t.Fatal(err)
		}
		_ = evs
		b, _ := st.Encode()
		rec.State = b
		rec.Dice.Cursor = d.Cursor()
		if err := store.Commit(rec, nil); err != nil {
			t.Fatal(err)
		}
	} else if err != nil {
		t.Fatal(err)
	} else if st, err = rules.Decode(rec.State); err != nil {
		t.Fatal(err)
	}
	return &Session{Rules: rules, Store: store, Rec: rec, State: st, In: strings.NewReader(input), Out: out, JSONL: jsonl,
		Now:  func() time.Time { return time.Unix(0, 0) },
		Dice: func(c int64) (CursorDice, error) { return dice.NewAuditable(seed, "test", c), nil }}
}

func TestBadInputChangesNothingAndResumeContinues(t *testing.T) {
	path := filepath.Join(t.TempDir(), "k.db")
	var out strings.Builder
	s := newSession(t, path, false, "nonsense\nstatus\nlog\nhelp\nquit\n", &out)
	before, _ := s.State.Encode()
	if err := s.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	after, _ := s.State.Encode()
	if string(before) != string(after) {
		t.Fatal("views and a bad key changed the game")
	}
	for _, want := range []string{`unknown command or option "nonsense"`, "== U-69", "Patrol log", "== Help"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q", want)
		}
	}
	// Take two decisions, quit, and resume: the same prompt is pending.
	key := s.State.Pending().Options[0].Key
	s.Store.Close()
	var out2 strings.Builder
	s2 := newSession(t, path, false, key+"\nquit\n", &out2)
	if err := s2.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	pending := s2.State.Pending().Token
	cursor := s2.Rec.Dice.Cursor
	s2.Store.Close()
	var out3 strings.Builder
	s3 := newSession(t, path, false, "quit\n", &out3)
	if s3.State.Pending().Token != pending || s3.Rec.Dice.Cursor != cursor || s3.Rec.Decisions != 1 {
		t.Fatalf("resumed at %s (cursor %d), want %s (cursor %d)", s3.State.Pending().Token, s3.Rec.Dice.Cursor, pending, cursor)
	}
	evs, err := s3.Store.Events("test", 1, 0)
	if err != nil || len(evs) == 0 {
		t.Fatalf("no events saved: %v", err)
	}
}

// The JSONL protocol: every output line is one JSON object with a type.
func TestJSONLPlaysACareerToTheEnd(t *testing.T) {
	path := filepath.Join(t.TempDir(), "k.db")
	var out strings.Builder
	// Answer every prompt with its first option by driving the session in rounds.
	s := newSession(t, path, true, "", &out)
	for i := 0; i < 5000 && s.State.Outcome() == nil; i++ {
		s.In = strings.NewReader(s.State.Pending().Options[0].Key + "\n")
		if err := s.Run(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	if s.State.Outcome() == nil {
		t.Fatal("the career did not end")
	}
	if err := s.Run(context.Background()); err != nil {
		t.Fatal(err)
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
			opts := m["options"].([]any)
			o := opts[0].(map[string]any)
			if o["key"] == nil || o["label"] == nil {
				t.Fatalf("option without key/label: %v", o)
			}
		}
	}
	if types["prompt"] == 0 || types["event"] == 0 || types["end"] == 0 {
		t.Fatalf("line types %v", types)
	}
	if _, ok := end["score"]; !ok || end["level"] == "" {
		t.Fatalf("end line %v", end)
	}
	if _, err := s.Store.Load("terminal/local"); err != persist.ErrNotFound {
		t.Fatal("a finished game must be archived")
	}
}

func TestDiceScriptRunningOutStopsWithTheGameUnchanged(t *testing.T) {
	path := filepath.Join(t.TempDir(), "k.db")
	var out strings.Builder
	s := newSession(t, path, false, "", &out)
	s.Dice = func(c int64) (CursorDice, error) { return dice.NewScriptedAt(nil, c), nil }
	var err error
	var before []byte
	for i := 0; i < 10 && err == nil; i++ {
		before, _ = s.State.Encode()
		p := s.State.Pending()
		err = s.decide(p, p.Options[0].Key)
	}
	if err == nil || !strings.Contains(err.Error(), "run out") {
		t.Fatalf("want a dice error, got %v", err)
	}
	rec, _ := s.Store.Load("terminal/local")
	if string(rec.State) != string(before) {
		t.Fatal("a failed decision was saved")
	}
}
