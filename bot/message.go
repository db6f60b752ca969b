// Package bot is Kaleun's platform-neutral game master: it turns commands and
// button clicks into engine choices, keeps one game per channel in persist,
// enforces who may do what, and renders prompts, rolls and views into a
// neutral message model that the Discord, Slack and terminal adapters draw.
// It knows no platform and no game: a new game needs no change here.
package bot

import (
	"slices"

	"github.com/kaleun/kaleun/engine"
)

// Place is where a game lives: one game per channel, or per thread of a
// channel (a tournament entrant's career).
type Place struct {
	Platform string // "discord", "slack", "terminal"
	Space    string // guild or workspace id
	Channel  string
	// Thread is a thread of the channel the platform knows (a Slack thread's
	// timestamp), or "player-<id>" for a player's own game in a channel on
	// a platform without threads.
	Thread string
}

// Key is the storage key of the place's game.
func (p Place) Key() string {
	k := p.Platform + "/" + p.Space + "/" + p.Channel
	if p.Thread != "" {
		k += "/" + p.Thread
	}
	return k
}

// User is who sent a command or clicked.
type User struct {
	ID   string
	Name string
	// Manager is set by the adapter for channel managers (Discord Manage
	// Channels, Slack workspace admins): they may abandon a game.
	Manager bool
}

// Option is one button or select entry. ID is the adapter's custom id and
// comes back unchanged in a Click.
type Option struct {
	ID    string
	Label string
	Case  string
}

// Message is a platform-neutral message.
type Message struct {
	Title  string
	Text   string
	Fields []engine.Field
	// Options are the buttons (or a select menu when Select is set).
	Options []Option
	Select  bool
	// Mention is the user id to ping, if any (a prompt's player); Mentions
	// are more to ping (every player of a game warned it is idle).
	Mention  string
	Mentions []string
	Footer   string
	// Files are attachments (an audit log).
	Files []File
	// The structured content behind the message, for surfaces that want it
	// (the terminal's JSONL protocol); chat adapters draw the fields above.
	Prompt  *engine.Prompt  `json:"-"`
	Events  []engine.Event  `json:"-"`
	View    *engine.View    `json:"-"`
	Outcome *engine.Outcome `json:"-"`
	// Odds is the advisor's answer the message renders (engine.Advisor).
	Odds *engine.Odds `json:"-"`
}

// Reply is what a command or click produces: messages for the channel and
// messages only the sender sees (ephemeral replies).
type Reply struct {
	Public  []Message
	Private []Message
	// Elsewhere are messages for other places (the threads of a tournament's
	// careers as it starts, its channel's standings): adapters deliver them
	// as they deliver the ticker's notices.
	Elsewhere []Notice
}

// Pings are the user ids a message pings: Mention, then Mentions, each once.
func (m Message) Pings() []string {
	var out []string
	for _, id := range append([]string{m.Mention}, m.Mentions...) {
		if id != "" && !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}

func private(text string) Reply { return Reply{Private: []Message{{Text: text}}} }
