package bot

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/bot/audit"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/hunters"
	"github.com/kaleun/kaleun/engine/hunters/duel"
	"github.com/kaleun/kaleun/persist"
)

// commanderKey is the built-in commander's answer to a game's pending prompt.
func commanderKey(t *testing.T, games engine.Registry, rec *persist.GameRecord) (*engine.Prompt, string) {
	t.Helper()
	st, err := games[rec.Game].Rules.Decode(rec.State)
	if err != nil {
		t.Fatal(err)
	}
	p := st.Pending()
	switch s := st.(type) {
	case *hunters.State:
		return p, hunters.Command(s)
	case *duel.State:
		return p, hunters.Command(s.Career())
	}
	t.Fatalf("no commander for %T", st)
	return nil, ""
}

// lastLog is a game's last log entry, decoded.
func lastLog(t *testing.T, store *persist.Store, rec *persist.GameRecord) (persist.EventRecord, audit.VoidEvent) {
	t.Helper()
	es, err := store.Events(t.Context(), rec.ID, rec.Seq, 0)
	if err != nil || len(es) != 1 {
		t.Fatalf("last entry of %s: %v %v", rec.ID, es, err)
	}
	var v audit.VoidEvent
	json.Unmarshal(es[0].Event, &v)
	return es[0], v
}

// verified exports a game (the seed in force revealed, as a terminal
// database's holder may) and verifies it.
func verified(t *testing.T, store *persist.Store, games engine.Registry, rec *persist.GameRecord) audit.Report {
	t.Helper()
	x, err := audit.Build(t.Context(), store, rec, true)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := json.Marshal(x)
	rep := audit.Verify(data, games)
	if !rep.OK() {
		t.Fatalf("the log does not verify: %v", rep.Problems)
	}
	return rep
}

func undoSays(t *testing.T, svc *Service, p Place, u User, want string) Reply {
	t.Helper()
	r, err := svc.Command(t.Context(), p, u, "hunters", "undo", nil)
	if err != nil {
		t.Fatal(err)
	}
	all := ""
	for _, m := range append(r.Public, r.Private...) {
		all += m.Title + "\n" + m.Text + "\n"
	}
	if !strings.Contains(all, want) {
		t.Fatalf("undo by %s: want %q in\n%s", u.Name, want, all)
	}
	return r
}

