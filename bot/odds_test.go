package bot

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/hunters"
	"github.com/kaleun/kaleun/persist"
)

// oddsButton returns a prompt message's Odds button, if it has one.
func oddsButton(m Message) (Option, bool) {
	for _, o := range m.Options {
		if strings.HasSuffix(o.ID, ":"+oddsKey) {
			return o, true
		}
	}
	return Option{}, false
}

// snapshot is what asking for odds must leave as it was: the saved state,
// the dice and their cursor, the log.
type snapshot struct {
	state            []byte
	cursor           int64
	seq              uint64
	decisions, count int
}

func snap(t *testing.T, store *persist.Store, p Place) snapshot {
	t.Helper()
	rec, err := store.Load(t.Context(), p.Key())
	if err != nil {
		t.Fatal(err)
	}
	evs, err := store.Events(t.Context(), rec.ID, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	return snapshot{state: append([]byte(nil), rec.State...), cursor: rec.Dice.Cursor, seq: rec.Seq, decisions: rec.Decisions, count: len(evs)}
}

func (a snapshot) same(b snapshot) bool {
	return bytes.Equal(a.state, b.state) && a.cursor == b.cursor && a.seq == b.seq && a.decisions == b.decisions && a.count == b.count
}

// The advisor through the bot: the prompts of an encounter carry an Odds
// button; `odds` and the button answer privately, to whoever asks, with the
// odds of every option; and asking changes neither the saved state, nor the
// dice cursor, nor the log.
func TestAskingForOddsChangesNothing(t *testing.T) {
	svc, store := newService(t)
	r, err := started(t, svc, here, prien, map[string]string{"boat": "VIIC", "start": "1941-06", "kommandant": "Prien"})
	if err != nil {
		t.Fatal(err)
	}
	m := lastPrompt(t, r)
	asked := 0
	for i := 0; i < 400 && asked < 1; i++ {
		rec, err := store.Load(t.Context(), here.Key())
		if err != nil {
			t.Fatal("the career ended before an encounter")
		}
		st, err := svc.games["hunters"].Rules.Decode(rec.State)
		if err != nil {
			t.Fatal(err)
		}
		if button, ok := oddsButton(m); ok {
			before := snap(t, store, here)
			for _, ask := range []func() (Reply, error){
				func() (Reply, error) { return svc.Command(t.Context(), here, prien, "hunters", "odds", nil) },
				func() (Reply, error) { return svc.Click(t.Context(), here, stranger, button.ID) }, // anyone may ask
			} {
				r, err := ask()
				if err != nil {
					t.Fatal(err)
				}
				if len(r.Public) != 0 || len(r.Private) == 0 || r.Private[0].Odds == nil {
					t.Fatalf("odds must come privately: %+v", r)
				}
				o := r.Private[0].Odds
				if o.Token != m.Prompt.Token || len(o.Options) != len(m.Prompt.Options) || o.Options[0].Rollouts != hunters.DefaultRollouts {
					t.Fatalf("odds %+v for the prompt %+v", o, m.Prompt)
				}
				if !strings.HasPrefix(r.Private[0].Title, "Odds: ") || !strings.Contains(r.Private[0].Text, "rollouts") {
					t.Fatalf("rendered as %q / %q", r.Private[0].Title, r.Private[0].Text)
				}
				if after := snap(t, store, here); !before.same(after) {
					t.Fatal("asking for odds changed the saved game, its dice or its log")
				}
			}
			asked++
		}
		key := hunters.Command(st.(*hunters.State))
		r = mustClick(t, svc, prien, optionID(rec.ID, m.Prompt.Token, key))
		m = lastPrompt(t, r)
	}
	if asked == 0 {
		t.Fatal("no prompt carried an Odds button")
	}
	// A stale button (the decision taken) answers nothing and changes nothing.
	rec, _ := store.Load(t.Context(), here.Key())
	r, err = svc.Click(t.Context(), here, prien, optionID(rec.ID, "0", oddsKey))
	if err != nil || len(r.Private) != 1 || r.Private[0].Odds != nil {
		t.Fatalf("a stale Odds button: %+v %v", r, err)
	}
}

// A tournament's organiser may turn the odds off (odds:off): its description
// says so, its careers' prompts carry no Odds button, and `odds` is refused.
func TestTournamentOddsOff(t *testing.T) {
	svc, store, games := newDuelService(t)
	organiser := User{ID: "u0", Name: "Dönitz"}
	players := []User{prien, kretschmer}
	cmd := func(u User, args map[string]string) Reply {
		t.Helper()
		r, err := svc.Command(t.Context(), here, u, "hunters", "tournament", args)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	r := cmd(organiser, map[string]string{"action": "create", "format": "top", "length": "short", "name": "Blind Cup", "odds": "off"})
	if len(r.Elsewhere) != 1 || len(r.Elsewhere[0].Channel) != 1 {
		t.Fatalf("create: %+v", r)
	}
	card := r.Elsewhere[0].Channel[0] // the tournament's card in its channel
	described := false
	for _, f := range card.Fields {
		described = described || (strings.Contains(f.Name, "Odds") && f.Value == "off")
	}
	if !described {
		t.Fatalf("the description does not say the odds are off: %+v", card.Fields)
	}
	for _, p := range players {
		cmd(p, map[string]string{"action": "join"})
	}
	r = cmd(organiser, map[string]string{"action": "start"})
	pl := Place{Platform: here.Platform, Space: here.Space, Channel: here.Channel, Thread: "player-" + prien.ID}
	m := lastPrompt(t, mustClick(t, svc, prien, r.Elsewhere[0].Channel[0].Options[0].ID))
	fights := 0
	for i := 0; i < 200; i++ {
		if _, ok := oddsButton(m); ok {
			t.Fatal("an Odds button in a tournament without odds")
		}
		rec, err := store.Load(t.Context(), pl.Key())
		if err != nil {
			break
		}
		st, _ := games["hunters"].Rules.Decode(rec.State)
		if st.(*hunters.State).Enc != nil {
			fights++ // a prompt that would carry the button
		}
		if i%20 == 0 {
			privateSays(t, "odds", mustCommand(t, svc, pl, prien, "odds"), nil, "odds are off")
		}
		next := mustClick(t, svc, prien, optionID(rec.ID, st.Pending().Token, hunters.Command(st.(*hunters.State))))
		if ended(next) {
			break
		}
		m = lastPrompt(t, next)
	}
	if fights == 0 {
		t.Fatal("no prompt of an encounter was seen")
	}
	// And by default they are on.
	svc2, _, _ := newDuelService(t)
	r, err := svc2.Command(t.Context(), here, organiser, "hunters", "tournament", map[string]string{"action": "create", "format": "top", "length": "short"})
	if err != nil {
		t.Fatal(err)
	}
	on := false
	for _, n := range r.Elsewhere {
		for _, m := range n.Channel {
			for _, f := range m.Fields {
				on = on || (strings.Contains(f.Name, "Odds") && f.Value == "on")
			}
		}
	}
	if !on {
		t.Fatalf("the description does not say the odds are on: %+v", r.Elsewhere)
	}
}

func mustCommand(t *testing.T, svc *Service, p Place, u User, name string) Reply {
	t.Helper()
	r, err := svc.Command(t.Context(), p, u, "hunters", name, nil)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// Before a game starts (its set-up rolls the starting rank, 11.2.2, so it
// waits for its Start), `odds` gives the outlook of its setup; a game
// without an advisor says so.
func TestOddsBeforeTheStartAndWithoutAnAdvisor(t *testing.T) {
	svc, store := newService(t)
	if _, err := svc.Command(t.Context(), here, prien, "hunters", "new", map[string]string{"boat": "VIIC", "start": "1942-01"}); err != nil {
		t.Fatal(err)
	}
	if rec, err := store.Load(t.Context(), here.Key()); err != nil || !rec.AwaitingStart {
		t.Fatalf("the game should wait for its Start: %+v %v", rec, err)
	}
	r := mustCommand(t, svc, here, prien, "odds")
	if len(r.Private) != 1 || !strings.Contains(r.Private[0].Text, "Career outlook, Type VIIC from Jan-42") || !strings.Contains(r.Private[0].Text, "--boat VIIC --start 1942-01") {
		t.Fatalf("outlook: %+v", r)
	}
	var noAdvisor engine.State = struct{ engine.State }{}
	if _, ok := noAdvisor.(engine.Advisor); ok {
		t.Fatal("a state without the advisor must not pass for one")
	}
}

// oddsService is newService's service with few rollouts, over store (a
// second one over the same store is the bot restarted).
func oddsService(t *testing.T, store *persist.Store) *Service {
	t.Helper()
	h, err := hunters.NewRules()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	return New(store, engine.Described(map[string]engine.Rules{"hunters": h}), Options{
		Now:          func() time.Time { return time.Unix(1700000000, 0).UTC() },
		NewSeed:      func() ([]byte, error) { return []byte("fixed seed for tests"), nil },
		NewID:        func() (string, error) { n++; return fmt.Sprintf("g%d", n), nil },
		OddsRollouts: 100,
	})
}

// oddsFor asks for the odds as `odds` and with the button of the pending
// prompt, and wants both answered for that prompt (issue 28, item 3).
func oddsFor(t *testing.T, svc *Service, store *persist.Store, token string) {
	t.Helper()
	rec, err := store.Load(t.Context(), here.Key())
	if err != nil {
		t.Fatal(err)
	}
	for _, ask := range []func() (Reply, error){
		func() (Reply, error) { return svc.Command(t.Context(), here, prien, "hunters", "odds", nil) },
		func() (Reply, error) { return svc.Click(t.Context(), here, prien, optionID(rec.ID, token, oddsKey)) },
	} {
		r, err := ask()
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Private) == 0 || r.Private[0].Odds == nil || r.Private[0].Odds.Token != token {
			t.Fatalf("odds at prompt %s: %+v", token, r)
		}
	}
}

// After an undo the prompts' tokens carry the undo's number ("1u1"), and
// the odds are answered for them, in chat and after a restart, for the rest
// of the game (issue 28, item 3: "prompt 1u1 is not the pending one (1)").
func TestOddsAfterAnUndo(t *testing.T) {
	store, err := persist.Open(filepath.Join(t.TempDir(), "bot.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	svc := oddsService(t, store)
	r, err := started(t, svc, here, prien, map[string]string{"boat": "VIIC", "start": "1943-02", "kommandant": "Prien"})
	if err != nil {
		t.Fatal(err)
	}
	rec, _ := store.Load(t.Context(), here.Key())
	m := lastPrompt(t, mustClick(t, svc, prien, optionID(rec.ID, lastPrompt(t, r).Prompt.Token, "e3")))
	second := m.Prompt
	mustClick(t, svc, prien, optionID(rec.ID, second.Token, second.Options[0].Key))
	back := lastPrompt(t, undoSays(t, svc, here, prien, second.Title))
	if back.Prompt.Token != second.Token+"u1" {
		t.Fatalf("the undo brought back prompt %q, want %su1", back.Prompt.Token, second.Token)
	}
	oddsFor(t, svc, store, back.Prompt.Token)
	// A decision later the tokens still carry the undo.
	next := lastPrompt(t, mustClick(t, svc, prien, optionID(rec.ID, back.Prompt.Token, back.Prompt.Options[0].Key)))
	oddsFor(t, svc, store, next.Prompt.Token)
	oddsFor(t, oddsService(t, store), store, next.Prompt.Token) // restarted
}
