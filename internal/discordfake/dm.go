package discordfake

import (
	"encoding/json"
	"fmt"
	"slices"
)

// Direct messages (issue 34, item 2): an app its user has installed (a
// user install) has its commands in every server and in his private
// channels; a bot's commands may also be offered in its own direct
// messages. Such an interaction comes with no guild_id and with a user in
// place of a guild member, its context (1 the bot's DM, 2 another private
// channel: a DM or group DM with other people) and the installs that
// authorised it (authorizing_integration_owners, "1" the user's install).
//
// Discord offers a command only where its registration allows: a global
// command (a server's commands are offered in that server alone) whose
// contexts hold the interaction's, and in another private channel only
// when the user has installed the app (integration_types holds 1). A
// global command registered without those fields is offered everywhere,
// as Discord defaults them (to every context, and to the install types
// the app has enabled, both here). CommandDM refuses, as a test failure,
// to send what Discord would not offer.

// Interaction contexts, as Discord numbers them.
const (
	ContextGuild          = 0
	ContextBotDM          = 1
	ContextPrivateChannel = 2
)

// registeredCommand is what the fake reads of a global registration.
type registeredCommand struct {
	Name             string `json:"name"`
	IntegrationTypes *[]int `json:"integration_types"`
	Contexts         *[]int `json:"contexts"`
}

// Offered says whether the last global registration offers a command in
// a context: "" when it does, else why not.
func (f *Server) Offered(name string, context int) string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.offeredLocked(name, context)
}

// offeredLocked is Offered; f.mu is held.
func (f *Server) offeredLocked(name string, context int) string {
	if f.global == nil {
		return "no command is registered globally (a server's commands are offered in that server only)"
	}
	var cmds []registeredCommand
	if err := json.Unmarshal(f.global, &cmds); err != nil {
		return "the global registration is not a list of commands: " + err.Error()
	}
	for _, c := range cmds {
		if c.Name != name {
			continue
		}
		if c.Contexts != nil && !slices.Contains(*c.Contexts, context) {
			return fmt.Sprintf("/%s is registered for contexts %v, not %d", name, *c.Contexts, context)
		}
		if context == ContextPrivateChannel && c.IntegrationTypes != nil && !slices.Contains(*c.IntegrationTypes, 1) {
			return fmt.Sprintf("/%s is not offered to a user's install (integration_types %v), which a private channel needs", name, *c.IntegrationTypes)
		}
		return ""
	}
	return fmt.Sprintf("/%s is not registered globally", name)
}

// CommandDM sends /game sub with string options as user from a private
// channel: the bot's direct messages with him (ContextBotDM, channel
// "dm-<user>" as users/@me/channels names it here) or another of his
// private channels (ContextPrivateChannel), through his install of the
// app. It fails the test when Discord would not offer the command there.
func (f *Server) CommandDM(id, channel, user string, context int, game, sub string, opts ...Option) error {
	f.mu.Lock()
	why := f.offeredLocked(game, context)
	f.mu.Unlock()
	if why != "" {
		f.t.Errorf("discordfake: Discord would not offer /%s in context %d: %s", game, context, why)
		return fmt.Errorf("discordfake: /%s not offered in context %d: %s", game, context, why)
	}
	var o []any
	for _, x := range opts {
		o = append(o, map[string]any{"name": x.Name, "type": 3, "value": x.Value})
	}
	kind := 1 // DM
	if context == ContextPrivateChannel && channel != "dm-"+user {
		kind = 3 // a group DM
	}
	return f.Dispatch("INTERACTION_CREATE", map[string]any{
		"id": id, "application_id": "app", "type": 2, "token": "tok-" + id, "channel_id": channel,
		"channel":                        map[string]any{"id": channel, "type": kind},
		"user":                           map[string]any{"id": user, "username": user, "global_name": user},
		"context":                        context,
		"authorizing_integration_owners": map[string]any{"1": user},
		"app_permissions":                "0", "entitlements": []any{}, "locale": "en-GB",
		"data": map[string]any{"id": "cmd", "name": game, "type": 1, "options": []any{map[string]any{"name": sub, "type": 1, "options": o}}},
	})
}
