package slack

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/slack-go/slack"

	"github.com/kaleun/kaleun/bot"
	"github.com/kaleun/kaleun/bot/chat"
)

// How a bot message looks in Block Kit: a header for its title, its text
// (with the player it waits for named first, which pings him), its short
// lines each followed by the working of their rolls in a quieter context
// block, its fields, and its options as buttons (the safe default primary,
// a risky one danger behind Slack's own confirmation dialog) or menus of
// at most 100 entries each, a longer list split over several.

// maxBlocks is Slack's bound on a message's blocks.
const maxBlocks = 50

// blocks draws a bot message; home is its game's place, for links to it.
func (a *Adapter) blocks(ctx context.Context, m chat.Message, home chat.Place) []slack.Block {
	var out []slack.Block
	if m.Title != "" {
		out = append(out, slack.NewHeaderBlock(slack.NewTextBlockObject(slack.PlainTextType, trim(m.Title, 150), false, false)))
	}
	text := mrkdwn(m.Text) + a.whenAndWhere(ctx, m, home)
	for _, id := range slices.Backward(m.Pings()) {
		text = "<@" + id + "> " + text
	}
	if strings.TrimSpace(text) != "" {
		out = append(out, section(text))
	}
	// A line of a list of games links to its own game (`/kaleun games`).
	lines, cloned := m.Lines, false
	for i, l := range m.Lines {
		if l.Jump == "" && l.Home.Channel == "" {
			continue
		}
		if !cloned {
			lines, cloned = slices.Clone(m.Lines), true // the caller's message stays as it was
		}
		lines[i].Text += " · " + a.link(ctx, l.Jump, l.Home)
	}
	out = append(out, lineBlocks(lines, maxBlocks-len(out)-6)...)
	if len(m.Fields) > 0 {
		var fields []*slack.TextBlockObject
		for _, f := range m.Fields {
			if len(fields) == 10 {
				break
			}
			fields = append(fields, slack.NewTextBlockObject(slack.MarkdownType, trim("*"+f.Name+"*\n"+mrkdwn(f.Value), 2000), false, false))
		}
		out = append(out, slack.NewSectionBlock(nil, fields, nil))
	}
	if m.Footer != "" {
		out = append(out, slack.NewContextBlock("", slack.NewTextBlockObject(slack.MarkdownType, trim(mrkdwn(m.Footer), 3000), false, false)))
	}
	if o, ok := bot.FormOption(m); ok {
		m.Options = append(m.Options[:len(m.Options):len(m.Options)], o) // a number typed whole, in a modal view
	}
	return append(out, actions(m)...)
}

func section(text string) *slack.SectionBlock {
	return slack.NewSectionBlock(slack.NewTextBlockObject(slack.MarkdownType, trim(text, 3000), false, false), nil, nil)
}

// lineBlocks draws short lines: each a section with its working in a
// context block under it when the message has room for them all; else the
// lines share sections, their working in italics under each.
func lineBlocks(lines []chat.Line, room int) []slack.Block {
	need := 0
	for _, l := range lines {
		need++
		if l.Detail != "" {
			need++
		}
	}
	var out []slack.Block
	if need <= room {
		for _, l := range lines {
			out = append(out, section(mrkdwn(l.Text)))
			if l.Detail != "" {
				out = append(out, slack.NewContextBlock("", slack.NewTextBlockObject(slack.MarkdownType, trim(l.Detail, 3000), false, false)))
			}
		}
		return out
	}
	var b strings.Builder
	for _, l := range lines {
		line := mrkdwn(l.Text)
		if l.Detail != "" {
			line += "\n_" + l.Detail + "_"
		}
		if b.Len() > 0 && b.Len()+len(line) > 2900 {
			out = append(out, section(b.String()))
			b.Reset()
		}
		if b.Len() > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(line)
	}
	if b.Len() > 0 {
		out = append(out, section(b.String()))
	}
	return out
}

// whenAndWhere writes a reminder's due time, which Slack shows in each
// reader's own time zone, and a permalink to the message it is about (or
// the game's channel when that message is not known).
func (a *Adapter) whenAndWhere(ctx context.Context, m chat.Message, home chat.Place) string {
	var b strings.Builder
	if !m.Due.IsZero() {
		fmt.Fprintf(&b, ", due <!date^%d^{date_short_pretty} at {time}|%s>", m.Due.Unix(), m.Due.UTC().Format("Mon 2 Jan 15:04 UTC"))
	}
	if m.Jump != "" && home.Channel != "" {
		b.WriteString(" · " + a.link(ctx, m.Jump, home))
	}
	return b.String()
}

