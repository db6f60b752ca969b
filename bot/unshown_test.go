package bot

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine/hunters"
	"github.com/kaleun/kaleun/engine/hunters/wolfpack"
	"github.com/kaleun/kaleun/persist"
)

// gameOption is a prompt's first option of the game's own (not Show board,
// Odds or Undo, whose keys begin with "__").
func gameOption(t *testing.T, m Message) string {
	t.Helper()
	for _, o := range m.Options {
		if i := strings.LastIndex(o.ID, ":"); i >= 0 && !strings.HasPrefix(o.ID[i+1:], "__") {
			return o.ID
		}
	}
	t.Fatalf("no option of the game's in %+v", m.Options)
	return ""
}

// replyShown is what a click's reply shows, for comparing two of them.
func replyShown(r Reply) string {
	var b strings.Builder
	if r.Update != nil {
		b.WriteString("update: " + r.Update.Text + "\n")
		for _, l := range r.Update.Lines {
			b.WriteString("  " + l.Text + " | " + l.Detail + "\n")
		}
	}
	b.WriteString(shown(Notice{Answered: r.Answered, Channel: r.Public}))
	return b.String()
}

// A replica killed after a click's decision committed and before its reply
// went out leaves the prompt's message as it was, buttons and all, and the
// dice it rolled unseen. The player clicks again — on a restarted replica —
// and gets that result, rendered from the log as the lost reply had it,
// with the next prompt; nothing is decided again. Only he: a result may
// hold what only its player may see. Once the result is shown
// (its prompt's messages forgotten), a click there changes nothing.
func TestAClickWhoseReplyWasLostShowsItsResultOnTheNextClick(t *testing.T) {
	ctx := t.Context()
	clock := (&fakeClock{}).set("2026-06-10T10:00:00Z")
	svc, store := clockedService(t, filepath.Join(t.TempDir(), "k.db"), clock)
	r, err := started(t, svc, here, prien, map[string]string{"boat": "VIIC"})
	if err != nil {
		t.Fatal(err)
	}
	answered, rolled := 0, 0
	for step := 0; step < 60; step++ {
		p := lastPrompt(t, r)
		// The adapter posted the prompt and recorded where.
		posts := &Posts{}
		posts.Prompt(p.Ref, MessageAt{Channel: "chan1", ID: "m" + p.Ref})
		if err := svc.RecordPosts(ctx, posts); err != nil {
			t.Fatal(err)
		}
		id := gameOption(t, p)
		lost, err := svc.Click(ctx, here, prien, id)
		if err != nil || lost.Update == nil {
			t.Fatalf("step %d: the click: %+v %v", step, lost, err)
		}
		rec, _ := store.Load(ctx, here.Key())
		if rec.Over {
			break
		}
		if step%3 == 0 || rolls(lost) > 0 && rolled < 3 {
			// Its reply is lost; the process restarts.
			restarted, _ := clockedServiceOn(t, store, clock)
			// Someone else's click there shows him nothing of it.
			if other, err := restarted.Click(ctx, here, stranger, id); err != nil || other.Update != nil || len(other.Answered) > 0 || len(other.Public) > 0 {
				t.Fatalf("step %d: a stranger's click on the lost reply's prompt: %+v %v", step, other, err)
			}
			again, err := restarted.Click(ctx, here, prien, id)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := replyShown(again), replyShown(lost); got != want {
				t.Fatalf("step %d: the result shown again differs:\n%s\nthe lost reply:\n%s", step, got, want)
			}
			if after, _ := store.Load(ctx, here.Key()); after.Decisions != rec.Decisions || after.Seq != rec.Seq {
				t.Fatalf("step %d: the click shown again decided again: %d decisions, were %d", step, after.Decisions, rec.Decisions)
			}
			answered++
			if rolls(lost) > 0 {
				rolled++
			}
			svc = restarted
		}
		// The adapter shows the result: the prompt's messages are forgotten.
		posts = &Posts{}
		posts.Answered(p.Ref, false)
		if err := svc.RecordPosts(ctx, posts); err != nil {
			t.Fatal(err)
		}
		if stale, err := svc.Click(ctx, here, prien, id); err != nil || !stale.Disarm || len(stale.Private) != 1 || !strings.Contains(stale.Private[0].Text, "already taken") {
			t.Fatalf("step %d: a click on a prompt whose result is shown: %+v %v", step, stale, err)
		}
		if n := len(shownOf(rec)); n != 1 {
			t.Fatalf("step %d: the record notes %d clicked decisions of one player", step, n)
		}
		r = lost
	}
	t.Logf("%d lost replies shown again, %d of them with dice", answered, rolled)
	if answered < 3 || rolled == 0 {
		t.Fatalf("only %d lost replies tried, %d of them rolling dice", answered, rolled)
	}
}

