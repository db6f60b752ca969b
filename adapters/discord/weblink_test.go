package discord

import (
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kaleun/kaleun/bot"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/hunters"
	"github.com/kaleun/kaleun/internal/discordfake"
	"github.com/kaleun/kaleun/persist"
)

// Issue 32 through discordgo: with the pages' base_url, the leaderboard
// and a player's careers end with their pages' links (the store's, as
// kaleun link prints them), inside the one message each command answers.
func TestDiscordLeaderboardAndCareerLinkTheirPages(t *testing.T) {
	f := discordfake.New(t)
	store, err := persist.Open(filepath.Join(t.TempDir(), "k.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	h, _ := hunters.NewRules()
	games := engine.Described(map[string]engine.Rules{"hunters": h})
	svc := bot.New(store, games, bot.Options{NewSeed: fixedSeed, NewID: fixedID, WebBase: "https://k.example/"})
	a, err := New(Config{Token: "test-token", ApplicationID: "app", Guilds: []string{"g1"}, APIBase: f.URL}, svc, games, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	select {
	case <-f.Ready():
	case <-time.After(5 * time.Second):
		t.Fatal("no READY")
	}
	f.Slash("i1", "u1", false, "new", map[string]string{"boat": "VIIC"})
	posts := f.Drain(t)
	f.Click("c0", "u1", buttons(posts[len(posts)-1])[0])
	f.Drain(t)
	for _, c := range []struct {
		command, want string
		link          func() (string, error)
	}{
		{"leaderboard", "[View leaderboard ↗](https://k.example/l/", func() (string, error) {
			return store.BoardLink(t.Context(), "discord", "g1", "hunters")
		}},
		{"career", "[View player ↗](https://k.example/p/", func() (string, error) {
			return store.PlayerLink(t.Context(), "discord", "g1", "u1")
		}},
	} {
		f.Slash("i-"+c.command, "u1", false, c.command, nil)
		posts := f.Drain(t)
		link, err := c.link()
		if err != nil {
			t.Fatal(err)
		}
		if got := text(posts); !strings.Contains(got, c.want+link+"/)") {
			t.Errorf("%s: no link to its page %s:\n%s", c.command, link, got)
		}
	}
}
