package uboot

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kaleun/kaleun/engine"
)

// The board's next entry (doc.go): one pending prompt, whose options are
// the entries the rules allow now. An entry that needs arguments (which
// sailor, which section, which order) is entered a step at a time, each
// step a prompt of its own whose options are only the legal ones, so every
// key stays short and every option offered is one the rules take.

// Draft is a multi-step entry in progress: its kind, and what its steps
// chose so far.
type Draft struct {
	Kind  string   `json:"kind"`
	Args  []string `json:"args,omitempty"`
	Picks []string `json:"picks,omitempty"`
	// Free: the entry is not an order and costs nothing (a paused repair
	// resumed, §10.3.2).
	Free bool `json:"free,omitempty"`
}

const backKey = "back"

// Pending implements engine.State.
func (s *State) Pending() *engine.Prompt {
	if s.End != nil {
		return nil
	}
	p := s.prompt()
	s.markRoles(p)
	p.Token = strconv.Itoa(s.Seq)
	p.Actor = engine.Commander
	return p
}

func (s *State) prompt() *engine.Prompt {
	switch {
	case len(s.Draws) > 0:
		return s.drawPrompt()
	case s.CEAct != nil:
		return s.ceActPrompt()
	case len(s.Returns) > 0:
		return s.returnPrompt()
	case s.Mob != nil:
		return s.mobPrompt()
	case s.Draft != nil:
		return s.draftPrompt()
	}
	return s.boardPrompt()
}

// boardPrompt is the board waiting for its next entry.
func (s *State) boardPrompt() *engine.Prompt {
	var o []engine.Option
	if s.canPay() {
		o = append(o, engine.Option{Key: "mob", Label: "Mobilization: pay, then move sailors (" + s.payWhere() + ")", Short: "Mobilize", Case: "6.4"})
		if len(s.feasibleOrders()) > 0 {
			o = append(o, engine.Option{Key: "order", Label: "Order: pay, then activate the sailors (" + s.payWhere() + ")", Short: "Order", Case: "6.5"})
		}
	}
	if s.canAddObservers() {
		o = append(o, engine.Option{Key: "obs", Label: fmt.Sprintf("More observers in section 8, no order (%d on watch, at most 6 count)", s.observers()), Short: "More observers", Case: "8.3"})
	}
	if len(s.resumable()) > 0 {
		o = append(o, engine.Option{Key: "resume", Label: "Resume a paused repair (no order needed)", Short: "Resume repair", Case: "10.3.2"})
	}
	if s.canBlock() { // §7.2: "at any time", the token on VIII too
		o = append(o, engine.Option{Key: "alert", Label: "High alert: Order Track back to VIII, block its rightmost empty space", Short: "High alert", Case: "7.2"})
	}
	o = append(o, engine.Option{Key: "watch", Label: "Watch change (the app's bell)", Short: "Watch change", Case: "6.8"})
	if s.Medkits > 0 && len(s.MedSpent) > 0 {
		o = append(o, engine.Option{Key: "medkit", Label: fmt.Sprintf("Open a medkit: the spent supplies return (%d medkit token(s))", s.Medkits), Short: "Medkit", Case: "8.6"})
	}
	if s.canSmoke() {
		o = append(o, engine.Option{Key: "smoke", Label: "Smoking break (sections 7 and 8)", Short: "Smoke", Case: "6.13"})
	}
	o = append(o,
		engine.Option{Key: "app", Label: "The app reports… (a condition, an attack, a breach, a sinking, an event)", Short: "App reports", Case: "8.1"},
		engine.Option{Key: "end", Label: "The mission ends", Short: "Mission ends", Case: "4.1", Ends: true})
	state := "submerged"
	if s.Up {
		state = "surfaced"
	}
	return &engine.Prompt{Kind: "uboot.board", Title: "The board", Subject: fmt.Sprintf("watch %d, %s", s.Watch, state),
		Text: fmt.Sprintf("Next entry? The next order is paid on the %s. Morale %s%s.", s.payWhere(), moraleSpaces[s.Morale], exhaustedNote(s)), Case: "6.14", Options: o}
}

func exhaustedNote(s *State) string {
	if s.exhausted() {
		return " (exhausted, §7.4)"
	}
	return ""
}

