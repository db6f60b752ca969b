package bot

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kaleun/kaleun/engine"
)

// A decision may offer more choices than one chat message holds (Discord
// draws at most four menus of 25 beside a row of asides; Slack's menus hold
// 100): the prompt's message shows the first page, and a "More choices"
// button answers privately with the next, whose buttons take the decision
// as a confirmed click does. No choice is ever cut from a message.
const (
	// pageKey, followed by the index of a page's first choice, asks for
	// that page.
	pageKey = "__page."
	// choicesPerPage is how many choices one message shows.
	choicesPerPage = 100
)

// paged cuts a prompt message's choices to its first page, with the button
// that shows the next; asides (Show board...) are added after it.
func paged(m Message, gameID string) Message {
	if len(m.Options) <= choicesPerPage {
		return m
	}
	total := len(m.Options)
	m.Options = append(m.Options[:choicesPerPage:choicesPerPage], moreChoices(gameID, m.Prompt.Token, choicesPerPage, total))
	return m
}

// moreChoices is the button that shows the page of choices from from on.
func moreChoices(gameID, token string, from, total int) Option {
	return Option{ID: optionID(gameID, token, pageKey+strconv.Itoa(from)), Style: StyleQuiet,
		Label: fmt.Sprintf("More choices (%d–%d of %d)", from+1, min(from+choicesPerPage, total), total)}
}

// choicesPage answers a click on More choices: the page of the prompt's
// choices that begins at the key's index, privately, each button taking its
// choice (a risky one still asks first).
func choicesPage(gameID string, p *engine.Prompt, key string) Reply {
	from, err := strconv.Atoi(strings.TrimPrefix(key, pageKey))
	if err != nil || from < 0 || from >= len(p.Options) {
		return private("That page of choices is not this decision's: nothing changed.")
	}
	to := min(from+choicesPerPage, len(p.Options))
	m := Message{Title: promptTitle(p), Tone: TonePrompt, Select: true,
		Text: fmt.Sprintf("Choices %d–%d of %d of this decision; the others are on the prompt's message.", from+1, to, len(p.Options))}
	for _, o := range p.Options[from:to] {
		opt := Option{ID: optionID(gameID, p.Token, yesKey+o.Key), Label: o.ButtonLabel(), Case: o.Case, Detail: o.Detail}
		if o.Risk != "" {
			opt.ID, opt.Style = optionID(gameID, p.Token, sureKey+o.Key), StyleDanger
		}
		m.Options = append(m.Options, opt)
	}
	if to < len(p.Options) {
		m.Options = append(m.Options, moreChoices(gameID, p.Token, to, len(p.Options)))
	}
	return Reply{Private: []Message{m}}
}
