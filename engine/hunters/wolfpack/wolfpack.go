// Package wolfpack is a wolfpack of The Hunters' Wolfpack tournament
// (13.5): up to six players, each on his own Type VIIC patrol from Jun-42
// to the Atlantic, who act as a pack where 13.5 says so. Every boat sails
// alone through the two transit boxes (13.5.2); at the first Atlantic box
// the pack meets a convoy (13.5.3) and fights it for three rounds with
// automatic following (13.5.5), each round one boat drawn to draw the
// escorts (+1 to its detection) while the rest get -1 (13.5.4). After that
// every box's encounter rolls are compared: boats that rolled a convoy
// attack from the first round, boats with nothing (or a ship they forgo)
// may join on the second; the rest go their own way. The pack game ends
// when every boat is home, aborted home, or lost (13.5.6).
//
// Players answer their own prompts at their own pace: several prompts are
// pending at once (engine.Multi), one per boat not waiting for the pack.
package wolfpack

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/hunters"
)

// SchemaVersion is the version of the encoded pack.
const SchemaVersion = 1

// MaxMembers is a wolfpack's size (13.5.1).
const MaxMembers = 6

// Rules is the wolfpack game.
type Rules struct {
	hunters *hunters.Rules
}

// NewRules builds wolfpacks over The Hunters' rules.
func NewRules(h *hunters.Rules) *Rules { return &Rules{hunters: h} }

// Name implements engine.Rules.
func (r *Rules) Name() string { return "hunters-wolfpack" }

// TournamentOnly implements engine.TournamentOnly.
func (r *Rules) TournamentOnly() string {
	return "Wolfpacks sail in Wolfpack tournaments (13.5): `tournament create format:wolfpack`, then `tournament join`."
}

// Seats implements engine.Seated: "1" to "6".
// ScoreUnit implements engine.Scored: careers score their tonnage.
func (r *Rules) ScoreUnit() string { return "t" }

func (r *Rules) Seats() []string {
	out := make([]string, MaxMembers)
	for i := range out {
		out[i] = strconv.Itoa(i + 1)
	}
	return out
}

// setup is {"name": pack name, "rules": optional rules, "absent": what an
// absent boat does at its deadline, "numbers": "own" for each boat its own
// number, "1": name, "2": name...}.
func (r *Rules) parse(raw []byte) (name, rules string, members []string, err error) {
	var in map[string]string
	if err := json.Unmarshal(raw, &in); err != nil {
		return "", "", nil, fmt.Errorf("wolfpack setup: want a JSON object of strings: %w", err)
	}
	for _, seat := range r.Seats() {
		if n := strings.TrimSpace(in[seat]); n != "" {
			members = append(members, n)
		}
	}
	for key := range in {
		// 13.5.1: a pack is six boats; a seventh is refused, not dropped.
		if n, err := strconv.Atoi(key); err == nil && (n < 1 || n > MaxMembers) {
			return "", "", nil, fmt.Errorf("wolfpack setup: no seat %q: a pack holds at most %d boats, seats 1-%d (13.5.1)", key, MaxMembers, MaxMembers)
		}
	}
	if len(members) == 0 {
		return "", "", nil, errors.New("wolfpack setup: a pack needs at least one boat")
	}
	return in["name"], in["rules"], members, nil
}

