package slack

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/kaleun/kaleun/bot"
	"github.com/kaleun/kaleun/internal/slackfake"
)

// Issue 34 item 4 through the real slack-go clients against the local
// Slack: a spectator follows a duel from another channel (an ephemeral
// answer); each result comes to his direct messages without buttons or
// pings; a replica killed after Slack took a copy but before it recorded
// the delivery leaves it to a retry, which a fresh service over the same
// database makes under the same key, and Slack shows once; every message
// is counted, and the duel's channel keeps its noise bounds.
func TestFollowerCopiesOnceThroughSlack(t *testing.T) {
	r := startChannelRun(t)
	r.slash("C1", "kapitaen", "/hunters-duel", "new b:<@funker|funker> boat:VIIC start:1941-03 end:1941-04")
	rec, err := r.store.Load(t.Context(), "slack/T1/C1")
	if err != nil {
		t.Fatal(err)
	}
	r.press("C1", "", "funker", "k1:"+rec.ID+":start:go")
	before := len(r.f.Messages())
	r.slash("C9", "zuschauer", "/hunters-duel", "follow game:"+rec.ID)
	if got := r.f.Messages()[before:]; len(got) != 1 || !got[0].Ephemeral || !strings.Contains(got[0].AllText(), "You follow game "+rec.ID) {
		t.Fatalf("follow's answer: %+v", got)
	}
	owed := map[string]int{}
	notify := func(ctx context.Context, n bot.Notice) error {
		if n.DirectTo == "zuschauer" {
			if n.Delivery == "" || len(n.Channel) > 0 || len(n.Answered) > 0 {
				t.Fatalf("a follower's copy without a delivery key, or in the channel: %+v", n)
			}
			owed[n.Delivery] = len(n.Direct)
		}
		return r.a.Notify(ctx, n)
	}
	now := time.Now()
	at := func() time.Time {
		if w := time.Now(); w.After(now) {
			now = w
		}
		return now
	}
	killed := false
	for step := 0; step < 400 && r.step("C1"); step++ {
		if step == 5 && !killed {
			ns, err := r.svc.Tick(t.Context(), at())
			if err != nil {
				t.Fatal(err)
			}
			copies := 0
			for _, n := range ns {
				if n.DirectTo == "zuschauer" {
					copies++
					if err := notify(t.Context(), n); err != nil {
						t.Fatal(err)
					}
				}
			}
			if copies == 0 {
				t.Fatal("no copy owed to the follower after five decisions")
			}
			dms := len(slackDMs(r, "zuschauer"))
			fresh := bot.New(r.store, r.games, bot.Options{NewSeed: fixedSeed})
			now = at().Add(bot.DefaultDeliveryLease + time.Second)
			retried, err := fresh.RunTick(t.Context(), now, []string{"slack"}, notify)
			if err != nil || retried < copies {
				t.Fatalf("the fresh service retried %d notices of the %d copies taken (%v)", retried, copies, err)
			}
			if got := len(slackDMs(r, "zuschauer")); got != dms {
				t.Fatalf("the retried copies made %d direct messages more", got-dms)
			}
			killed = true
			continue
		}
		if step%3 == 0 {
			if _, err := r.svc.RunTick(t.Context(), at(), []string{"slack"}, notify); err != nil {
				t.Fatal(err)
			}
		}
	}
	for i := 0; i < 3; i++ {
		now = at().Add(time.Minute)
		if _, err := r.svc.RunTick(t.Context(), now, []string{"slack"}, notify); err != nil {
			t.Fatal(err)
		}
	}
	dms := slackDMs(r, "zuschauer")
	texts, pictures := 0, 0
	for _, m := range dms {
		if len(m.Files) > 0 {
			pictures++ // a picture is a file upload of its own on Slack
			continue
		}
		texts++
		if len(m.Values()) > 0 || len(m.Pinged) > 0 || !strings.Contains(m.AllText(), "unfollow game:"+rec.ID) {
			t.Fatalf("a follower's copy with buttons or pings, or not saying how to stop: %+v", m)
		}
	}
	want := 0
	for _, n := range owed {
		want += n
	}
	if texts != want || texts < 5 {
		t.Fatalf("the follower got %d direct messages (and %d pictures) for %d copies owed (%d deliveries)", texts, pictures, want, len(owed))
	}
	if fs, _ := r.store.Followers(t.Context(), rec.ID); len(fs) != 0 {
		t.Errorf("the duel ended with %d followers still on it", len(fs))
	}
	c := r.measure(rec.ID)
	t.Logf("interactions %d, public messages %d, pictures %d, mentions %d, live answered %d; follower's direct messages %d and pictures %d",
		c.Interactions, c.Messages, c.Pictures, c.Mentions, c.LiveAnswered, texts, pictures)
	c.Check(t)
}

func slackDMs(r *channelRun, user string) []slackfake.Message {
	var out []slackfake.Message
	for _, m := range r.f.Messages() {
		if m.Channel == "D-"+user && !m.Deleted {
			out = append(out, m)
		}
	}
	return out
}
