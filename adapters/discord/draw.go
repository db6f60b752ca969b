package discord

import (
	"bytes"
	"context"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/kaleun/kaleun/bot"
	"github.com/kaleun/kaleun/bot/chat"
)

// How a bot message looks on Discord. A prompt is an embed, coloured by its
// state, with its buttons (or menus, for long lists); a decision's result is
// plain content, its short lines each followed by the working of their rolls
// as a quieter subtext line (-#); the player a prompt waits for is pinged
// by name in the content, and nobody else (allowed_mentions).

// contentLimit is Discord's bound on a message's content.
const contentLimit = 2000

// tones are the embeds' colours by the state a message shows.
var tones = map[string]int{
	chat.TonePrompt: 0x3B82F6, // waiting for a decision: blue
	chat.ToneDone:   0x6B7280, // done: grey
	chat.ToneEnd:    0xD4A017, // the game's end: gold
	chat.ToneAlert:  0xF59E0B, // a reminder, a deadline: amber
	chat.ToneDanger: 0xDC2626, // a question that may cost the game: red
}

// drawn is a message as Discord takes it: its content (split when longer
// than Discord allows: the rest follows in more messages), embeds,
// components and files, and whom it may ping.
type drawn struct {
	content    string
	more       []string
	embeds     []*discordgo.MessageEmbed
	components []discordgo.MessageComponent
	files      []*discordgo.File
	mentions   *discordgo.MessageAllowedMentions
	flags      discordgo.MessageFlags
}

// draw renders a bot message; home is the place of the game it belongs to,
// for links to its messages.
func (a *Adapter) draw(ctx context.Context, m chat.Message, ephemeral bool, home chat.Place) drawn {
	d := drawn{embeds: []*discordgo.MessageEmbed{}, components: []discordgo.MessageComponent{},
		mentions: &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}}
	if ephemeral {
		d.flags = discordgo.MessageFlagsEphemeral
	}
	var lines []string
	if pings := m.Pings(); len(pings) > 0 && !ephemeral {
		at := make([]string, len(pings))
		for i, id := range pings {
			at[i] = "<@" + id + ">"
		}
		lines = append(lines, strings.Join(at, " "))
		d.mentions.Users = pings
	}
	// A prompt, or fields, are an embed; a message of short lines is
	// content, headed by its title in bold.
	text := m.Text + a.whenAndWhere(ctx, m, home)
	embed := len(m.Fields) > 0 || len(m.Options) > 0 || m.Title != "" && len(m.Lines) == 0
	if !embed && m.Title != "" {
		lines = append(lines, "**"+m.Title+"**")
	}
	if !embed && strings.TrimSpace(text) != "" {
		lines = append(lines, text)
	}
	for _, l := range m.Lines {
		if l.Jump != "" || l.Home.Channel != "" {
			l.Text += " · " + a.link(ctx, l.Jump, l.Home)
		}
		lines = append(lines, l.Text)
		if l.Detail != "" {
			lines = append(lines, "-# "+l.Detail) // Discord's subtext line
		}
	}
	if !embed && m.Footer != "" {
		lines = append(lines, "-# "+m.Footer)
	}
	chunks := split(lines, contentLimit-10)
	if len(chunks) > 0 {
		d.content, d.more = chunks[0], chunks[1:]
	}
	if !embed && len(d.more) > 0 {
		// A result longer than a message's content (an air attack with its
		// depth charges) goes on in embeds of the same message, uncut,
		// rather than in more messages: a channel of one message an
		// interaction (issue 17).
		d.embeds, d.more = overflow(d.more, tones[m.Tone])
	}
	if embed {
		e := &discordgo.MessageEmbed{Description: trim(text, 4000), Color: tones[m.Tone]}
		if len(m.Lines) == 0 {
			e.Title = trim(m.Title, 256)
		}
		if m.Footer != "" {
			e.Footer = &discordgo.MessageEmbedFooter{Text: trim(m.Footer, 2048)}
		}
		for _, f := range m.Fields {
			if len(e.Fields) == 25 {
				break
			}
			e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: trim(f.Name, 256), Value: trim(f.Value, 1024), Inline: true})
		}
		d.embeds = append(d.embeds, e)
	}
	if o, ok := bot.FormOption(m); ok && !ephemeral {
		m.Options = append(m.Options[:len(m.Options):len(m.Options)], o) // a number typed whole, in a modal
	}
	d.components = components(m)
	for _, f := range m.Files {
		d.files = append(d.files, &discordgo.File{Name: f.Name, ContentType: f.ContentType, Reader: bytes.NewReader(f.Data)})
	}
	return d
}

// whenAndWhere writes a reminder's due time, which Discord shows in each
// reader's own time zone, and a link to the message it is about (or to the
// game's channel when that message is not known).
func (a *Adapter) whenAndWhere(ctx context.Context, m chat.Message, home chat.Place) string {
	var b strings.Builder
	if !m.Due.IsZero() {
		fmt.Fprintf(&b, ", due <t:%d:R>", m.Due.Unix())
	}
	if m.Jump != "" && home.Channel != "" {
		b.WriteString(" · " + a.link(ctx, m.Jump, home))
	}
	return b.String()
}