// New implements engine.Rules: every member's career starts in Jun-42 with a
// Type VIIC (13.5.2).
func (r *Rules) New(raw []byte, d engine.Dice) (engine.State, []engine.Event, error) {
	name, rules, members, err := r.parse(raw)
	if err != nil {
		return nil, nil, err
	}
	var in map[string]string
	json.Unmarshal(raw, &in)
	s := &State{Schema: SchemaVersion, Name: name, Absent: in["absent"], rules: r}
	switch s.Absent {
	case "":
		s.Absent = AbsentCommander
	case AbsentCommander, AbsentSitOut:
	default:
		return nil, nil, fmt.Errorf("wolfpack setup: absent is %q: %s or %s", s.Absent, AbsentCommander, AbsentSitOut)
	}
	// Each boat its own number (14.4.1's, in order), so that the players of
	// a pack can tell their boats apart; a pack set up before that
	// ("numbers" absent) keeps the one number all its boats had.
	var numbers []string
	if in["numbers"] == "own" {
		numbers = r.hunters.HistoricalNumbers("VIIC", len(members))
	}
	var events []engine.Event
	for i, m := range members {
		career := map[string]string{"boat": "VIIC", "start": "1942-06", "kommandant": m, "rules": rules}
		if i < len(numbers) {
			career["uboat"] = numbers[i]
		}
		b, _ := json.Marshal(career)
		su, err := r.hunters.ParseSetup(b)
		if err != nil {
			return nil, nil, err
		}
		su.Settings.Pack = true
		c, evs, err := r.hunters.Start(su, d, true)
		if err != nil {
			return nil, nil, err
		}
		s.Members = append(s.Members, Member{Seat: strconv.Itoa(i + 1), Name: m})
		s.careers = append(s.careers, c)
		events = append(events, evs...)
	}
	events = append(events, note("13.5.1", "Wolfpack %s sails: %s.", name, strings.Join(members, ", ")))
	more, err := s.resolve(d)
	if err != nil {
		return nil, nil, err
	}
	return s, append(events, more...), nil
}

// Decode implements engine.Rules.
func (r *Rules) Decode(data []byte) (engine.State, error) {
	var w wire
	if err := json.Unmarshal(data, &w); err != nil {
		return nil, fmt.Errorf("wolfpack: reading saved state: %w", err)
	}
	if w.Schema != SchemaVersion {
		return nil, fmt.Errorf("wolfpack: saved state has schema %d, this kaleun reads schema %d", w.Schema, SchemaVersion)
	}
	if len(w.Careers) != len(w.Members) || len(w.Members) == 0 {
		return nil, errors.New("wolfpack: saved state's boats and members do not match")
	}
	s := &State{Schema: w.Schema, Name: w.Name, Absent: w.Absent, Members: w.Members, Battle: w.Battle, rules: r}
	for i, raw := range w.Careers {
		st, err := r.hunters.Decode(raw)
		if err != nil {
			return nil, fmt.Errorf("wolfpack: boat %s: %w", w.Members[i].Seat, err)
		}
		s.careers = append(s.careers, st.(*hunters.State))
	}
	return s, nil
}

// Member is one boat's player.
type Member struct {
	Seat string `json:"seat"`
	Name string `json:"name"`
}

// Battle is the pack's convoy battle (13.5.5).
type Battle struct {
	// Round is the round being fought (1 to 3); In are the members in the
	// battle, by index, and Joining those who join on the second round.
	Round   int   `json:"round"`
	In      []int `json:"in"`
	Joining []int `json:"joining,omitempty"`
	// Offered are the members asked whether they join (13.5.5).
	Offered []int `json:"offered,omitempty"`
	// Drawn: this round's 13.5.4 draw is made.
	Drawn bool `json:"drawn,omitempty"`
}

// What an absent boat does at its deadline, so the pack keeps moving: with
// AbsentCommander the built-in commander takes his decision (sitting out a
// battle's round rather than fighting it for him); with AbsentSitOut he only
// sits battle rounds out and his other decisions wait for him.
const (
	AbsentCommander = "commander"
	AbsentSitOut    = "sit_out"
)

// State is a wolfpack at sea.
type State struct {
	Schema  int
	Name    string
	Absent  string
	Members []Member
	Battle  *Battle

	careers []*hunters.State
	rules   *Rules
}

type wire struct {
	Schema  int               `json:"schema"`
	Name    string            `json:"name"`
	Absent  string            `json:"absent"`
	Members []Member          `json:"members"`
	Battle  *Battle           `json:"battle,omitempty"`
	Careers []json.RawMessage `json:"careers"`
}

// Career returns a member's career.
func (s *State) Career(i int) *hunters.State { return s.careers[i] }

