package bot

import (
	"fmt"
	"strings"

	"github.com/kaleun/kaleun/engine"
)

// maxText keeps a message under every platform's limit (Discord: 2000
// characters of content, 4096 in an embed; Slack: 3000 in a section).
const maxText = 1900

// promptMessage renders the pending decision with its options.
func promptMessage(gameID string, p *engine.Prompt, owner string) Message {
	m := Message{Title: "Decision (" + p.Case + ")", Text: p.Text, Mention: owner, Prompt: p}
	for _, o := range p.Options {
		label := o.Label
		if label == "" {
			label = o.Key
		}
		m.Options = append(m.Options, Option{ID: optionID(gameID, p.Token, o.Key), Label: label, Case: o.Case})
	}
	// Discord allows 25 buttons in five rows; longer lists read better as a menu.
	m.Select = len(m.Options) > 5
	return m
}

// eventMessages renders what happened, split to fit the platforms' limits.
func eventMessages(events []engine.Event) []Message {
	var out []Message
	var b strings.Builder
	var chunk []engine.Event
	flush := func() {
		if b.Len() > 0 {
			out = append(out, Message{Text: b.String(), Events: chunk})
			b.Reset()
			chunk = nil
		}
	}
	for _, e := range events {
		line := e.String()
		switch e.Kind {
		case engine.KindRoll:
			line = "🎲 " + line
		case engine.KindChoice:
			line = "» " + line
		}
		if b.Len()+len(line)+1 > maxText {
			flush()
		}
		if len(line) > maxText {
			line = line[:maxText]
		}
		b.WriteString(line)
		b.WriteByte('\n')
		chunk = append(chunk, e)
	}
	flush()
	return out
}

// viewMessage renders a game view.
func viewMessage(v *engine.View) Message {
	m := Message{Title: v.Title, View: v}
	var b strings.Builder
	for _, s := range v.Sections {
		if s.Title != "" {
			fmt.Fprintf(&b, "**%s**\n", s.Title)
		}
		for _, l := range s.Lines {
			b.WriteString(l)
			b.WriteByte('\n')
		}
		for _, f := range s.Fields {
			fmt.Fprintf(&b, "%s: %s\n", f.Name, f.Value)
		}
	}
	text := b.String()
	if len(text) > maxText*2 {
		text = text[:maxText*2] + "\n…"
	}
	m.Text = text
	return m
}