// link is "[Jump to game](…)": to the last message posted for the prompt
// jump names, or to home, the game's channel, when none is known.
func (a *Adapter) link(ctx context.Context, jump string, home chat.Place) string {
	guild := home.Space
	if guild == "" {
		guild = "@me"
	}
	url := fmt.Sprintf("https://discord.com/channels/%s/%s", guild, home.Channel)
	if jump != "" {
		where, err := a.svc.PromptMessages(ctx, jump)
		if err != nil {
			a.log.Warn("discord: finding the message a link leads to", "prompt", jump, "err", err)
		}
		if len(where) > 0 {
			last := where[len(where)-1]
			url = fmt.Sprintf("https://discord.com/channels/%s/%s/%s", guild, last.Channel, last.ID)
		}
	}
	return fmt.Sprintf("[Jump to game](%s)", url)
}

// Discord's bounds on a message's embeds: how many, one's description, and
// the text of all of them.
const (
	maxEmbeds           = 10
	embedDescription    = 4096
	embedsTextLimit     = 6000
	overflowDescription = embedDescription - 96
)

// overflow puts what follows a message's content into embeds of the same
// message, at line ends, each a description, as many as Discord takes;
// what still does not fit is left for more messages.
func overflow(more []string, tone int) (embeds []*discordgo.MessageEmbed, left []string) {
	lines := strings.Split(strings.Join(more, "\n"), "\n")
	used := 0
	for len(lines) > 0 && len(embeds) < maxEmbeds {
		room := min(overflowDescription, embedsTextLimit-used)
		var b strings.Builder
		n := 0
		for _, l := range lines {
			if len(l) > room || b.Len() > 0 && b.Len()+len(l)+1 > room {
				break
			}
			if b.Len() > 0 {
				b.WriteByte('\n')
			}
			b.WriteString(l)
			n++
		}
		if n == 0 {
			break // the next line does not fit in what is left
		}
		used += b.Len()
		embeds = append(embeds, &discordgo.MessageEmbed{Description: b.String(), Color: tone})
		lines = lines[n:]
	}
	if len(lines) > 0 {
		left = split(lines, contentLimit-10)
	}
	return embeds, left
}

// split cuts lines into chunks of at most n characters, at line ends.
func split(lines []string, n int) []string {
	var out []string
	var b strings.Builder
	for _, l := range lines {
		l = trim(l, n)
		if b.Len() > 0 && b.Len()+len(l)+1 > n {
			out = append(out, b.String())
			b.Reset()
		}
		if b.Len() > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(l)
	}
	if b.Len() > 0 {
		out = append(out, b.String())
	}
	return out
}

// buttonStyles are the buttons' looks: a plain choice, the safe default,
// a risky one, an aside.
var buttonStyles = map[string]discordgo.ButtonStyle{
	"":               discordgo.PrimaryButton,
	chat.StyleSafe:   discordgo.SuccessButton,
	chat.StyleDanger: discordgo.DangerButton,
	chat.StyleQuiet:  discordgo.SecondaryButton,
}

// maxMenuOptions is a select menu's bound; a message holds five rows.
const maxMenuOptions = 25

// components draws a message's options: up to five rows of five buttons,
// or, for a long list, menus of 25 entries (a list longer than one menu is
// split over several, never cut), with its asides (Show board) as buttons
// in the last row.
func components(m chat.Message) []discordgo.MessageComponent {
	out := []discordgo.MessageComponent{}
	if len(m.Options) == 0 {
		return out
	}
	var choices, asides []chat.Option
	for _, o := range m.Options {
		if o.Style == chat.StyleQuiet {
			asides = append(asides, o)
		} else {
			choices = append(choices, o)
		}
	}
	buttons := append(choices, asides...)
	if m.Select || len(buttons) > 25 {
		buttons = asides
		rows := 5
		if len(asides) > 0 {
			rows = 4 // the last row holds the asides
		}
		for start, n := 0, 1; start < len(choices) && len(out) < rows; start, n = start+maxMenuOptions, n+1 {
			part := choices[start:min(start+maxMenuOptions, len(choices))]
			sel := discordgo.SelectMenu{CustomID: fmt.Sprintf("k1:select:%d", n), Placeholder: "Choose…"}
			if len(choices) > maxMenuOptions {
				sel.Placeholder = fmt.Sprintf("Choose… (%d–%d of %d)", start+1, start+len(part), len(choices))
			}
			for _, o := range part {
				sel.Options = append(sel.Options, discordgo.SelectMenuOption{Label: trim(o.Label, 100), Value: o.ID, Description: trim(o.Detail, 100)})
			}
			out = append(out, discordgo.ActionsRow{Components: []discordgo.MessageComponent{sel}})
		}
	}
	var row discordgo.ActionsRow
	for _, o := range buttons {
		if len(out) == 5 {
			break
		}
		row.Components = append(row.Components, discordgo.Button{Label: trim(o.Label, 80), Style: buttonStyles[o.Style], CustomID: o.ID})
		if len(row.Components) == 5 {
			out = append(out, row)
			row = discordgo.ActionsRow{}
		}
	}
	if len(row.Components) > 0 && len(out) < 5 {
		out = append(out, row)
	}
	return out
}
