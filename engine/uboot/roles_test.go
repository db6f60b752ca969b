package uboot

import (
	"slices"
	"testing"

	"github.com/kaleun/kaleun/engine"
)

// checkRoles: every role a prompt or an option names is one of the four
// (§1.1), and every option of a prompt with no Seat is someone's or is
// meant for any crew member.
func checkRoles(t *testing.T, p *engine.Prompt, where string) {
	t.Helper()
	if p.Seat != "" && !slices.Contains(roleIDs, p.Seat) {
		t.Fatalf("%s: %s's seat %q is no role", where, p.Kind, p.Seat)
	}
	for _, o := range p.Options {
		for _, r := range o.Seats {
			if !slices.Contains(roleIDs, r) {
				t.Fatalf("%s: %s's option %s names %q, no role", where, p.Kind, o.Key, r)
			}
		}
	}
}

// seatsOf are the roles that may take key now.
func seatsOf(s *State, key string) []string { return engine.SeatsFor(s.Pending(), key) }

func wantSeats(t *testing.T, s *State, key string, want ...string) {
	t.Helper()
	if got := seatsOf(s, key); !slices.Equal(got, want) {
		t.Errorf("%s (%s): the roles that make it are %v, want %v", key, s.Pending().Kind, got, want)
	}
}

// §7.1 and the flow of play: "The Captain responds with a Mobilization or
// an order"; §7.2: "the Captain may reset the order token to VIII at any
// time" (high alert); §5.2: the First Officer holds "the device running the
// app" and the medkit tokens, and §8.1 has him report everything in its
// feed (the watch-change bell among it); §7.5: Assign Observation Sectors
// is the Navigator's, Repairs the Chief Engineer's (a paused one resumed).
func TestBoardEntriesBelongToTheirRoles_5_1(t *testing.T) {
	s := board(t, `{"mode":"linked","missions":"1"}`)
	wantSeats(t, s, "mob", "captain")
	wantSeats(t, s, "alert", "captain") // §7.2 "at any time": on VIII too
	s, _ = enter(t, s, nil, "mob", "end")
	wantSeats(t, s, "alert", "captain")
	wantSeats(t, s, "end", "captain")
	wantSeats(t, s, "watch", "fo")
	wantSeats(t, s, "app", "fo")
	wantSeats(t, s, "order") // any officer begins it; the order picked is someone's
	for _, k := range []string{"obs", "resume", "medkit"} {
		want := map[string][]string{"obs": {"nav"}, "resume": {"ce"}, "medkit": {"fo"}}[k]
		if got := boardRoles[k]; !slices.Equal(got, want) {
			t.Errorf("%s is the %v's, not %v", k, want, got)
		}
	}
	s, _ = enter(t, s, nil, "app")
	if s.Pending().Seat != "fo" {
		t.Errorf("§8.1: every step of 'the app reports' is the FO's, not %q", s.Pending().Seat)
	}
	s, _ = enter(t, s, nil, "env")
	if s.Pending().Seat != "fo" {
		t.Errorf("§8.1: its second step too, not %q", s.Pending().Seat)
	}
}

// §6.4: the Captain announces and pays a Mobilization and ends it once
// every player reports ready; each player moves his own figures (§5.2:
// four figures each role).
func TestEachPlayerMovesHisOwnFigures_6_4(t *testing.T) {
	s := board(t, `{}`)
	s, _ = enter(t, s, nil, "mob")
	wantSeats(t, s, "m:C1", "captain")
	wantSeats(t, s, "m:F2", "fo")
	wantSeats(t, s, "m:N3", "nav")
	wantSeats(t, s, "m:E4", "ce")
	wantSeats(t, s, "end", "captain")
	s, _ = enter(t, s, nil, "m:F2")
	if s.Pending().Seat != "fo" {
		t.Fatalf("F2's steps are the First Officer's, not %q", s.Pending().Seat)
	}
	wantSeats(t, s, "stop", "fo")
}

// §7.5's "Responsible" column: the Captain gives an order (§7.1) and the
// order's officer carries it out (the pack's owner; Dive, Resurface and
// New Depth are the FO's and the CE's).
func TestOrdersAreTheirOfficers_7_5(t *testing.T) {
	s := board(t, `{}`)
	s.emptyBoard()
	s.place(5, "E1")
	s.Sections[5].Env = map[string]int{"leak": 1}
	s.Sections[5].Res = []string{"pump"}
	s.place(3, "F1", "F2", "E2")
	s.place(6, "E3")
	s.place(5, "E4")
	s, _ = enter(t, s, nil, "order")
	wantSeats(t, s, "o:repair", "captain", "ce")
	if offers(s, "o:dive") {
		wantSeats(t, s, "o:dive", "captain", "fo", "ce")
	}
	s, _ = enter(t, s, nil, "o:repair")
	wantSeats(t, s, "env:5:leak", "ce")
	wantSeats(t, s, backKey, "captain", "ce")
	s, _ = enter(t, s, nil, "env:5:leak")
	wantSeats(t, s, "+E1", "ce")
}

// §6.13 with §5.2 (2 cigarettes each role): a cigarette is lit by its
// owner, who then names the sailors who smoke it; §6.8 step 5: a player
// puts his own figure back.
func TestCigarettesAndReturnsAreTheOwners_6_13(t *testing.T) {
	s := board(t, `{}`)
	s.place(8, "N1")
	if !offers(s, "smoke") {
		t.Fatalf("a smoker outside: the break is offered (%v)", keysOf(s.Pending()))
	}
	wantSeats(t, s, "smoke")
	s, _ = enter(t, s, nil, "smoke")
	wantSeats(t, s, "c:nav", "nav")
	s, _ = enter(t, s, nil, "c:nav")
	if s.Pending().Seat != "nav" {
		t.Errorf("the Navigator's cigarette: its sailors are his to name, not %q's", s.Pending().Seat)
	}
	s = board(t, `{}`)
	s.Returns = []string{"E3"}
	if s.Pending().Seat != "ce" {
		t.Errorf("§6.8 step 5: E3 is put back by the Chief Engineer, not %q", s.Pending().Seat)
	}
}

func TestRolesAreTheFour_5_1(t *testing.T) {
	g := Game()
	if len(g.Roles) != 4 || g.Roles[0] != (engine.Role{ID: "captain", Name: "Captain"}) || g.Roles[3].ID != "ce" {
		t.Fatalf("the four roles of §1.1: %v", g.Roles)
	}
}
