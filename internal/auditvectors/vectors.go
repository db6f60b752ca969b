// Package auditvectors makes the test vectors of `kaleun verify`: honest
// audit files (finished, running, scripted, with undos, format 1 and older
// fixtures, faithful re-encodings) and their forgeries (audittest's), each
// with the options a reader gives and what the command must say of it.
// Both runs of the verifier built for the browser use them: bot/audit's
// under Node (TestWasmVerifierAgreesWithTheCommand) and
// internal/web/browsertest's in Chromium, so the two try the same files.
// It plays games through the bot and names them, so it lives outside bot/
// (bot/neutral_test.go), and it is for tests only.
package auditvectors

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kaleun/kaleun/bot"
	"github.com/kaleun/kaleun/bot/audit"
	"github.com/kaleun/kaleun/bot/audit/audittest"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/hunters"
	"github.com/kaleun/kaleun/persist"
)

// Script says how a test game is played through the bot.
type Script struct {
	Decisions int      // at most this many clicks
	Entropy   []string // mixed in before the first roll
	RevealAt  int      // ask for the seed's reveal after this many clicks (0: never)
	Reveal    bool     // export with the seed in force (a terminal database's holder)
}

// Fixtures is bot/audit's testdata, from the module's root.
func Fixtures(root string) string { return filepath.Join(root, "bot", "audit", "testdata") }

