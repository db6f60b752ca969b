package bot

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/kaleun/kaleun/engine"
)

// Forms: a prompt that asks for a number (engine.Entry: a physical card's
// printed number, a value printed on it) is answered at a keyboard by
// typing the number; in chat its buttons walk to it (digit by digit for a
// card's number), and a quiet button beside them opens a form of one field
// (a Discord modal, a Slack modal view) where the number is typed whole.
// The adapters draw the button (FormOption) and show the form a click on
// it brings (Reply.Form); what is typed comes back through Submit, which
// answers the prompt as its buttons would, or says why the number is not
// one the prompt takes (nothing changes).

// formKey is the key of a prompt's form button; formValue prefixes the key
// of a number submitted through it.
const (
	formKey   = "__form"
	formValue = "__n="
)

// FormOption is the button that opens the form of a prompt's message, for
// a prompt that asks for a number; ok is false for any other message.
// Adapters add it to the message's buttons.
func FormOption(m Message) (Option, bool) {
	if m.Prompt == nil || m.Prompt.Entry == nil || len(m.Options) == 0 || m.Prompt.Private {
		return Option{}, false
	}
	t, err := parseOptionID(m.Options[0].ID)
	if err != nil || t.token != m.Prompt.Token {
		return Option{}, false
	}
	return Option{ID: optionID(t.gameID, t.token, formKey), Label: "⌨ Type it", Style: StyleQuiet}, true
}

// openForm answers a click on a prompt's form button: its form, for the
// prompt's answerer.
func openForm(gameID string, p *engine.Prompt) Reply {
	if p.Entry == nil {
		return private("This decision takes no typed number: its buttons answer it.")
	}
	// The adapters cut the title to what their platform holds.
	return Reply{Form: &Form{ID: optionID(gameID, p.Token, formKey), Title: promptTitle(p), Label: p.Entry.Label,
		Hint: fmt.Sprintf("a number from %d to %d", p.Entry.Min, p.Entry.Max), Min: p.Entry.Min, Max: p.Entry.Max}}
}

// Submit answers a form (Form.ID) with what was typed in it: the number
// answers the prompt as its buttons would have, or the reply says why it
// does not, privately, and nothing changes.
func (s *Service) Submit(ctx context.Context, place Place, user User, id, value string) (Reply, error) {
	t, err := parseOptionID(id)
	if err != nil || t.key != formKey {
		return private("That form is not one of Kaleun's."), nil
	}
	typed := strings.TrimSpace(value)
	n, err := strconv.Atoi(strings.TrimSpace(strings.TrimPrefix(typed, "#")))
	if err != nil {
		return private(fmt.Sprintf("%q is not a number: type the number alone (e.g. 17). Nothing changed.", clip(typed, 20))), nil
	}
	return s.Click(ctx, place, user, optionID(t.gameID, t.token, formValue+strconv.Itoa(n)))
}

// entryChoice is the answer to a prompt of a number submitted through its
// form, or why the prompt does not take it.
func entryChoice(p *engine.Prompt, typed string) (engine.Choice, string) {
	n, err := strconv.Atoi(typed)
	if p.Entry == nil || err != nil {
		return engine.Choice{}, "This decision takes no typed number: its buttons answer it. Nothing changed."
	}
	k := p.EntryKey(n)
	if k == "" {
		return engine.Choice{}, fmt.Sprintf("%s: type a number from %d to %d (%d is not one). Nothing changed.", p.Entry.Label, p.Entry.Min, p.Entry.Max, n)
	}
	return engine.Choice{Token: p.Token, Key: k}, ""
}
