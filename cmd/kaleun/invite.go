package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/BurntSushi/toml"
	"github.com/kaleun/kaleun/adapters/discord"
	"github.com/kaleun/kaleun/internal/safefile"
)

// runInvite prints the Discord invitation link for an application, with the
// scopes and the permissions the bot needs (docs/operators/discord.md).
func runInvite(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("invite", flag.ContinueOnError)
	fs.SetOutput(stderr)
	app := fs.String("application-id", "", "the Discord application id (Developer Portal → General Information)")
	config := fs.String("config", "", "read discord.application_id from this configuration file instead")
	if code, ok := parseFlags(fs, args, stderr); !ok {
		return code
	}
	id, from := *app, "--application-id"
	if id == "" && *config != "" {
		var err error
		if id, err = applicationID(*config); err != nil {
			fmt.Fprintln(stderr, "kaleun invite:", err)
			return 2
		}
		from = *config + ": discord.application_id"
	}
	if id == "" {
		fmt.Fprintln(stderr, "kaleun invite: give --application-id ID (Developer Portal → General Information), or --config FILE with discord.application_id set")
		return 2
	}
	if !snowflake(id) {
		fmt.Fprintf(stderr, "kaleun invite: %s is %q, not a Discord application id (17 to 20 digits): copy it from the Developer Portal, General Information\n", from, id)
		return 2
	}
	fmt.Fprintln(stdout, discord.InviteURL(id))
	return 0
}

// applicationID reads discord.application_id alone from a configuration
// file: the link needs nothing else, so neither the token nor the rest of
// the file has to be ready yet (docs/operators/discord.md invites the bot
// before the config and its token are in place).
func applicationID(path string) (string, error) {
	b, err := safefile.ReadFile(path, safefile.ConfigLimit)
	if errors.Is(err, os.ErrNotExist) {
		return "", fmt.Errorf("config file %s not found: give --application-id ID instead", path)
	} else if err != nil {
		return "", err
	}
	var c struct {
		Discord struct {
			ApplicationID string `toml:"application_id"`
		} `toml:"discord"`
	}
	if _, err := toml.Decode(string(b), &c); err != nil {
		var perr toml.ParseError
		if errors.As(err, &perr) {
			return "", fmt.Errorf("%s: line %d: %s", path, perr.Position.Line, perr.Message)
		}
		return "", fmt.Errorf("%s: %w", path, err)
	}
	if c.Discord.ApplicationID == "" {
		return "", fmt.Errorf("%s: discord.application_id is empty: copy it from the Discord developer portal (General Information)", path)
	}
	return c.Discord.ApplicationID, nil
}

// snowflake tells whether id is a Discord id: a decimal number of 17 to 20
// digits (a 64-bit snowflake from Discord's epoch).
func snowflake(id string) bool {
	if len(id) < 17 || len(id) > 20 {
		return false
	}
	for _, r := range id {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}
