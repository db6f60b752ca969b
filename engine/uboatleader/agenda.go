package uboatleader

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kaleun/kaleun/engine"
)

// The engine is a stack of steps, the agenda. advance pops and runs steps
// that act at once until the top one waits for a decision; Apply answers
// it and advances again. A step that acts may push more steps; pushed last
// runs first. Because every step is saved with the state, a decision can
// wait in the middle of any procedure: an Event card's offer during a move,
// a crash dive during the enemy's attacks, a draw during identification.

// Step is one item of the agenda.
type Step struct {
	Op   string `json:"op"`
	Boat int    `json:"boat,omitempty"`
	Ship int    `json:"ship,omitempty"`
	N    int    `json:"n,omitempty"`
	Key  string `json:"key,omitempty"`
	Area string `json:"area,omitempty"`
	// Page is the page of a long list of options shown.
	Page int `json:"page,omitempty"`
}

// ask is a pending decision: its text, rule case and options.
type ask struct {
	Text    string
	Case    string
	Options []engine.Option
	// Entry: the decision asks for a number, typed whole at a keyboard
	// (engine.Entry); its keys not among the options are checked by
	// accept.
	Entry  *engine.Entry
	accept func(key string) (label string, ok bool, why string)
}

// opDef is what a step does: ask (nil when the step acts at once; an ask
// function returning nil means nothing to ask, and act runs instead),
// answer (with the step already popped) and act.
type opDef struct {
	ask    func(s *State, st Step) *ask
	answer func(s *State, st Step, key string)
	act    func(s *State, st Step)
	// routine: the built-in player may take this decision for an absent
	// player (engine.Routine).
	routine bool
}

// ops is filled by each phase's file in its init.
var ops = map[string]*opDef{}

func register(name string, d *opDef) {
	if ops[name] != nil {
		panic("uboatleader: step " + name + " registered twice")
	}
	ops[name] = d
}

func (s *State) push(steps ...Step) {
	// Pushed in reading order: the first listed runs first.
	for i := len(steps) - 1; i >= 0; i-- {
		s.Agenda = append(s.Agenda, steps[i])
	}
}

func (s *State) pop() Step {
	st := s.Agenda[len(s.Agenda)-1]
	s.Agenda = s.Agenda[:len(s.Agenda)-1]
	return st
}

func (s *State) top() *Step {
	if len(s.Agenda) == 0 {
		return nil
	}
	return &s.Agenda[len(s.Agenda)-1]
}

// maxSteps bounds the steps between two decisions: a bug that loops shows
// as an error, not a hung bot.
const maxSteps = 100000

// advance runs steps until a decision is pending or the game is over.
func (s *State) advance() {
	for n := 0; !s.Done; n++ {
		if n > maxSteps {
			panic(fmt.Sprintf("uboatleader: %d steps without a decision (agenda top %+v)", n, s.top()))
		}
		t := s.top()
		if t == nil {
			panic("uboatleader: the agenda ran out before the campaign ended")
		}
		d := ops[t.Op]
		if d == nil {
			panic("uboatleader: no step " + t.Op)
		}
		if d.ask != nil {
			if a := d.ask(s, *t); a != nil {
				if len(a.Options) == 0 {
					panic("uboatleader: step " + t.Op + " asks with no option")
				}
				return
			}
		}
		st := s.pop()
		if d.act != nil {
			d.act(s, st)
		}
	}
}

// pageSize keeps every prompt within a chat menu's 25 options: longer
// lists are paged, 23 options and the page turns.
const pageSize = 23

// current is the pending decision with its page of options.
func (s *State) current() (*Step, *ask) {
	t := s.top()
	if t == nil || s.Done {
		return nil, nil
	}
	d := ops[t.Op]
	if d == nil || d.ask == nil {
		return nil, nil
	}
	a := d.ask(s, *t)
	if a == nil {
		return nil, nil
	}
	if len(a.Options) > pageSize+2 {
		pages := (len(a.Options) + pageSize - 1) / pageSize
		p := min(t.Page, pages-1)
		opts := append([]engine.Option(nil), a.Options[p*pageSize:min(len(a.Options), (p+1)*pageSize)]...)
		if p > 0 {
			opts = append(opts, engine.Option{Key: "page-", Label: fmt.Sprintf("← page %d of %d", p, pages)})
		}
		if p < pages-1 {
			opts = append(opts, engine.Option{Key: "page+", Label: fmt.Sprintf("more: page %d of %d →", p+2, pages)})
		}
		a = &ask{Text: a.Text, Case: a.Case, Options: opts, Entry: a.Entry, accept: a.accept}
	}
	return t, a
}

// Pending implements engine.State.
func (s *State) Pending() *engine.Prompt {
	t, a := s.current()
	if a == nil {
		return nil
	}
	text := a.Text
	if l := strings.TrimSpace(s.pack.Meta.Label); l != "" {
		text += "\n[" + l + "]"
	}
	kind := "uboatleader." + t.Op
	if t.Op == "draw" || t.Op == "card_form" {
		kind += "." + t.Key // the deck: a scripted player knows which card to take
	}
	return &engine.Prompt{
		Token:   strconv.Itoa(s.Decision),
		Actor:   engine.Commander,
		Kind:    kind,
		Text:    text,
		Case:    a.Case,
		Options: a.Options,
		Entry:   a.Entry,
	}
}

