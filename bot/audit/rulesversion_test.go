package audit_test

import (
	"encoding/json"
	"fmt"
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

// reading is The Hunters as another version of kaleun would read them: the
// same rules under another version name, and from decision `from` on, notes
// worded otherwise (what a change of the rules' text does to a replay).
type reading struct {
	engine.Rules
	version string
	from    int // decisions from here on are worded otherwise; 0: never
}

func (r reading) RulesVersion() string { return r.version }

func (r reading) SetupFields() []engine.SetupField {
	return r.Rules.(engine.SetupForm).SetupFields()
}

func (r reading) New(setup []byte, d engine.Dice) (engine.State, []engine.Event, error) {
	st, evs, err := r.Rules.New(setup, d)
	if err != nil {
		return nil, nil, err
	}
	return readState{st, r, 0}, evs, nil
}

func (r reading) Decode(b []byte) (engine.State, error) {
	var w struct {
		State json.RawMessage `json:"state"`
		N     int             `json:"n"`
	}
	if err := json.Unmarshal(b, &w); err != nil {
		return nil, err
	}
	st, err := r.Rules.Decode(w.State)
	return readState{st, r, w.N}, err
}

type readState struct {
	engine.State
	r reading
	n int // decisions taken
}

func (s readState) Apply(c engine.Choice, d engine.Dice) (engine.State, []engine.Event, error) {
	next, evs, err := s.State.Apply(c, d)
	if err != nil {
		return nil, nil, err
	}
	if s.r.from > 0 && s.n+1 >= s.r.from {
		for i := range evs {
			if evs[i].Kind == engine.KindNote {
				evs[i].Text += " (as read anew)"
			}
		}
	}
	return readState{next, s.r, s.n + 1}, evs, nil
}

func (s readState) Encode() ([]byte, error) {
	b, err := s.State.Encode()
	if err != nil {
		return nil, err
	}
	return json.Marshal(struct {
		State json.RawMessage `json:"state"`
		N     int             `json:"n"`
	}{b, s.n})
}

// playedUnder plays a career through the bot under the readings given, one
// after another (kaleun upgraded between them), clicks decisions each, and
// returns its export.
func playedUnder(t *testing.T, clicks int, readings ...reading) []byte {
	t.Helper()
	store, err := persist.Open(filepath.Join(t.TempDir(), "k.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	place := bot.Place{Platform: "discord", Space: "g", Channel: "c"}
	me := bot.User{ID: "u", Name: "Prien"}
	var r bot.Reply
	for i, rd := range readings {
		svc := bot.New(store, engine.Described(map[string]engine.Rules{"hunters": rd}), bot.Options{
			Now:     func() time.Time { return time.Unix(1700000000, 0).UTC() },
			NewSeed: func() ([]byte, error) { return []byte("rules version test seed"), nil },
			NewID:   func() (string, error) { return "rv1", nil },
		})
		if i == 0 {
			if r, err = svc.Command(t.Context(), place, me, "hunters", "new", map[string]string{"boat": "VIIC", "start": "1941-03"}); err != nil {
				t.Fatal(err)
			}
		} else if r, err = svc.Command(t.Context(), place, me, "hunters", "turn", nil); err != nil {
			t.Fatal(err)
		}
		for n := 0; n < clicks; n++ {
			id := ""
			for _, m := range r.Public {
				if len(m.Options) > 0 {
					id = m.Options[0].ID
				}
			}
			if id == "" {
				t.Fatalf("no prompt after %d clicks under %s: %+v", n, rd.version, r)
			}
			if r, err = svc.Click(t.Context(), place, me, id); err != nil {
				t.Fatal(err)
			}
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

// A log names the rules version each decision was played under: its genesis
// entry the version it began with, a rules entry each later change. A
// verifier whose rules read differently says that the rules changed, where
// and from which version, not that the log did: the chain, seeds and dice
// still check out. Where the log and the verifier name the same version, a
// replay that differs is a finding about the log.
func TestRulesVersionsTellAChangedReadingFromAChangedLog(t *testing.T) {
	h, err := hunters.NewRules()
	if err != nil {
		t.Fatal(err)
	}
	v1, v2 := reading{Rules: h, version: "hunters/1"}, reading{Rules: h, version: "hunters/2"}
	games := func(r reading) engine.Registry { return engine.Described(map[string]engine.Rules{"hunters": r}) }

	data := playedUnder(t, 30, v1)
	if !strings.Contains(string(data), `"rules":"hunters/1"`) {
		t.Fatal("the genesis entry does not name the rules version")
	}
	if r := audit.Verify(data, games(v1)); !r.OK() {
		t.Fatalf("the same rules: %+v", r)
	}
	// Another version that replays the same: ok.
	if r := audit.Verify(data, games(v2)); !r.OK() {
		t.Fatalf("another version reading the same: %+v", r)
	}
	// Another version that replays differently from decision 10: the rules changed.
	r := audit.Verify(data, games(reading{Rules: h, version: "hunters/2", from: 10}))
	if !r.Intact() || r.OK() || r.RulesChanged == nil || r.RulesChanged.Logged != "hunters/1" || r.RulesChanged.Current != "hunters/2" || r.RulesChanged.Decision < 10 {
		t.Fatalf("a changed reading: %+v %+v", r, r.RulesChanged)
	}
	if r.Checked != r.Dice || r.Dice == 0 {
		t.Fatalf("the dice are checked whatever the rules: %+v", r)
	}
	// The same version name, replaying differently: the log is not what
	// these rules played.
	r = audit.Verify(data, games(reading{Rules: h, version: "hunters/1", from: 10}))
	if r.Intact() || r.RulesChanged != nil {
		t.Fatalf("a changed log under the same version: %+v", r)
	}

	// Upgraded mid-game: the Start and 14 decisions under hunters/1, 15 under hunters/2.
	data = playedUnder(t, 15, v1, v2)
	var x audit.Export
	json.Unmarshal(data, &x)
	var changes []string
	for _, e := range x.Entries {
		var ev audit.RulesEvent
		if json.Unmarshal(e.Event, &ev) == nil && ev.Kind == audit.KindRules {
			changes = append(changes, fmt.Sprintf("%s from %d (decision %d)", ev.Rules.Version, ev.Rules.From, e.Decision))
		}
	}
	if len(changes) != 1 || !strings.HasPrefix(changes[0], "hunters/2 from 15 ") {
		t.Fatalf("rules entries: %v", changes)
	}
	if r := audit.Verify(data, games(v2)); !r.OK() {
		t.Fatalf("an upgraded game under the new rules: %+v", r)
	}
	// A verifier of hunters/2 that reads decisions before 15 differently:
	// they were hunters/1's.
	r = audit.Verify(data, games(reading{Rules: h, version: "hunters/2", from: 5}))
	if r.RulesChanged == nil || r.RulesChanged.Logged != "hunters/1" {
		t.Fatalf("decisions of the former version: %+v", r)
	}
	// ...but one that reads decisions after 16 differently has no excuse:
	// they were played under its own version (from decision 15).
	r = audit.Verify(data, games(reading{Rules: h, version: "hunters/2", from: 20}))
	if r.Intact() || r.RulesChanged != nil {
		t.Fatalf("decisions of its own version replaying differently: %+v", r)
	}

	// A rules entry is the game master's, held to its form.
	for i := range x.Entries {
		var ev audit.RulesEvent
		if json.Unmarshal(x.Entries[i].Event, &ev) == nil && ev.Kind == audit.KindRules {
			x.Entries[i].Event = []byte(strings.Replace(string(x.Entries[i].Event), "the rules are read as", "the rules are", 1))
		}
	}
	audittest.Rehash(&x)
	forged, _ := json.Marshal(&x)
	if r := audit.Verify(forged, games(v2)); r.Intact() || !strings.Contains(r.Problems[0].Msg, "rules entry") {
		t.Fatalf("a rules entry reworded: %+v", r)
	}
}