func readFixture(t testing.TB, dir, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func hunterGames(t testing.TB) engine.Registry {
	t.Helper()
	h, err := hunters.NewRules()
	if err != nil {
		t.Fatal(err)
	}
	return engine.Described(map[string]engine.Rules{"hunters": h})
}

type Vector struct {
	Name string
	Data []byte
	Opts audit.CheckOptions
	// want is what the file is: "honest" (verified, with head), "tampered"
	// (rejected), "scripted" (intact, its dice called chosen), "head only"
	// (a consistent log of another game: verified with another head),
	// "rules changed" (intact, played under other rules), "head given"
	// (the verdict on the head the reader gave); of format 1 forgeries,
	// "not verified" (any status but 0), or "unbound in format 1" (what
	// format 1 cannot tell: the two verifiers need only agree).
	Want string
	Head string // the head of the honest file it came from
}

// Played plays a career through the bot, clicking each prompt's first
// option, and returns its export.
func Played(t testing.TB, sc Script) ([]byte, engine.Registry) {
	t.Helper()
	store, err := persist.Open(filepath.Join(t.TempDir(), "k.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	h, _ := hunters.NewRules()
	games := engine.Described(map[string]engine.Rules{"hunters": h})
	seeds := 0
	svc := bot.New(store, games, bot.Options{
		Now:     func() time.Time { return time.Unix(1700000000, 0).UTC() },
		NewSeed: func() ([]byte, error) { seeds++; return []byte(fmt.Sprintf("audit test seed %d", seeds)), nil },
		NewID:   func() (string, error) { return "audit1", nil },
	})
	place := bot.Place{Platform: "discord", Space: "g", Channel: "c"}
	me := bot.User{ID: "u", Name: "Prien"}
	// A 1940 start rolls the rank (11.2.2) in the set-up, so the game waits
	// for its Start and entropy can come first.
	r, err := svc.Command(t.Context(), place, me, "hunters", "new", map[string]string{"boat": "VIIB", "start": "1940-02", "rules": "14.6,14.8"})
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range sc.Entropy {
		er, err := svc.Command(t.Context(), place, bot.User{ID: "friend", Name: "Schepke"}, "hunters", "seed", map[string]string{"text": text})
		if err != nil || len(er.Public) != 1 {
			t.Fatalf("seed %q: %v %+v", text, err, er)
		}
	}
	start := r.Public[0].Options[0].ID // the game waits for its Start, so entropy can come first
	if r, err = svc.Click(t.Context(), place, me, start); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < sc.Decisions; i++ {
		if sc.RevealAt > 0 && i == sc.RevealAt {
			rr, err := svc.Command(t.Context(), place, me, "hunters", "reveal", nil)
			if err != nil || len(rr.Public) != 1 {
				t.Fatalf("reveal: %v %+v", err, rr)
			}
		}
		var id string
		for _, m := range r.Public {
			if m.Prompt != nil {
				id = m.Options[0].ID
			}
		}
		if id == "" {
			break
		}
		if r, err = svc.Click(t.Context(), place, me, id); err != nil {
			t.Fatal(err)
		}
	}
	rec, err := store.Load(t.Context(), place.Key())
	if err != nil {
		fin, _ := store.Finished(t.Context())
		rec = &fin[0]
	}
	x, err := audit.Build(t.Context(), store, rec, sc.Reveal)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(x)
	return b, games
}

// FinishedCareer plays careers to their end, with entropy and a reveal
// after revealAt decisions, until one ends after 30 to 80 decisions: long
// enough to hold every kind of entry, short enough to forge every way. The
// entropy text picks the career, so a change of the rules that lengthens
// one does not make the tests slow.
func FinishedCareer(t testing.TB, revealAt int) ([]byte, engine.Registry) {
	t.Helper()
	for i := 0; i < 40; i++ {
		data, games := Played(t, Script{Decisions: 5000, Entropy: []string{fmt.Sprintf("Schepke's <lucky> & dice 🎲 %d", i)}, RevealAt: revealAt})
		var x audit.Export
		json.Unmarshal(data, &x)
		if last := x.Entries[len(x.Entries)-1].Decision; x.Over && last >= 30 && last <= 80 {
			return data, games
		}
	}
	t.Fatal("no career of 30 to 80 decisions in 40 tries")
	return nil, nil
}

// PlayedWithUndos plays a chat career with the first options, undoing every
// fifth decision (free or after dice, as it comes), to its end when end is
// set; the export reveals the seed in force.
func PlayedWithUndos(t testing.TB, decisions int, end bool) ([]byte, engine.Registry) {
	t.Helper()
	store, err := persist.Open(filepath.Join(t.TempDir(), "k.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	h, _ := hunters.NewRules()
	games := engine.Described(map[string]engine.Rules{"hunters": h})
	svc := bot.New(store, games, bot.Options{
		Now:     func() time.Time { return time.Unix(1700000000, 0).UTC() },
		NewSeed: func() ([]byte, error) { return []byte("void test seed"), nil },
		NewID:   func() (string, error) { return "void1", nil },
	})
	place := bot.Place{Platform: "discord", Space: "g", Channel: "c"}
	me := bot.User{ID: "u", Name: "Prien"}
	r, err := svc.Command(t.Context(), place, me, "hunters", "new", map[string]string{"boat": "VIIC", "start": "1942-06"})
	if err != nil {
		t.Fatal(err)
	}
	r, err = svc.Click(t.Context(), place, me, r.Public[0].Options[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < decisions || end; i++ {
		if i%5 == 4 {
			if r, err = svc.Command(t.Context(), place, me, "hunters", "undo", nil); err != nil {
				t.Fatal(err)
			}
			if len(r.Public) == 0 && len(r.Private) == 1 && len(r.Private[0].Options) == 2 {
				// After dice it asks first: Yes.
				if r, err = svc.Click(t.Context(), place, me, r.Private[0].Options[0].ID); err != nil {
					t.Fatal(err)
				}
			}
			if len(r.Public) == 0 { // refused (a patrol's end): go on
				r, _ = svc.Command(t.Context(), place, me, "hunters", "turn", nil)
			}
		}
		id := ""
		for _, m := range r.Public {
			if m.Prompt != nil {
				id = m.Options[0].ID
			}
		}
		if id == "" {
			break
		}
		if r, err = svc.Click(t.Context(), place, me, id); err != nil {
			t.Fatal(err)
		}
	}
	rec, err := store.Load(t.Context(), place.Key())
	if err != nil {
		fin, _ := store.Finished(t.Context())
		rec = &fin[0]
	}
	x, err := audit.Build(t.Context(), store, rec, true)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(x)
	return b, games
}

// PlayedScripted plays a terminal game on hand-chosen faces (as kaleun play
// --dice does) and returns its export.
func PlayedScripted(t testing.TB, decisions int) []byte {
	t.Helper()
	store, err := persist.Open(filepath.Join(t.TempDir(), "k.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	svc := bot.New(store, hunterGames(t), bot.Options{Now: func() time.Time { return time.Unix(1700000000, 0).UTC() }})
	faces := make([]int, 2000)
	for i := range faces {
		faces[i] = i*7%6 + 1
	}
	place := bot.Place{Platform: "terminal", Space: "local", Channel: "local"}
	me := bot.User{ID: "local", Name: "Kommandant"}
	r, err := svc.StartGame(t.Context(), place, me, "hunters", map[string]string{"boat": "VIIC"}, &persist.DiceRecord{Kind: "scripted", Faces: faces})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < decisions; i++ {
		var id string
		for _, m := range r.Public {
			if m.Prompt != nil {
				id = m.Options[0].ID
			}
		}
		if id == "" {
			break
		}
		if r, err = svc.Click(t.Context(), place, me, id); err != nil {
			t.Fatal(err)
		}
	}
	rec, err := store.Load(t.Context(), place.Key())
	if err != nil {
		t.Fatal(err)
	}
	x, err := audit.Build(t.Context(), store, rec, true)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(x)
	return b
}

// Vectors are the command's test vectors, fixtures being bot/audit's
// testdata: the format 1 and older files, a finished and a running chat
// career, a scripted terminal game, a career with undos, a game played
// under rules read otherwise, their faithful re-encodings, and the first, a
// middle and the last forgery of each kind audittest knows, with the head
// given right, earlier and wrong, and scripted dice accepted.
func Vectors(t testing.TB, fixtures string) []Vector {
	t.Helper()
	headOf := func(data []byte) string {
		var x audit.Export
		json.Unmarshal(data, &x)
		return x.Head
	}
	var vs []Vector
	honest := func(name string, data []byte, want string) {
		vs = append(vs, Vector{Name: name, Data: data, Want: want, Head: headOf(data)})
	}
	forged := func(name string, data []byte) {
		head := headOf(data)
		for _, c := range audittest.Sample(data) {
			v := Vector{Name: name + ", " + c.Category + ": " + c.Name, Data: c.Data, Want: "tampered", Head: head}
			switch {
			case c.HeadOnly:
				v.Want = "head only"
			case c.Scripted:
				v.Want = "scripted"
				v.Head = headOf(c.Data)
			}
			vs = append(vs, v)
		}
	}
	for _, name := range []string{"v1-terminal-running.json", "v1-chat-abandoned.json", "career-before-load-order.json", "duel-before-load-order.json"} {
		honest(name, readFixture(t, fixtures, name), "honest")
	}
	scriptedV1 := readFixture(t, fixtures, "v1-terminal-scripted.json")
	honest("v1-terminal-scripted.json", scriptedV1, "scripted")
	vs = append(vs, Vector{Name: "v1-terminal-scripted.json, --allow-scripted", Data: scriptedV1, Opts: audit.CheckOptions{AllowScripted: true}, Want: "honest", Head: headOf(scriptedV1)})
	// Format 1 forgeries, as TestFormatOneFilesStillVerify tries them:
	// format 1 binds neither the game's id, its creation time nor its
	// surface, and a replay that parts from a log that names no rules
	// version is told as a change of the rules (status 4): never verified.
	v1 := readFixture(t, fixtures, "v1-chat-abandoned.json")
	for _, c := range audittest.Cases(v1, "relabel the game", "flip over", "drop the reveal", "swap decisions", "seeded to scripted") {
		v := Vector{Name: "v1-chat-abandoned.json, " + c.Category + ": " + c.Name, Data: c.Data, Want: "not verified", Head: headOf(v1)}
		if strings.HasPrefix(c.Name, "the game id") || strings.HasPrefix(c.Name, "the creation time") || c.Name == "the surface" || c.Scripted || c.HeadOnly {
			v.Want = "unbound in format 1"
		}
		vs = append(vs, v)
	}

	finished, _ := FinishedCareer(t, 9)
	running, _ := Played(t, Script{Decisions: 30, Entropy: []string{"Prien"}, RevealAt: 10})
	undos, _ := PlayedWithUndos(t, 40, false)
	scripted := PlayedScripted(t, 40)
	honest("a finished chat career", finished, "honest")
	honest("a running chat career", running, "honest")
	honest("a career with undos", undos, "honest")
	substituted, _ := PlayedWithSubstitute(t)
	honest("a duel with a substitute", substituted, "honest")
	forged("the duel with a substitute", substituted)
	honest("a scripted terminal game", scripted, "scripted")
	vs = append(vs, Vector{Name: "a scripted terminal game, --allow-scripted", Data: scripted, Opts: audit.CheckOptions{AllowScripted: true}, Want: "honest", Head: headOf(scripted)})
	forged("the finished career", finished)
	forged("the running career", running)
	for _, re := range audittest.Reencodings() {
		if !re.Available() {
			continue
		}
		out, err := re.Do(finished)
		if err != nil {
			t.Fatal(err)
		}
		honest("the finished career, "+re.Name, out, "honest")
	}

	// The head as a reader gives it: whole, a prefix, an earlier entry's,
	// one of no entry.
	var x audit.Export
	json.Unmarshal(finished, &x)
	for name, head := range map[string]string{"its head": x.Head, "its head's first 12": x.Head[:12], "entry 10's hash": x.Entries[9].Hash[:16], "no entry's hash": "0123456789ab"} {
		vs = append(vs, Vector{Name: "the finished career, --head " + name, Data: finished, Opts: audit.CheckOptions{Head: head}, Want: "head given", Head: x.Head})
	}

	// Played under another reading of the rules; the same change under this
	// one's is a changed log (cmd/kaleun's TestVerifyTellsARulesChangeFromAChangedLog).
	vs = append(vs, Vector{Name: "a note reworded under rules hunters/0", Data: Reworded(t, running, "hunters/0"), Want: "rules changed"})
	vs = append(vs, Vector{Name: "a note reworded under this kaleun's rules", Data: Reworded(t, running, ""), Want: "tampered"})

	// A face edited in the file's text, not re-hashed (cmd/kaleun's
	// TestAuditAndVerifyCommands), and files that are no audit file.
	text := string(finished)
	at := strings.Index(text, `"faces":[`) + len(`"faces":[`)
	face := map[byte]string{'1': "2", '2': "3", '3': "4", '4': "5", '5': "6", '6': "1"}[text[at]]
	if at < len(`"faces":[`) || face == "" {
		t.Fatal("no die face to change in the finished career")
	}
	vs = append(vs, Vector{Name: "a face changed in the text", Data: []byte(text[:at] + face + text[at+1:]), Want: "tampered"})
	for name, data := range map[string]string{"garbage": "{not json", "nothing": "", "a JSON array": "[]", "a member twice": strings.Replace(text, `"over":true`, `"over":true,"over":false`, 1)} {
		vs = append(vs, Vector{Name: name, Data: []byte(data), Want: "tampered"})
	}
	return vs
}

// Reworded is a log whose last note is worded otherwise, its first entry
// naming rules version (none: left as logged), re-hashed end to end.
func Reworded(t testing.TB, data []byte, version string) []byte {
	t.Helper()
	var x audit.Export
	json.Unmarshal(data, &x)
	var ge audit.GenesisEvent
	json.Unmarshal(x.Entries[0].Event, &ge)
	if version != "" {
		ge.Genesis.Rules = version
		x.Entries[0].Event, _ = audit.EncodeGenesis(ge.Genesis)
	}
	for i := len(x.Entries) - 1; i > 0; i-- {
		var ev map[string]any
		json.Unmarshal(x.Entries[i].Event, &ev)
		if ev["kind"] == "note" {
			ev["text"] = "(reworded) " + ev["text"].(string)
			x.Entries[i].Event, _ = json.Marshal(ev)
			audittest.Rehash(&x)
			b, _ := json.Marshal(&x)
			return b
		}
	}
	t.Fatal("no note to reword")
	return nil
}
