package audit_test

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kaleun/kaleun/bot"
	"github.com/kaleun/kaleun/bot/audit"
	"github.com/kaleun/kaleun/bot/audit/audittest"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/hunters"
	"github.com/kaleun/kaleun/engine/hunters/duel"
	"github.com/kaleun/kaleun/persist"
)

// playedWithSubstitute plays a duel through the bot in which Lemp takes
// over Kretschmer's seat by agreement (issue 34 item 3), decides, takes
// his decision back (an undo after its handover, by its holder then), and
// plays on; it returns the export.
func playedWithSubstitute(t *testing.T) ([]byte, engine.Registry) {
	t.Helper()
	store, err := persist.Open(filepath.Join(t.TempDir(), "k.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	h, _ := hunters.NewRules()
	games := engine.Described(map[string]engine.Rules{"hunters": h, "hunters-duel": duel.NewRules(h)})
	svc := bot.New(store, games, bot.Options{
		Now:     func() time.Time { return time.Unix(1700000000, 0).UTC() },
		NewSeed: func() ([]byte, error) { return []byte("substitute test seed"), nil },
		NewID:   func() (string, error) { return "sub1", nil },
	})
	place := bot.Place{Platform: "discord", Space: "g", Channel: "c"}
	prien, kretschmer, lemp := bot.User{ID: "u1", Name: "Prien"}, bot.User{ID: "u2", Name: "Kretschmer"}, bot.User{ID: "u3", Name: "Lemp"}
	must := func(r bot.Reply, err error) bot.Reply {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	prompt := func(r bot.Reply) *bot.Message {
		for i := len(r.Public) - 1; i >= 0; i-- {
			if r.Public[i].Prompt != nil {
				return &r.Public[i]
			}
		}
		return nil
	}
	r := must(svc.Command(t.Context(), place, prien, "hunters-duel", "new", map[string]string{"boat": "VIIC", "start": "1941-06", "b": bot.UserArg(kretschmer.ID, kretschmer.Name)}))
	r = must(svc.Click(t.Context(), place, kretschmer, r.Public[0].Options[0].ID))
	players := map[string]bot.User{prien.ID: prien, kretschmer.ID: kretschmer, lemp.ID: lemp}
	play := func(n int, stopAt string) {
		t.Helper()
		for i := 0; i < n; i++ {
			p := prompt(r)
			if p == nil {
				r = must(svc.Command(t.Context(), place, prien, "hunters-duel", "turn", nil))
				if p = prompt(r); p == nil {
					t.Fatalf("no prompt: %+v", r)
				}
			}
			if p.Owner == stopAt {
				return
			}
			r = must(svc.Click(t.Context(), place, players[p.Owner], p.Options[0].ID))
		}
	}
	play(12, "")
	play(500, kretschmer.ID)
	args := map[string]string{"seat": bot.UserArg(kretschmer.ID, kretschmer.Name), "with": bot.UserArg(lemp.ID, lemp.Name)}
	must(svc.Command(t.Context(), place, prien, "hunters-duel", "substitute", args))
	must(svc.Command(t.Context(), place, lemp, "hunters-duel", "substitute", args))
	// Lemp decides, then takes it back: he confirms an undo after dice,
	// and Prien allows it, as a game for several needs.
	r = must(svc.Click(t.Context(), place, lemp, prompt(r).Options[0].ID))
	u := must(svc.Command(t.Context(), place, lemp, "hunters-duel", "undo", nil))
	for i := 0; i < 3; i++ {
		var opt string
		by := lemp
		for _, m := range append(u.Private, u.Public...) {
			if len(m.Options) > 0 {
				opt = m.Options[0].ID
				if strings.Contains(opt, ":undo-yes:") {
					by = prien
				}
			}
		}
		if opt == "" {
			break
		}
		u = must(svc.Click(t.Context(), place, by, opt))
	}
	r = must(svc.Command(t.Context(), place, prien, "hunters-duel", "turn", nil))
	play(20, "")
	rec, err := store.Load(t.Context(), place.Key())
	if err != nil {
		t.Fatal(err)
	}
	x, err := audit.Build(t.Context(), store, rec, true)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(x)
	return b, games
}

// The handover is in the log, and verify replays it: the honest file is
// verified with its handover and its undo after it; a handover or an undo
// changed to what the game master would not have written, re-hashed end to
// end, is rejected, each for what it is.
func TestSubstituteEntriesVerifyAndForgeriesAreRejected(t *testing.T) {
	data, games := playedWithSubstitute(t)
	rep := audit.Verify(data, games)
	if !rep.OK() || rep.Substitutes != 1 || rep.Undos != 1 {
		t.Fatalf("the honest duel with a substitute: %+v", rep)
	}
	var x audit.Export
	json.Unmarshal(data, &x)
	at, voidAt := -1, -1
	for i, e := range x.Entries {
		var k struct{ Kind engine.EventKind }
		json.Unmarshal(e.Event, &k)
		switch {
		case k.Kind == audit.KindSubstitute:
			at = i
		case k.Kind == audit.KindVoid && at >= 0:
			voidAt = i
		}
	}
	if at < 0 || voidAt < 0 {
		t.Fatalf("the log has no handover (%d) or no undo after it (%d)", at, voidAt)
	}
	var sub audit.SubstituteEvent
	json.Unmarshal(x.Entries[at].Event, &sub)
	if s := sub.Substitute; s.From.Name != "Kretschmer" || s.To.Name != "Lemp" || len(s.By) != 2 || s.By[0].Name != "Prien" || s.By[1].Name != "Lemp" || len(s.Seats) != 1 {
		t.Fatalf("the handover's entry: %+v", s)
	}
	forge := func(name, want string, edit func(x *audit.Export)) {
		t.Helper()
		var y audit.Export
		json.Unmarshal(data, &y)
		edit(&y)
		audittest.Rehash(&y)
		b, _ := json.Marshal(&y)
		r := audit.Verify(b, games)
		if r.Intact() || !strings.Contains(r.Problems[0].Msg, want) {
			t.Errorf("%s: want a problem saying %q, got %v", name, want, r.Problems)
		}
	}
	resub := func(f func(s *audit.Substitute)) func(x *audit.Export) {
		return func(y *audit.Export) {
			s := sub.Substitute
			f(&s)
			y.Entries[at].Event, _ = audit.SubstituteEntry(s)
		}
	}
	forge("its text changed", "not what the game master writes", func(y *audit.Export) {
		y.Entries[at].Event = json.RawMessage(strings.Replace(string(y.Entries[at].Event), "takes over", "took over", 1))
	})
	forge("from another player than the seat's", "holds it since an earlier handover", func(y *audit.Export) {
		// A second handover, of the seat from Kretschmer again, as if he still held it.
		s := sub.Substitute
		s.N, s.To = 2, audit.Person{ID: "u4", Name: "Schepke"}
		e := y.Entries[len(y.Entries)-1]
		s.Decision = e.Decision
		e.Event, _ = audit.SubstituteEntry(s)
		e.Dice = nil
		y.Entries = append(y.Entries, e)
	})
	forge("numbered 2", "handover number", resub(func(s *audit.Substitute) { s.N = 2 }))
	forge("to himself", "from one player to another", resub(func(s *audit.Substitute) { s.To = s.From }))
	forge("decided by nobody", "names nobody", resub(func(s *audit.Substitute) { s.By = nil }))
	forge("of no seat", "passes no seat", resub(func(s *audit.Substitute) { s.Seats = nil }))
	forge("after another decision", "logged with decision", resub(func(s *audit.Substitute) { s.Decision++ }))
	forge("with a die", "dice numbered", func(y *audit.Export) { y.Entries[at].Dice = []int64{1} })
	forge("the undo by the replaced player", "but Lemp holds it since its handover", func(y *audit.Export) {
		var ve audit.VoidEvent
		json.Unmarshal(y.Entries[voidAt].Event, &ve)
		ve.Void.By = "Kretschmer"
		y.Entries[voidAt].Event, _ = audit.VoidEntry(ve.Void)
	})
}
