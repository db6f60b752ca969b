// Package chat is the message model the bot renders into and the
// adapters (Discord, Slack, the terminal) draw: where a game lives, who
// acts, a message with its buttons, lines and files, a prompt's result, a
// form. It holds no behaviour of the bot's and knows no platform and no
// game.
package chat

import (
	"slices"
	"time"

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
	// Detail says what the option leads to: a menu entry's description.
	Detail string
	// Style is how the button looks: "" (a plain choice), StyleDanger,
	// StyleSafe (the safe default) or StyleQuiet (an aside: Show board).
	Style string
	// Confirm, when set, is the question to ask before the option is
	// taken. ID then opens the bot's own confirmation (a private question
	// with a second button: Discord); a platform with confirmation dialogs
	// (Slack's confirm object) asks it itself and sends Confirmed, which
	// takes the option at once (so does a key typed in a terminal).
	Confirm, Confirmed string
}

// Button styles.
const (
	StyleDanger = "danger"
	StyleSafe   = "safe"
	StyleQuiet  = "quiet"
)

// Line is one short line of a decision's result: a glance at what happened,
// and the working of its rolls (chart, rule case, dice, modifiers, die
// numbers), which chat shows beside it in a quieter voice.
type Line struct {
	Text   string
	Detail string
	// Jump, when set, names the prompt (a Ref) the line links to, and Home
	// the place of its game: a list of games across places links each line
	// to its own (the prompt's message, or the place when that is not
	// known). A line with Home alone links to the place.
	Jump string
	Home Place
}

// Tones say what state a message shows, for the colour platforms give it.
const (
	TonePrompt = "prompt" // waiting for a decision
	ToneDone   = "done"   // a decision taken, with what it brought
	ToneEnd    = "end"    // the game is over
	ToneAlert  = "alert"  // a reminder, a deadline
	ToneDanger = "danger" // a question that may cost the game
)

// Message is a platform-neutral message.
type Message struct {
	Title  string
	Text   string
	Fields []engine.Field
	// Options are the buttons (or a select menu when Select is set).
	Options []Option
	Select  bool
	// Mention is the user id to ping, if any; Owner, on a prompt, the
	// user it waits for (pinged or not). Mentions are more to ping (every
	// player of a game warned it is idle).
	Mention  string
	Mentions []string
	Owner    string
	Footer   string
	// Lines are short lines, each with its details (a decision's result).
	Lines []Line
	// Tone is the state the message shows (TonePrompt...), for its colour.
	Tone string
	// Ref, on a prompt's message, names the prompt (game and token):
	// adapters remember where they posted it, to show its result there.
	Ref string
	// Due is when the decision a reminder is about falls due, which
	// platforms show in each reader's own time; Jump names the prompt
	// (a Ref) whose message a reminder links to, or the place when unknown.
	Due  time.Time
	Jump string
	// Transcript is the message's events as full lines, with their die
	// numbers, for surfaces that show them whole (the terminal).
	Transcript string
	// Files are attachments (an audit log, pictures).
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

// Answer is a prompt's result, to be shown where the prompt was.
type Answer struct {
	Ref     string
	Message Message
	// InPlace: the click came from the prompt's own message, which Update
	// replaces with this result; other copies of the prompt are edited.
	InPlace bool
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

// Form is a form of one number field.
type Form struct {
	// ID is what the adapter hands back to Submit with the value typed.
	ID string
	// Title heads the form (platforms hold it short: Discord 45
	// characters, Slack 24); Label names the field, Hint its bounds.
	Title, Label, Hint string
	// Min and Max bound the number (a form field may check them itself).
	Min, Max int
}

// File is an attachment.
type File struct {
	Name        string
	ContentType string
	Data        []byte
}

// MessageAt is a message on a chat platform: its channel and id (Slack:
// its timestamp).
type MessageAt struct{ Channel, ID string }