// Apply implements engine.State.
func (s *State) Apply(c engine.Choice, d engine.Dice) (engine.State, []engine.Event, error) {
	if s.Done {
		return nil, nil, engine.ErrGameOver
	}
	if c.Token != "" && c.Token != strconv.Itoa(s.Decision) {
		return nil, nil, fmt.Errorf("%w: prompt %s was answered already (the pending prompt is %d)", engine.ErrStaleToken, c.Token, s.Decision)
	}
	if _, _, err := s.legal(c.Key); err != nil {
		return nil, nil, err
	}
	next := s.clone()
	events, err := next.run(d, func() { next.choose(c.Key) })
	if err != nil {
		return nil, nil, err
	}
	return next, events, nil
}

// legal checks a key against the pending options and returns its label
// and the prompt's rule case.
func (s *State) legal(key string) (label, cas string, err error) {
	_, a := s.current()
	if a == nil {
		return "", "", fmt.Errorf("%w: nothing to decide", engine.ErrIllegalChoice)
	}
	for _, o := range a.Options {
		if o.Key == key {
			return o.Label, a.Case, nil
		}
	}
	if alias := s.areaAlias(key); alias != key {
		// A display area by the pack's id, as keys were before the codes
		// (displayGraph.code): the option of its code.
		for _, o := range a.Options {
			if o.Key == alias {
				return o.Label, a.Case, nil
			}
		}
	}
	if a.accept != nil {
		// A number typed whole, which no option lists (a card's printed
		// number, whose buttons enter it digit by digit).
		if label, ok, why := a.accept(key); ok {
			return label, a.Case, nil
		} else if why != "" {
			return "", "", fmt.Errorf("%w: %s", engine.ErrIllegalChoice, why)
		}
	}
	return "", "", fmt.Errorf("%w: %q is not an option here", engine.ErrIllegalChoice, key)
}

// choose records and applies a legal choice, then advances.
func (s *State) choose(key string) {
	label, cas := "", ""
	if !s.rn.quiet {
		label, cas, _ = s.legal(key)
	}
	t := s.top()
	s.emit(engine.Event{Kind: engine.KindChoice, Case: cas, Text: "Decision: " + label,
		Choice: &engine.Choice{Token: strconv.Itoa(s.Decision), Key: key}})
	s.Decision++
	switch key {
	case "page+":
		t.Page++
		return
	case "page-":
		t.Page--
		return
	}
	st := s.pop()
	ops[st.Op].answer(s, st, key)
	s.advance()
}

// runner collects a decision's events and holds its dice.
type runner struct {
	dice   engine.Dice
	events []engine.Event
	// quiet: the simulation reads no notes, so none are built.
	quiet bool
}

type diceFailure struct{ err error }

// run executes fn with the dice, collecting events; a dice failure comes
// back as the error, with nothing else.
func (s *State) run(d engine.Dice, fn func()) (events []engine.Event, err error) {
	s.rn = &runner{dice: d}
	defer func() {
		if r := recover(); r != nil {
			df, ok := r.(diceFailure)
			if !ok {
				panic(r)
			}
			events, err = nil, df.err
		}
		s.rn = nil
	}()
	fn()
	return s.rn.events, nil
}

func (s *State) die(sides int) int {
	f, err := s.rn.dice.Roll(sides)
	if err != nil {
		panic(diceFailure{err})
	}
	return f
}

func (s *State) emit(e engine.Event) {
	if s.rn.quiet {
		return
	}
	s.rn.events = append(s.rn.events, e)
}

func (s *State) note(cas, format string, a ...any) {
	if s.rn.quiet {
		return
	}
	s.emit(engine.Event{Kind: engine.KindNote, Case: cas, Text: fmt.Sprintf(format, a...)})
}

// mod is a die modifier.
type mod = engine.Modifier

// d10 rolls the d10 (UBL-1.5: a 0 reads 10, so faces run 1 to 10) with its
// modifiers, and reports the roll; result names the band it falls in.
func (s *State) d10(cas, purpose string, mods []mod, result func(natural, total int) string) (natural, total int) {
	natural = s.die(10)
	total = natural
	var kept []mod
	for _, m := range mods {
		if m.Value != 0 {
			total += m.Value
			kept = append(kept, m)
		}
	}
	res := ""
	if result != nil {
		res = result(natural, total) // also where callers read the band
	}
	if s.rn.quiet {
		return natural, total
	}
	r := &engine.Roll{Case: cas, Purpose: purpose, Dice: "1d10", Faces: []int{natural}, Natural: natural, Modifiers: kept, Total: total, Result: res}
	s.emit(engine.Event{Kind: engine.KindRoll, Case: cas, Text: r.String(), Roll: r})
	return natural, total
}

// pick chooses one of n at random with a die of n faces ("determinate a
// caso"); a choice of one rolls nothing.
func (s *State) pick(cas, purpose string, names []string) int {
	if len(names) == 1 {
		return 0
	}
	f := s.die(len(names))
	r := &engine.Roll{Case: cas, Purpose: purpose + " (at random among " + strings.Join(names, ", ") + ")", Dice: "1d" + strconv.Itoa(len(names)),
		Faces: []int{f}, Natural: f, Total: f, Result: names[f-1]}
	s.emit(engine.Event{Kind: engine.KindRoll, Case: cas, Text: r.String(), Roll: r})
	return f - 1
}

func opt(key, label, cas string) engine.Option {
	return engine.Option{Key: key, Label: label, Case: cas}
}

// f formats a prompt's text or label; the simulation, which reads neither,
// sets bare and builds none.
func (s *State) f(format string, a ...any) string {
	if s.bare {
		return ""
	}
	return fmt.Sprintf(format, a...)
}
