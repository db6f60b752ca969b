package bot

// The second reading of The Hunters' tournaments (13.2-13.5), written from the
// rulebook alone and driven only through the bot's public service: the
// `tournament` command, the entrants' Start buttons, their careers in the
// store. (Reader read-b; docs/rules-fidelity/read-b.md maps the cases.)

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/hunters"
	"github.com/kaleun/kaleun/engine/hunters/wolfpack"
	"github.com/kaleun/kaleun/persist"
)

// fidelityTournament is a service, its store and games, and a command helper
// for the `tournament` command.
type fidelityTournament struct {
	t     *testing.T
	svc   *Service
	store *persist.Store
	games engine.Registry
}

func newFidelityTournament(t *testing.T) *fidelityTournament {
	t.Helper()
	return newFidelityTournamentSeeded(t, "f", true)
}

// newFidelityTournamentSeeded is newFidelityTournament with serviceWith's
// id prefix and seeding.
func newFidelityTournamentSeeded(t *testing.T, prefix string, perGame bool) *fidelityTournament {
	t.Helper()
	h, err := hunters.NewRules()
	if err != nil {
		t.Fatal(err)
	}
	games := engine.Described(map[string]engine.Rules{"hunters": h, "hunters-wolfpack": wolfpack.NewRules(h)})
	svc, store := serviceWith(t, games, prefix, perGame)
	return &fidelityTournament{t: t, svc: svc, store: store, games: games}
}

func (f *fidelityTournament) cmd(u User, args map[string]string) Reply {
	f.t.Helper()
	r, err := f.svc.Command(f.t.Context(), here, u, "hunters", "tournament", args)
	if err != nil {
		f.t.Fatal(err)
	}
	return r
}

var fidelityOrganiser = User{ID: "bdu", Name: "Dönitz"}

func fidelityEntrants(n int) []User {
	var out []User
	for i := 0; i < n; i++ {
		out = append(out, User{ID: fmt.Sprintf("e%d", i), Name: fmt.Sprintf("Kaleun %d", i)})
	}
	return out
}

// startCareers starts the tournament and presses every entrant's Start; it
// returns each entrant's career place.
func (f *fidelityTournament) startCareers(players []User) []Place {
	f.t.Helper()
	r := f.cmd(fidelityOrganiser, map[string]string{"action": "start"})
	var places []Place
	for _, p := range players {
		var start *Notice
		var first *Message
		for i := range r.Elsewhere {
			for j := range r.Elsewhere[i].Channel {
				if m := &r.Elsewhere[i].Channel[j]; m.Mention == p.ID && first == nil {
					start, first = &r.Elsewhere[i], m
				}
			}
		}
		if start == nil {
			f.t.Fatalf("no career for %s among %d notices", p.Name, len(r.Elsewhere))
		}
		// A career whose set-up rolls dice (a Type VII's rank after 1939)
		// waits for its Start; one whose set-up rolls none (a Type IX's:
		// the first die is the assignment, after the load) has begun.
		if len(first.Options) == 1 && first.Options[0].Label == "Start" {
			mustClick(f.t, f.svc, p, first.Options[0].ID)
		}
		places = append(places, start.Place)
	}
	return places
}

// career decodes the career at a place.
func (f *fidelityTournament) career(pl Place) *hunters.State {
	f.t.Helper()
	rec, err := f.store.Load(f.t.Context(), pl.Key())
	if err != nil {
		f.t.Fatalf("career at %v: %v", pl, err)
	}
	st, err := f.games["hunters"].Rules.Decode(rec.State)
	if err != nil {
		f.t.Fatal(err)
	}
	return st.(*hunters.State)
}

func fidelityDate(t *testing.T, c *hunters.State) string {
	t.Helper()
	v, err := c.View("status")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range v.Sections {
		for _, f := range s.Fields {
			if f.Name == "Date" {
				return f.Value
			}
		}
	}
	return ""
}

// playOut answers every entrant's prompts with the built-in commander until
// every career is over.
func (f *fidelityTournament) playOut(players []User, places []Place) {
	f.t.Helper()
	for step := 0; ; step++ {
		if step > 3000 {
			f.t.Fatal("the careers never end")
		}
		moved := false
		for i, p := range players {
			rec, err := f.store.Load(f.t.Context(), places[i].Key())
			if err != nil {
				continue // his career is over
			}
			st, err := f.games["hunters"].Rules.Decode(rec.State)
			if err != nil {
				f.t.Fatal(err)
			}
			pr := st.Pending()
			r, err := f.svc.Click(f.t.Context(), places[i], p, optionID(rec.ID, pr.Token, hunters.Command(st.(*hunters.State))))
			if err != nil {
				f.t.Fatal(err)
			}
			if len(r.Private) > 0 {
				f.t.Fatalf("%s's answer refused: %s", p.Name, r.Private[0].Text)
			}
			moved = true
		}
		if !moved {
			return
		}
	}
}

