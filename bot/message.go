// Package bot is Kaleun's platform-neutral game master: it turns commands and
// button clicks into engine choices, keeps one game per channel in persist,
// enforces who may do what, and renders prompts, rolls and views into a
// neutral message model that the Discord, Slack and terminal adapters draw.
// It knows no platform and no game: a new game needs no change here.
package bot

import (
	"github.com/kaleun/kaleun/bot/chat"
)

// The message model lives in bot/chat; these names keep the bot's own
// code, and callers written before the split, reading as they did.
type (
	Place     = chat.Place
	User      = chat.User
	Option    = chat.Option
	Line      = chat.Line
	Message   = chat.Message
	Answer    = chat.Answer
	Form      = chat.Form
	File      = chat.File
	MessageAt = chat.MessageAt
)

// Button styles and message tones (chat's).
const (
	StyleDanger = chat.StyleDanger
	StyleSafe   = chat.StyleSafe
	StyleQuiet  = chat.StyleQuiet
	TonePrompt  = chat.TonePrompt
	ToneDone    = chat.ToneDone
	ToneEnd     = chat.ToneEnd
	ToneAlert   = chat.ToneAlert
	ToneDanger  = chat.ToneDanger
)

// Reply is what a command or click produces: messages for the channel and
// messages only the sender sees (ephemeral replies).
type Reply struct {
	// Update, on a click, is what the clicked message becomes (nil: it
	// stays as it is).
	Update *Message
	// Answered are the prompts the reply answered, each with its result:
	// adapters show it where they posted the prompt (editing the message),
	// or post it when they know no such message.
	Answered []Answer
	// Disarm asks that the clicked message's buttons be taken away, its
	// text kept: they belong to a decision already taken.
	Disarm  bool
	Public  []Message
	Private []Message
	// Elsewhere are messages for other places (the threads of a tournament's
	// careers as it starts, its channel's standings): adapters deliver them
	// as they deliver the ticker's notices.
	Elsewhere []Notice
	// Form, on a click of a prompt's form button (FormOption), is the form
	// to show the clicker at once, as the click's answer (see form.go).
	Form *Form
}

// Shown are the messages a reply shows in its place, in order: the results
// of the prompts it answered, then the new messages.
func (r Reply) Shown() []Message {
	out := make([]Message, 0, len(r.Answered)+len(r.Public))
	for _, a := range r.Answered {
		out = append(out, a.Message)
	}
	return append(out, r.Public...)
}

// RefOf is the prompt a button's custom id belongs to (its game and
// token), "" for an id that is not one of the bot's.
func RefOf(customID string) string {
	t, err := parseOptionID(customID)
	if err != nil {
		return ""
	}
	return promptRef(t.gameID, t.token)
}

func promptRef(gameID, token string) string { return gameID + ":" + token }

func private(text string) Reply { return Reply{Private: []Message{{Text: text}}} }
