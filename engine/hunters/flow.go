package hunters

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"github.com/kaleun/kaleun/engine"
)

// Phase is where the game stands. Automatic phases run until a phase needs a
// decision; that phase's prompt is then pending. The phases are listed in
// phases.go; a saved game names them.
type Phase uint8

// String is the phase's name.
func (p Phase) String() string {
	if p < numPhases {
		return phaseNames[p]
	}
	return "phase#" + strconv.Itoa(int(p))
}

// MarshalText writes the phase's name.
func (p Phase) MarshalText() ([]byte, error) {
	if p >= numPhases {
		return nil, fmt.Errorf("hunters: no phase %d", p)
	}
	return []byte(phaseNames[p]), nil
}

// UnmarshalText reads a phase's name.
func (p *Phase) UnmarshalText(b []byte) error {
	for i, n := range phaseNames {
		if n == string(b) {
			*p = Phase(i)
			return nil
		}
	}
	return fmt.Errorf("unknown phase %q", b)
}

// step is one automatic phase: it rolls what it must and moves s.Phase on.
type step func(s *State)

// decision is one prompt phase: options lists the legal answers (computed
// from the state alone, so the same state always offers the same options)
// and answer applies one of them.
type decision struct {
	kind    string
	text    func(s *State) string
	cas     string
	options func(s *State) []engine.Option
	answer  func(s *State, key string)
	// actor is who answers: the commander unless set (the other player of a
	// two-player game for the enemy's rolls, 13.1.2).
	actor engine.Actor
	// secret choices are logged without their answer until revealed (14.8.3).
	secret bool
	// count and offers, when set, tell the number of options and whether a
	// key is one of them without building the options (with their labels):
	// the simulator's commander chooses by them where building is the cost.
	// They say what options says; a test holds them to it.
	count  func(s *State) int
	offers func(s *State, key string) bool
}

// offered reports whether key answers the decision: by its options when
// built (opts), else by the decision's offers.
func (d *decision) offered(s *State, opts []engine.Option, key string) bool {
	if opts == nil && d.offers != nil {
		return d.offers(s, key)
	}
	return menu(opts).has(key)
}

// actorOf says who answers a decision.
func (d *decision) actorOf() engine.Actor {
	if d.actor == "" {
		return engine.Commander
	}
	return d.actor
}

// steps and decisions are filled by the init of the file that owns each
// phase; they are read-only afterwards.
var steps [numPhases]step
var decisions [numPhases]*decision

// handler is a phase's step or decision.
type handler struct {
	step step
	dec  *decision
}

// handlerFor returns the phase's step or decision: two array reads, for the
// step loop looks phases up a thousand times a career.
func handlerFor(p Phase) handler {
	if p >= numPhases {
		return handler{}
	}
	return handler{step: steps[p], dec: decisions[p]}
}

// handler returns the handler of the state's phase.
func (s *State) handler() handler { return handlerFor(s.Phase) }

// maxAutoSteps guards against a rules bug looping forever without a decision.
const maxAutoSteps = 100000

// advance runs automatic phases until a decision with a real choice is pending
// or the game is over, and returns that decision's options (in the reusable
// buffer: valid until options are built again), or nil for a decision that
// tells them without building them (decision.count). A decision with a
// single option is taken at once.
func (s *State) advance() []engine.Option {
	for i := 0; i < maxAutoSteps; i++ {
		if s.Phase == phaseOver {
			return nil
		}
		h := s.handler()
		if h.step != nil {
			h.step(s)
			continue
		}
		d := h.dec
		if d == nil {
			panic("hunters: no handler for phase " + s.Phase.String())
		}
		if d.count != nil && d.count(s) > 1 {
			return nil // a real choice, whose options the decision tells without building them
		}
		opts := s.options(d)
		if len(opts) == 0 {
			panic("hunters: phase " + s.Phase.String() + " offers no option")
		}
		if len(opts) == 1 && d.actorOf() == engine.Commander {
			d.answer(s, opts[0].Key) // the other player's Roll is always his to press
			continue
		}
		return opts
	}
	panic("hunters: the rules ran too long without a decision")
}

// Pending implements engine.State.
func (s *State) Pending() *engine.Prompt {
	if s.Over != nil {
		return nil
	}
	d := handlerFor(s.Phase).dec
	if d == nil {
		return nil
	}
	p := &engine.Prompt{
		Token:   s.token(s.Decision),
		Actor:   d.actorOf(),
		Secret:  d.secret && s.Settings.TwoPlayer,
		Private: d.secret && s.Settings.TwoPlayer, // 14.8.3: chosen in private
		Kind:    "hunters." + d.kind,
		Title:   titles[d.kind],
		Subject: s.Boat.Number,
		Text:    d.text(s),
		Case:    d.cas,
		Options: append([]engine.Option(nil), s.options(d)...),
	}
	present(d.kind, p.Options)
	return p
}

