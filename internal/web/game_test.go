package web

import (
	"context"
	"encoding/json"
	"html/template"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kaleun/kaleun/bot/audit"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
	"github.com/kaleun/kaleun/internal/gamelist"
	"github.com/kaleun/kaleun/persist/record"
)

// fakeGames holds games by their links, as persist's Store does.
type fakeGames struct {
	byLink map[string]*record.GameRecord
	logs   map[string][]record.EventRecord
}

func (f *fakeGames) FindLink(_ context.Context, link string) (*record.GameRecord, error) {
	if rec := f.byLink[link]; rec != nil {
		return rec, nil
	}
	return nil, ErrNoGame
}

func (f *fakeGames) Events(_ context.Context, id string, _ uint64, _ int) ([]record.EventRecord, error) {
	return f.logs[id], nil
}

// played is a game played through its rules with first choices and fast
// dice, logged as the bot logs it: each decision's events with the numbers
// of the dice they rolled, an undo's void entry after its decision.
type played struct {
	rec     *record.GameRecord
	entries []record.EventRecord
	// states[i] is the state after step i.
	states []engine.State
	dice   int
}

func (p *played) log(decision int, events ...json.RawMessage) {
	for _, ev := range events {
		e := record.EventRecord{Seq: uint64(len(p.entries) + 1), Decision: decision, Event: ev}
		var re engine.Event
		json.Unmarshal(ev, &re)
		if re.Roll != nil {
			for range re.Roll.Faces {
				e.Dice = append(e.Dice, int64(p.dice))
				p.dice++
			}
		}
		p.entries = append(p.entries, e)
	}
}

func encoded(t *testing.T, events []engine.Event) []json.RawMessage {
	var out []json.RawMessage
	for _, e := range events {
		b, err := json.Marshal(e)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, b)
	}
	return out
}

// play plays n decisions of a game; at undoAt (0: never) the last
// decision is undone, by the log's void, and taken again.
func play(t *testing.T, games engine.Registry, kind, setup string, n, undoAt int) *played {
	t.Helper()
	rules := games[kind]
	d := dice.NewFast(7)
	st, events, err := rules.Rules.New([]byte(setup), d)
	if err != nil {
		t.Fatal(err)
	}
	p := &played{rec: &record.GameRecord{ID: "g42", Game: kind, Key: "discord/s1/c1", Setup: json.RawMessage(setup), OwnerName: "Prien", Head: strings.Repeat("ab", 32)}}
	p.log(0, encoded(t, events)...)
	p.states = append(p.states, st)
	for dec := 1; dec <= n && st.Outcome() == nil; dec++ {
		pr := st.Pending()
		next, events, err := st.Apply(engine.Choice{Token: pr.Token, Key: pr.Options[0].Key}, d)
		if err != nil {
			t.Fatal(err)
		}
		st = next
		p.log(dec, encoded(t, events)...)
		p.states = append(p.states, st)
		if dec == undoAt {
			tl, err := audit.Rebuild(rules, p.rec.Setup, p.entries)
			if err != nil {
				t.Fatal(err)
			}
			v, _, err := tl.Plan(dec, "Prien", pr.Seat)
			if err != nil {
				t.Fatal(err)
			}
			if err := tl.Void(v); err != nil {
				t.Fatal(err)
			}
			entry, _ := audit.VoidEntry(v)
			p.log(dec, entry)
			p.states[len(p.states)-1] = tl.State // the void is in the decision's step
			st = tl.State
		}
	}
	p.rec.State, _ = st.Encode()
	p.rec.Over = st.Outcome() != nil
	return p
}

func (p *played) site(t *testing.T, games engine.Registry) (*Site, string) {
	t.Helper()
	link := p.rec.ID + ".0123456789abcdef0123456789abcdef"
	s, err := New(Options{Games: &fakeGames{byLink: map[string]*record.GameRecord{link: p.rec}, logs: map[string][]record.EventRecord{p.rec.ID: p.entries}}, Rules: games})
	if err != nil {
		t.Fatal(err)
	}
	return s, "/" + GamePath(link)
}

func fetch(t *testing.T, h http.Handler, path string) (*http.Response, string) {
	t.Helper()
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("GET", path, nil))
	res := w.Result()
	b, _ := io.ReadAll(res.Body)
	return res, string(b)
}