// link is a permalink to the last message posted for the prompt jump
// names (or to home's thread), or home's channel when neither is known.
func (a *Adapter) link(ctx context.Context, jump string, home chat.Place) string {
	link := "<#" + home.Channel + ">"
	if a.svc == nil || a.api == nil {
		return link // drawn for an ack, which makes no calls
	}
	ts := home.Thread
	if jump != "" {
		where, err := a.svc.PromptMessages(ctx, jump)
		if err != nil {
			a.log.Warn("slack: finding the message a link leads to", "prompt", jump, "err", err)
		}
		if len(where) > 0 {
			ts = where[len(where)-1].ID
		}
	}
	if isThreadTS(ts) {
		if url, err := a.api.GetPermalinkContext(ctx, &slack.PermalinkParameters{Channel: home.Channel, Ts: ts}); err == nil {
			link = "<" + url + "|Jump to game>"
		}
	}
	return link
}

// bold is the bot's **bold**, which Slack writes *bold*.
var bold = regexp.MustCompile(`\*\*(.+?)\*\*`)

func mrkdwn(s string) string {
	return mdLink.ReplaceAllString(bold.ReplaceAllString(s, "*$1*"), "<$2|$1>")
}

// mdLink is a Markdown link to a web address, [label](https://…), which
// Slack writes <https://…|label> (the bot's "View game ↗").
var mdLink = regexp.MustCompile(`\[([^\]\n<>|]+)\]\((https?://[^\s()<>|]+)\)`)

// maxMenuOptions is a static select's bound; an actions block holds 25
// elements.
const maxMenuOptions = 100

// actions draws a message's options.
func actions(m chat.Message) []slack.Block {
	if len(m.Options) == 0 {
		return nil
	}
	var choices, asides []chat.Option
	for _, o := range m.Options {
		if o.Style == chat.StyleQuiet {
			asides = append(asides, o)
		} else {
			choices = append(choices, o)
		}
	}
	var els []slack.BlockElement
	buttons := append(choices, asides...)
	if m.Select || len(buttons) > 25 {
		buttons = asides
		for start, n := 0, 1; start < len(choices); start, n = start+maxMenuOptions, n+1 {
			part := choices[start:min(start+maxMenuOptions, len(choices))]
			var opts []*slack.OptionBlockObject
			for _, o := range part {
				var desc *slack.TextBlockObject
				if o.Detail != "" {
					desc = slack.NewTextBlockObject(slack.PlainTextType, trim(o.Detail, 75), false, false)
				}
				opts = append(opts, slack.NewOptionBlockObject(value(o), slack.NewTextBlockObject(slack.PlainTextType, trim(o.Label, 75), false, false), desc))
			}
			placeholder := "Choose…"
			if len(choices) > maxMenuOptions {
				placeholder = fmt.Sprintf("Choose… (%d–%d of %d)", start+1, start+len(part), len(choices))
			}
			els = append(els, slack.NewOptionsSelectBlockElement(slack.OptTypeStatic, slack.NewTextBlockObject(slack.PlainTextType, placeholder, false, false), fmt.Sprintf("choose-%d", n), opts...))
		}
	}
	for i, o := range buttons {
		b := slack.NewButtonBlockElement(fmt.Sprintf("opt-%d", i), value(o), slack.NewTextBlockObject(slack.PlainTextType, trim(o.Label, 75), false, false))
		switch o.Style {
		case chat.StyleSafe:
			b = b.WithStyle(slack.StylePrimary)
		case chat.StyleDanger:
			b = b.WithStyle(slack.StyleDanger)
		}
		if o.Confirm != "" {
			b.Confirm = slack.NewConfirmationBlockObject(
				slack.NewTextBlockObject(slack.PlainTextType, "Are you sure?", false, false),
				slack.NewTextBlockObject(slack.MarkdownType, trim(o.Confirm, 300), false, false),
				slack.NewTextBlockObject(slack.PlainTextType, trim("Yes: "+o.Label, 30), false, false),
				slack.NewTextBlockObject(slack.PlainTextType, "No, go back", false, false)).WithStyle(slack.StyleDanger)
		}
		els = append(els, b)
	}
	var out []slack.Block
	for start, n := 0, 1; start < len(els); start, n = start+25, n+1 {
		out = append(out, slack.NewActionBlock(fmt.Sprintf("prompt-%d", n), els[start:min(start+25, len(els))]...))
	}
	return out
}

// value is what an option's button sends: behind Slack's confirmation
// dialog, the id that takes the option once confirmed.
func value(o chat.Option) string {
	if o.Confirm != "" && o.Confirmed != "" {
		return o.Confirmed
	}
	return o.ID
}

// fallback is a message's text for notifications (and clients without
// blocks): it names the player pinged first, as the blocks do.
func fallback(m chat.Message) string {
	t := m.Text
	if m.Title != "" {
		t = m.Title + "\n" + t
	}
	if t == "" && len(m.Lines) > 0 {
		t = m.Lines[0].Text
	}
	for _, id := range slices.Backward(m.Pings()) {
		t = "<@" + id + "> " + t
	}
	return trim(mrkdwn(t), 3000)
}

func trim(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