// Glance implements engine.Glancer: the pack's events read as its boats'.
func (r *Rules) Glance(st engine.State, events []engine.Event) []engine.Glance {
	s, _ := st.(*State)
	if s == nil {
		return hunters.Glance(nil, events)
	}
	return hunters.Glance(s.careers, events)
}

// Encode implements engine.State.
func (s *State) Encode() ([]byte, error) {
	w := wire{Schema: s.Schema, Name: s.Name, Absent: s.Absent, Members: s.Members, Battle: s.Battle}
	careers, err := hunters.EncodeAll(s.careers[:])
	if err != nil {
		return nil, err
	}
	w.Careers = careers
	b, err := json.Marshal(w)
	if err != nil {
		return nil, fmt.Errorf("wolfpack: encoding: %w", err)
	}
	return b, nil
}

// clone is a copy of the pack sharing nothing the rules change: the
// members, the battle's lists and each career its own
// (hunters.State.Clone). Apply plays on it, never on its receiver.
func (s *State) clone() *State {
	c := *s
	c.Members = slices.Clone(s.Members)
	if b := s.Battle; b != nil {
		cb := *b
		cb.In = slices.Clone(b.In)
		cb.Joining = slices.Clone(b.Joining)
		cb.Offered = slices.Clone(b.Offered)
		c.Battle = &cb
	}
	c.careers = make([]*hunters.State, len(s.careers))
	for i, career := range s.careers {
		c.careers[i] = career.Clone()
	}
	return &c
}

// CloneState implements engine.Cloner.
func (s *State) CloneState() engine.State { return s.clone() }

// PendingAll implements engine.Multi: each boat's prompt, unless it waits
// for the pack. A token names the seat and the career's decision.
func (s *State) PendingAll() []*engine.Prompt {
	var out []*engine.Prompt
	for i, c := range s.careers {
		p := c.Pending()
		if p == nil || p.Actor == hunters.Pack {
			continue
		}
		p.Seat = s.Members[i].Seat
		p.Token = s.Members[i].Seat + "." + p.Token
		p.Text = s.Members[i].Name + " (" + c.Boat.Number + "): " + p.Text
		out = append(out, p)
	}
	return out
}

// Pending implements engine.State: the first of the pending prompts.
func (s *State) Pending() *engine.Prompt {
	if all := s.PendingAll(); len(all) > 0 {
		return all[0]
	}
	return nil
}

// Apply implements engine.State: the choice answers the prompt its token
// names (a bare key answers the first pending prompt).
func (s *State) Apply(c engine.Choice, d engine.Dice) (engine.State, []engine.Event, error) {
	if s.Outcome() != nil {
		return nil, nil, engine.ErrGameOver
	}
	var target *engine.Prompt
	for _, p := range s.PendingAll() {
		if c.Token == "" || p.Token == c.Token {
			target = p
			break
		}
	}
	if target == nil {
		return nil, nil, fmt.Errorf("%w: prompt %s is not pending", engine.ErrStaleToken, c.Token)
	}
	seat, token, _ := strings.Cut(target.Token, ".")
	i := s.index(seat)
	next := s.clone()
	events, err := next.careers[i].ApplyInPlace(engine.Choice{Token: token, Key: c.Key}, d, true)
	if err != nil {
		return nil, nil, err
	}
	for j := range events {
		if events[j].Choice != nil {
			ch := *events[j].Choice
			ch.Token = target.Token // a replay answers the pack's prompt
			events[j].Choice = &ch
		}
	}
	more, err := next.resolve(d)
	if err != nil {
		return nil, nil, err
	}
	return next, append(events, more...), nil
}

func (s *State) index(seat string) int {
	for i, m := range s.Members {
		if m.Seat == seat {
			return i
		}
	}
	return -1
}

// resolve acts for the pack wherever every boat concerned is waiting, until
// nothing more can move.
func (s *State) resolve(d engine.Dice) ([]engine.Event, error) {
	var events []engine.Event
	for step := 0; step < 100; step++ {
		evs, moved, err := s.step(d)
		if err != nil {
			return nil, err
		}
		events = append(events, evs...)
		if !moved {
			return events, nil
		}
	}
	return nil, errors.New("wolfpack: the pack could not settle")
}

