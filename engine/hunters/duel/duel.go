// Package duel is The Hunters' two-player game (13.1): two careers with the
// same boat from the same month, played a patrol each in turn. While one
// player runs his boat, the other is the enemy: he rolls the escorts'
// detection, the depth charges and the air attacks (13.1.2), and with
// evasive maneuvers picks the escorts' number in secret (14.8.3). The game
// ends when both boats are lost or retired, or at an agreed end date; the
// player with the most tonnage wins (13.1.3).
//
// Each career is a hunters.State with its two-player switch on; this
// package only takes turns, keeps the score and says who answers.
package duel

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/hunters"
	"github.com/kaleun/kaleun/engine/hunters/charts"
)

// SchemaVersion is the version of the encoded duel.
const SchemaVersion = 1

// Seats are the two players: "a" runs the first patrol.
var Seats = [2]string{"a", "b"}

// Rules is the two-player game of The Hunters.
type Rules struct {
	hunters *hunters.Rules
}

// NewRules builds the duel over The Hunters' rules (and their chart pack).
func NewRules(h *hunters.Rules) *Rules { return &Rules{hunters: h} }

// Name implements engine.Rules.
func (r *Rules) Name() string { return "hunters-duel" }

// SetupFields implements engine.SetupForm: The Hunters' boat, start and rules,
// the end date, and the two Kommandants (the bot fills in the players' names).
func (r *Rules) SetupFields() []engine.SetupField {
	var out []engine.SetupField
	for _, f := range r.hunters.SetupFields() {
		switch f.Key {
		case "boat", "start", "rules", "uboat":
			if f.Key == "boat" {
				f.Help = "13.1.1: both players start with the same boat at the same month"
			}
			out = append(out, f)
		}
	}
	return append(out,
		engine.SetupField{Key: "b", Label: "Opponent", Type: engine.FieldUser, Required: true, Help: "13.1: the other player, who accepts before the first die", Flag: "opponent"},
		engine.SetupField{Key: "end", Label: "Agreed end date (YYYY-MM)", Help: "13.1.1: empty plays until both boats are lost (or Jun-43)", Flag: "end",
			Check: func(answer string, _ map[string]string) error { _, err := charts.ParseMonth(answer); return err }},
	)
}

// Seats implements engine.Seated: "a" creates the duel and sails first.
// ScoreUnit implements engine.Scored: careers score their tonnage.
func (r *Rules) ScoreUnit() string { return "t" }

func (r *Rules) Seats() []string { return Seats[:] }

// setup is a parsed duel setup.
type setup struct {
	career [2]hunters.Setup
	end    charts.Month
}

func (r *Rules) parse(raw []byte) (setup, error) {
	var in map[string]string
	if err := json.Unmarshal(raw, &in); err != nil {
		return setup{}, fmt.Errorf("duel setup: want a JSON object of strings: %w", err)
	}
	var su setup
	if e := strings.TrimSpace(in["end"]); e != "" {
		m, err := charts.ParseMonth(e)
		if err != nil {
			return setup{}, fmt.Errorf("duel setup: end date %q: %w", e, err)
		}
		su.end = m
	}
	for i, seat := range Seats {
		career := map[string]string{"kommandant": in[seat]}
		for _, k := range []string{"boat", "start", "rules", "uboat"} {
			if v, ok := in[k]; ok {
				career[k] = v
			}
		}
		if career["kommandant"] == "" {
			career["kommandant"] = "Kommandant " + strings.ToUpper(seat)
		}
		for k := range in {
			if k != "end" && k != "a" && k != "b" && k != sameNumberKey && career[k] == "" && in[k] != "" {
				return setup{}, fmt.Errorf("duel setup: unknown question %q", k)
			}
		}
		b, _ := json.Marshal(career)
		c, err := r.hunters.ParseSetup(b)
		if err != nil {
			return setup{}, err
		}
		c.Settings.TwoPlayer = true // 13.1.2
		su.career[i] = c
	}
	if in[sameNumberKey] == "" {
		su.career[1].UBoat = r.otherNumber(su.career[0])
	}
	if su.end != 0 && su.end < su.career[0].Start {
		return setup{}, fmt.Errorf("duel setup: the end date %s is before the start %s", su.end.Label(), su.career[0].Start.Label())
	}
	return su, nil
}

// New implements engine.Rules.
func (r *Rules) New(raw []byte, d engine.Dice) (engine.State, []engine.Event, error) {
	su, err := r.parse(raw)
	if err != nil {
		return nil, nil, err
	}
	s := &State{Schema: SchemaVersion, End: su.end, rules: r}
	var events []engine.Event
	for i := range Seats {
		c, evs, err := r.hunters.Start(su.career[i], d, true)
		if err != nil {
			return nil, nil, err
		}
		s.careers[i] = c
		events = append(events, evs...)
	}
	events = append(events, s.note("13.1.2", "%s runs the first patrol; %s rolls for the enemy.", s.name(0), s.name(1)))
	return s, events, nil
}

