package main

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kaleun/kaleun/adapters/terminal"
	"github.com/kaleun/kaleun/bot"
	"github.com/kaleun/kaleun/engine/uboatleader"
	"github.com/kaleun/kaleun/persist"
)

// Physical cards at a keyboard (issue 28): the printed number is typed
// whole ("17", one answer, not three digit prompts), and at the stress
// menu "2" is +2 stress, not the second line's -4. The number goes to the
// game through the bot as a key no button has (bot.AnswerID).
func TestKeyboardEntersAPhysicalCardByItsNumbers(t *testing.T) {
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
		Now:     func() time.Time { return time.Unix(1700000000, 0).UTC() },
		NewSeed: func() ([]byte, error) { return []byte("u-boat leader keyboard seed"), nil },
		NewID:   func() (string, error) { n++; return fmt.Sprintf("ubl%d", n), nil },
	})
	place := bot.Place{Platform: "terminal", Space: "local", Channel: "kb"}
	u := bot.User{ID: "u1", Name: "Dönitz"}
	r, err := svc.Command(t.Context(), place, u, "uboatleader", "new", map[string]string{"campaign": "opening", "draws": "physical"})
	if err != nil || len(r.Public) == 0 {
		t.Fatalf("new: %+v %v", r, err)
	}
	state := func() *uboatleader.State {
		rec, err := store.Load(t.Context(), place.Key())
		if err != nil {
			t.Fatal(err)
		}
		st, err := games["uboatleader"].Rules.Decode(rec.State)
		if err != nil {
			t.Fatal(err)
		}
		return st.(*uboatleader.State)
	}
	// The built-in player buys the fleet and sails, up to the first draw.
	for step := 0; ; step++ {
		s := state()
		p := s.Pending()
		if step > 2000 || p == nil {
			t.Fatal("no Event card was drawn")
		}
		if p.Kind == "uboatleader.draw.events" {
			break
		}
		key := uboatleader.BuiltIn(s)
		r, err := svc.Command(t.Context(), place, u, "uboatleader", "turn", nil)
		if err != nil {
			t.Fatal(err)
		}
		clicked := false
		for _, m := range r.Public {
			for _, o := range m.Options {
				if m.Prompt != nil && strings.HasSuffix(o.ID, ":"+key) {
					if _, err := svc.Click(t.Context(), place, u, o.ID); err != nil {
						t.Fatal(err)
					}
					clicked = true
				}
			}
		}
		if !clicked {
			t.Fatalf("no button for %q", key)
		}
	}
	var out bytes.Buffer
	s := &terminal.Session{Svc: svc, Place: place, User: u, Game: "uboatleader", Out: &out,
		In: strings.NewReader("new\n17\neffect1.kind=1\n2\nquit\n")}
	if err := s.Run(t.Context()); err != nil {
		t.Fatal(err)
	}
	screen := out.String()
	f := state().Form
	if f == nil || f.Values["n100"] != 0 || f.Values["n10"] != 1 || f.Values["n1"] != 7 {
		t.Fatalf("the number typed was not entered: %+v\n%s", f, screen)
	}
	if v, ok := f.Values["effect1.value"]; !ok || v != 2 {
		t.Fatalf("\"2\" at the stress menu entered %d (%v), not +2\n%s", v, ok, screen)
	}
	for _, want := range []string{"Its printed number: type it (1 to 999)", "Effect 1 stress: type it (-5 to -1, +1 to +5)", "So far: #17"} {
		if !strings.Contains(screen, want) {
			t.Errorf("no %q on the screen:\n%s", want, screen)
		}
	}
	if strings.Contains(screen, "n100=0") {
		t.Errorf("the digit buttons are listed at the keyboard:\n%s", screen)
	}
}
