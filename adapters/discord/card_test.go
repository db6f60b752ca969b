package discord

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kaleun/kaleun/internal/discordfake"
)

// Issue 28 (chat): a `join` that comes while the tournament card of
// `tournament create` is still on its way to Discord edits that one card,
// rather than posting a second one and leaving the first reading
// "Entrants (0): none yet" for good.
func TestAJoinRightAfterCreateEditsTheOneTournamentCard(t *testing.T) {
	f := discordfake.New(t)
	clock := &testClock{t: time.Date(2026, 6, 10, 10, 0, 0, 0, time.UTC)}
	b := startClockedBot(t, f, filepath.Join(t.TempDir(), "k.db"), clock)
	const route = "POST /api/v9/channels/{channel}/messages"
	release := f.Stall(route)
	defer release()
	// The card's post is held by Discord: the window in which the card is
	// posted but not yet known.
	if err := f.Command("x1", "c1", "bdu", false, "hunters", "tournament", discordfake.Option{Name: "action", Value: "create"}, discordfake.Option{Name: "format", Value: "wolfpack"}); err != nil {
		t.Fatal(err)
	}
	select {
	case <-f.Stalled():
	case <-time.After(10 * time.Second):
		t.Fatal("the tournament card was never posted")
	}
	if err := f.Command("x2", "c1", "kapitaen", false, "hunters", "tournament", discordfake.Option{Name: "action", Value: "join"}); err != nil {
		t.Fatal(err)
	}
	joined := false
	for !joined {
		select {
		case p := <-f.Posts():
			joined = strings.Contains(discordfake.Text(p), "You are in")
		case <-time.After(10 * time.Second):
			t.Fatal("the join was not answered")
		}
	}
	// The join's card, if it is posted anew, reaches Discord at once.
	select {
	case <-f.Stalled():
	case <-time.After(500 * time.Millisecond):
	}
	release()
	deadline := time.Now().Add(10 * time.Second)
	for {
		b.take()
		var cards []discordfake.Message
		for _, m := range f.Messages() {
			if m.Channel == "c1" && strings.Contains(m.Text(), "Tournament:") {
				cards = append(cards, m)
			}
		}
		if len(cards) == 1 && strings.Contains(cards[0].Text(), "Entrants** (1): kapitaen") {
			return
		}
		if time.Now().After(deadline) {
			var texts []string
			for _, c := range cards {
				texts = append(texts, c.Text())
			}
			t.Fatalf("%d tournament cards, want one listing kapitaen:\n%s", len(cards), strings.Join(texts, "\n---\n"))
		}
		time.Sleep(50 * time.Millisecond)
	}
}