// 13.2.1, 13.2.2: "All players start at an agreed upon date, with the same
// U-Boat type"; the Long Tonnage Tournament: "Start Date: 9/39. Starting
// U-Boat: Type VIIA or Type IXA."
func TestFidelity13_2_2LongTonnageTournament(t *testing.T) {
	f := newFidelityTournament(t)
	for _, boat := range []string{"VIIB", "VIIC", "IXB"} {
		r := f.cmd(fidelityOrganiser, map[string]string{"action": "create", "format": "top", "length": "long", "boat": boat})
		if len(r.Public) != 0 || len(r.Private) != 1 {
			t.Fatalf("a long tournament with a %s: %+v", boat, r)
		}
	}
	f.cmd(fidelityOrganiser, map[string]string{"action": "create", "format": "top", "length": "long", "boat": "IXA"})
	players := fidelityEntrants(2)
	for _, p := range players {
		f.cmd(p, map[string]string{"action": "join"})
	}
	for i, pl := range f.startCareers(players) {
		c := f.career(pl)
		if c.Boat.Type != "IXA" || fidelityDate(t, c) != "Sep-39" {
			t.Fatalf("entrant %d: a %s in %s, want a IXA in Sep-39", i, c.Boat.Type, fidelityDate(t, c))
		}
	}
}

// 13.2.3: "SHORT TONNAGE TOURNAMENT. Start Date: 5/41. Starting U-Boat: Type
// VIIC or Type IXC."
func TestFidelity13_2_3ShortTonnageTournament(t *testing.T) {
	f := newFidelityTournament(t)
	for _, boat := range []string{"VIIA", "IXA", "VIID"} {
		r := f.cmd(fidelityOrganiser, map[string]string{"action": "create", "format": "top", "length": "short", "boat": boat})
		if len(r.Public) != 0 || len(r.Private) != 1 {
			t.Fatalf("a short tournament with a %s: %+v", boat, r)
		}
	}
	f.cmd(fidelityOrganiser, map[string]string{"action": "create", "format": "top", "length": "short", "boat": "IXC"})
	players := fidelityEntrants(2)
	for _, p := range players {
		f.cmd(p, map[string]string{"action": "join"})
	}
	for i, pl := range f.startCareers(players) {
		c := f.career(pl)
		if c.Boat.Type != "IXC" || fidelityDate(t, c) != "May-41" {
			t.Fatalf("entrant %d: a %s in %s, want a IXC in May-41", i, c.Boat.Type, fidelityDate(t, c))
		}
	}
}

// fidelityStanding is one line of the standings: its rank ("—" when unranked), the
// tonnage and the fate.
type fidelityStanding struct {
	rank   string
	tons   int
	living bool
}

func (f *fidelityTournament) standings() []fidelityStanding {
	f.t.Helper()
	r := f.cmd(fidelityOrganiser, map[string]string{"action": "standings"})
	if len(r.Public) != 1 {
		f.t.Fatalf("standings: %+v", r)
	}
	var out []fidelityStanding
	for _, fl := range r.Public[0].Fields {
		rank, _, _ := strings.Cut(fl.Name, ".")
		var tons int
		fmt.Sscanf(strings.ReplaceAll(fl.Value, ",", ""), "%d", &tons)
		out = append(out, fidelityStanding{rank: rank, tons: tons, living: strings.Contains(fl.Value, "survived")})
	}
	return out
}

