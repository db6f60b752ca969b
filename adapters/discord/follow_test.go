package discord

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kaleun/kaleun/bot"
	"github.com/kaleun/kaleun/engine/hunters"
	"github.com/kaleun/kaleun/internal/discordfake"
)

// Issue 34 item 4 through the real discordgo client against the local
// Discord: a spectator follows a duel from another channel (an ephemeral
// answer, nothing in any channel); each result comes to his direct
// messages, without buttons or pings; a replica killed after Discord took
// a copy but before it recorded the delivery leaves it to a retry, which
// a fresh service over the same database makes under the same key, and
// Discord shows once; every message is counted, and the duel's channel
// reads within its noise bounds, followers' copies not among its messages.
func TestFollowerCopiesOnceThroughDiscord(t *testing.T) {
	r := startChannelRun(t)
	r.challenge("c1", "kapitaen", "hunters-duel", "funker", discordfake.Option{Name: "boat", Value: "VIIC"},
		discordfake.Option{Name: "start", Value: "1941-03"}, discordfake.Option{Name: "end", Value: "1941-04"})
	rec, err := r.store.Load(t.Context(), "discord/g1/c1")
	if err != nil {
		t.Fatal(err)
	}
	r.press("c1", "funker", "k1:"+rec.ID+":start:go")
	before := len(r.f.Messages())
	r.command("c9", "zuschauer", "hunters-duel", "follow", discordfake.Option{Name: "game", Value: rec.ID})
	if got := r.f.Messages()[before:]; len(got) != 1 || !got[0].Ephemeral || !strings.Contains(got[0].Text(), "You follow game "+rec.ID) {
		t.Fatalf("follow's answer: %+v", got)
	}
	// Every copy the service handed out, by its delivery key: what Discord
	// must show, once each, whatever the retries.
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
	at := func() time.Time { // the wall clock, or later once the lease was skipped over
		if w := time.Now(); w.After(now) {
			now = w
		}
		return now
	}
	killed := false
	for step := 0; step < 400 && r.step("c1"); step++ {
		if step == 5 && !killed {
			// Taken and sent, never recorded: the process dies here.
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
			dms := len(dmsOf(r, "zuschauer"))
			// Restarted: a fresh service over the database takes the copies
			// over once their lease has run out, under the same keys.
			fresh := bot.New(r.store, r.games, bot.Options{NewSeed: fixedSeed})
			now = at().Add(bot.DefaultDeliveryLease + time.Second)
			retried, err := fresh.RunTick(t.Context(), now, []string{"discord"}, notify)
			if err != nil || retried < copies {
				t.Fatalf("the fresh service retried %d notices of the %d copies taken (%v)", retried, copies, err)
			}
			if got := len(dmsOf(r, "zuschauer")); got != dms {
				t.Fatalf("the retried copies made %d direct messages more", got-dms)
			}
			killed = true
			continue
		}
		if step%3 == 0 {
			if _, err := r.svc.RunTick(t.Context(), at(), []string{"discord"}, notify); err != nil {
				t.Fatal(err)
			}
		}
	}
	for i := 0; i < 3; i++ {
		now = at().Add(time.Minute)
		if _, err := r.svc.RunTick(t.Context(), now, []string{"discord"}, notify); err != nil {
			t.Fatal(err)
		}
	}
	dms := dmsOf(r, "zuschauer")
	for _, m := range dms {
		if m.Live() || len(m.Mentions()) > 0 || !strings.Contains(m.Text(), "unfollow game:"+rec.ID) {
			t.Fatalf("a follower's copy with buttons or pings, or not saying how to stop: %+v", m)
		}
	}
	want := 0
	for _, n := range owed {
		want += n
	}
	if len(dms) != want {
		t.Fatalf("the follower got %d direct messages for %d copies owed (%d deliveries)", len(dms), want, len(owed))
	}
	if len(dms) < 5 {
		t.Fatalf("the follower got %d direct messages over the duel", len(dms))
	}
	for _, m := range r.f.Messages() {
		if strings.HasPrefix(m.Channel, "dm-") && m.Channel != "dm-zuschauer" && strings.Contains(m.Text(), "You follow game") {
			t.Fatalf("a copy went to %s", m.Channel)
		}
	}
	if fs, _ := r.store.Followers(t.Context(), rec.ID); len(fs) != 0 {
		t.Errorf("the duel ended with %d followers still on it", len(fs))
	}
	c := r.measure(rec.ID) // the duel's, before the leaderboard's message
	// Pace (issue 34 item 5), through Discord: the leaderboard says how fast
	// each player answers.
	before = len(r.f.Messages())
	r.command("c1", "funker", "hunters-duel", "leaderboard")
	board := ""
	for _, m := range r.f.Messages()[before:] {
		board += m.Text()
	}
	if strings.Count(board, "answers in ") < 2 {
		t.Errorf("the leaderboard does not say each player's pace:\n%s", board)
	}

	t.Logf("interactions %d, public messages %d, pictures %d, mentions %d, live answered %d; follower's direct messages %d",
		c.Interactions, c.Messages, c.Pictures, c.Mentions, c.LiveAnswered, len(dms))
	c.Check(t)
}