// A game's page shows the game as it stands (its pictures, its views, its
// players and state) and its log step by step, each roll with its chart,
// case, dice and modifiers, the undo's void among them; ?step=N shows the
// state after step N as the replay rebuilds it, with the previous and
// next steps' links; no other step, link or path is answered.
func TestWebGamePageReplaysTheLog(t *testing.T) {
	games, err := gamelist.Registry()
	if err != nil {
		t.Fatal(err)
	}
	pl := play(t, games, "hunters", `{"boat":"VIIC"}`, 12, 6)
	site, base := pl.site(t, games)
	res, page := fetch(t, site, base)
	if res.StatusCode != 200 || !strings.Contains(res.Header.Get("Content-Security-Policy"), "default-src 'none'") || res.Header.Get("X-Frame-Options") != "DENY" {
		t.Fatalf("%d %v\n%s", res.StatusCode, res.Header, page)
	}
	for _, want := range []string{"<h1>The Hunters: game g42</h1>", "Prien", "running", "Replay: the log step by step", `<li class="void">Undo 1: Prien took back decision 6`, `href="?step=6#now"`, `alt="The Hunters: the `, `, as it stands (the same state is in words below)"`} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	var roll engine.Event
	for _, e := range pl.entries {
		json.Unmarshal(e.Event, &roll)
		if roll.Roll != nil {
			break
		}
	}
	if roll.Roll == nil || !strings.Contains(page, esc(roll.Roll.String())) {
		t.Errorf("the page lacks the roll %q (its chart, case, dice and modifiers)", roll.Roll)
	}
	checkAccessible(t, "the game's page", page)
	for i, st := range pl.states {
		res, page := fetch(t, site, base+"?step="+itoa(i))
		if res.StatusCode != 200 {
			t.Fatalf("step %d: %d %s", i, res.StatusCode, page)
		}
		v, _ := st.View(st.Views()[0])
		for _, sec := range v.Sections {
			for _, l := range sec.Lines {
				if !strings.Contains(page, esc(l)) {
					t.Fatalf("step %d: the page lacks the state's line %q", i, l)
				}
			}
		}
		if i > 0 && !strings.Contains(page, `href="?step=`+itoa(i-1)+`#now"`) {
			t.Errorf("step %d: no link to the previous step", i)
		}
		if !strings.Contains(page, "The game at step "+itoa(i)) {
			t.Errorf("step %d: not said", i)
		}
	}
	res, body := fetch(t, site, base+"picture?n=0&step=3")
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/png" || !strings.HasPrefix(body, "\x89PNG") || res.Header.Get("X-Content-Type-Options") != "nosniff" {
		t.Fatalf("picture: %d %v", res.StatusCode, res.Header)
	}
	for _, bad := range []string{base + "?step=99", base + "?step=-1", base + "?step=x", base + "picture?n=9", base + "nothing",
		"/g/g42.0123456789abcdef0123456789abcdee/", "/g/", "/g/g42/", "/g/g42.0123456789abcdef0123456789abcdef/../"} {
		if res, _ := fetch(t, site, bad); res.StatusCode != 404 && res.StatusCode != 301 {
			t.Errorf("%s: %d", bad, res.StatusCode)
		}
	}
}

func esc(s string) string { return template.HTMLEscapeString(s) }

func itoa(n int) string { return strconv.Itoa(n) }

// The audit page shows the head, each seed's commitment and reveal as the
// log has them, the file to download and the verifier's link to it; the
// file is audit.Build's without the seed in force, as kaleun audit writes
// (TestLinkAndTheWebOnlyPagesOfAGame compares the bytes).
func TestWebAuditPageShowsTheSeedsAndTheFile(t *testing.T) {
	games, err := gamelist.Registry()
	if err != nil {
		t.Fatal(err)
	}
	pl := play(t, games, "hunters", `{"boat":"VIIC"}`, 5, 0)
	commit, _ := audit.SeedEntry(audit.SeedAction{Action: audit.ActionCommit, Commitment: strings.Repeat("c0", 32)})
	reveal, _ := audit.SeedEntry(audit.SeedAction{Action: audit.ActionReveal, Commitment: strings.Repeat("c0", 32), Seed: strings.Repeat("5e", 32)})
	pl.entries = append([]record.EventRecord{{Seq: 0, Decision: 0, Event: commit}}, pl.entries...)
	pl.log(5, reveal)
	pl.rec.Dice = record.DiceRecord{Kind: "auditable", Seed: "secret-seed-in-force-" + strings.Repeat("9", 40), GameID: pl.rec.ID}
	site, base := pl.site(t, games)
	res, page := fetch(t, site, base+"audit")
	if res.StatusCode != 200 {
		t.Fatalf("%d %s", res.StatusCode, page)
	}
	for _, want := range []string{pl.rec.Head, "Committed for dice #0 on: <code class=\"hash\">" + strings.Repeat("c0", 32), "Revealed: <code class=\"hash\">" + strings.Repeat("5e", 32),
		`href="audit.json" download`, `href="../../verify/?audit=..%2Fg%2Fg42.0123456789abcdef0123456789abcdef%2Faudit.json"`} {
		if !strings.Contains(page, want) {
			t.Errorf("the audit page lacks %s", want)
		}
	}
	checkAccessible(t, "the audit page", page)
	res, file := fetch(t, site, base+"audit.json")
	want, _ := Export(t.Context(), logged(pl.entries), pl.rec)
	if res.StatusCode != 200 || file != string(want) || strings.Contains(file, "secret-seed-in-force") || !strings.Contains(res.Header.Get("Content-Disposition"), `filename="kaleun-g42.json"`) {
		t.Fatalf("the file: %d %v", res.StatusCode, res.Header)
	}
}

// The time to make a game's page, as it stands and at its middle step (a
// replay from the start), for the closing note: go test -run
// TestWebGamePageTimes -v ./internal/web/.
func TestWebGamePageTimes(t *testing.T) {
	games, err := gamelist.Registry()
	if err != nil {
		t.Fatal(err)
	}
	pl := play(t, games, "hunters", `{"boat":"VIIC"}`, 400, 0)
	pl.rec.Dice = record.DiceRecord{Kind: "auditable", GameID: pl.rec.ID}
	site, base := pl.site(t, games)
	for _, path := range []string{base, base + "?step=" + itoa(len(pl.states)/2), base + "picture?n=0", base + "audit", base + "audit.json"} {
		start := time.Now()
		const n = 5
		size := 0
		for i := 0; i < n; i++ {
			res, body := fetch(t, site, path)
			if res.StatusCode != 200 {
				t.Fatalf("%s: %d", path, res.StatusCode)
			}
			size = len(body)
		}
		t.Logf("%s: %v a page, %d bytes (%d decisions, %d log entries)", strings.TrimPrefix(path, base), time.Since(start)/n, size, len(pl.states)-1, len(pl.entries))
	}
}