// waiting is what member i waits for ("" when it does not wait).
func (s *State) waiting(i int) (wait, result string) {
	w, r, _ := s.careers[i].PackWait()
	return w, r
}

// active reports whether member i still acts with the pack.
func (s *State) active(i int) bool { return s.careers[i].InPack() }

// step makes one move of the pack.
func (s *State) step(d engine.Dice) ([]engine.Event, bool, error) {
	if s.Battle != nil {
		return s.battleStep(d)
	}
	// Outside a battle the pack meets at the boxes' encounter rolls: every
	// active boat must be waiting there.
	var convoy, others []int
	for i := range s.careers {
		if !s.active(i) {
			continue
		}
		w, r := s.waiting(i)
		switch {
		case w == "convoy" || (w == "encounter" && r == "convoy"):
			convoy = append(convoy, i)
		case w == "encounter":
			others = append(others, i)
		default:
			return nil, false, nil // a boat is still busy
		}
	}
	if len(convoy)+len(others) == 0 {
		return nil, false, nil
	}
	var events []engine.Event
	if len(convoy) == 0 {
		// No convoy: every boat resolves its own encounter.
		for _, i := range others {
			evs, err := s.act(i, hunters.PackAction{Kind: "own"}, d)
			if err != nil {
				return nil, false, err
			}
			events = append(events, evs...)
		}
		return events, true, nil
	}
	s.Battle = &Battle{Round: 1, In: convoy}
	events = append(events, note("13.5.5", "Wolfpack %s attacks a convoy: %s from the first round.", s.Name, s.names(convoy)))
	for _, i := range others {
		_, r := s.waiting(i)
		kind := "own"
		if hunters.Joinable(r) {
			kind = "offer"
			s.Battle.Offered = append(s.Battle.Offered, i)
		}
		evs, err := s.act(i, hunters.PackAction{Kind: kind}, d)
		if err != nil {
			return nil, false, err
		}
		events = append(events, evs...)
	}
	for _, i := range convoy {
		evs, err := s.act(i, hunters.PackAction{Kind: "battle", Round: 1}, d)
		if err != nil {
			return nil, false, err
		}
		events = append(events, evs...)
	}
	return events, true, nil
}

// battleStep moves the battle: the 13.5.4 draw once every boat of the round
// is ready to attack; the next round once every boat has fought this one.
func (s *State) battleStep(d engine.Dice) ([]engine.Event, bool, error) {
	b := s.Battle
	// Boats asked to join decide first; a "join" waits for round 2.
	for _, i := range b.Offered {
		if w, _ := s.waiting(i); w == "join" && !contains(b.Joining, i) {
			b.Joining = append(b.Joining, i)
		}
	}
	var in []int
	for _, i := range b.In {
		if s.fighting(i) {
			in = append(in, i)
		}
	}
	b.In = in
	if !b.Drawn {
		var ready []int
		for _, i := range b.In {
			switch w, _ := s.waiting(i); w {
			case "round":
				ready = append(ready, i)
			case "next":
			default:
				return nil, false, nil // still manoeuvring
			}
		}
		b.Drawn = true
		if len(ready) == 0 {
			return nil, true, nil
		}
		return s.draw(ready, d)
	}
	// The round is fought once every boat in it waits for the next (or left).
	for _, i := range b.In {
		if w, _ := s.waiting(i); w != "next" {
			return nil, false, nil
		}
	}
	if b.Round == 1 {
		for _, i := range b.Offered {
			if w, _ := s.waiting(i); w == "" && s.careers[i].Phase.String() == "pack_join" {
				return nil, false, nil // still deciding whether to join
			}
		}
	}
	var events []engine.Event
	next := b.Round + 1
	joiners := b.Joining
	if next > 3 || len(b.In)+len(joiners) == 0 || (b.Round >= 2 && len(b.In) == 0) {
		for _, i := range b.In {
			evs, err := s.act(i, hunters.PackAction{Kind: "release"}, d)
			if err != nil {
				return nil, false, err
			}
			events = append(events, evs...)
		}
		events = append(events, note("13.5.5", "Wolfpack %s's convoy battle is over.", s.Name))
		s.Battle = nil
		return events, true, nil
	}
	b.Round, b.Drawn = next, false
	fighters := append(append([]int(nil), b.In...), joiners...)
	if next == 2 {
		b.In, b.Joining, b.Offered = fighters, nil, nil
	}
	sort.Ints(b.In)
	for _, i := range fighters {
		evs, err := s.act(i, hunters.PackAction{Kind: "battle", Round: next}, d)
		if err != nil {
			return nil, false, err
		}
		events = append(events, evs...)
	}
	return events, true, nil
}