// Apply implements engine.State: it answers the pending prompt on a copy.
func (s *State) Apply(c engine.Choice, d engine.Dice) (engine.State, []engine.Event, error) {
	next := s.Clone()
	events, err := next.ApplyInPlace(c, d, true)
	if err != nil {
		return nil, nil, err
	}
	return next, events, nil
}

// ApplyInPlace answers the pending prompt by changing s itself; on an error
// s must be discarded (Apply guards this by working on a copy), except after
// a refused choice, which changes nothing. With record false no events are
// built.
func (s *State) ApplyInPlace(c engine.Choice, d engine.Dice, record bool) (events []engine.Event, err error) {
	if s.Over != nil {
		return nil, engine.ErrGameOver
	}
	dec := s.handler().dec
	if dec == nil {
		return nil, fmt.Errorf("hunters: state in phase %q waits for no decision", s.Phase)
	}
	if c.Token != "" && c.Token != s.token(s.Decision) {
		return nil, fmt.Errorf("%w: prompt %s was answered already (pending prompt is %s)", engine.ErrStaleToken, c.Token, s.token(s.Decision))
	}
	s.running(d, record)
	defer s.ran(&events, &err)
	opts := s.options(dec)
	if !menu(opts).has(c.Key) {
		return nil, fmt.Errorf("%w: %q is not an option here (%s)", engine.ErrIllegalChoice, c.Key, optionKeys(opts))
	}
	s.decide(dec, opts, c.Key)
	return s.run.events, nil
}

// decide takes an offered option of the pending decision, whose options are
// opts, and plays on to the next decision, returning its options. It is
// the one way every answer reaches the rules: a player's through
// ApplyInPlace, the built-in commander's through play.
func (s *State) decide(dec *decision, opts []engine.Option, key string) []engine.Option {
	s.Decision++
	if s.run.record {
		if opts == nil {
			opts = s.options(dec)
		}
		text := choiceLabel(opts, key)
		if dec.secret && s.Settings.TwoPlayer {
			text = "Decision: chosen in secret, revealed with the other player's (14.8.3)"
		}
		s.run.events = append(s.run.events, engine.Event{Kind: engine.KindChoice, Text: text, Case: dec.cas,
			Choice: &engine.Choice{Token: s.token(s.Decision - 1), Key: key}})
	}
	dec.answer(s, key)
	return s.advance()
}

// running sets up the rolls of one decision. Pair it with
// `defer s.ran(&events, &err)`.
func (s *State) running(d engine.Dice, record bool) {
	rb := &s.scratch.runBuf
	rb.dice, rb.record, rb.events, rb.mods = d, record, nil, rb.mods[:0]
	s.run = rb
}

// ran ends a decision's rolls: a dice failure (a script run out) becomes the
// error, with nothing returned. It must be deferred itself, to recover.
// (A closure returned by running cost an allocation per decision.)
func (s *State) ran(events *[]engine.Event, err *error) {
	if r := recover(); r != nil {
		df, isDice := r.(diceFailure)
		if !isDice {
			panic(r)
		}
		*events, *err = nil, df.err
	}
	s.run = nil
}

func choiceLabel(opts []engine.Option, key string) string {
	for _, o := range opts {
		if o.Key == key {
			return "Decision: " + o.Label
		}
	}
	return "Decision: " + key
}

func optionKeys(opts []engine.Option) string {
	out := ""
	for i, o := range opts {
		if i > 0 {
			out += ", "
		}
		out += o.Key
	}
	return "one of: " + out
}

// Outcome implements engine.State.
func (s *State) Outcome() *engine.Outcome {
	s.wordsDue()
	return s.Over
}

// Encode implements engine.State.
func (s *State) Encode() ([]byte, error) {
	s.wordsDue()
	b, err := json.Marshal(s)
	if err != nil {
		return nil, fmt.Errorf("hunters: encoding state: %w", err)
	}
	return b, nil
}

// Decode implements engine.Rules.
func (r *Rules) Decode(data []byte) (engine.State, error) {
	var probe struct {
		Schema int `json:"schema"`
	}
	if err := json.Unmarshal(data, &probe); err != nil {
		return nil, fmt.Errorf("hunters: reading saved state: %w", err)
	}
	if probe.Schema != SchemaVersion {
		return nil, fmt.Errorf("hunters: saved state has schema %d, this kaleun reads schema %d", probe.Schema, SchemaVersion)
	}
	var s State
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("hunters: reading saved state: %w", err)
	}
	s.Settings.keepFormerDefaults() // a game saved before its rulings were recorded
	if s.Over == nil {
		if handlerFor(s.Phase).dec == nil {
			return nil, fmt.Errorf("hunters: saved state waits in unknown phase %q", s.Phase)
		}
	}
	s.pack, s.outlooks = r.pack, r.outlooks
	return &s, nil
}

// errSetup wraps setup problems.
var errSetup = errors.New("hunters setup")

// EncodeAll encodes careers kept together (a two-player game, a wolfpack).
func EncodeAll(careers []*State) ([]json.RawMessage, error) {
	out := make([]json.RawMessage, 0, len(careers))
	for _, c := range careers {
		b, err := c.Encode()
		if err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, nil
}
