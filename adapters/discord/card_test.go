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

// Issue 28 (chat): `turn` in a wolfpack that plays in its tournament's
// channel (no threads) links to each pending prompt's message, as a
// reminder does, instead of posting every prompt again: each prompt keeps
// one live set of buttons.
func TestTurnInAWolfpackLinksToThePromptsInsteadOfPostingThemAgain(t *testing.T) {
	f := discordfake.New(t)
	clock := &testClock{t: time.Date(2026, 6, 10, 10, 0, 0, 0, time.UTC)}
	b := &clockedBot{t: t, f: f, clock: clock, path: filepath.Join(t.TempDir(), "k.db"), noThreads: true}
	b.open()
	t.Cleanup(b.close)
	opt := func(k, v string) discordfake.Option { return discordfake.Option{Name: k, Value: v} }
	b.command("c1", "bdu", "hunters", "tournament", opt("action", "create"), opt("format", "wolfpack"))
	b.command("c1", "kapitaen", "hunters", "tournament", opt("action", "join"))
	b.command("c1", "funker", "hunters", "tournament", opt("action", "join"))
	b.command("c1", "bdu", "hunters", "tournament", opt("action", "start"))
	// live is, for each prompt of the game, the channel's messages that
	// offer its buttons.
	live := func() map[string][]string {
		out := map[string][]string{}
		for _, m := range f.Messages() {
			if m.Ephemeral {
				continue
			}
			seen := map[string]bool{}
			for _, id := range m.CustomIDs() {
				parts := strings.Split(id, ":")
				if len(parts) < 4 || parts[0] != "k1" || strings.HasPrefix(parts[3], "__") || seen[parts[2]] {
					continue
				}
				seen[parts[2]] = true
				out[parts[1]+":"+parts[2]] = append(out[parts[1]+":"+parts[2]], m.ID)
			}
		}
		return out
	}
	before := live()
	if len(before) < 2 {
		t.Fatalf("the pack's game shows %d prompts, want one per boat: %v", len(before), before)
	}
	for ref, ids := range before {
		if len(ids) != 1 {
			t.Fatalf("prompt %s is live in %d messages before `turn`", ref, len(ids))
		}
	}
	posts := b.command("c1", "kapitaen", "hunters", "turn")
	after := live()
	for ref, ids := range after {
		if len(ids) != 1 {
			t.Errorf("prompt %s is live in %d messages after `turn`, want 1", ref, len(ids))
		}
	}
	said := ""
	for _, p := range posts {
		said += discordfake.Text(p) + "\n"
	}
	for ref, ids := range before {
		if link := "https://discord.com/channels/g1/c1/" + ids[0]; !strings.Contains(said, link) {
			t.Errorf("`turn` does not link to prompt %s's message (%s):\n%s", ref, link, said)
		}
	}
}