// Apply implements engine.State.
func (s *State) Apply(c engine.Choice, d engine.Dice) (engine.State, []engine.Event, error) {
	p := s.Pending()
	switch {
	case p == nil:
		return nil, nil, engine.ErrGameOver
	case c.Token != "" && c.Token != p.Token:
		return nil, nil, fmt.Errorf("%w: prompt %s is not the pending one (%s)", engine.ErrStaleToken, c.Token, p.Token)
	case !p.HasOption(c.Key) && !entryKey(p, c.Key):
		var keys []string
		for _, o := range p.Options {
			keys = append(keys, o.Key)
		}
		return nil, nil, fmt.Errorf("%w: %q is not an entry the board takes now (%s)", engine.ErrIllegalChoice, c.Key, strings.Join(keys, ", "))
	}
	next, err := engine.Copy(s, s.r)
	if err != nil {
		return nil, nil, fmt.Errorf("uboot: copying the board: %w", err)
	}
	next.d = d
	label := c.Key
	for _, o := range p.Options {
		if o.Key == c.Key {
			label = o.Label
		}
	}
	if entryKey(p, c.Key) && !p.HasOption(c.Key) {
		label = p.Entry.Label + ": " + strings.TrimPrefix(c.Key, p.Entry.Key) // a number typed
	}
	next.evs = []engine.Event{{Kind: engine.KindChoice, Case: p.Case, Text: p.Title + ": " + label, Choice: &engine.Choice{Token: p.Token, Key: c.Key}}}
	switch {
	case len(s.Draws) > 0:
		next.applyDraw(c.Key)
	case s.CEAct != nil:
		next.applyCEAct(c.Key)
	case len(s.Returns) > 0:
		next.applyReturn(c.Key)
	case s.Mob != nil:
		next.applyMob(c.Key)
	case s.Draft != nil:
		next.applyDraft(c.Key)
	default:
		next.applyBoard(c.Key)
	}
	if next.dErr != nil {
		return nil, nil, next.dErr
	}
	next.Seq++
	if next.End != nil {
		next.evs = append(next.evs, engine.Event{Kind: engine.KindEnd, Case: "4.1", Text: next.End.Text})
	}
	evs := next.evs
	next.evs, next.d = nil, nil
	return next, evs, nil
}

func (s *State) applyBoard(key string) {
	switch key {
	case "mob":
		s.startMob()
	case "order":
		s.Draft = &Draft{Kind: "order"}
	case "obs":
		s.Draft = &Draft{Kind: "order", Args: []string{"observe"}, Free: true}
	case "resume":
		s.Draft = &Draft{Kind: "order", Args: []string{"repair"}, Free: true}
	case "alert":
		s.highAlert()
	case "watch":
		s.watchChange()
	case "smoke":
		s.Draft = &Draft{Kind: "smoke"}
	case "medkit":
		s.openMedkit()
	case "app":
		s.Draft = &Draft{Kind: "app"}
	case "end":
		s.Draft = &Draft{Kind: "end"}
	}
}

// draftPrompt and applyDraft route a multi-step entry to its kind.
func (s *State) draftPrompt() *engine.Prompt {
	switch s.Draft.Kind {
	case "order":
		return s.orderPrompt()
	case "smoke":
		return s.smokePrompt()
	case "end":
		return s.endPrompt()
	}
	return s.appPrompt()
}

func (s *State) applyDraft(key string) {
	if key == backKey {
		s.Draft = nil
		return
	}
	switch s.Draft.Kind {
	case "order":
		s.applyOrder(key)
	case "smoke":
		s.applySmoke(key)
	case "end":
		s.applyEnd(key)
	default:
		s.applyApp(key)
	}
}

func back() engine.Option {
	return engine.Option{Key: backKey, Label: "Back to the board (nothing entered)", Short: "Back"}
}

// endPrompt: how the mission ended (§4.1), as the app says.
func (s *State) endPrompt() *engine.Prompt {
	var o []engine.Option
	if s.canGoOn() {
		o = append(o, s.nextPartOption()) // §4.3: a linked patrol's part
	}
	o = append(o,
		engine.Option{Key: "base", Label: "The boat returned to base", Case: "4.2"},
		engine.Option{Key: "time", Label: "Mission time ran out", Case: "4.1"},
		engine.Option{Key: "lost", Label: "The boat was lost (rammed, aground, the whole crew lost)", Case: "4.1", Risk: "This ends the mission with the boat lost."},
		back())
	return &engine.Prompt{Kind: "uboot.end", Title: "The mission ends", Text: "How did it end (the app says; the grade and renown are the app's, §4)?", Case: "4.1", Options: o}
}

func (s *State) applyEnd(key string) {
	if key == "next" {
		s.nextPart()
		return
	}
	text := map[string]string{"base": "The boat returned to base: the app grades the mission.", "time": "Mission time ran out: the app grades the mission.",
		"lost": "The boat is lost with all hands: every player loses."}[key]
	s.note("4.1", text)
	s.End = &End{Reason: key, Text: text}
	s.Draft = nil
}

// lose ends the mission with the boat lost (§7.4, §10.3.6).
func (s *State) lose(cas, why string) {
	text := "The boat is lost: " + why + ". Press 'all hands lost' in the app; every player loses."
	s.note(cas, text)
	s.End = &End{Reason: "lost", Text: text}
	s.Draft, s.Mob = nil, nil
}
