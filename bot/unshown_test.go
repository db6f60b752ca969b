package bot

import (
	"path/filepath"
	"strings"
	"testing"
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
// with the next prompt; nothing is decided again. Once the result is shown
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
