package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/adapters/discord"
	"github.com/kaleun/kaleun/bot"
)

var updateManifests = flag.Bool("update-manifests", false, "write the games' slash commands into adapters/slack/manifests")

// The Slack manifests declare one slash command per game this binary
// registers (the Slack adapter takes /<game> for each; a tournament-only
// game is reached through its tournament), the same list Discord gets, each
// with its descriptor's summary and usage hint. The block is generated from
// the registrations, never edited by hand: `go test ./cmd/kaleun -run
// TestSlackManifestsDeclareTheGamesCommands -update-manifests` writes it.
func TestSlackManifestsDeclareTheGamesCommands(t *testing.T) {
	games, err := availableGames()
	if err != nil {
		t.Fatal(err)
	}
	cmds := discord.ApplicationCommands(games)
	if len(cmds) < 3 {
		t.Fatalf("the binary registers only %d commands", len(cmds))
	}
	for _, m := range []struct{ file, url string }{
		{"socket-mode.yaml", ""},
		{"http-mode.yaml", "https://kaleun.example.com/slack/commands"},
	} {
		var b strings.Builder
		b.WriteString("  slash_commands:\n")
		for _, c := range cmds {
			summary, hint := bot.FrameworkSummary, bot.FrameworkUsage // Kaleun's own command
			if c.Name != bot.FrameworkName {
				g := games[c.Name]
				if g.Summary == "" || g.UsageHint == "" {
					t.Fatalf("game %s has no Summary or UsageHint for its Slack command", c.Name)
				}
				summary, hint = g.Summary, g.UsageHint
			}
			fmt.Fprintf(&b, "    - command: /%s\n", c.Name)
			if m.url != "" {
				fmt.Fprintf(&b, "      url: %s\n", m.url)
			}
			fmt.Fprintf(&b, "      description: %q\n      usage_hint: %q\n      should_escape: true\n", summary, hint)
		}
		path := filepath.Join("..", "..", "adapters", "slack", "manifests", m.file)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		text := string(data)
		from := strings.Index(text, "  slash_commands:\n")
		to := strings.Index(text, "oauth_config:\n")
		if from < 0 || to < from {
			t.Fatalf("%s: no slash_commands block before oauth_config", m.file)
		}
		want := text[:from] + b.String() + text[to:]
		if want == text {
			continue
		}
		if *updateManifests {
			if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		t.Errorf("%s's slash commands are not the registered games' (rerun with -update-manifests to write them):\nhave:\n%s\nwant:\n%s", m.file, text[from:to], b.String())
	}
}

// slack.md said "three slash commands" when the HTTP manifest had four, and
// did not name /example when it was added: the setup page names every
// command the binary registers, and counts none of them (a count goes stale
// with the next game).
func TestSlackSetupNamesEveryCommandAndCountsNone(t *testing.T) {
	games, err := availableGames()
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join("..", "..", "docs", "operators", "slack.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	for _, c := range discord.ApplicationCommands(games) {
		if !strings.Contains(text, "`/"+c.Name+"`") {
			t.Errorf("docs/operators/slack.md does not name the slash command /%s", c.Name)
		}
	}
	if m := regexp.MustCompile(`(?i)\b(one|two|three|four|five|six|seven|eight|nine|ten|\d+) (slash )?(commands|URLs)\b`).FindString(text); m != "" {
		t.Errorf("docs/operators/slack.md counts %q: name them instead", m)
	}
}
