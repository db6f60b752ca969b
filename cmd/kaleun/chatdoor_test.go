package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kaleun/kaleun/bot"
	"github.com/kaleun/kaleun/engine/dice"
	"github.com/kaleun/kaleun/engine/enginetest"
	"github.com/kaleun/kaleun/persist"
)

// Every registered game a player starts alone opens in chat under its own
// words, answers `help`, refuses an unknown command naming only commands it
// has, and plays by its buttons: what a new game gets from its descriptor
// alone (issue 27's trial: a new game answered "Unknown command" to help,
// offered challenge, tournament and undo it lacked, and opened with
// "Kommandant commands.").
func TestEveryGameOpensHelpsAndPlaysInChat(t *testing.T) {
	games, err := availableGames()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range games.Names() {
		g := games[name]
		if g.TournamentOnly != "" || len(g.Seats) > 0 {
			continue // started by a tournament, or by a challenge
		}
		t.Run(name, func(t *testing.T) {
			store, err := persist.Open(filepath.Join(t.TempDir(), "k.db"))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { store.Close() })
			svc := bot.New(store, games, bot.Options{TextOnly: true,
				Now:     func() time.Time { return time.Unix(1700000000, 0).UTC() },
				NewSeed: func() ([]byte, error) { return []byte("chat door seed"), nil },
				NewID:   func() (string, error) { return "door1", nil }})
			place, user := bot.Place{Platform: "discord", Space: "s1", Channel: "c1"}, bot.User{ID: "u1", Name: "Anna"}
			var args map[string]string
			json.Unmarshal([]byte(enginetest.FormSetup(g, dice.NewFast(3))), &args)
			r, err := svc.Command(t.Context(), place, user, name, "new", args)
			if err != nil || len(r.Public) == 0 {
				t.Fatalf("new %v: %+v %v", args, r, err)
			}
			if g.Words.Player != "Kommandant" && strings.Contains(fmt.Sprint(r.Public), "Kommandant") {
				t.Fatalf("the opening names a Kommandant: %+v", r.Public)
			}
			start := r.Public[len(r.Public)-1]
			if r, err = svc.Click(t.Context(), place, user, start.Options[0].ID); err != nil {
				t.Fatal(err)
			}
			help, err := svc.Command(t.Context(), place, user, name, "help", nil)
			if err != nil || len(help.Public) != 1 || !strings.HasPrefix(help.Public[0].Title, "Help") {
				t.Fatalf("help: %+v %v", help, err)
			}
			refusal, err := svc.Command(t.Context(), place, user, name, "no-such-command", nil)
			if err != nil || len(refusal.Private) != 1 {
				t.Fatalf("an unknown command: %+v %v", refusal, err)
			}
			for _, c := range bot.Commands() {
				if !g.Offers(c.Name) && strings.Contains(refusal.Private[0].Text, " "+c.Name+",") {
					t.Errorf("the refusal offers %q, which %s lacks: %s", c.Name, name, refusal.Private[0].Text)
				}
			}
			for i := 0; i < 40; i++ {
				var p *bot.Message
				for j := range r.Public {
					if r.Public[j].Prompt != nil && len(r.Public[j].Options) > 0 {
						p = &r.Public[j]
					}
				}
				if p == nil {
					break // over, or waiting elsewhere: it played as far as its buttons go
				}
				if r, err = svc.Click(t.Context(), place, user, p.Options[0].ID); err != nil {
					t.Fatalf("click %d: %v", i, err)
				}
			}
			if name == "example" {
				if rec, err := store.LastFinished(t.Context(), place.Key()); err != nil || !rec.Over {
					t.Fatalf("the example game did not end by its button: %v", err)
				}
			}
		})
	}
}
