package main

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/kaleun/kaleun/adapters/discord"
)

// The Slack manifests declare one slash command per game this binary
// registers (the Slack adapter takes /<game> for each; a tournament-only
// game is reached through its tournament), the same list Discord gets.
func TestSlackManifestsDeclareTheGamesCommands(t *testing.T) {
	games, err := availableGames()
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, c := range discord.ApplicationCommands(games) {
		want = append(want, "/"+c.Name)
	}
	sort.Strings(want)
	if len(want) < 3 {
		t.Fatalf("the binary registers only %v", want)
	}
	for _, name := range []string{"socket-mode.yaml", "http-mode.yaml"} {
		b, err := os.ReadFile(filepath.Join("..", "..", "adapters", "slack", "manifests", name))
		if err != nil {
			t.Fatal(err)
		}
		var m struct {
			Features struct {
				SlashCommands []struct {
					Command string `yaml:"command"`
				} `yaml:"slash_commands"`
			} `yaml:"features"`
		}
		if err := yaml.Unmarshal(b, &m); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var got []string
		for _, c := range m.Features.SlashCommands {
			got = append(got, c.Command)
		}
		sort.Strings(got)
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%s declares %v; the binary registers %v", name, got, want)
		}
	}
}
