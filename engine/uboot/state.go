package uboot

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"

	"github.com/kaleun/kaleun/engine"
)

// State is the board at one moment: a ledger of what the rules keep on
// the table beside the app (doc.go).
type State struct {
	Schema  int    `json:"schema"`
	Seq     int    `json:"seq"`
	Pack    string `json:"pack"`
	PackSHA string `json:"pack_sha256"`
	Mode    string `json:"mode"`
	// Missions are the missions of a linked patrol after the first (§5.2
	// step 7), and Part the part of it the board is in (patrol.go; 0 is
	// the first, as a board from before parts were kept reads).
	Missions int `json:"missions,omitempty"`
	Part     int `json:"part,omitempty"`
	// Difficulty by role (§1.3), as chosen in the app.
	Difficulty map[string]string `json:"difficulty"`
	Players    int               `json:"players"`
	// Simple: the optional simple watch change is played (§6.8).
	Simple  bool              `json:"simple,omitempty"`
	Rulings map[string]string `json:"rulings"`
	// Up: the boat is surfaced (§6.4, §10.1).
	Up    bool `json:"surfaced"`
	Watch int  `json:"watch"`
	// The tracks (§7.2, §7.3): the order tokens' spaces, the blocked Order
	// Track spaces, the excess-activation marker (-1: not tracked, easy
	// Captain, §6.6.1) and the high alerts of this watch.
	Order   int    `json:"order"`
	Blocked []bool `json:"blocked"`
	Morale  int    `json:"morale"`
	Excess  int    `json:"excess"`
	Alerts  int    `json:"alerts"`
	// Figures by figureIDs' order; Sailors by watch then figure (§6.2).
	Figures  []Figure         `json:"figures"`
	Sailors  [2][]Sailor      `json:"sailors"`
	Sections []Section        `json:"sections"` // index 1-8
	Decks    map[string]*Deck `json:"decks"`
	Hand     []string         `json:"hand"`
	// Medkit: the medical supplies on the medkit space, and the medkit
	// tokens (§8.6).
	Medkit   map[string]int `json:"medkit"`
	MedSpent map[string]int `json:"med_spent,omitempty"`
	Medkits  int            `json:"medkits"`
	Cigs     map[string]int `json:"cigarettes"`
	// Toolboxes: the CE's cards on each toolbox space (§10.3.3).
	Toolboxes map[string][]string `json:"toolboxes"`
	CEDiscard []string            `json:"ce_discard,omitempty"`
	// FaceDown: the CE's cards with the technical-condition icon flipped
	// face down on their toolbox space for a repair under way (§10.3.3).
	FaceDown []string `json:"ce_face_down,omitempty"`
	// Food (§9.4): the Food Supply (face down), the pyramid's 6 spaces
	// ("" empty), the discard pile, the types spoiled, today's meals and
	// the lemons set aside.
	Supply      []string `json:"food_supply"`
	Pyramid     []string `json:"pyramid"`
	FoodDiscard []string `json:"food_discard,omitempty"`
	Spoiled     []string `json:"spoiled,omitempty"`
	Today       []Meal   `json:"today,omitempty"`
	Lemons      []string `json:"lemons,omitempty"`
	// Smoked: this watch's smoking break is over (§6.13).
	Smoked bool `json:"smoked,omitempty"`
	// Entry in progress: a Mobilization, or a multi-step entry.
	Mob   *Mob   `json:"mob,omitempty"`
	Draft *Draft `json:"draft,omitempty"`
	// Returns are the figures to put back on the model at the end of a
	// watch change (§6.10).
	Returns []string `json:"returns,omitempty"`
	// Own: the morale, event and wound decks are the owner's own cards
	// (set-up cards=own, owndeck.go); Entered the cards entered from them,
	// Draws the draws waiting for the card that came up, or (with any
	// decks) for the players' choice of a wound deck (§8.8, wounddeck.go).
	Own     bool      `json:"own_cards,omitempty"`
	Entered []CardDef `json:"entered,omitempty"`
	Draws   []Draw    `json:"draws,omitempty"`
	// CEAct: a played card's activation of the Chief Engineer's sailors
	// waits for his choice (§6.6.1, ceactivate.go).
	CEAct *CEActivation `json:"ce_activation,omitempty"`
	Log   []string      `json:"log"`
	End   *End          `json:"end,omitempty"`

	r    *Rules
	p    *Pack
	d    engine.Dice
	evs  []engine.Event
	dErr error
}

// Figure is one figure on the model: its section (0: off the model, on
// its crew tile, §6.10).
type Figure struct {
	Sec int `json:"sec"`
}

