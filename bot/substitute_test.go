package bot

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kaleun/kaleun/bot/audit"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/hunters"
	"github.com/kaleun/kaleun/engine/hunters/wolfpack"
	"github.com/kaleun/kaleun/engine/tonnagewar"
	"github.com/kaleun/kaleun/persist"
)

// Issue 34 item 3: a substitute for a vanished player.

var lemp = User{ID: "u5", Name: "Lemp"}

func substituteCmd(t *testing.T, svc *Service, at Place, u User, old, newcomer User) Reply {
	t.Helper()
	r, err := svc.Command(t.Context(), at, u, "hunters-duel", "substitute", map[string]string{"seat": UserArg(old.ID, old.Name), "with": UserArg(newcomer.ID, newcomer.Name)})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func loadHere(t *testing.T, store *persist.Store, p Place) *persist.GameRecord {
	t.Helper()
	rec, err := store.Load(t.Context(), p.Key())
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

func auditOf(t *testing.T, store *persist.Store, rec *persist.GameRecord) []byte {
	t.Helper()
	x, err := audit.Build(t.Context(), store, rec, true)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(x)
	return b
}

// In a duel outside a tournament, the remaining player proposes and the
// newcomer confirms (the same words); refused, with nothing changed: a
// stranger, the absent player himself, a seat nobody of that name holds,
// a newcomer who plays already, twice the same agreement. The handover
// pings the newcomer, moves the seat, the prompt and the game's place in
// the players' lists; the absent player's click is refused and the
// newcomer's taken; the log's entry verifies.
func TestSubstituteInADuelByAgreement(t *testing.T) {
	clock := (&fakeClock{}).set("2026-06-10T10:00:00Z")
	svc, store := clockedService(t, filepath.Join(t.TempDir(), "k.db"), clock)
	defer store.Close()
	r := acceptedDuel(t, svc)
	waiting := lastPrompt(t, r)
	before := loadHere(t, store, here)
	privateSays(t, "a stranger", substituteCmd(t, svc, here, stranger, kretschmer, lemp), nil, "Only the players who remain and the newcomer")
	privateSays(t, "himself", substituteCmd(t, svc, here, prien, kretschmer, kretschmer), nil, "cannot substitute for himself")
	privateSays(t, "a seat not found", substituteCmd(t, svc, here, prien, stranger, lemp), nil, "holds no seat")
	privateSays(t, "a newcomer who plays", substituteCmd(t, svc, here, prien, kretschmer, prien), nil, "plays in game")
	if got := loadHere(t, store, here); got.Seq != before.Seq || got.Proposal != nil || got.Seats[1].ID != kretschmer.ID {
		t.Fatalf("a refusal changed the game: %+v", got)
	}
	// The agreement is one message in the channel, kept up to date: the
	// proposal (pinging whom it waits for, never the absent player), then
	// the handover in its place.
	r = substituteCmd(t, svc, here, prien, kretschmer, lemp)
	if len(r.Public) != 0 || len(r.Elsewhere) != 1 || r.Elsewhere[0].Place != here || r.Elsewhere[0].Sticky == "" ||
		!strings.Contains(r.Elsewhere[0].Channel[0].Text, "proposes") || !slices.Equal(r.Elsewhere[0].Channel[0].Pings(), []string{lemp.ID}) {
		t.Fatalf("the proposal: %+v", r)
	}
	sticky := r.Elsewhere[0].Sticky
	if got := loadHere(t, store, here); got.Seats[1].ID != kretschmer.ID || got.Seq != before.Seq {
		t.Fatalf("a proposal alone hands nothing over, nor logs anything: %+v", got)
	}
	privateSays(t, "agreeing twice", substituteCmd(t, svc, here, prien, kretschmer, lemp), nil, "agreed to this substitute already")
	clock.t = clock.t.Add(30 * time.Minute)
	r = substituteCmd(t, svc, here, lemp, kretschmer, lemp)
	if len(r.Public) != 0 || len(r.Elsewhere) != 1 || r.Elsewhere[0].Sticky != sticky {
		t.Fatalf("the handover is not the agreement's message: %+v", r)
	}
	if m := r.Elsewhere[0].Channel[0]; m.Mention != lemp.ID || m.Jump != waiting.Ref || !strings.Contains(m.Text, "takes over from Kretschmer") {
		t.Fatalf("the handover's message: %+v", m)
	}
	rec := loadHere(t, store, here)
	if rec.Seats[1].ID != lemp.ID || rec.Seats[1].Name != lemp.Name || !slices.Contains(rec.Replaced, kretschmer.ID) || rec.Proposal != nil || rec.Seq != before.Seq+1 {
		t.Fatalf("after the handover: %+v", rec)
	}
	if games, _ := store.GamesOf(t.Context(), here.Key(), kretschmer.ID); len(games) != 0 {
		t.Errorf("the game is still in Kretschmer's list: %v", games)
	}
	if games, _ := store.GamesOf(t.Context(), here.Key(), lemp.ID); len(games) != 1 {
		t.Errorf("the game is not in Lemp's list: %v", games)
	}
	// The pending prompt is Lemp's; Kretschmer's click on it changes nothing.
	privateSays(t, "Kretschmer's click", mustClick(t, svc, kretschmer, waiting.Options[0].ID), nil, "Lemp's")
	r = mustClick(t, svc, lemp, waiting.Options[0].ID)
	if len(r.Answered) == 0 || !strings.Contains(r.Answered[0].Message.Text, "Lemp") {
		t.Fatalf("Lemp's decision: %+v", r)
	}
	// A second handover back, by agreement again, is allowed: the original
	// player comes back only so.
	rec = loadHere(t, store, here)
	rep := audit.Verify(auditOf(t, store, rec), svc.games)
	if !rep.OK() || rep.Substitutes != 1 {
		t.Fatalf("the log with its handover: %+v", rep)
	}
	if v := audit.Check(auditOf(t, store, rec), svc.games, audit.CheckOptions{}); !strings.Contains(v.Text, "substitutes: 1 handover") {
		t.Errorf("kaleun verify does not tell the handover:\n%s", v.Text)
	}
}

// The newcomer's clock starts at the handover: the reminders laid out for
// the absent player are gone, and the newcomer gets his own, once each.
func TestSubstituteGetsTheRemindersFromTheHandover(t *testing.T) {
	clock := (&fakeClock{}).set("2026-06-10T10:00:00Z")
	svc, store := clockedService(t, filepath.Join(t.TempDir(), "k.db"), clock)
	defer store.Close()
	r := acceptedDuel(t, svc)
	waiting := lastPrompt(t, r)
	t0 := clock.t
	clock.t = t0.Add(45 * time.Minute)
	substituteCmd(t, svc, here, prien, kretschmer, lemp)
	substituteCmd(t, svc, here, lemp, kretschmer, lemp)
	if n, err := tickDelivered(t, svc, t0.Add(70*time.Minute)); err != nil || len(n) != 0 {
		t.Fatalf("at the absent player's first reminder time nothing is due: %+v %v", n, err)
	}
	var to []string
	for _, at := range []time.Duration{106 * time.Minute, 107 * time.Minute, 166 * time.Minute, 167 * time.Minute} {
		n, err := tickDelivered(t, svc, t0.Add(at))
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range n {
			if !x.Reminder {
				continue
			}
			for _, m := range append(x.Channel, x.Direct...) {
				if m.Mention != "" {
					to = append(to, m.Mention)
				}
			}
			if x.DirectTo != "" && x.DirectTo != lemp.ID {
				t.Errorf("a reminder went directly to %s", x.DirectTo)
			}
		}
	}
	if len(to) != 2 || to[0] != lemp.ID || to[1] != lemp.ID {
		t.Fatalf("reminders after the handover went to %v, want Lemp's two, each once", to)
	}
	_ = waiting
}

// In a tournament the organiser alone hands a career over, from the
// tournament's channel: not an entrant, nor a career's player; not to an
// entrant (a player has one career in a tournament), not for a player with
// no career. The standings show both names; the newcomer presses the
// career's Start and the replaced player's click changes nothing; the
// organiser may hand it back, and only he.
func TestSubstituteInATournamentByItsOrganiser(t *testing.T) {
	svc, store, games := newDuelService(t)
	organiser := User{ID: "u0", Name: "Dönitz"}
	tcmd := func(u User, args map[string]string) Reply {
		t.Helper()
		r, err := svc.Command(t.Context(), here, u, "hunters", "tournament", args)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	tcmd(organiser, map[string]string{"action": "create", "format": "top", "length": "short", "name": "Cup"})
	tcmd(prien, map[string]string{"action": "join"})
	tcmd(kretschmer, map[string]string{"action": "join"})
	schepke := User{ID: "u7", Name: "Schepke"}
	tcmd(schepke, map[string]string{"action": "join"})
	sub := func(u User, old, newcomer User) Reply {
		t.Helper()
		r, err := svc.Command(t.Context(), here, u, "hunters", "substitute", map[string]string{"seat": UserArg(old.ID, old.Name), "with": UserArg(newcomer.ID, newcomer.Name)})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	privateSays(t, "before the start", sub(organiser, kretschmer, lemp), nil, "has not been set up yet")
	r := tcmd(organiser, map[string]string{"action": "start"})
	start := r.Elsewhere[1].Channel[0] // Kretschmer's career waits for his Start
	career := r.Elsewhere[1].Place
	tcmd(organiser, map[string]string{"action": "remove", "player": UserArg(schepke.ID, schepke.Name)})
	privateSays(t, "a withdrawn entrant", sub(organiser, schepke, lemp), nil, "has withdrawn")
	privateSays(t, "an entrant", sub(prien, kretschmer, lemp), nil, "Only the organiser")
	privateSays(t, "no career", sub(organiser, stranger, lemp), nil, "has no career")
	privateSays(t, "to an entrant", sub(organiser, kretschmer, prien), nil, "one career in a tournament")
	r = sub(organiser, kretschmer, lemp)
	if len(r.Public) != 0 || len(r.Private) != 1 || len(r.Elsewhere) != 2 || r.Elsewhere[0].Place != career || r.Elsewhere[0].Channel[0].Mention != lemp.ID {
		t.Fatalf("the handover from the tournament's channel: %+v", r)
	}
	if sm := r.Elsewhere[1].Channel[0]; !strings.Contains(fieldsText(sm), "Lemp (for Kretschmer from decision 0)") {
		t.Fatalf("the standings do not show both names: %s", fieldsText(sm))
	}
	privateSays(t, "Kretschmer's Start", mustClick(t, svc, kretschmer, start.Options[0].ID), nil, "for Lemp's game")
	r = mustClick(t, svc, lemp, start.Options[0].ID)
	if len(r.Public) == 0 {
		t.Fatalf("Lemp's Start: %+v", r)
	}
	// Lemp decides and takes it back, under another name than the one the
	// handover gave him (a nickname changed since): the undo is logged as
	// by the commander the handover named, as verify holds it.
	nick := User{ID: lemp.ID, Name: "Lemp's new nickname"}
	mustClick(t, svc, nick, lastPrompt(t, r).Options[0].ID)
	u, err := svc.Command(t.Context(), here, nick, "hunters", "undo", nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(u.Private) == 1 && len(u.Private[0].Options) == 2 {
		u = mustClick(t, svc, nick, u.Private[0].Options[0].ID)
	}
	rec := loadHere(t, store, career)
	if rec.Owner != lemp.ID || rec.OwnerName != lemp.Name {
		t.Fatalf("the career's commander: %s %s", rec.Owner, rec.OwnerName)
	}
	if rep := audit.Verify(auditOf(t, store, rec), games); !rep.OK() || rep.Substitutes != 1 || rep.Undos != 1 {
		t.Fatalf("the career's log: %+v (the undo: %+v)", rep, u)
	}
	// Handed back, by the organiser alone.
	privateSays(t, "Kretschmer back by himself", sub(kretschmer, lemp, kretschmer), nil, "Only the organiser")
	r = sub(organiser, lemp, kretschmer)
	if sm := r.Elsewhere[1].Channel[0]; !strings.Contains(fieldsText(sm), "Kretschmer (back from Lemp at decision 2)") {
		t.Fatalf("the standings after the career came back: %s", fieldsText(sm))
	}
	if rep := audit.Verify(auditOf(t, store, loadHere(t, store, career)), games); !rep.OK() || rep.Substitutes != 2 {
		t.Fatalf("the career's log after two handovers: %+v", rep)
	}
}

func fieldsText(m Message) string {
	var b strings.Builder
	for _, f := range m.Fields {
		b.WriteString(f.Name + ": " + f.Value + "\n")
	}
	return b.String()
}

// A finished game's seats stay as they were.
func TestSubstituteRefusedInAFinishedGame(t *testing.T) {
	svc, _, _ := newDuelService(t)
	r, err := svc.Command(t.Context(), here, prien, "hunters-duel", "new", map[string]string{"boat": "VIIC", "b": UserArg(kretschmer.ID, kretschmer.Name)})
	if err != nil {
		t.Fatal(err)
	}
	mustClick(t, svc, kretschmer, lastPrompt(t, r).Options[0].ID)
	c, err := svc.Command(t.Context(), here, prien, "hunters-duel", "concede", nil)
	if err != nil {
		t.Fatal(err)
	}
	mustClick(t, svc, prien, c.Private[0].Options[0].ID)
	privateSays(t, "a finished game", substituteCmd(t, svc, here, prien, kretschmer, lemp), nil, "finished game's seats stay")
}

// A Tonnage War hand passes with its seat: the newcomer's `hand` shows the
// cards as they stand, and none of the seat's private lines from before
// his handover (what it drew, for the absent player's eyes); the absent
// player sees the hand no more.
func TestSubstituteSeesTheHandFromTheHandoverOn(t *testing.T) {
	tw, err := tonnagewar.NewRules()
	if err != nil {
		t.Fatal(err)
	}
	games := engine.Described(map[string]engine.Rules{"tonnagewar": tw})
	svc, store := serviceWith(t, games, "tw", false)
	walker := User{ID: "u2", Name: "Walker"}
	if _, err := svc.Command(t.Context(), here, prien, "tonnagewar", "challenge", map[string]string{"b": UserArg(walker.ID, walker.Name)}); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Command(t.Context(), here, walker, "tonnagewar", "accept", nil); err != nil {
		t.Fatal(err)
	}
	rec := loadHere(t, store, here)
	st, err := tw.Decode(rec.State)
	if err != nil {
		t.Fatal(err)
	}
	view := engine.PrivateViewOf(st)
	hand := func(u User) Reply {
		t.Helper()
		r, err := svc.Command(t.Context(), here, u, "tonnagewar", view, nil)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	before := hand(walker)
	if len(before.Private) < 2 || before.Private[1].Title != "Lately, for your eyes" {
		t.Fatalf("Walker's hand before the handover shows what he drew: %+v", before.Private)
	}
	args := map[string]string{"seat": UserArg(walker.ID, walker.Name), "with": UserArg(lemp.ID, lemp.Name)}
	for _, u := range []User{prien, lemp} {
		if _, err := svc.Command(t.Context(), here, u, "tonnagewar", "substitute", args); err != nil {
			t.Fatal(err)
		}
	}
	after := hand(lemp)
	if len(after.Private) == 0 || after.Private[0].Text != before.Private[0].Text {
		t.Fatalf("Lemp's hand is not the seat's as it stands: %+v", after.Private)
	}
	for _, m := range after.Private {
		if m.Title == "Lately, for your eyes" {
			t.Fatalf("Lemp is shown the seat's private lines from before his handover: %s", m.Text)
		}
	}
	privateSays(t, "Walker's hand", hand(walker), nil, "Only the players of this game")
}

// In a wolfpack (a tournament's team game, a seat per boat) the organiser
// gives one boat to a newcomer: the pack's other boats are untouched, the
// boat's pending prompt is the newcomer's, the replaced player's click on
// it is refused, and the standings name both.
func TestSubstituteForABoatOfAWolfpack(t *testing.T) {
	h, _ := hunters.NewRules()
	games := engine.Described(map[string]engine.Rules{"hunters": h, "hunters-wolfpack": wolfpack.NewRules(h)})
	svc, store := serviceWith(t, games, "w", true)
	organiser := User{ID: "bdu", Name: "Dönitz"}
	tcmd := func(u User, args map[string]string) Reply {
		t.Helper()
		r, err := svc.Command(t.Context(), here, u, "hunters", "tournament", args)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	tcmd(organiser, map[string]string{"action": "create", "format": "wolfpack", "name": "Drumbeat"})
	var players []User
	for i := 0; i < 4; i++ {
		players = append(players, User{ID: fmt.Sprintf("p%02d", i), Name: fmt.Sprintf("Kaleun %02d", i)})
		tcmd(players[i], map[string]string{"action": "join"})
	}
	r := tcmd(organiser, map[string]string{"action": "start"})
	pack := r.Elsewhere[0].Place
	absent := players[1]
	before := loadHere(t, store, pack)
	r, err := svc.Command(t.Context(), here, organiser, "hunters", "substitute", map[string]string{"seat": UserArg(absent.ID, absent.Name), "with": UserArg(lemp.ID, lemp.Name)})
	if err != nil || len(r.Elsewhere) != 2 || r.Elsewhere[0].Place != pack {
		t.Fatalf("the handover: %+v %v", r, err)
	}
	if sm := fieldsText(r.Elsewhere[1].Channel[0]); !strings.Contains(sm, "Lemp (for Kaleun 01 from decision") {
		t.Fatalf("the standings: %s", sm)
	}
	rec := loadHere(t, store, pack)
	for i, st := range rec.Seats {
		want := before.Seats[i].ID
		if want == absent.ID {
			want = lemp.ID
		}
		if st.ID != want {
			t.Fatalf("seat %s is %s's after the handover, want %s's", st.Seat, st.ID, want)
		}
	}
	st, err := games["hunters-wolfpack"].Rules.Decode(rec.State)
	if err != nil {
		t.Fatal(err)
	}
	var p *engine.Prompt
	for _, q := range pendingAll(st) {
		if id, _ := answerer(rec, q); id == lemp.ID {
			p = q
		}
	}
	if p == nil {
		t.Fatal("no prompt of the pack waits on the newcomer")
	}
	click := func(u User) Reply {
		t.Helper()
		r, err := svc.Click(t.Context(), pack, u, optionID(rec.ID, p.Token, p.Options[0].Key))
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	privateSays(t, "the replaced player's click", click(absent), nil, "changed nothing")
	if r := click(lemp); len(r.Answered) == 0 {
		t.Fatalf("the newcomer's click: %+v", r)
	}
	if games, _ := store.GamesOf(t.Context(), pack.Key(), absent.ID); len(games) != 0 {
		t.Errorf("the pack is still in the replaced player's list")
	}
}