// 13.2.1: "run patrols until killed or until June 1943. The player with the
// most tonnage sunk wins (dead or alive)"; 13.3.1: the Survival Tournament
// "uses the same format as the top tonnage tournaments, except the player is
// required to survive to 6/43." Four entrants of a short tournament play
// their careers out with the built-in commander; with these seeds some die
// and one lives.
func TestFidelity13_2_1And13_3_1DeadOrAlive(t *testing.T) {
	for _, format := range []string{"top", "survival"} {
		t.Run(format, func(t *testing.T) {
			f := newFidelityTournamentSeeded(t, "d", false)
			f.cmd(fidelityOrganiser, map[string]string{"action": "create", "format": format, "length": "short", "boat": "VIIC"})
			players := fidelityEntrants(4)
			for _, p := range players {
				f.cmd(p, map[string]string{"action": "join"})
			}
			f.playOut(players, f.startCareers(players))
			st := f.standings()
			dead, alive := 0, 0
			for _, s := range st {
				if s.living {
					alive++
				} else {
					dead++
				}
			}
			if dead == 0 || alive == 0 {
				t.Fatalf("want both fates to test the ranking: %+v", st)
			}
			n := 0
			for i, s := range st {
				if i > 0 && s.rank != "—" && st[i-1].rank != "—" && s.tons > st[i-1].tons {
					t.Fatalf("ranked out of tonnage order: %+v", st)
				}
				ranked := s.rank != "—"
				if format == "top" && !ranked {
					t.Fatalf("13.2.1: a career unranked in a top tonnage tournament: %+v", st)
				}
				if format == "survival" && ranked != s.living {
					t.Fatalf("13.3.1: ranked %v but living %v: %+v", ranked, s.living, st)
				}
				if ranked {
					n++
					if s.rank != fmt.Sprint(n) {
						t.Fatalf("rank %q at place %d: %+v", s.rank, n, st)
					}
				}
			}
		})
	}
}

// 13.4.1: the Mixed Boat tournament "uses the same format as any of the above
// tournaments, except the requirement to have all players use the same boat
// is lifted, i.e., players are free to choose Type IXs or Type VIIs". In a
// long one (9/39) each names his boat; one not yet in service in 9/39 (4.2.1)
// cannot enter.
func TestFidelity13_4_1MixedBoatEachNamesHisBoat(t *testing.T) {
	f := newFidelityTournament(t)
	f.cmd(fidelityOrganiser, map[string]string{"action": "create", "format": "mixed", "length": "long"})
	players := fidelityEntrants(3)
	if r := f.cmd(players[2], map[string]string{"action": "join"}); len(r.Public) != 0 || len(r.Private) != 1 {
		t.Fatalf("joining a mixed tournament without a boat: %+v", r)
	}
	if r := f.cmd(players[2], map[string]string{"action": "join", "boat": "IXB"}); len(r.Public) != 0 || len(r.Private) != 1 {
		t.Fatalf("a IXB (from Apr-40) in a tournament of 9/39: %+v", r)
	}
	boats := []string{"IXA", "VIIA"}
	for i, b := range boats {
		if r := f.cmd(players[i], map[string]string{"action": "join", "boat": b}); len(r.Elsewhere) != 1 || !strings.Contains(r.Elsewhere[0].Channel[0].Text, fmt.Sprintf("**Entrants** (%d)", i+1)) {
			t.Fatalf("joining with a %s: %+v", b, r)
		}
	}
	for i, pl := range f.startCareers(players[:2]) {
		c := f.career(pl)
		if c.Boat.Type != boats[i] || fidelityDate(t, c) != "Sep-39" {
			t.Fatalf("entrant %d: a %s in %s, want a %s in Sep-39", i, c.Boat.Type, fidelityDate(t, c), boats[i])
		}
	}
}

// 13.5.1: "Players are divided up into groups of six, which constitutes a
// Wolfpack, and the group given a unique name." Seven or thirteen entrants
// cannot all make sixes: no pack is larger than six, and none sails with a
// single boat (that is no pack); the names differ.
func TestFidelity13_5_1PacksOfSix(t *testing.T) {
	for _, n := range []int{7, 13} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			f := newFidelityTournament(t)
			f.cmd(fidelityOrganiser, map[string]string{"action": "create", "format": "wolfpack"})
			for _, p := range fidelityEntrants(n) {
				f.cmd(p, map[string]string{"action": "join"})
			}
			r := f.cmd(fidelityOrganiser, map[string]string{"action": "start"})
			total, names := 0, map[string]bool{}
			for _, nt := range r.Elsewhere {
				rec, err := f.store.Load(f.t.Context(), nt.Place.Key())
				if err != nil {
					continue
				}
				st, err := f.games["hunters-wolfpack"].Rules.Decode(rec.State)
				if err != nil {
					continue // not a pack
				}
				ws := st.(*wolfpack.State)
				if m := len(ws.Members); m < 2 || m > 6 {
					t.Fatalf("a pack of %d", m)
				}
				if names[ws.Name] {
					t.Fatalf("two packs named %q", ws.Name)
				}
				names[ws.Name] = true
				total += len(ws.Members)
			}
			if total != n || len(names) != (n+5)/6 {
				t.Fatalf("%d entrants dealt into %d packs holding %d", n, len(names), total)
			}
		})
	}
}
