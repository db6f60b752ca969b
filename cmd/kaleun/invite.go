package main

import (
	"flag"
	"fmt"
	"io"

	"github.com/kaleun/kaleun/adapters/discord"
)

// runInvite prints the Discord invitation link for an application, with the
// scopes and the permissions the bot needs (docs/operators/discord.md).
func runInvite(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("invite", flag.ContinueOnError)
	fs.SetOutput(stderr)
	app := fs.String("application-id", "", "the Discord application id (Developer Portal → General Information)")
	config := fs.String("config", "", "read discord.application_id from this configuration file instead")
	if !parseFlags(fs, args, stderr) {
		return 2
	}
	id := *app
	if id == "" && *config != "" {
		cfg, err := loadConfig(*config)
		if err != nil {
			fmt.Fprintln(stderr, "kaleun invite:", err)
			return 2
		}
		id = cfg.Discord.ApplicationID
	}
	if id == "" {
		fmt.Fprintln(stderr, "kaleun invite: give --application-id ID (Developer Portal → General Information), or --config FILE with discord.application_id set")
		return 2
	}
	fmt.Fprintln(stdout, discord.InviteURL(id))
	return 0
}
