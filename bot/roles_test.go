package bot

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/persist"
)

// crew is a game of roles for these tests: its first prompt offers the
// Captain's "order" and anyone's "note"; after an order, the First
// Officer's "go".
type crewRules struct{}

func (crewRules) Name() string { return "crew" }
func (crewRules) New([]byte, engine.Dice) (engine.State, []engine.Event, error) {
	return &crewState{}, nil, nil
}
func (crewRules) Decode(b []byte) (engine.State, error) {
	var s crewState
	err := json.Unmarshal(b, &s)
	return &s, err
}

type crewState struct{ Seq, Step int }

func (s *crewState) Pending() *engine.Prompt {
	p := &engine.Prompt{Token: strconv.Itoa(s.Seq), Actor: engine.Commander, Kind: "crew", Text: "Next?"}
	if s.Step == 0 {
		p.Options = []engine.Option{{Key: "order", Label: "Order", Seats: []string{"captain"}}, {Key: "note", Label: "Note"}}
	} else {
		p.Seat, p.Options = "fo", []engine.Option{{Key: "go", Label: "Go"}}
	}
	return p
}
func (s *crewState) Apply(c engine.Choice, _ engine.Dice) (engine.State, []engine.Event, error) {
	p := s.Pending()
	if !p.HasOption(c.Key) {
		return nil, nil, fmt.Errorf("%w: %q", engine.ErrIllegalChoice, c.Key)
	}
	next := &crewState{Seq: s.Seq + 1, Step: map[string]int{"order": 1}[c.Key]}
	return next, []engine.Event{{Kind: engine.KindChoice, Text: c.Key, Choice: &c}}, nil
}
func (s *crewState) Outcome() *engine.Outcome          { return nil }
func (s *crewState) Encode() ([]byte, error)           { return json.Marshal(s) }
func (s *crewState) Views() []string                   { return []string{"help"} }
func (s *crewState) View(string) (*engine.View, error) { return &engine.View{Title: "Crew"}, nil }

func crewService(t *testing.T) (*Service, *persist.Store) {
	t.Helper()
	store, err := persist.Open(filepath.Join(t.TempDir(), "bot.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	reg, err := engine.NewRegistry(&engine.Game{Name: "crew", Rules: crewRules{}, RulesVersion: "crew/1",
		Views: []engine.ViewSpec{{Name: "help", Help: "help"}},
		Roles: []engine.Role{{ID: "captain", Name: "Captain"}, {ID: "fo", Name: "First Officer"}}})
	if err != nil {
		t.Fatal(err)
	}
	return New(store, reg, Options{NewSeed: func() ([]byte, error) { return []byte("fixed seed for tests"), nil }}), store
}

func says(t *testing.T, r Reply, err error, want string) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	var all []string
	for _, m := range append(append([]Message{}, r.Public...), r.Private...) {
		all = append(all, m.Text)
	}
	if !strings.Contains(strings.Join(all, "\n"), want) {
		t.Fatalf("want %q in %q", want, all)
	}
}