// Decode implements engine.Rules.
func (r *Rules) Decode(data []byte) (engine.State, error) {
	var w wire
	if err := json.Unmarshal(data, &w); err != nil {
		return nil, fmt.Errorf("duel: reading saved state: %w", err)
	}
	if w.Schema != SchemaVersion {
		return nil, fmt.Errorf("duel: saved state has schema %d, this kaleun reads schema %d", w.Schema, SchemaVersion)
	}
	s := &State{Schema: w.Schema, Active: w.Active, Done: w.Done, Retired: w.Retired, End: w.End, StartPatrols: w.StartPatrols, Decision: w.Decision, Undos: w.Undos, rules: r}
	if s.Active < 0 || s.Active > 1 {
		return nil, errors.New("duel: saved state has no player at the helm")
	}
	if len(w.Careers) != len(Seats) {
		return nil, fmt.Errorf("duel: saved state has %d careers, want %d", len(w.Careers), len(Seats))
	}
	for i, raw := range w.Careers {
		st, err := r.hunters.Decode(raw)
		if err != nil {
			return nil, fmt.Errorf("duel: career %s: %w", Seats[i], err)
		}
		s.careers[i] = st.(*hunters.State)
	}
	return s, nil
}

// State is a duel in progress.
type State struct {
	Schema int
	// Active is the seat running his boat this patrol.
	Active int
	// Done marks a career that has ended (lost, retired, or at the end date).
	Done [2]bool
	// Retired marks a career stopped at the agreed end date (13.1.1).
	Retired [2]bool
	End     charts.Month
	// StartPatrols is the active career's patrol count when its turn began.
	StartPatrols int
	// Decision counts the duel's decisions: the prompt token.
	Decision int
	// Undos is the number of the last undo that brought back this state or
	// one before it: it is in the tokens (engine.Undo).
	Undos int

	careers [2]*hunters.State
	rules   *Rules
}

// wire is the encoded form: each career in its own schema.
type wire struct {
	Schema       int               `json:"schema"`
	Active       int               `json:"active"`
	Done         [2]bool           `json:"done"`
	Retired      [2]bool           `json:"retired,omitempty"`
	End          charts.Month      `json:"end,omitempty"`
	StartPatrols int               `json:"start_patrols"`
	Decision     int               `json:"decision"`
	Undos        int               `json:"undos,omitempty"`
	Careers      []json.RawMessage `json:"careers"`
}

// Glance implements engine.Glancer: the duel's events read as its boats'.
func (r *Rules) Glance(st engine.State, events []engine.Event) []engine.Glance {
	s, _ := st.(*State)
	if s == nil {
		return hunters.Glance(nil, events)
	}
	return hunters.Glance(s.careers[:], events)
}

// Career is the career whose patrol is under way (for pictures).
func (s *State) Career() *hunters.State { return s.careers[s.Active] }

// CareerOf returns a seat's career.
func (s *State) CareerOf(seat int) *hunters.State { return s.careers[seat] }

// Encode implements engine.State.
func (s *State) Encode() ([]byte, error) {
	w := wire{Schema: s.Schema, Active: s.Active, Done: s.Done, Retired: s.Retired, End: s.End, StartPatrols: s.StartPatrols, Decision: s.Decision, Undos: s.Undos}
	careers, err := hunters.EncodeAll(s.careers[:])
	if err != nil {
		return nil, err
	}
	w.Careers = careers
	b, err := json.Marshal(w)
	if err != nil {
		return nil, fmt.Errorf("duel: encoding: %w", err)
	}
	return b, nil
}

// Pending implements engine.State: the active career's prompt, addressed to
// its commander or, for the enemy's rolls, to the other player.
func (s *State) Pending() *engine.Prompt {
	if s.Outcome() != nil {
		return nil
	}
	p := s.careers[s.Active].Pending()
	if p == nil {
		return nil
	}
	p.Token = s.token(s.Decision)
	seat := s.Active
	if p.Actor == engine.Opponent {
		seat = 1 - s.Active
	}
	p.Seat = Seats[seat]
	if p.Actor == engine.Opponent {
		p.Text = s.name(seat) + ", " + lowerFirst(p.Text)
	} else {
		p.Text = s.name(seat) + " (" + s.careers[seat].Boat.Number + "): " + p.Text
	}
	return p
}

