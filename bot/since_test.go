package bot

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/hunters"
	"github.com/kaleun/kaleun/engine/hunters/duel"
	"github.com/kaleun/kaleun/engine/hunters/wolfpack"
	"github.com/kaleun/kaleun/persist"
)

// sinceOf is the "since your last turn" block a message opens with ("" when
// it has none): its lines up to the blank line before the message's own.
func sinceOf(m Message) []string {
	if !strings.HasPrefix(m.Text, "📰") {
		return nil
	}
	head, _, _ := strings.Cut(m.Text, "\n\n")
	return strings.Split(head, "\n")
}

// duelCommand is the built-in commander's choice for the duel's pending
// prompt, as the other duel tests play.
func duelCommand(t *testing.T, games engine.Registry, rec *persist.GameRecord) string {
	t.Helper()
	st, err := games["hunters-duel"].Rules.Decode(rec.State)
	if err != nil {
		t.Fatal(err)
	}
	return hunters.Command(st.(*duel.State).Career())
}

// A duel through the bot, the players taking turns as they come: a prompt
// that passes the turn to the other player opens with what happened since
// he last acted, save the decision whose result is just above it; a prompt
// to the player who goes on never does; every summary is at most 10 lines.
func TestSinceYourLastTurnOnADuelsPings(t *testing.T) {
	svc, store, games := newDuelService(t)
	r, err := svc.Command(t.Context(), here, prien, "hunters-duel", "new", map[string]string{"boat": "VIIC", "start": "1941-06", "end": "1941-12", "b": UserArg(kretschmer.ID, kretschmer.Name)})
	if err != nil {
		t.Fatal(err)
	}
	r = mustClick(t, svc, kretschmer, lastPrompt(t, r).Options[0].ID)
	withSince, pings, longest := 0, 0, 0
	last := ""
	for i := 0; !ended(r); i++ {
		if i > 20000 {
			t.Fatal("the duel does not end")
		}
		p := lastPrompt(t, r)
		lines := sinceOf(p)
		if p.Mention != "" {
			pings++
		}
		switch {
		case len(lines) > 0 && p.Mention == "":
			t.Fatalf("prompt %d to the player who goes on has a summary: %q", i, p.Text)
		case len(lines) > 0:
			var n int
			if _, err := fmt.Sscanf(lines[0][strings.Index(lines[0], "): ")+3:], "%d", &n); err != nil || n < pingAfterDecisions {
				t.Fatalf("a ping's summary of %d decisions within the hour (%v): %q", n, err, lines[0])
			}
			withSince++
			longest = max(longest, len(lines))
			if !strings.Contains(lines[0], "Since your last turn") || !strings.Contains(lines[len(lines)-1], "Full log") {
				t.Fatalf("summary %q", lines)
			}
		}
		if len(lines) > sinceMaxLines {
			t.Fatalf("a summary of %d lines: %q", len(lines), lines)
		}
		who := map[string]User{prien.ID: prien, kretschmer.ID: kretschmer}[p.Owner]
		if p.Owner == last && len(lines) > 0 {
			t.Fatalf("the same player goes on, with a summary: %q", lines)
		}
		last = p.Owner
		rec, _ := store.Load(t.Context(), here.Key())
		r = mustClick(t, svc, who, optionID(rec.ID, p.Prompt.Token, duelCommand(t, games, rec)))
	}
	if pings == 0 || withSince == 0 {
		t.Fatalf("%d pings, %d with a summary", pings, withSince)
	}
	t.Logf("%d pings, %d opened with a summary, the longest %d lines", pings, withSince, longest)
}