// sureUndoSays runs `undo` after dice: it asks first, for the player alone,
// and changes nothing until he says Yes; then the undo says want.
func sureUndoSays(t *testing.T, svc *Service, p Place, u User, want string) Reply {
	t.Helper()
	before, err := svc.store.Load(t.Context(), p.Key())
	if err != nil {
		t.Fatal(err)
	}
	ask := undoSays(t, svc, p, u, "Undo decision")
	if len(ask.Public) != 0 || len(ask.Private) != 1 || len(ask.Private[0].Options) != 2 || !strings.Contains(ask.Private[0].Text, "your career is marked for good") {
		t.Fatalf("an undo after dice asks its player first, privately: %+v", ask)
	}
	if now, _ := svc.store.Load(t.Context(), p.Key()); now.Seq != before.Seq || now.Dice.Cursor != before.Dice.Cursor {
		t.Fatal("asking changed the game")
	}
	r, err := svc.Click(t.Context(), p, u, ask.Private[0].Options[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	all := ""
	for _, m := range append(r.Public, r.Private...) {
		all += m.Title + "\n" + m.Text + "\n"
	}
	if !strings.Contains(all, want) {
		t.Fatalf("undo confirmed by %s: want %q in\n%s", u.Name, want, all)
	}
	return r
}

// A misclick with no die rolled since: the undo is free, the log records a
// void naming the decision and no dice, the prompt comes back with a fresh
// token (a click on a message from before the undo is stale), the dice
// cursor has not moved, and verify replays it.
func TestUndoWithoutDiceIsFree(t *testing.T) {
	svc, store := newService(t)
	games := svc.games
	r, err := started(t, svc, here, prien, map[string]string{"boat": "VIIC", "kommandant": "Prien"})
	if err != nil {
		t.Fatal(err)
	}
	mix := lastPrompt(t, r)
	if mix.Prompt.Kind != "hunters.torpedo_mix" {
		t.Fatalf("first prompt %q", mix.Prompt.Kind)
	}
	before, _ := store.Load(t.Context(), here.Key())
	r = mustClick(t, svc, prien, optionID(before.ID, mix.Prompt.Token, "e3"))
	tubes := lastPrompt(t, r)
	// The Undo button comes with the next prompt (issue 17: the decision's
	// result is its prompt's message, buttons gone), and goes with it.
	var button Option
	for _, m := range r.Public {
		for _, o := range m.Options {
			if o.Label == "Undo" {
				button = o
			}
		}
	}
	if button.Label != "Undo" || button.Style != StyleQuiet {
		t.Fatalf("no Undo button with the next prompt: %+v", r.Public)
	}
	privateSays(t, "a stranger's undo", mustClick(t, svc, stranger, button.ID), nil, "Only the commander")
	r = mustClick(t, svc, prien, button.ID)
	if !r.Disarm {
		t.Fatal("the prompt that carried the Undo button keeps its buttons after the undo")
	}
	back := lastPrompt(t, r)
	if back.Prompt.Kind != "hunters.torpedo_mix" || back.Prompt.Token == mix.Prompt.Token {
		t.Fatalf("undo brings back the mix with a new token: %+v", back.Prompt)
	}
	rec, _ := store.Load(t.Context(), here.Key())
	entry, void := lastLog(t, store, rec)
	if void.Kind != audit.KindVoid || void.Void.Decision != 1 || void.Void.AfterDice() || len(entry.Dice) > 0 ||
		!strings.Contains(void.Text, "a free undo") || !strings.Contains(void.Text, "11 G7a + 3 G7e") {
		t.Fatalf("void entry: %+v", void)
	}
	if rec.Dice.Cursor != before.Dice.Cursor || rec.Decisions != before.Decisions+1 {
		t.Fatalf("cursor %d → %d, decisions %d → %d", before.Dice.Cursor, rec.Dice.Cursor, before.Decisions, rec.Decisions)
	}
	for _, old := range []string{mix.Options[0].ID, tubes.Options[0].ID} {
		privateSays(t, "a button from before the undo", mustClick(t, svc, prien, old), nil, "already taken")
	}
	privateSays(t, "the old Undo button", mustClick(t, svc, prien, button.ID), nil, "is not in force")
	r = mustClick(t, svc, prien, optionID(rec.ID, back.Prompt.Token, "e6"))
	if shown := r.Shown(); len(shown) == 0 || !strings.Contains(shown[0].Text, "8 G7a + 6 G7e") {
		t.Fatalf("the decision taken again: %+v", shown)
	}
	if st, _ := svc.Command(t.Context(), here, prien, "hunters", "status", nil); strings.Contains(st.Public[0].Text, "Undone") {
		t.Fatal("a free undo marks nothing")
	}
	rep := verified(t, store, games, mustLoad(t, store))
	if rep.Undos != 1 || rep.UndoneAfterDice != 0 {
		t.Fatalf("verify: %d undos, %d after dice", rep.Undos, rep.UndoneAfterDice)
	}
}

func mustLoad(t *testing.T, store *persist.Store) *persist.GameRecord {
	t.Helper()
	rec, err := store.Load(t.Context(), here.Key())
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// An undo after dice were seen: the void names the dice it discards with
// their faces, the cursor stays (the decision taken again rolls the next
// dice, never the same), and the career is marked in its status, its log
// sheet and the leaderboard; verify replays the void, the fresh dice and the
// mark.
func TestUndoAfterDiceDiscardsThemAndMarksTheCareer(t *testing.T) {
	svc, store := newService(t)
	games := svc.games
	r, err := started(t, svc, here, prien, map[string]string{"boat": "VIIC", "kommandant": "Prien"})
	if err != nil {
		t.Fatal(err)
	}
	// Load the boat: the last loading decision sails and rolls the first box.
	var rec *persist.GameRecord
	for {
		rec = mustLoad(t, store)
		p, key := commanderKey(t, games, rec)
		r = mustClick(t, svc, prien, optionID(rec.ID, p.Token, key))
		if mustLoad(t, store).Dice.Cursor > rec.Dice.Cursor {
			break
		}
	}
	cursor := mustLoad(t, store).Dice.Cursor
	rolled := []int64{}
	for k := rec.Dice.Cursor; k < cursor; k++ {
		rolled = append(rolled, k)
	}
	r = sureUndoSays(t, svc, here, prien, "The dice seen since are discarded")
	if !strings.Contains(r.Public[len(r.Public)-2].Text, "Marked: 1 decision undone after dice were seen") {
		t.Fatalf("the mark is said: %+v", r.Public)
	}
	after := mustLoad(t, store)
	_, void := lastLog(t, store, after)
	if after.Dice.Cursor != cursor || len(void.Void.Dice) != len(rolled) || void.Void.Dice[0] != rolled[0] || len(void.Void.Faces) != len(rolled) {
		t.Fatalf("cursor %d (want %d), void dice %v faces %v (want %v)", after.Dice.Cursor, cursor, void.Void.Dice, void.Void.Faces, rolled)
	}
	// The decision taken again rolls fresh dice: the next ones of the game.
	p, key := commanderKey(t, games, after)
	mustClick(t, svc, prien, optionID(after.ID, p.Token, key))
	es, _ := store.Events(t.Context(), after.ID, after.Seq+1, 0)
	first := int64(-1)
	for _, e := range es {
		if len(e.Dice) > 0 && first < 0 {
			first = e.Dice[0]
		}
	}
	if first != cursor {
		t.Fatalf("the redone decision's first die is #%d, want #%d (the dice never rewind)", first, cursor)
	}
	for _, view := range []string{"status", "log"} {
		v, _ := svc.Command(t.Context(), here, prien, "hunters", view, nil)
		if !strings.Contains(v.Public[0].Text, "Undone: 1 decision undone after dice were seen") {
			t.Fatalf("%s shows no mark:\n%s", view, v.Public[0].Text)
		}
	}
	board, _ := svc.Command(t.Context(), here, stranger, "hunters", "leaderboard", nil)
	if !strings.Contains(board.Public[0].Fields[0].Value, "marked: 1 decision undone after dice were seen") {
		t.Fatalf("leaderboard: %+v", board.Public[0].Fields)
	}
	rep := verified(t, store, games, mustLoad(t, store))
	if rep.Undos != 1 || rep.UndoneAfterDice != 1 {
		t.Fatalf("verify: %d undos, %d after dice", rep.Undos, rep.UndoneAfterDice)
	}
}

// playUntil takes the built-in commander's decisions (as whoever a prompt
// names) until done says the game stands where the test wants it.
func playUntil(t *testing.T, svc *Service, store *persist.Store, p Place, users []User, done func(rec *persist.GameRecord, before *persist.GameRecord) bool) *persist.GameRecord {
	t.Helper()
	for i := 0; i < 5000; i++ {
		rec, err := store.Load(t.Context(), p.Key())
		if err != nil {
			t.Fatalf("the game ended first: %v", err)
		}
		pr, key := commanderKey(t, svc.games, rec)
		who := users[0]
		for _, u := range users {
			if id, _ := answerer(rec, pr); id == u.ID {
				who = u
			}
		}
		if _, err := svc.Click(t.Context(), p, who, optionID(rec.ID, pr.Token, key)); err != nil {
			t.Fatal(err)
		}
		after, err := store.Load(t.Context(), p.Key())
		if err != nil || done(after, rec) {
			return after
		}
	}
	t.Fatal("the game never got there")
	return nil
}

// diceRolled: the decision just taken rolled dice.
func diceRolled(after, before *persist.GameRecord) bool {
	return after.Dice.Cursor > before.Dice.Cursor
}

// In a two-player game a free undo of one's own decision needs nobody; an
// undo after dice needs the other player's consent, by a button only he
// can press; he may refuse; a request the game has moved past does
// nothing; once allowed, the void names him, the decider's career is
// marked, and the duel's log verifies.
func TestUndoInADuelNeedsTheOtherPlayersConsent(t *testing.T) {
	svc, store, games := newDuelService(t)
	r, err := svc.Command(t.Context(), here, prien, "hunters-duel", "new", map[string]string{"boat": "VIIC", "start": "1941-06", "b": UserArg(kretschmer.ID, kretschmer.Name)})
	if err != nil {
		t.Fatal(err)
	}
	mustClick(t, svc, kretschmer, lastPrompt(t, r).Options[0].ID)
	both := []User{prien, kretschmer}
	playUntil(t, svc, store, here, both, func(after, before *persist.GameRecord) bool { return true })
	undoSays(t, svc, here, prien, "a free undo")
	undoSays(t, svc, here, kretschmer, "You have no decision to undo")
	playUntil(t, svc, store, here, both, diceRolled)
	ask := sureUndoSays(t, svc, here, prien, "Prien asks to undo decision").Public[0]
	if ask.Mention != kretschmer.ID || len(ask.Options) != 2 || !strings.Contains(ask.Text, "dice were seen") {
		t.Fatalf("request: %+v", ask)
	}
	privateSays(t, "the asker's own consent", mustClick(t, svc, prien, ask.Options[0].ID), nil, "The other player answers")
	privateSays(t, "a stranger's consent", mustClick(t, svc, stranger, ask.Options[0].ID), nil, "Only the players")
	refused := mustClick(t, svc, kretschmer, ask.Options[1].ID)
	if len(refused.Public) != 1 || !strings.Contains(refused.Public[0].Text, "Kretschmer refused to let Prien undo") {
		t.Fatalf("refusal: %+v", refused)
	}
	asked := mustLoad(t, store)
	ask = sureUndoSays(t, svc, here, prien, "Prien asks").Public[0]
	if now := mustLoad(t, store); now.Seq != asked.Seq || now.Dice.Cursor != asked.Dice.Cursor {
		t.Fatal("asking changed the game")
	}
	// The game moves on: the request is void.
	playUntil(t, svc, store, here, both, func(after, before *persist.GameRecord) bool { return true })
	privateSays(t, "a stale request", mustClick(t, svc, kretschmer, ask.Options[0].ID), nil, "moved on")
	playUntil(t, svc, store, here, both, func(after, before *persist.GameRecord) bool {
		p, _ := commanderKey(t, games, before)
		return diceRolled(after, before) && p.Seat == "a"
	})
	ask = sureUndoSays(t, svc, here, prien, "Prien asks").Public[0]
	r = mustClick(t, svc, kretschmer, ask.Options[0].ID)
	rec := mustLoad(t, store)
	_, void := lastLog(t, store, rec)
	if void.Void.Consent != "Kretschmer" || !void.Void.AfterDice() || void.Void.Seat != "a" || !strings.Contains(void.Text, "with Kretschmer's consent") {
		t.Fatalf("void: %+v", void)
	}
	status, _ := svc.Command(t.Context(), here, kretschmer, "hunters", "status", nil)
	if n := strings.Count(status.Public[0].Text, "Undone: 1 decision undone after dice were seen"); n != 1 {
		t.Fatalf("one career is marked, %d shown:\n%s", n, status.Public[0].Text)
	}
	rep := verified(t, store, games, rec)
	if rep.Undos != 2 || rep.UndoneAfterDice != 1 {
		t.Fatalf("verify: %d undos, %d after dice", rep.Undos, rep.UndoneAfterDice)
	}
}

// In a tournament a misclick may be undone, but a decision whose dice were
// seen stands, and the entrant is told why.
func TestUndoInATournamentStopsAtTheDice(t *testing.T) {
	svc, store, games := newDuelService(t)
	organiser := User{ID: "u0", Name: "Dönitz"}
	cmd := func(u User, args map[string]string) Reply {
		t.Helper()
		r, err := svc.Command(t.Context(), here, u, "hunters", "tournament", args)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	cmd(organiser, map[string]string{"action": "create", "format": "top", "length": "short"})
	cmd(prien, map[string]string{"action": "join"})
	cmd(kretschmer, map[string]string{"action": "join"})
	r := cmd(organiser, map[string]string{"action": "start"})
	mustClick(t, svc, prien, r.Elsewhere[0].Channel[0].Options[0].ID)
	mine := Place{Platform: here.Platform, Space: here.Space, Channel: here.Channel, Thread: "player-" + prien.ID}
	rec, _ := store.Load(t.Context(), mine.Key())
	p, key := commanderKey(t, games, rec)
	if _, err := svc.Click(t.Context(), mine, prien, optionID(rec.ID, p.Token, key)); err != nil {
		t.Fatal(err)
	}
	undoSays(t, svc, here, prien, "a free undo") // the channel reaches his career
	playUntil(t, svc, store, mine, []User{prien}, diceRolled)
	before := mustLoadAt(t, store, mine)
	undoSays(t, svc, here, prien, "in a tournament a decision stands once its dice were seen")
	if after := mustLoadAt(t, store, mine); after.Seq != before.Seq {
		t.Fatal("a refused undo changed the game")
	}
	verified(t, store, games, before)
}

func mustLoadAt(t *testing.T, store *persist.Store, p Place) *persist.GameRecord {
	t.Helper()
	rec, err := store.Load(t.Context(), p.Key())
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// Undo stops at what cannot be taken back: a patrol that is over (the
// game's span), a reveal of the dice seed, and the decision that ended the
// game.
func TestUndoRefusals(t *testing.T) {
	svc, store := newService(t)
	games := svc.games
	if _, err := started(t, svc, here, prien, map[string]string{"boat": "VIIC", "start": "1941-06", "kommandant": "Prien"}); err != nil {
		t.Fatal(err)
	}
	playUntil(t, svc, store, here, []User{prien}, func(after, before *persist.GameRecord) bool {
		st, _ := games["hunters"].Rules.Decode(after.State)
		return st.(*hunters.State).Career.Patrols == 1
	})
	undoSays(t, svc, here, prien, "was taken in an earlier patrol, and undo steps back only within the current patrol")
	playUntil(t, svc, store, here, []User{prien}, func(after, before *persist.GameRecord) bool { return true })
	if r, err := svc.Command(t.Context(), here, prien, "hunters", "reveal", nil); err != nil || len(r.Public) != 1 {
		t.Fatalf("reveal: %+v %v", r, err)
	}
	undoSays(t, svc, here, prien, "the dice seed was revealed after decision")
	var button string
	for i := 0; i < 5000; i++ {
		rec, err := store.Load(t.Context(), here.Key())
		if err != nil {
			break
		}
		p, key := commanderKey(t, games, rec)
		r := mustClick(t, svc, prien, optionID(rec.ID, p.Token, key))
		for _, m := range r.Shown() {
			for _, o := range m.Options {
				if o.Label == "Undo" {
					button = o.ID
				}
			}
			if m.Outcome != nil && len(m.Options) > 0 {
				t.Fatal("the end carries no Undo button")
			}
		}
	}
	undoSays(t, svc, here, prien, "is over: the decision that ended it stands")
	privateSays(t, "an old Undo button", mustClick(t, svc, prien, button), nil, "is over")
	fin, _ := store.Finished(t.Context())
	verified(t, store, games, &fin[0])
}

// Repeated undos step back one decision at a time (issue 18 item 1): each
// brings back the prompt before, each logs its own void naming the
// decision, and once the player's decisions are all taken back there is
// nothing more to undo. Verify replays every void.
func TestRepeatedUndosStepBackOneDecisionAtATime(t *testing.T) {
	svc, store := newService(t)
	games := svc.games
	if _, err := started(t, svc, here, prien, map[string]string{"boat": "VIIC", "kommandant": "Prien"}); err != nil {
		t.Fatal(err)
	}
	// The loading decisions, up to the one that sails and rolls dice.
	var kinds []string
	for {
		rec := mustLoad(t, store)
		p, key := commanderKey(t, games, rec)
		kinds = append(kinds, p.Kind)
		mustClick(t, svc, prien, optionID(rec.ID, p.Token, key))
		if mustLoad(t, store).Dice.Cursor > rec.Dice.Cursor {
			break
		}
	}
	if len(kinds) < 2 {
		t.Fatalf("want two decisions or more before the first die, got %v", kinds)
	}
	cursor := mustLoad(t, store).Dice.Cursor
	for i := len(kinds) - 1; i >= 0; i-- {
		want := "a free undo"
		if i == len(kinds)-1 {
			want = "The dice seen since are discarded" // the last decision rolled
		}
		var r Reply
		if i == len(kinds)-1 {
			r = sureUndoSays(t, svc, here, prien, want)
		} else {
			r = undoSays(t, svc, here, prien, want)
		}
		if back := lastPrompt(t, r); back.Prompt == nil || back.Prompt.Kind != kinds[i] {
			t.Fatalf("undo %d brings back %+v, want the %s prompt", len(kinds)-i, back.Prompt, kinds[i])
		}
		rec := mustLoad(t, store)
		if _, void := lastLog(t, store, rec); void.Kind != audit.KindVoid || void.Void.Decision != i+1 {
			t.Fatalf("undo %d logs %+v, want a void of decision %d", len(kinds)-i, void, i+1)
		}
		if rec.Dice.Cursor != cursor {
			t.Fatalf("undo %d moved the dice cursor from %d to %d", len(kinds)-i, cursor, rec.Dice.Cursor)
		}
	}
	privateSays(t, "an undo with every decision taken back", mustCommand(t, svc, here, prien, "undo"), nil, "no decision to undo")
	rep := verified(t, store, games, mustLoad(t, store))
	if rep.Undos != len(kinds) || rep.UndoneAfterDice != 1 {
		t.Fatalf("verify: %d undos (want %d), %d after dice (want 1)", rep.Undos, len(kinds), rep.UndoneAfterDice)
	}
}

// Issue 28: an undo that will mark the career (dice were rolled since)
// asks its player first, privately, whether typed or pressed: No changes
// nothing, a Yes the game has moved past does nothing, and Yes undoes it
// and takes the buttons off the messages of the prompt it took back.
func TestAnUndoThatWillMarkTheCareerAsksFirst(t *testing.T) {
	svc, store := newService(t)
	games := svc.games
	if _, err := started(t, svc, here, prien, map[string]string{"boat": "VIIC", "kommandant": "Prien"}); err != nil {
		t.Fatal(err)
	}
	rolled := func() *persist.GameRecord {
		for {
			rec := mustLoad(t, store)
			p, key := commanderKey(t, games, rec)
			mustClick(t, svc, prien, optionID(rec.ID, p.Token, key))
			if after := mustLoad(t, store); after.Dice.Cursor > rec.Dice.Cursor {
				return after
			}
		}
	}
	rec := rolled()
	unchanged := func(what string) {
		t.Helper()
		if now := mustLoad(t, store); now.Seq != rec.Seq || now.Decisions != rec.Decisions {
			t.Fatalf("%s changed the game: entry %d → %d", what, rec.Seq, now.Seq)
		}
	}
	ask := mustCommand(t, svc, here, prien, "undo")
	if len(ask.Public) != 0 || len(ask.Private) != 1 || len(ask.Private[0].Options) != 2 || ask.Private[0].Owner != prien.ID {
		t.Fatalf("`undo` after dice: %+v", ask)
	}
	unchanged("asking")
	if no := mustClick(t, svc, prien, ask.Private[0].Options[1].ID); no.Update == nil || !strings.Contains(no.Update.Text, "Nothing changed") || len(no.Public) != 0 {
		t.Fatalf("No: %+v", no)
	}
	unchanged("No")
	// The Undo button asks too.
	pressed := mustClick(t, svc, prien, optionID(rec.ID, undoToken, strconv.Itoa(rec.Decisions)))
	if len(pressed.Public) != 0 || len(pressed.Private) != 1 || !strings.Contains(pressed.Private[0].Text, "your career is marked for good") {
		t.Fatalf("the Undo button after dice: %+v", pressed)
	}
	unchanged("the Undo button")
	// The game moves on: the question's Yes does nothing.
	rec = rolled()
	stale := mustClick(t, svc, prien, ask.Private[0].Options[0].ID)
	if len(stale.Public) != 0 || len(stale.Private) != 1 || !strings.Contains(stale.Private[0].Text, "moved on") {
		t.Fatalf("a stale Yes: %+v", stale)
	}
	unchanged("a stale Yes")
	// Yes: the undo, and the pending prompt's message in the chat says it
	// was taken back.
	p, _ := commanderKey(t, games, rec)
	var posts Posts
	posts.Prompt(promptRef(rec.ID, p.Token), MessageAt{Channel: "c1", ID: "m1"})
	if err := svc.RecordPosts(t.Context(), &posts); err != nil {
		t.Fatal(err)
	}
	ask = mustCommand(t, svc, here, prien, "undo")
	yes := mustClick(t, svc, prien, ask.Private[0].Options[0].ID)
	if _, void := lastLog(t, store, mustLoad(t, store)); void.Kind != audit.KindVoid || !void.Void.AfterDice() {
		t.Fatalf("Yes logged %+v, want a void after dice", void)
	}
	if yes.Update == nil || yes.Update.Text != "Confirmed." {
		t.Fatalf("the question's answer: %+v", yes.Update)
	}
	if len(yes.Answered) != 1 || yes.Answered[0].Ref != promptRef(rec.ID, p.Token) || !strings.Contains(yes.Answered[0].Message.Text, "Taken back by undo") {
		t.Fatalf("the taken-back prompt's message: %+v", yes.Answered)
	}
}

// Issue 28: `history` marks the rolls an undo voided (their dice were
// discarded), and says what the mark means; the rolls that stand are not
// marked.
func TestHistoryMarksTheRollsAnUndoVoided(t *testing.T) {
	svc, store := newService(t)
	games := svc.games
	if _, err := started(t, svc, here, prien, map[string]string{"boat": "VIIC", "kommandant": "Prien"}); err != nil {
		t.Fatal(err)
	}
	for {
		rec := mustLoad(t, store)
		p, key := commanderKey(t, games, rec)
		mustClick(t, svc, prien, optionID(rec.ID, p.Token, key))
		if mustLoad(t, store).Dice.Cursor > rec.Dice.Cursor {
			break
		}
	}
	sureUndoSays(t, svc, here, prien, "The dice seen since are discarded")
	rec := mustLoad(t, store)
	_, void := lastLog(t, store, rec)
	p, key := commanderKey(t, games, rec)
	mustClick(t, svc, prien, optionID(rec.ID, p.Token, key)) // taken again: fresh dice
	h := mustCommand(t, svc, here, prien, "history")
	text := ""
	for _, m := range h.Public {
		text += m.Text
	}
	discarded := map[int64]bool{}
	for _, k := range void.Void.Dice {
		discarded[k] = true
	}
	marked, standing := 0, 0
	for _, line := range strings.Split(text, "\n") {
		if !strings.Contains(line, "🎲") {
			continue
		}
		var first int64
		if i := strings.LastIndex(line, "#"); i >= 0 {
			fmt.Sscan(line[i+1:], &first)
		}
		isMarked := strings.HasPrefix(line, "⊘ voided by undo 1: 🎲")
		switch {
		case discarded[first] && !isMarked:
			t.Errorf("a voided roll is not marked: %s", line)
		case !discarded[first] && isMarked:
			t.Errorf("a roll that stands is marked: %s", line)
		case isMarked:
			marked++
		default:
			standing++
		}
	}
	if marked == 0 || standing == 0 || !strings.Contains(text, "⊘ marks a roll of a decision an undo took back") {
		t.Fatalf("%d rolls marked, %d standing, the legend said: %v\n%s", marked, standing, strings.Contains(text, "⊘ marks"), text)
	}
}
