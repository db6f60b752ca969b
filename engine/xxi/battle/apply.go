package battle

import (
	"fmt"
	"strings"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/xxi/content"
)

// Apply answers the prompt with key, rolling d, and returns the phase
// after it with the rolls and notes. It never changes p. A key the prompt
// does not offer (or any key once the phase is over) is refused with an
// error wrapping engine.ErrIllegalChoice; a die that cannot be rolled is an
// error naming the roll's purpose and case. Either way p is returned as
// it was.
func (p Phase) Apply(key string, d engine.Dice) (Phase, []engine.Event, error) {
	pr := p.Prompt()
	if pr == nil {
		return p, nil, fmt.Errorf("battle %q: %w: the Battle Phase is over", key, engine.ErrIllegalChoice)
	}
	legal := false
	keys := make([]string, len(pr.Options))
	for i, o := range pr.Options {
		keys[i] = o.Key
		legal = legal || o.Key == key
	}
	if !legal {
		return p, nil, fmt.Errorf("battle %q: %w: the %s prompt (%s) takes %s", key, engine.ErrIllegalChoice, pr.Kind, pr.Case, strings.Join(keys, ", "))
	}
	q := p.clone()
	t := &turn{p: &q, d: d}
	if err := t.answer(pr.Kind, key); err != nil {
		return p, nil, err
	}
	if err := t.run(); err != nil {
		return p, nil, err
	}
	return q, t.ev, nil
}

func (p *Phase) flotilla(id string) *Flotilla {
	for i := range p.FlotillaState {
		if p.FlotillaState[i].ID == id {
			return &p.FlotillaState[i]
		}
	}
	return nil
}

func (p *Phase) convoy(id string) *Convoy {
	for i := range p.ConvoyState {
		if p.ConvoyState[i].ID == id {
			return &p.ConvoyState[i]
		}
	}
	return nil
}

func (p *Phase) path(id string) content.Path {
	for _, pa := range p.Paths {
		if pa.ID == id {
			return pa
		}
	}
	return content.Path{}
}

// hasConvoy reports whether a convoy is afloat in the path's area.
func (p *Phase) hasConvoy(path string) bool {
	for _, c := range p.ConvoyState {
		if c.Path == path && !c.Sunk {
			return true
		}
	}
	return false
}