// rolls counts the dice rolls a click's result shows.
func rolls(r Reply) int {
	n := 0
	if r.Update != nil {
		for _, e := range r.Update.Events {
			if e.Roll != nil {
				n++
			}
		}
	}
	return n
}

// In a wolfpack each player's lost reply is kept: both boats' clicks lose
// their replies, one after the other, and each player's second click shows
// his own result as it was, his packmate's move in between notwithstanding.
func TestAWolfpackKeepsEachPlayersLostReply(t *testing.T) {
	ctx := t.Context()
	clock := (&fakeClock{}).set("2026-06-10T10:00:00Z")
	svc, store := clockedService(t, filepath.Join(t.TempDir(), "k.db"), clock)
	organiser := User{ID: "bdu", Name: "Dönitz"}
	players := []User{{ID: "p1", Name: "Prien"}, {ID: "p2", Name: "Kretschmer"}}
	var pack Place
	for _, c := range []struct {
		u    User
		args map[string]string
	}{
		{organiser, map[string]string{"action": "create", "format": "wolfpack", "name": "Lost"}},
		{players[0], map[string]string{"action": "join"}},
		{players[1], map[string]string{"action": "join"}},
		{organiser, map[string]string{"action": "start"}},
	} {
		r, err := svc.Command(ctx, here, c.u, "hunters", "tournament", c.args)
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Elsewhere) > 0 {
			pack = r.Elsewhere[0].Place
		}
	}
	own := func(u User) (token, id string) {
		t.Helper()
		return packPrompt(t, store, pack, u)
	}
	rec, _ := store.Load(ctx, pack.Key())
	lost := map[string]Reply{}
	ids := map[string]string{}
	for round := 0; round < 3; round++ {
		for _, u := range players {
			token, id := own(u)
			posts := &Posts{}
			posts.Prompt(promptRef(rec.ID, token), MessageAt{Channel: pack.Channel, ID: "m-" + token})
			if err := svc.RecordPosts(ctx, posts); err != nil {
				t.Fatal(err)
			}
			r, err := svc.Click(ctx, pack, u, id)
			if err != nil || len(r.Answered) == 0 {
				t.Fatalf("%s's click: %+v %v", u.Name, r, err)
			}
			lost[u.ID], ids[u.ID] = r, id
		}
	}
	before, _ := store.Load(ctx, pack.Key())
	restarted, _ := clockedServiceOn(t, store, clock)
	for _, u := range []User{players[1], players[0]} {
		again, err := restarted.Click(ctx, pack, u, ids[u.ID])
		if err != nil {
			t.Fatal(err)
		}
		if got, want := replyShown(again), replyShown(lost[u.ID]); got != want || len(again.Answered) == 0 {
			t.Fatalf("%s's result shown again differs:\n%s\nthe lost reply:\n%s", u.Name, got, want)
		}
	}
	if after, _ := store.Load(ctx, pack.Key()); after.Decisions != before.Decisions {
		t.Fatalf("the results shown again decided: %d decisions, were %d", after.Decisions, before.Decisions)
	}
	if n := len(shownOf(before)); n != 2 {
		t.Fatalf("the pack's record notes %d clicked decisions, want one per player", n)
	}
}

// packPrompt is a player's pending prompt in a wolfpack's place, and the
// built-in commander's option of it (a routine click).
func packPrompt(t *testing.T, store *persist.Store, pack Place, u User) (token, id string) {
	t.Helper()
	rec, err := store.Load(t.Context(), pack.Key())
	if err != nil {
		t.Fatal(err)
	}
	h, err := hunters.NewRules()
	if err != nil {
		t.Fatal(err)
	}
	st, err := wolfpack.NewRules(h).Decode(rec.State)
	if err != nil {
		t.Fatal(err)
	}
	ws := st.(*wolfpack.State)
	for _, p := range ws.PendingAll() {
		if who, _ := answerer(rec, p); who == u.ID {
			seat, _, _ := strings.Cut(p.Token, ".")
			idx := 0
			fmt.Sscan(seat, &idx)
			return p.Token, optionID(rec.ID, p.Token, hunters.Command(ws.Career(idx-1)))
		}
	}
	t.Fatalf("no prompt of %s's", u.Name)
	return "", ""
}