// fighting reports whether member i is still in the battle.
func (s *State) fighting(i int) bool {
	c := s.careers[i]
	if c.Over != nil {
		return false
	}
	_, _, round := c.PackWait()
	if round > 0 {
		return true
	}
	return c.Pack != nil && c.Pack.Round > 0
}

// draw is 13.5.4: each boat of the round rolls 1d6; the lowest roll draws
// the escorts (+1 to its detection), the rest of the pack gets -1. Ties for
// the lowest roll again among themselves.
func (s *State) draw(ready []int, d engine.Dice) ([]engine.Event, bool, error) {
	var events []engine.Event
	tied := ready
	for len(tied) > 1 {
		low, lowest := 7, []int(nil)
		for _, i := range tied {
			f, err := d.Roll(6)
			if err != nil {
				return nil, false, fmt.Errorf("rolling the 13.5.4 draw: %w", err)
			}
			events = append(events, engine.Event{Kind: engine.KindRoll, Case: "13.5.4",
				Roll: &engine.Roll{Case: "13.5.4", Purpose: s.Members[i].Name + ": who draws the escorts", Dice: "1d6", Faces: []int{f}, Natural: f, Total: f, Result: fmt.Sprint(f)}})
			switch {
			case f < low:
				low, lowest = f, []int{i}
			case f == low:
				lowest = append(lowest, i)
			}
		}
		tied = lowest
	}
	unlucky := tied[0]
	events = append(events, note("13.5.4", "Round %d: %s draws the escorts (+1 to detection); the rest of the pack -1.", s.Battle.Round, s.Members[unlucky].Name))
	for _, i := range ready {
		drm := -1
		if i == unlucky {
			drm = 1
		}
		evs, err := s.act(i, hunters.PackAction{Kind: "attack", DRM: drm}, d)
		if err != nil {
			return nil, false, err
		}
		events = append(events, evs...)
	}
	return events, true, nil
}

// act resumes member i's career with a pack action.
func (s *State) act(i int, a hunters.PackAction, d engine.Dice) ([]engine.Event, error) {
	return s.careers[i].PackResume(a, d, true)
}

func (s *State) names(idx []int) string {
	var n []string
	for _, i := range idx {
		n = append(n, s.Members[i].Name)
	}
	return strings.Join(n, ", ")
}

// Outcome implements engine.State: over when every boat is done (13.5.6).
func (s *State) Outcome() *engine.Outcome {
	total := 0
	for _, c := range s.careers {
		if c.Over == nil {
			return nil
		}
		total += c.Career.Tons
	}
	o := &engine.Outcome{Score: total, Level: "pack_total", Summary: fmt.Sprintf("Wolfpack %s has finished its patrol: %s in all (13.5.1, 13.5.6).", s.Name, s.careers[0].TonsInWords(total))}
	for i, c := range s.careers {
		o.Fields = append(o.Fields, engine.Field{Name: s.Members[i].Name, Value: hunters.Tons(c.Career.Tons) + ", " + c.Outcome().Summary})
	}
	return o
}

