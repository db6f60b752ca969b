package slack

import (
	"strings"
	"testing"
	"time"

	"github.com/kaleun/kaleun/internal/slackfake"
)

// Issue 28 (chat), through slack-go in HTTP mode (whose requests are
// served at once, side by side): a `join` that comes while the card of
// `tournament create` is still on its way to Slack edits that one card
// rather than posting a second.
func TestAJoinRightAfterCreateEditsTheOneTournamentCardOnSlack(t *testing.T) {
	f := slackfake.New(t)
	b := startHTTPBot(t, f, nil, nil)
	release := f.Stall("chat.postMessage")
	defer release()
	now := time.Now()
	if code, _ := b.send(t, signedAt("/slack/commands", slashBody("tr-create", "C1", "UORG", "tournament create format:top length:short boat:VIIC name:Cup"), now)); code != 200 {
		t.Fatalf("create: %d", code)
	}
	select {
	case <-f.Stalled():
	case <-time.After(10 * time.Second):
		t.Fatal("the tournament card was never posted")
	}
	if code, resp := b.send(t, signedAt("/slack/commands", slashBody("tr-join", "C1", "ULEMP", "tournament join"), now)); code != 200 || !strings.Contains(resp, "You are in") {
		t.Fatalf("join: %d %s", code, resp)
	}
	select { // the join's card, if it is posted anew, reaches Slack at once
	case <-f.Stalled():
	case <-time.After(500 * time.Millisecond):
	}
	release()
	deadline := time.Now().Add(10 * time.Second)
	for {
		var cards []string
		for _, m := range f.Messages() {
			if m.Channel == "C1" && !m.Ephemeral && strings.Contains(m.AllText(), "Tournament: Cup") {
				cards = append(cards, m.AllText())
			}
		}
		if len(cards) == 1 && strings.Contains(cards[0], "(1): ULEMP") {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d tournament cards, want one listing ULEMP:\n%s", len(cards), strings.Join(cards, "\n---\n"))
		}
		time.Sleep(50 * time.Millisecond)
	}
}
