package xxi

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
)

// setUpOnly is a game just set up (13.0), before any phase runs, with
// the rulings given.
func setUpOnly(t *testing.T, rulings string) *State {
	t.Helper()
	r := houseRules(t)
	rs, err := parseRulings(rulings)
	if err != nil {
		t.Fatal(err)
	}
	p := r.packs[0]
	s := &State{Schema: SchemaVersion, Setup: SetupInfo{Pack: p.Meta.ID, PackSHA256: p.SHA256, Draws: DrawsCup, Rulings: rs}, GWT: -1, rules: r, pack: p}
	s.step(t, nil, s.setUp)
	return s
}

// step runs fn alone (no phase after it) with the faces given, which it
// must use up; it returns the events.
func (s *State) step(t *testing.T, faces []int, fn func()) []engine.Event {
	t.Helper()
	d := dice.NewScripted(faces)
	evs, err := func() (evs []engine.Event, err error) {
		s.rn = &runner{dice: d}
		defer func() {
			if r := recover(); r != nil {
				f, ok := r.(failure)
				if !ok {
					panic(r)
				}
				err = f.err
			}
			evs, s.rn = s.rn.events, nil
		}()
		fn()
		return s.rn.events, nil
	}()
	if err != nil {
		t.Fatalf("dice %v: %v", faces, err)
	}
	if d.Remaining() != 0 {
		t.Fatalf("dice %v: %d left unrolled", faces, d.Remaining())
	}
	return evs
}

// place puts counter id at loc.
func (s *State) place(t *testing.T, id, loc string) {
	t.Helper()
	c := s.counter(id)
	if c == nil {
		t.Fatalf("no counter %s", id)
	}
	c.At = loc
}

// clearMap sets aside every counter of the map and the allocation box,
// out of the way of a test.
func (s *State) clearMap() {
	for i := range s.Counters {
		c := &s.Counters[i]
		if strings.HasPrefix(c.At, "space:") || strings.HasPrefix(c.At, "yard:") || c.At == AtAlloc {
			c.At = AtAside
		}
	}
}

func keysOf(opts []engine.Option) []string {
	var out []string
	for _, o := range opts {
		out = append(out, o.Key)
	}
	return out
}

func hasKey(opts []engine.Option, key string) bool { return slices.Contains(keysOf(opts), key) }

// apply answers the pending prompt with key and scripted faces through
// Apply, checking the receiver is left unchanged.
func apply(t *testing.T, s *State, key string, faces ...int) (*State, []engine.Event) {
	t.Helper()
	before, _ := s.Encode()
	d := dice.NewScripted(faces)
	next, evs, err := s.Apply(engine.Choice{Token: s.Pending().Token, Key: key}, d)
	if err != nil {
		t.Fatalf("%s: %v", key, err)
	}
	if after, _ := s.Encode(); !bytes.Equal(before, after) {
		t.Fatalf("%s: Apply changed its receiver", key)
	}
	if d.Remaining() != 0 {
		t.Fatalf("%s: dice %v: %d left unrolled", key, faces, d.Remaining())
	}
	return next.(*State), evs
}

// refused checks that key is refused as illegal and changes nothing.
func refused(t *testing.T, s *State, key string) {
	t.Helper()
	before, _ := s.Encode()
	next, _, err := s.Apply(engine.Choice{Token: s.Pending().Token, Key: key}, dice.NewScripted(nil))
	if next != nil || !errors.Is(err, engine.ErrIllegalChoice) {
		t.Fatalf("%s was not refused as illegal: %v", key, err)
	}
	if after, _ := s.Encode(); !bytes.Equal(before, after) {
		t.Fatalf("the refused %s changed the state", key)
	}
}

// rolls are the roll events of evs.
func rolls(evs []engine.Event) []*engine.Roll {
	var out []*engine.Roll
	for _, e := range evs {
		if e.Roll != nil {
			out = append(out, e.Roll)
		}
	}
	return out
}

func notes(evs []engine.Event) string {
	var b strings.Builder
	for _, e := range evs {
		b.WriteString(e.String())
		b.WriteByte('\n')
	}
	return b.String()
}

// atPhase is a game set up and put at the start of a phase, decoded
// through its encoding (so that it is a state as Apply's copies are).
func atPhase(t *testing.T, s *State, phase int) *State {
	t.Helper()
	s.Phase, s.Entered, s.Step = phase, false, ""
	b, err := s.Encode()
	if err != nil {
		t.Fatal(err)
	}
	st, err := s.rules.Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	return st.(*State)
}

func engineChoice(key string) engine.Choice { return engine.Choice{Key: key} }