// Sailor is one sailor's activation spaces (§6.6) and health (§6.9).
// Slots hold "act", "fat" (fatigue), "wnd" (wound), "obs" (busy
// observing), "green"/"yellow"/"red" (busy repairing), "kia".
type Sailor struct {
	Slots  []string `json:"slots"`
	Cards  []Health `json:"cards,omitempty"`
	Wounds int      `json:"wounds,omitempty"`
	KIA    bool     `json:"kia,omitempty"`
}

// Health is a health condition card under a sailor (§6.9): its health
// tokens still on him (Left) and whether its supplies are on it (§8.6).
type Health struct {
	Card     string   `json:"card"`
	Treated  bool     `json:"treated,omitempty"`
	Left     int      `json:"left"`
	Supplies []string `json:"supplies,omitempty"`
}

// Section is one section of the Technical View (§10.4).
type Section struct {
	Env     map[string]int `json:"env,omitempty"`
	Tech    []TechCond     `json:"tech,omitempty"`
	Res     []string       `json:"res,omitempty"`
	Flooded bool           `json:"flooded,omitempty"`
	// Breach: a hull breach is open (§10.3.7); Crew: its Repair order is
	// carried out, so the puzzle may start.
	Breach bool `json:"breach,omitempty"`
	Crew   bool `json:"crew,omitempty"`
	// BreachCard: the +1/+2 card played on the breach's repair.
	BreachCard string `json:"breach_card,omitempty"`
	// Timer: the seconds the app's countdown for the breach showed when
	// last entered (timer.go), at the board's entry TimerAt.
	Timer   int `json:"timer,omitempty"`
	TimerAt int `json:"timer_at,omitempty"`
}

// TechCond is a technical condition token on the Technical View
// (§10.3.1): its colour, the crew the app's repair menu asked for (0: no
// repair ordered yet) and the figures busy repairing it. A repair whose
// crew, with its +1/+2 card's virtual sailors (§10.3.3), is fewer than
// Need is paused (§10.3.2).
type TechCond struct {
	Colour string   `json:"colour"`
	Need   int      `json:"need,omitempty"`
	Crew   []string `json:"crew,omitempty"`
	// Card: the +1/+2 card played on the repair, face up beside it until
	// the repair is done (§10.3.3).
	Card string `json:"card,omitempty"`
}

// Deck is a face-down deck: Hidden are the cards whose order nobody
// knows (a draw takes one of them at random, as from a shuffled deck),
// Bottom the cards put under it since, in order (§7.3, §8.7, §8.8).
type Deck struct {
	Hidden []string `json:"hidden"`
	Bottom []string `json:"bottom,omitempty"`
}

// End is how the mission ended (§4.1).
type End struct {
	Reason string `json:"reason"`
	Text   string `json:"text"`
}

func newState(r *Rules, p *Pack, a map[string]string, rulings map[string]string, players, extra int) *State {
	s := &State{Schema: SchemaVersion, Pack: p.Meta.ID, PackSHA: p.SHA256, Mode: a["mode"], Players: players, Rulings: rulings,
		Difficulty: map[string]string{}, Up: true, Watch: 1, Blocked: make([]bool, orderFinal+1), r: r, p: p}
	for _, role := range roleIDs {
		s.Difficulty[role] = a[role]
	}
	if s.Mode != "single" {
		s.Medkits = extra // §5.2 step 7
		s.Missions = extra
	}
	s.Simple = a["simple"] == "on"
	s.Own = a["cards"] == "own"
	return s
}