func dmsOf(r *channelRun, user string) []discordfake.Message {
	var out []discordfake.Message
	for _, m := range r.f.Messages() {
		if m.Channel == "dm-"+user {
			out = append(out, m)
		}
	}
	return out
}

// Issue 34 item 5 through discordgo: a tournament created with a target
// pace says it on its card, and its reminders say it with the player's own
// pace in it; once the careers run, the standings say each entrant's.
func TestTournamentPaceThroughDiscord(t *testing.T) {
	f := discordfake.New(t)
	clock := &testClock{t: time.Date(2026, 6, 10, 10, 0, 0, 0, time.UTC)}
	b := startClockedBot(t, f, filepath.Join(t.TempDir(), "k.db"), clock)
	opt := func(k, v string) discordfake.Option { return discordfake.Option{Name: k, Value: v} }
	b.command("c1", "bdu", "hunters", "tournament", opt("action", "create"), opt("format", "top"), opt("length", "short"), opt("boat", "VIIC"), opt("name", "Cup"), opt("pace", "12h"))
	card := ""
	for _, m := range f.Messages() {
		if m.Channel == "c1" {
			card = m.Text()
		}
	}
	if !strings.Contains(card, "Target pace") || !strings.Contains(card, "12 h") {
		t.Fatalf("the card does not say the target pace:\n%s", card)
	}
	b.command("c1", "lemp", "hunters", "tournament", opt("action", "join"))
	b.command("c1", "topp", "hunters", "tournament", opt("action", "join"))
	b.command("c1", "bdu", "hunters", "tournament", opt("action", "start"))
	clock.pass(time.Hour)
	reminders := 0
	for _, p := range b.tick() {
		text := discordfake.Text(p)
		if strings.Contains(text, "waits on you") {
			reminders++
			if !strings.Contains(text, "The table's pace is 12 h; you have no answers counted yet.") {
				t.Errorf("a reminder without the table's pace:\n%s", text)
			}
		}
	}
	if reminders != 2 {
		t.Fatalf("%d reminders at the first hour, want one to each entrant", reminders)
	}
	// lemp presses Start after 90 minutes of waiting: his pace is counted,
	// and the standings say it.
	clock.pass(30 * time.Minute)
	t1, err := b.store.TournamentAt(t.Context(), "discord/g1/c1")
	if err != nil {
		t.Fatal(err)
	}
	var lemp string
	for _, e := range t1.Entrants {
		if e.User == "lemp" {
			lemp = e.Place
		}
	}
	rec, err := b.store.Load(t.Context(), lemp)
	if err != nil {
		t.Fatal(err)
	}
	channel := strings.SplitN(lemp, "/", 3)[2]
	b.click(channel, "lemp", "k1:"+rec.ID+":start:go")
	rec, _ = b.store.Load(t.Context(), lemp)
	h, err := hunters.NewRules()
	if err != nil {
		t.Fatal(err)
	}
	st, err := h.Decode(rec.State)
	if err != nil {
		t.Fatal(err)
	}
	clock.pass(2 * time.Hour)
	p := st.Pending()
	b.click(channel, "lemp", "k1:"+rec.ID+":"+p.Token+":"+p.Options[0].Key)
	standings := ""
	for _, p := range b.command("c1", "bdu", "hunters", "tournament", opt("action", "standings")) {
		standings += discordfake.Text(p)
	}
	if !strings.Contains(standings, "answers in about 2 h") || !strings.Contains(standings, "Target pace") {
		t.Fatalf("the standings do not say lemp's pace:\n%s", standings)
	}
}