// Roles are claimed after the game starts, several by one player; a role's
// entries are its holder's, refused to anyone else with the holder named;
// a role nobody holds is the owner's; an entry of no role is any player's.
func TestRolesClaimedDuringPlay(t *testing.T) {
	svc, store := crewService(t)
	ctx := t.Context()
	r, err := svc.Command(ctx, here, prien, "crew", "new", nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := lastPrompt(t, r).Options[0].Label; got != "Order" {
		t.Fatalf("a game of roles starts at once (no seats to accept): %q", got)
	}
	rec, _ := store.Load(ctx, here.Key())
	click := func(u User, token, key string) (Reply, error) {
		return svc.Click(ctx, here, u, optionID(rec.ID, token, key))
	}
	r, err = svc.Command(ctx, here, stranger, "crew", "claim", nil)
	says(t, r, err, "Captain: unclaimed, Prien's; First Officer: unclaimed, Prien's")
	// Unclaimed, the Captain's entry is the owner's alone.
	r, err = click(stranger, "0", "order")
	says(t, r, err, "unclaimed: Prien keeps it until someone claims it with `claim captain`")
	r, err = click(stranger, "0", "note")
	says(t, r, err, "claim a role first")
	// Schepke claims both roles: one player may hold several.
	r, err = svc.Command(ctx, here, stranger, "crew", "claim", map[string]string{"role": "captain"})
	says(t, r, err, "Schepke claims the Captain.")
	r, err = svc.Command(ctx, here, stranger, "crew", "claim", map[string]string{"role": "fo"})
	says(t, r, err, "First Officer: Schepke")
	r, err = svc.Command(ctx, here, kretschmer, "crew", "claim", map[string]string{"role": "captain"})
	says(t, r, err, "The Captain is Schepke's")
	r, err = svc.Command(ctx, here, kretschmer, "crew", "claim", map[string]string{"role": "cook"})
	says(t, r, err, `"cook" is not a role of this game`)
	r, err = click(prien, "0", "order")
	says(t, r, err, "This entry is the Captain's (Schepke): your click changed nothing.")
	r, err = click(stranger, "0", "order")
	if err != nil || len(r.Private) > 0 && strings.Contains(r.Private[0].Text, "changed nothing") {
		t.Fatalf("the Captain's holder orders: %v %+v", err, r)
	}
	// The prompt's Seat: the First Officer's "go".
	r, err = svc.Command(ctx, here, stranger, "crew", "claim", map[string]string{"role": "fo", "off": "off"})
	says(t, r, err, "Schepke gives up the First Officer: until someone claims it, Prien keeps it.")
	r, err = svc.Command(ctx, here, kretschmer, "crew", "claim", map[string]string{"role": "fo"})
	says(t, r, err, "Kretschmer claims the First Officer.")
	r, err = click(stranger, "1", "go")
	says(t, r, err, "This entry is the First Officer's (Kretschmer)")
	r, err = click(kretschmer, "1", "go")
	if err != nil || len(r.Private) > 0 && strings.Contains(r.Private[0].Text, "changed nothing") {
		t.Fatalf("the FO's holder goes: %v %+v", err, r)
	}
	rec, _ = store.Load(ctx, here.Key())
	if len(rec.Seats) != 2 || seatOf(rec, "fo").ID != kretschmer.ID {
		t.Fatalf("the claims are the record's seats: %+v", rec.Seats)
	}
}

// Only games of roles offer claim; in another it says why there is none.
func TestClaimOnlyInGamesOfRoles(t *testing.T) {
	svc, _ := newService(t)
	if _, err := started(t, svc, here, prien, map[string]string{"boat": "VIIC"}); err != nil {
		t.Fatal(err)
	}
	r, err := svc.Command(t.Context(), here, prien, "hunters", "claim", map[string]string{"role": "captain"})
	says(t, r, err, "there is no role to claim")
	for _, c := range CommandsFor(svc.games["hunters"]) {
		if c.Name == "claim" {
			t.Fatal("hunters lists claim")
		}
	}
	csvc, _ := crewService(t)
	for _, c := range CommandsFor(csvc.games["crew"]) {
		if c.Name == "claim" && strings.Join(c.Args[0].Choices, ",") != "captain,fo" {
			t.Fatalf("claim's choices are the roles: %v", c.Args[0].Choices)
		}
	}
}

// A game of roles honours a substitute (issue 34 item 3): every role the
// absent player held passes to the newcomer, whose entries they are from
// then on; the absent player's click is refused, and he cannot claim his
// way back in, even a role given up.
func TestRolesPassToASubstitute(t *testing.T) {
	svc, store := crewService(t)
	ctx := t.Context()
	if _, err := svc.Command(ctx, here, prien, "crew", "new", nil); err != nil {
		t.Fatal(err)
	}
	rec, _ := store.Load(ctx, here.Key())
	for _, role := range []string{"captain", "fo"} {
		if _, err := svc.Command(ctx, here, kretschmer, "crew", "claim", map[string]string{"role": role}); err != nil {
			t.Fatal(err)
		}
	}
	args := map[string]string{"seat": UserArg(kretschmer.ID, kretschmer.Name), "with": UserArg(lemp.ID, lemp.Name)}
	for _, u := range []User{prien, lemp} {
		if _, err := svc.Command(ctx, here, u, "crew", "substitute", args); err != nil {
			t.Fatal(err)
		}
	}
	r, err := svc.Command(ctx, here, stranger, "crew", "claim", nil)
	says(t, r, err, "Captain: Lemp; First Officer: Lemp")
	r, err = svc.Click(ctx, here, kretschmer, optionID(rec.ID, "0", "order"))
	says(t, r, err, "This entry is the Captain's (Lemp): your click changed nothing.")
	r, err = svc.Click(ctx, here, lemp, optionID(rec.ID, "0", "order"))
	if err != nil || len(r.Private) > 0 && strings.Contains(r.Private[0].Text, "changed nothing") {
		t.Fatalf("the Captain's new holder orders: %v %+v", err, r)
	}
	if _, err := svc.Command(ctx, here, lemp, "crew", "claim", map[string]string{"role": "captain", "off": "off"}); err != nil {
		t.Fatal(err)
	}
	r, err = svc.Command(ctx, here, kretschmer, "crew", "claim", map[string]string{"role": "captain"})
	says(t, r, err, "A substitute took your place in this game")
	rec, _ = store.Load(ctx, here.Key())
	if seatOf(rec, "captain") != nil {
		t.Fatalf("the replaced player claimed his way back: %+v", rec.Seats)
	}
}