// setUp places the board as §5.2 says.
func (s *State) setUp(d engine.Dice) ([]engine.Event, error) {
	s.d = d
	// §7.3, ruling morale-start: the Morale Track's start is not stated.
	s.Morale = moraleStart(s.ruling(rMoraleStart))
	// §6.6.1, §7.3: medium and hard Captains mark excess activations on
	// the Morale Track's rightmost space; easy ones do not track them.
	s.Excess = moraleFinal
	if s.easy() {
		s.Excess = -1
	}
	s.Figures = make([]Figure, len(figureIDs))
	for i, id := range figureIDs {
		for _, f := range s.p.Figures {
			if f.Figure == id {
				s.Figures[i].Sec = f.Start // §5.2 step 6
			}
		}
	}
	for w := 0; w < 2; w++ {
		s.Sailors[w] = make([]Sailor, len(figureIDs))
	}
	s.Sections = make([]Section, 9)
	// §5.2 step 9, ruling toolboxes: one toolbox in 2, the other in 4.
	tb2, tb4 := "toolbox-I", "toolbox-II"
	if s.ruling(rToolboxes) == "II-in-2" {
		tb2, tb4 = tb4, tb2
	}
	s.Sections[2].Res = append(s.Sections[2].Res, tb2)
	s.Sections[4].Res = append(s.Sections[4].Res, tb4)
	// §5.2 step 9: the 5 supplies in sections 1-6, at most one each: the
	// CE places them freely; the board starts them in 1, 2, 3, 5, 6 and a
	// Mobilization carries them where he wants them.
	for i, sup := range supplyKinds {
		sec := []int{1, 2, 3, 5, 6}[i]
		s.Sections[sec].Res = append(s.Sections[sec].Res, sup)
	}
	s.Decks = map[string]*Deck{}
	for _, name := range deckNames {
		if name == "captain" || name == "engineer" {
			continue
		}
		dk := &Deck{}
		for _, c := range s.p.deck(name) {
			if !s.Own || !slices.Contains(ownDecks, name) { // the owner's own cards are his to draw
				dk.Hidden = append(dk.Hidden, c.ID)
			}
		}
		s.Decks[name] = dk // §5.2 step 4: shuffled (every draw is at random among Hidden)
	}
	// §7.7: the Captain's hand; its size is the app's difficulty rule,
	// the pack's captain_hand here.
	cap := &Deck{}
	for _, c := range s.p.Decks.Captain {
		cap.Hidden = append(cap.Hidden, c.ID)
	}
	s.Decks["captain"] = cap
	if s.Own { // his own cards: the board's first entries deal them (owndeck.go)
		cap.Hidden = nil
		for i := 0; i < s.p.Tokens.CaptainHand; i++ {
			s.queueDraw("captain", "7.7", fmt.Sprintf("Captain's card %d of %d dealt", i+1, s.p.Tokens.CaptainHand), forHand)
		}
	}
	for i := 0; i < s.p.Tokens.CaptainHand && len(cap.Hidden) > 0; i++ {
		id, err := s.drawCard("captain", "7.7", "Captain's card dealt")
		if err != nil {
			return nil, err
		}
		s.Hand = append(s.Hand, id)
	}
	// §5.2 step 6: the provisions shuffled face down into the Food Supply,
	// 6 drawn into the pyramid.
	for _, k := range provisionKinds {
		for n := 0; n < s.p.Tokens.Provisions[k]; n++ {
			s.Supply = append(s.Supply, k)
		}
	}
	s.Pyramid = make([]string, pyramidSize)
	s.fillPyramid("5.2")
	// §10.3.3: the CE's cards, divided evenly between the two toolbox
	// spaces: dealt at random, one to each in turn.
	s.Toolboxes = map[string][]string{"toolbox-I": {}, "toolbox-II": {}}
	var ce []string
	for _, c := range s.p.Decks.Engineer {
		ce = append(ce, c.ID)
	}
	for k := 0; len(ce) > 0; k++ {
		j, err := s.pick(len(ce), "10.3.3", "Chief Engineer's card dealt", func(j int) string { return s.title(ce[j]) })
		if err != nil {
			return nil, err
		}
		tb := []string{"toolbox-I", "toolbox-II"}[k%2]
		s.Toolboxes[tb] = append(s.Toolboxes[tb], ce[j])
		ce = append(ce[:j:j], ce[j+1:]...)
	}
	s.Medkit = map[string]int{}
	for k, n := range s.p.Tokens.Medical {
		s.Medkit[k] = n // §5.2 step 7
	}
	// §5.2 step 10: 2 cigarettes per player; ruling per-role (§5.1).
	s.Cigs = map[string]int{}
	for _, role := range roleIDs {
		s.Cigs[role] = 2
	}
	if s.ruling(rPerRole) == "per-player" && s.Players < 4 {
		s.Cigs = map[string]int{"captain": 2 * s.Players}
		for _, role := range roleIDs[1:] {
			s.Cigs[role] = 0
		}
	}
	s.note("5.2", fmt.Sprintf("The board is set up with the %s pack (%s): Order Track on VIII, Morale Track on %s, first watch on duty, surfaced.", s.p.Meta.ID, s.p.Meta.Label, moraleSpaces[s.Morale]))
	return s.evs, s.dErr
}

// easy: the Captain plays on easy (§6.5, §6.6.1).
func (s *State) easy() bool { return s.Difficulty["captain"] == "easy" }

// sailor is the active watch's sailor of figure index i.
func (s *State) sailor(i int) *Sailor { return &s.Sailors[s.Watch-1][i] }

func figIndex(id string) int {
	for i, f := range figureIDs {
		if f == id {
			return i
		}
	}
	return -1
}

// def is figure i's sailor of the active watch as the crew tile prints him.
//
// Under the simple watch change (§6.8's optional rule) a sliding role's
// tile keeps the face it showed, so its figures keep those icons.
func (s *State) def(i int) SailorDef {
	return s.p.sailorDef(figureIDs[i], s.face(roleOf(figureIDs[i]), s.Watch))
}

