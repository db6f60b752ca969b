package auditvectors

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kaleun/kaleun/bot"
	"github.com/kaleun/kaleun/bot/audit"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/hunters"
	"github.com/kaleun/kaleun/engine/hunters/duel"
	"github.com/kaleun/kaleun/persist"
)

// PlayedWithSubstitute plays a duel through the bot in which Lemp takes
// over Kretschmer's seat by agreement (issue 34 item 3), decides, takes
// his decision back (an undo after its handover, by its holder then), and
// plays on; it returns the export.
func PlayedWithSubstitute(t testing.TB) ([]byte, engine.Registry) {
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
