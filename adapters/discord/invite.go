package discord

import (
	"net/url"
	"strconv"

	"github.com/bwmarrin/discordgo"
)

// Permissions is what the bot needs in a server, and no more: it reads no
// messages (commands and clicks arrive as interactions, answered through
// their own tokens, which need no permission) and manages nothing. It posts
// reminders, deadline actions and standings to channels (View Channels, Send
// Messages), as embeds (Embed Links) with pictures (Attach Files), and opens
// a public thread for each tournament career or wolfpack (Create Public
// Threads), where it then posts (Send Messages in Threads), and makes a
// game's live sessions (`schedule`) scheduled events of the server, and
// deletes its own (Create Events). Editing its own standings message needs
// nothing more. TestInvitePermissionsAreTheCallsMade
// derives this set from the REST calls the adapter makes.
const Permissions = discordgo.PermissionViewChannel | discordgo.PermissionSendMessages | discordgo.PermissionEmbedLinks |
	discordgo.PermissionAttachFiles | discordgo.PermissionCreatePublicThreads | discordgo.PermissionSendMessagesInThreads |
	discordgo.PermissionCreateEvents

// PermissionNames are Permissions' bits as Discord's server settings name
// them (docs/operators/discord.md lists them).
var PermissionNames = []struct {
	Name string
	Bit  int64
}{
	{"View Channels", discordgo.PermissionViewChannel},
	{"Send Messages", discordgo.PermissionSendMessages},
	{"Embed Links", discordgo.PermissionEmbedLinks},
	{"Attach Files", discordgo.PermissionAttachFiles},
	{"Create Public Threads", discordgo.PermissionCreatePublicThreads},
	{"Send Messages in Threads", discordgo.PermissionSendMessagesInThreads},
	{"Create Events", discordgo.PermissionCreateEvents},
}

// Scopes are the OAuth2 scopes of the invitation: the bot user, and the
// right to register slash commands in the server.
const Scopes = "bot applications.commands"

// InviteURL is the link a server's admin opens to add the bot with exactly
// the permissions it needs.
func InviteURL(applicationID string) string {
	q := url.Values{"client_id": {applicationID}, "scope": {Scopes}, "permissions": {strconv.FormatInt(Permissions, 10)}}
	return "https://discord.com/oauth2/authorize?" + q.Encode()
}

// UserInstallURL is the link a player opens to install the app to his own
// account (a user install, integration_type 1): Kaleun's commands then
// come with him, so `/kaleun games` answers in his direct messages too. A
// user install asks for commands alone (no bot in any server, no
// permission); the Developer Portal must have User Install enabled
// (docs/operators/discord.md).
func UserInstallURL(applicationID string) string {
	q := url.Values{"client_id": {applicationID}, "integration_type": {"1"}, "scope": {"applications.commands"}}
	return "https://discord.com/oauth2/authorize?" + q.Encode()
}