// face is the crew tile face a role shows while watch w is on duty: the
// watch's own, or, for a role that slides its tile (§6.8, optional rule,
// easy only), the face it showed at the start.
func (s *State) face(role string, w int) int {
	if s.sliding(role) {
		return 1
	}
	return w
}

// sliding: the role plays the simple watch change (§6.8: "Players who
// have chosen easy difficulty may slide their crew tiles instead of
// flipping them").
func (s *State) sliding(role string) bool { return s.Simple && s.Difficulty[role] == "easy" }

func (s *State) hasIcon(i int, icon string) bool { return has(s.def(i).Icons, icon) }

// onBoard: figure i stands on the model.
func (s *State) onBoard(i int) bool { return s.Figures[i].Sec > 0 && !s.sailor(i).KIA }

// note adds a note event and a log line.
func (s *State) note(cas, text string) {
	s.evs = append(s.evs, engine.Event{Kind: engine.KindNote, Case: cas, Text: text})
	s.logLine(cas, text)
}

func (s *State) logLine(cas, text string) {
	line := text
	if cas != "" {
		line += " (§" + cas + ")"
	}
	s.Log = append(s.Log, line)
	if len(s.Log) > maxLog {
		s.Log = s.Log[len(s.Log)-maxLog:]
	}
}

// maxLog bounds the board's own log: the whole history is the game's
// event log (kaleun audit); the board keeps the recent lines.
const maxLog = 200

// pick draws uniformly among n things: one die of n faces, logged as a
// roll event (the audit covers every draw).
//
// A pile of one leaves no chance: it is taken without a die (an auditable
// die has 2 to 255 sides, engine/dice), and said so in a note.
func (s *State) pick(n int, cas, purpose string, result func(int) string) (int, error) {
	if s.dErr != nil {
		return 0, s.dErr
	}
	if n == 1 {
		s.note(cas, fmt.Sprintf("%s: the only one left, %s (no draw).", purpose, result(0)))
		return 0, nil
	}
	f, err := s.d.Roll(n)
	if err != nil {
		s.dErr = fmt.Errorf("%s (§%s): %w", purpose, cas, err)
		return 0, s.dErr
	}
	res := result(f - 1)
	s.evs = append(s.evs, engine.Event{Kind: engine.KindRoll, Case: cas, Text: purpose,
		Roll: &engine.Roll{Case: cas, Purpose: purpose, Dice: "1d" + strconv.Itoa(n), Faces: []int{f}, Natural: f, Total: f, Result: res}})
	return f - 1, nil
}

// drawCard draws the top card of a deck: one of its hidden cards at
// random, else the first card put under it.
func (s *State) drawCard(deck, cas, purpose string) (string, error) {
	dk := s.Decks[deck]
	if len(dk.Hidden) == 0 {
		if len(dk.Bottom) == 0 {
			return "", nil
		}
		id := dk.Bottom[0]
		dk.Bottom = dk.Bottom[1:]
		return id, nil
	}
	k, err := s.pick(len(dk.Hidden), cas, purpose+" from the "+deck+" deck", func(k int) string { return s.title(dk.Hidden[k]) })
	if err != nil {
		return "", err
	}
	id := dk.Hidden[k]
	dk.Hidden = append(dk.Hidden[:k:k], dk.Hidden[k+1:]...)
	return id, nil
}

// shuffle turns a deck's known bottom back into its unknown part (§8.8).
func (d *Deck) shuffle() {
	d.Hidden = append(d.Hidden, d.Bottom...)
	d.Bottom = nil
}

func (s *State) bottom(deck, id string) {
	if dk := s.Decks[deck]; dk != nil {
		dk.Bottom = append(dk.Bottom, id)
	}
}

func (s *State) title(id string) string {
	if c, _, ok := s.card(id); ok {
		return c.Title
	}
	return id
}

// Encode implements engine.State.
func (s *State) Encode() ([]byte, error) { return json.Marshal(s) }

// Outcome implements engine.State: the mission's end (§4.1). The grade
// and the renown are the app's (§4).
func (s *State) Outcome() *engine.Outcome {
	if s.End == nil {
		return nil
	}
	lost := 0
	for w := 0; w < 2; w++ {
		for _, sl := range s.Sailors[w] {
			if sl.KIA {
				lost++
			}
		}
	}
	level := s.End.Reason
	return &engine.Outcome{Summary: s.End.Text, Level: level, Fields: []engine.Field{
		{Name: "reason", Value: s.End.Reason, Label: "Mission ended"},
		{Name: "kia", Value: strconv.Itoa(lost), Label: "Sailors KIA"},
		{Name: "morale", Value: moraleSpaces[s.Morale], Label: "Morale"},
	}}
}