// Summaries implements engine.Summarized: each boat, by seat.
func (s *State) Summaries() []engine.Summary {
	var out []engine.Summary
	for i, c := range s.careers {
		for _, sum := range c.Summaries() {
			sum.Seat = s.Members[i].Seat
			out = append(out, sum)
		}
	}
	return out
}

// Total is the pack's tonnage (13.5.1).
func (s *State) Total() int {
	t := 0
	for _, c := range s.careers {
		t += c.Career.Tons
	}
	return t
}

// Views implements engine.State.
func (s *State) Views() []string { return []string{"status", "score", "help"} }

// viewSpecs are the views a wolfpack's states offer.
var viewSpecs = []engine.ViewSpec{
	{Name: "status", Help: "The pack: each boat's tonnage and fate, and the convoy battle"},
	{Name: "score", Help: "The pack's tonnage (13.5.1)"},
	{Name: engine.HelpView, Help: "What to do now, and where the rules are"},
}

// View implements engine.State.
func (s *State) View(name string) (*engine.View, error) {
	switch name {
	case engine.HelpView:
		// Every boat's pending decision: each player answers at his pace.
		return engine.HelpViewOf(s.PendingAll(),
			"Wolfpacks 13.5; each boat's own patrol as in The Hunters: patrols 7.0, encounters 8.0, combat 9.0, damage 10.0.",
			"Every roll names its chart and rule case."), nil
	case "status", "score":
		v := &engine.View{Title: fmt.Sprintf("Wolfpack %s: %s", s.Name, hunters.Tons(s.Total()))}
		var f []engine.Field
		for i, c := range s.careers {
			sum := c.Summaries()[0]
			f = append(f, engine.Field{Name: s.Members[i].Name + " · " + sum.Label, Value: hunters.Tons(sum.Score) + " · " + sum.Fate})
		}
		v.Sections = []engine.Section{{Fields: f}}
		if b := s.Battle; b != nil {
			v.Sections = append(v.Sections, engine.Section{Title: "Convoy battle", Lines: []string{fmt.Sprintf("Round %d of 3: %s", b.Round, s.names(b.In))}})
		}
		return v, nil
	}
	return nil, fmt.Errorf("no view %q (one of: status, score)", name)
}

// AbsentChoice implements engine.Absence: a boat whose player is absent at
// a pack battle's deadline sits the round out, so the pack goes on (13.5).
func (s *State) AbsentChoice(token string) (string, string, bool) {
	for _, p := range s.PendingAll() {
		if p.Token != token {
			continue
		}
		if p.HasOption("sit_out") {
			return "sit_out", "the boat sits this round of the pack's battle out.", true
		}
		if s.Absent == AbsentCommander {
			seat, _, _ := strings.Cut(token, ".")
			if i := s.index(seat); i >= 0 {
				return hunters.Command(s.careers[i]), "the built-in commander takes the decision so the pack sails on.", true
			}
		}
	}
	return "", "", false
}

// RoutineChoice implements engine.Routine for the first pending prompt.
func (s *State) RoutineChoice() (string, bool) {
	p := s.Pending()
	if p == nil {
		return "", false
	}
	return s.RoutineChoiceFor(p.Token)
}

// RoutineChoiceFor is the built-in commander's routine choice for one boat.
func (s *State) RoutineChoiceFor(token string) (string, bool) {
	seat, _, _ := strings.Cut(token, ".")
	if i := s.index(seat); i >= 0 {
		return s.careers[i].RoutineChoice()
	}
	return "", false
}

func note(cas, format string, a ...any) engine.Event {
	return engine.Event{Kind: engine.KindNote, Case: cas, Text: fmt.Sprintf(format, a...)}
}

func contains(list []int, x int) bool {
	for _, y := range list {
		if y == x {
			return true
		}
	}
	return false
}

// ScoreSeries implements engine.ScoreSeries: each boat's tonnage patrol by
// patrol, by its seat (hunters.State.ScoreSeries).
func (s *State) ScoreSeries(seat string) []engine.ScorePoint {
	for i, c := range s.careers {
		if s.Members[i].Seat == seat {
			return c.ScoreSeries("")
		}
	}
	return nil
}