// Apply implements engine.State.
func (s *State) Apply(c engine.Choice, d engine.Dice) (engine.State, []engine.Event, error) {
	if s.Outcome() != nil {
		return nil, nil, engine.ErrGameOver
	}
	if c.Token != "" && c.Token != s.token(s.Decision) {
		return nil, nil, fmt.Errorf("%w: prompt %s was answered already (pending prompt is %s)", engine.ErrStaleToken, c.Token, s.token(s.Decision))
	}
	next := s.clone()
	active := next.careers[next.Active]
	st, events, err := active.Apply(engine.Choice{Key: c.Key}, d)
	if err != nil {
		return nil, nil, err
	}
	next.careers[next.Active] = st.(*hunters.State)
	// The logged choice names the duel's prompt, so a replay answers it.
	for i := range events {
		if events[i].Choice != nil {
			ch := *events[i].Choice
			ch.Token = next.token(next.Decision)
			events[i].Choice = &ch
		}
	}
	next.Decision++
	return next, append(events, next.turn()...), nil
}

// turn passes the helm when the active player's patrol is over (13.1.2), and
// ends careers that are lost or past the agreed end date (13.1.1).
func (s *State) turn() []engine.Event {
	c := s.careers[s.Active]
	patrolOver := c.Career.Patrols > s.StartPatrols
	if c.Over != nil {
		s.Done[s.Active] = true
	} else if patrolOver && s.End != 0 && c.Career.Month > s.End {
		s.Done[s.Active], s.Retired[s.Active] = true, true
	}
	if !s.Done[s.Active] && !patrolOver {
		return nil
	}
	var events []engine.Event
	if s.Retired[s.Active] {
		events = append(events, s.note("13.1.1", "%s's career reaches the agreed end date (%s).", s.name(s.Active), s.End.Label()))
	}
	next := 1 - s.Active
	if s.Done[next] {
		next = s.Active // the other boat is gone: he plays on alone
	}
	events = append(events, s.note("13.1.3", "Score: %s.", s.score()))
	if s.Done[next] {
		return events // both careers are over
	}
	s.Active = next
	s.StartPatrols = s.careers[next].Career.Patrols
	if s.Done[1-next] {
		events = append(events, s.note("13.1.2", "%s sails again; no one is left to roll for the enemy but the dice.", s.name(next)))
	} else {
		events = append(events, s.note("13.1.2", "%s's patrol begins; %s rolls for the enemy.", s.name(next), s.name(1-next)))
	}
	return events
}

// Outcome implements engine.State: the most tonnage wins (13.1.3).
func (s *State) Outcome() *engine.Outcome {
	if !s.Done[0] || !s.Done[1] {
		return nil
	}
	t := [2]int{s.careers[0].Career.Tons, s.careers[1].Career.Tons}
	o := &engine.Outcome{Level: "draw", Score: t[0]}
	switch {
	case t[0] > t[1]:
		o.Level, o.Summary = "a_wins", fmt.Sprintf("%s wins with %s against %s (13.1.3).", s.name(0), s.tons(t[0]), s.tons(t[1]))
	case t[1] > t[0]:
		o.Level, o.Score, o.Summary = "b_wins", t[1], fmt.Sprintf("%s wins with %s against %s (13.1.3).", s.name(1), s.tons(t[1]), s.tons(t[0]))
	default:
		o.Summary = fmt.Sprintf("A draw: both sank %s (13.1.3).", s.tons(t[0]))
	}
	for i := range Seats {
		c := s.careers[i]
		o.Fields = append(o.Fields, engine.Field{Name: s.name(i), Value: fmt.Sprintf("%s in %s, %s; %s", hunters.Tons(t[i]), hunters.Plural(c.Career.ShipsSunk, "ship", "ships"), hunters.Plural(c.Career.Patrols, "patrol", "patrols"), s.fate(i))})
	}
	return o
}

func (s *State) fate(i int) string {
	switch {
	case s.Retired[i]:
		return "at the agreed end date"
	case s.careers[i].Over != nil:
		return s.careers[i].Outcome().Summary
	}
	return "at sea"
}

// Views implements engine.State.
func (s *State) Views() []string { return []string{"status", "log", "score", "help", "rules"} }

// ViewSpecs implements engine.ViewCatalog.
func (r *Rules) ViewSpecs() []engine.ViewSpec {
	return append(r.hunters.ViewSpecs()[:2:2],
		engine.ViewSpec{Name: "score", Help: "The running score (13.1.3)"},
		engine.ViewSpec{Name: "help", Help: "What to do now, and where the rules are"},
		engine.ViewSpec{Name: "rules", Help: "The optional rules and rulings in force"})
}