// A player away for hundreds of decisions (the bot took his at his
// deadlines): his next ping, his reminder and his `turn` open with ten
// lines at most, which say how many decisions there were, how the careers'
// tonnage moved, the latest events and where the whole log is.
func TestSinceYourLastTurnAfterHundredsOfDecisions(t *testing.T) {
	svc, store, games := newDuelService(t)
	svc.webBase = "https://kaleun.example.org/"
	r, err := svc.Command(t.Context(), here, prien, "hunters-duel", "new", map[string]string{"boat": "VIIC", "start": "1941-06", "end": "1943-06", "b": UserArg(kretschmer.ID, kretschmer.Name)})
	if err != nil {
		t.Fatal(err)
	}
	r = mustClick(t, svc, kretschmer, lastPrompt(t, r).Options[0].ID)
	away := func(rec *persist.GameRecord) int { return rec.Decisions - rec.Acted[kretschmer.ID].Decision }
	var rec *persist.GameRecord
	for i := 0; ; i++ {
		if i > 20000 || ended(r) {
			t.Fatal("the duel ended before Kretschmer was away for 300 decisions")
		}
		p := lastPrompt(t, r)
		rec, _ = store.Load(t.Context(), here.Key())
		key := duelCommand(t, games, rec)
		if p.Owner == prien.ID {
			if away(rec) >= 300 {
				break
			}
			r = mustClick(t, svc, prien, optionID(rec.ID, p.Prompt.Token, key))
			continue
		}
		// Kretschmer is away: the bot takes his decision at his deadline.
		st, _ := games["hunters-duel"].Rules.Decode(rec.State)
		r, err = svc.decide(t.Context(), here, rec, st, engine.Choice{Token: p.Prompt.Token, Key: key}, how{by: kretschmer.ID, atDeadline: true})
		if err != nil {
			t.Fatal(err)
		}
	}
	if a := rec.Acted[kretschmer.ID]; a.Decision > 1 {
		t.Fatalf("Kretschmer's last own decision is %d: the bot's at his deadlines counted as his", a.Decision)
	}
	st, _ := games["hunters-duel"].Rules.Decode(rec.State)
	start := time.Now()
	lines := svc.sinceLastTurn(t.Context(), rec, st, kretschmer.ID, rec.Seq)
	took := time.Since(start)
	t.Logf("away for %d decisions (%d log entries): %d lines in %v\n%s", away(rec), rec.Seq-rec.Acted[kretschmer.ID].Seq, len(lines), took, strings.Join(lines, "\n"))
	if len(lines) == 0 || len(lines) > sinceMaxLines {
		t.Fatalf("%d lines", len(lines))
	}
	for _, want := range []string{"Since your last turn", plural(away(rec), "decision", "decisions"), "(Prien)"} {
		if !strings.Contains(lines[0], want) {
			t.Errorf("head %q lacks %q", lines[0], want)
		}
	}
	if !strings.Contains(strings.Join(lines, "\n"), " t**") || !strings.Contains(strings.Join(lines, "\n"), "→") {
		t.Errorf("no career's tonnage moved: %q", lines)
	}
	if l := lines[len(lines)-1]; !strings.HasPrefix(l, "📜 Full log: [View game ↗](https://kaleun.example.org/g/"+rec.ID+".") {
		t.Errorf("the last line %q is not the link to the full log", lines[len(lines)-1])
	}
	for _, l := range lines {
		if n := len([]rune(l)); n > sinceLineRunes+8 {
			t.Errorf("a line of %d characters: %q", n, l)
		}
	}

	// `turn`, asked by him: the summary is his alone.
	tr, err := svc.Command(t.Context(), here, kretschmer, "hunters-duel", "turn", nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(tr.Private) == 0 || len(sinceOf(tr.Private[0])) == 0 || len(sinceOf(tr.Private[0])) > sinceMaxLines {
		t.Fatalf("turn by Kretschmer: %+v", tr)
	}
	for _, m := range tr.Public {
		if len(sinceOf(m)) > 0 {
			t.Fatalf("turn showed the summary publicly: %q", m.Text)
		}
	}
	// Prien, who has just acted, gets none.
	tr, err = svc.Command(t.Context(), here, prien, "hunters-duel", "turn", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range tr.Shown() {
		if len(sinceOf(m)) > 0 {
			t.Fatalf("turn by Prien, who acted last: %q", m.Text)
		}
	}

	// A reminder of Kretschmer's next prompt opens with it too.
	p := lastPrompt(t, r)
	r = mustClick(t, svc, prien, optionID(rec.ID, p.Prompt.Token, duelCommand(t, games, rec)))
	for !ended(r) {
		p = lastPrompt(t, r)
		if p.Owner == kretschmer.ID {
			break
		}
		rec, _ = store.Load(t.Context(), here.Key())
		r = mustClick(t, svc, prien, optionID(rec.ID, p.Prompt.Token, duelCommand(t, games, rec)))
	}
	if p.Owner != kretschmer.ID || len(sinceOf(p)) == 0 || len(sinceOf(p)) > sinceMaxLines {
		t.Fatalf("Kretschmer's ping: %q", p.Text)
	}
	n := svc.reminder(here, rec.ID, p.Prompt, persist.Due{User: kretschmer.ID, Key: here.Key(), GameID: rec.ID, N: 1}, svc.reminderSince(t.Context(), persist.Due{User: kretschmer.ID, Key: here.Key(), GameID: rec.ID}))
	if len(n.Channel) != 1 || len(sinceOf(n.Channel[0])) == 0 || len(sinceOf(n.Channel[0])) > sinceMaxLines || !strings.Contains(n.Channel[0].Text, "⏰") {
		t.Fatalf("reminder: %+v", n.Channel)
	}
}

// A solitaire career has nobody else: its prompts, its reminders and its
// `turn` never carry a summary.
func TestSinceYourLastTurnSaysNothingInASolitaireCareer(t *testing.T) {
	svc, store := newService(t)
	r, err := started(t, svc, here, prien, map[string]string{"boat": "VIIC", "start": "1941-06"})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 60 && !ended(r); i++ {
		for _, m := range r.Shown() {
			if len(sinceOf(m)) > 0 {
				t.Fatalf("decision %d: a summary in a solitaire career: %q", i, m.Text)
			}
		}
		p := lastPrompt(t, r)
		rec, _ := store.Load(t.Context(), here.Key())
		st, _ := svc.games.Rules("hunters").Decode(rec.State)
		r, err = svc.Click(t.Context(), here, prien, optionID(rec.ID, p.Prompt.Token, hunters.Command(st.(*hunters.State))))
		if err != nil {
			t.Fatal(err)
		}
	}
	if ended(r) {
		t.Fatal("the career ended within 60 decisions: pick another start")
	}
	rec, _ := store.Load(t.Context(), here.Key())
	if _, ok := rec.Acted[prien.ID]; !ok {
		t.Fatal("the commander's decisions are not noted")
	}
	if got := svc.reminderSince(context.Background(), persist.Due{User: prien.ID, Key: here.Key(), GameID: rec.ID}); got != nil {
		t.Fatalf("reminder: %q", got)
	}
	tr, err := svc.Command(t.Context(), here, prien, "hunters", "turn", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range tr.Shown() {
		if len(sinceOf(m)) > 0 {
			t.Fatalf("turn: %q", m.Text)
		}
	}
}

// A game from before players' acts were kept (no Acted in its record, as
// an older kaleun wrote it) has no summary until the player acts.
func TestSinceYourLastTurnWaitsForAnOldGamesPlayerToAct(t *testing.T) {
	svc, store, games := newDuelService(t)
	r, err := svc.Command(t.Context(), here, prien, "hunters-duel", "new", map[string]string{"boat": "VIIC", "start": "1941-06", "b": UserArg(kretschmer.ID, kretschmer.Name)})
	if err != nil {
		t.Fatal(err)
	}
	r = mustClick(t, svc, kretschmer, lastPrompt(t, r).Options[0].ID)
	rec, _ := store.Load(t.Context(), here.Key())
	rec.Acted = nil
	if err := store.Commit(t.Context(), rec, nil); err != nil {
		t.Fatal(err)
	}
	st, _ := games["hunters-duel"].Rules.Decode(rec.State)
	if got := svc.sinceLastTurn(t.Context(), rec, st, kretschmer.ID, rec.Seq); got != nil {
		t.Fatalf("an old game's summary: %q", got)
	}
}

// A wolfpack of three, one player away while his packmates play on (the
// bot takes his prompts at his deadlines): his `turn` opens with the pack's
// tonnage as it moved and what the pack did, in ten lines at most, and
// names the packmates who played.
func TestSinceYourLastTurnInAWolfpack(t *testing.T) {
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
	players := []User{{ID: "p1", Name: "Topp"}, {ID: "p2", Name: "Lemp"}, {ID: "away", Name: "Hardegen"}}
	byID := map[string]User{}
	for _, u := range players {
		byID[u.ID] = u
		tcmd(u, map[string]string{"action": "join"})
	}
	r := tcmd(organiser, map[string]string{"action": "start"})
	pack := r.Elsewhere[0].Place
	var lines []string
	for step := 0; step < 5000; step++ {
		rec, err := store.Load(t.Context(), pack.Key())
		if err != nil {
			t.Fatal("the pack came home before the absent player was away for 50 decisions")
		}
		if rec.Decisions-rec.Acted["away"].Decision >= 50 {
			st, _ := games["hunters-wolfpack"].Rules.Decode(rec.State)
			lines = svc.sinceLastTurn(t.Context(), rec, st, "away", rec.Seq)
			break
		}
		st, _ := games["hunters-wolfpack"].Rules.Decode(rec.State)
		ws := st.(*wolfpack.State)
		pending := ws.PendingAll()
		p := pending[step%len(pending)]
		who, _ := answerer(rec, p)
		seat, _, _ := strings.Cut(p.Token, ".")
		idx := 0
		fmt.Sscan(seat, &idx)
		key := hunters.Command(ws.Career(idx - 1))
		if who == "away" {
			_, err = svc.decide(t.Context(), pack, rec, st, engine.Choice{Token: p.Token, Key: key}, how{by: who, atDeadline: true})
		} else {
			_, err = svc.Click(t.Context(), pack, byID[who], optionID(rec.ID, p.Token, key))
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("%d lines:\n%s", len(lines), strings.Join(lines, "\n"))
	if len(lines) < 3 || len(lines) > sinceMaxLines {
		t.Fatalf("%d lines", len(lines))
	}
	if !strings.Contains(lines[0], "(Topp, Lemp)") && !strings.Contains(lines[0], "(Lemp, Topp)") {
		t.Errorf("the head does not name the packmates who played: %q", lines[0])
	}
	tr, err := svc.Command(t.Context(), pack, byID["away"], "hunters-wolfpack", "turn", nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(tr.Private) == 0 || len(sinceOf(tr.Private[0])) == 0 {
		t.Fatalf("the absent player's turn: %+v", tr)
	}
}

// A ping's summary waits for a gap worth it: a decision or two since the
// pinged player's last, within the hour, are right above his prompt; the
// same gap after an hour away gets it.
func TestSinceYourLastTurnOnAPingWaitsForAGapWorthIt(t *testing.T) {
	clock := (&fakeClock{}).set("2026-06-10T10:00:00Z")
	svc, store := clockedService(t, filepath.Join(t.TempDir(), "k.db"), clock)
	acceptedDuel(t, svc)
	rec, err := store.Load(t.Context(), here.Key())
	if err != nil {
		t.Fatal(err)
	}
	st, _ := svc.games.Rules(rec.Game).Decode(rec.State)
	all, err := store.Events(t.Context(), rec.ID, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	// The last decision's entries are the result above the prompt; before
	// it, two more of Prien's since Kretschmer last acted.
	last := all[len(all)-1].Decision
	var stored []persist.EventRecord
	var before persist.EventRecord
	for _, e := range all {
		switch {
		case e.Decision == last:
			stored = append(stored, e)
		case e.Decision == last-3:
			before = e
		}
	}
	if last < 4 || len(stored) == 0 {
		t.Fatalf("decision %d, %d entries", last, len(stored))
	}
	rec.Acted = map[string]persist.Acted{kretschmer.ID: {Seq: before.Seq, Decision: last - 3, At: clock.now()}}
	if got := svc.sinceOnPing(t.Context(), rec, st, kretschmer.ID, stored); got != nil {
		t.Fatalf("two decisions before the result above, within the hour: %q", got)
	}
	clock.pass(pingAfter)
	got := svc.sinceOnPing(t.Context(), rec, st, kretschmer.ID, stored)
	if len(got) == 0 || !strings.HasSuffix(got[0], ": 2 decisions") {
		t.Fatalf("the same gap an hour later: %q", got)
	}
}