// View implements engine.State: status and log show both boats; help and
// rules are the active career's.
func (s *State) View(name string) (*engine.View, error) {
	switch name {
	case "status", "log":
		v := &engine.View{Title: "Two-player game (13.1): " + s.score()}
		for i, c := range s.careers {
			cv, err := c.View(name)
			if err != nil {
				return nil, err
			}
			v.Sections = append(v.Sections, engine.Section{Title: s.name(i) + ": " + cv.Title})
			v.Sections = append(v.Sections, cv.Sections...)
		}
		return v, nil
	case "score":
		v := &engine.View{Title: "Score (13.1.3)"}
		var fields []engine.Field
		for i, c := range s.careers {
			role := "rolls for the enemy"
			switch {
			case s.Done[i]:
				role = s.fate(i)
			case i == s.Active:
				role = "on patrol"
			}
			fields = append(fields, engine.Field{Name: s.name(i), Value: fmt.Sprintf("%s, %s, %s, %s", hunters.Tons(c.Career.Tons), hunters.Plural(c.Career.ShipsSunk, "ship", "ships"), c.Career.Month.Label(), role)})
		}
		v.Sections = []engine.Section{{Fields: fields}}
		return v, nil
	case "help", "rules":
		return s.careers[s.Active].View(name)
	}
	return nil, fmt.Errorf("no view %q (one of: %s)", name, strings.Join(s.Views(), ", "))
}

func (s *State) name(seat int) string { return s.careers[seat].Career.Kommandant }

func (s *State) score() string {
	return fmt.Sprintf("%s %s, %s %s", s.name(0), s.tons(s.careers[0].Career.Tons), s.name(1), s.tons(s.careers[1].Career.Tons))
}

// tons writes a tonnage in the duel's words (both careers share them).
func (s *State) tons(n int) string {
	return s.careers[0].TonsInWords(n)
}

func (s *State) note(cas, format string, a ...any) engine.Event {
	return engine.Event{Kind: engine.KindNote, Case: cas, Text: fmt.Sprintf(format, a...)}
}

// clone is a copy of the duel sharing nothing the rules change: each
// career its own (hunters.State.Clone), the rest held by value. Apply and
// Restored play on it, never on their receiver.
func (s *State) clone() *State {
	c := *s
	for i, career := range s.careers {
		c.careers[i] = career.Clone()
	}
	return &c
}

// CloneState implements engine.Cloner.
func (s *State) CloneState() engine.State { return s.clone() }

func lowerFirst(s string) string {
	if s == "" || s[0] < 'A' || s[0] > 'Z' {
		return s
	}
	return string(s[0]-'A'+'a') + s[1:]
}

// RoutineChoice implements engine.Routine for the player on patrol.
func (s *State) RoutineChoice() (string, bool) {
	if s.Outcome() != nil {
		return "", false
	}
	return s.careers[s.Active].RoutineChoice()
}

// Summaries implements engine.Summarized: both careers, by seat.
func (s *State) Summaries() []engine.Summary {
	var out []engine.Summary
	for i, c := range s.careers {
		for _, sum := range c.Summaries() {
			sum.Seat = Seats[i]
			if s.Retired[i] {
				sum.Fate, sum.Over = "retired at the agreed end date, "+c.Career.Month.Label(), true
			}
			out = append(out, sum)
		}
	}
	return out
}

// FormerSetups implements engine.Reread: both careers read the duel's
// "rules" answer (hunters.FormerSetups), and before the second boat had a
// number of its own, both boats had the first's.
func (r *Rules) FormerSetups(setup []byte) [][]byte {
	var out [][]byte
	for _, reading := range append([][]byte{setup}, hunters.FormerSetups(setup)...) {
		var in map[string]string
		if json.Unmarshal(reading, &in) != nil || in == nil {
			continue
		}
		in[sameNumberKey] = "same"
		b, err := json.Marshal(in)
		if err == nil {
			out = append(out, b)
		}
	}
	return out
}

// sameNumberKey marks the former reading of a setup in which both boats
// took the number asked for (or the type's first historical one).
const sameNumberKey = "uboat_b"

// otherNumber is the second boat's number: the first historical number of
// the type that the first boat does not have, so that the two boats are
// told apart. A historical number rolled for each (14.4) is left to the dice.
func (r *Rules) otherNumber(first hunters.Setup) string {
	if first.UBoat == "historical" || first.UBoat == "" && first.Settings.On("14.4") {
		return first.UBoat
	}
	taken := first.UBoat
	for _, span := range r.hunters.Pack().History.UBoatIDs[first.Boat] {
		for n := span[0]; n <= span[1]; n++ {
			number := "U-" + strconv.Itoa(n)
			if taken == "" {
				taken = number // the first boat's, when none was asked for
				continue
			}
			if number != taken {
				return number
			}
		}
	}
	return first.UBoat
}

// ScoreSeries implements engine.ScoreSeries: each seat's career's tonnage
// patrol by patrol (hunters.State.ScoreSeries).
func (s *State) ScoreSeries(seat string) []engine.ScorePoint {
	for i, c := range s.careers {
		if Seats[i] == seat {
			return c.ScoreSeries("")
		}
	}
	return nil
}
