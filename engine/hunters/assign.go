package hunters

import (
	"fmt"
	"slices"
	"strings"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/hunters/charts"
)

// Patrol is the patrol under way (7.0).
type Patrol struct {
	Assignment string   `json:"assignment"`
	Area       string   `json:"area"`
	Mission    string   `json:"mission,omitempty"` // "minelaying", "abwehr_agent" or ""
	Wolfpack   bool     `json:"wolfpack,omitempty"`
	Boxes      []string `json:"boxes"`
	Rolls      []int    `json:"rolls"`
	Pos        int      `json:"pos"`
	Dir        int      `json:"dir"`
	RollsLeft  int      `json:"rolls_left"`
	// Extra is the encounter rolls a box adds for an inoperable diesel (10.8.3).
	Aborting     bool        `json:"aborting,omitempty"`
	AbortReason  string      `json:"abort_reason,omitempty"`
	BeforeHalf   bool        `json:"before_half,omitempty"`
	RandomDone   bool        `json:"random_done,omitempty"`
	QuietNext    int         `json:"quiet_next,omitempty"`
	Superior     bool        `json:"superior_torpedoes,omitempty"`
	MissionDone  bool        `json:"mission_done,omitempty"`
	MissionFail  bool        `json:"mission_failed,omitempty"`
	FirstMed     bool        `json:"first_med,omitempty"`
	Resupplied   bool        `json:"resupplied,omitempty"`
	ResupplyChk  bool        `json:"resupply_checked,omitempty"`
	Ended        bool        `json:"ended,omitempty"`
	GenericDown  bool        `json:"generic_down,omitempty"`
	Logged       bool        `json:"logged,omitempty"`
	Scuttled     bool        `json:"scuttled,omitempty"`
	BackToFrance bool        `json:"back_to_france,omitempty"`
	Success      bool        `json:"success,omitempty"`
	Targets      []LogTarget `json:"targets,omitempty"`
	// Choices offered by 11.2.1 when the Kommandant may pick his patrol.
	Candidates []string `json:"candidates,omitempty"`
}

func init() {
	steps[phAssign] = (*State).stepAssign
	steps[phAssigned] = (*State).stepAssigned
	steps[phSail] = (*State).stepSail
	decisions[phChoose] = &decision{
		kind: "choose_patrol", cas: "11.2.1",
		text: func(s *State) string {
			return "Your rank lets you pick your next patrol assignment from the P1 column for " + s.Career.NextPatrol.Label() + "."
		},
		options: func(s *State) []engine.Option {
			out := s.opts()
			for _, k := range s.Patrol.Candidates {
				out = append(out, engine.Option{Key: k, Label: s.text(func() string { return assignmentLabel(k) }), Case: "11.2.1"})
			}
			return out
		},
		answer: func(s *State, key string) {
			s.say("11.2.1", func() string { return fmt.Sprintf("The Kommandant requests %s.", assignmentLabel(key)) })
			s.Patrol.Assignment = key
			s.Phase = phAssigned
		},
	}
}

// patrolName is an assignment's label that says what a (W) is: a Wolfpack
// patrol (7.2.1), whose convoy escorts are busy or focused (7.2.2).
func patrolName(p *Patrol) string {
	if p.Wolfpack {
		return assignmentLabel(p.Assignment) + ", a Wolfpack patrol (7.2)"
	}
	return assignmentLabel(p.Assignment)
}

// patrolWords is patrolName in the game's words: the bare label in a game
// that keeps its first ones.
func (s *State) patrolWords(p *Patrol) string {
	if s.firstWords() {
		return assignmentLabel(p.Assignment)
	}
	return patrolName(p)
}

// assignmentLabel turns a P1 result key into the log sheet's words:
// "north_america_A" is "North America (A)". It is written into the log of
// every patrol, simulated or not, so it builds the label in one allocation.
func assignmentLabel(k string) string {
	base, mark := k, byte(0)
	if n := len(k); n >= 2 && k[n-2] == '_' && (k[n-1] == 'M' || k[n-1] == 'A' || k[n-1] == 'W') {
		base, mark = k[:n-2], k[n-1]
	}
	var b strings.Builder
	b.Grow(len(base) + 4)
	upper := true
	for i := 0; i < len(base); i++ {
		c := base[i]
		switch {
		case c == '_':
			c, upper = ' ', true
		case upper:
			if 'a' <= c && c <= 'z' {
				c -= 'a' - 'A'
			}
			upper = false
		}
		b.WriteByte(c)
	}
	if mark != 0 {
		b.WriteString(" (")
		b.WriteByte(mark)
		b.WriteByte(')')
	}
	return b.String()
}

// p1Column finds the P1 column for a month.
func (s *State) p1Column(m charts.Month) int {
	cols := s.pack.P1.Columns
	for i, c := range cols {
		if m >= c.From && m <= c.To {
			return i
		}
	}
	return len(cols) - 1
}

// stepAssign determines the patrol assignment (7.0, 7.3.4, 7.3.5, 11.2.1).
func (s *State) stepAssign() {
	s.Career.Month = s.Career.NextPatrol
	s.Patrol = s.newPatrol()
	switch {
	case s.Pack != nil:
		s.note("13.5.2", "The wolfpack is assigned to the Atlantic: no P1 roll.")
		s.Patrol.Assignment = "atlantic"
		s.Phase = phAssigned
		return
	case s.Career.Med:
		s.note("7.3.4", "Based in the Mediterranean: the patrol is in the Mediterranean, no P1 roll.")
		s.Patrol.Assignment = "mediterranean"
		s.Phase = phAssigned
		return
	case s.Career.Arctic:
		s.note("7.3.5", "Permanently assigned to the Arctic: no P1 roll.")
		s.Patrol.Assignment = "arctic"
		s.Phase = phAssigned
		return
	}
	if s.Career.Rank >= 1 {
		table := "choose_assignment_" + s.rankKey()
		if s.Career.Rank >= 3 {
			table = "choose_assignment_FKpt"
		}
		s.mods()
		row, _ := s.table(table, s.text(func() string { return "Request a patrol assignment (" + s.rankKey() + ")" }))
		if row.Result == "choose" {
			// Any result of the date's column, as 7.3 treats it for this boat
			// (a Type VII's West African Coast is the Atlantic, 7.3.2).
			col := s.p1Column(s.Career.Month)
			for _, r := range s.pack.P1.Rows {
				k, reroll := s.substitute(r.Results[col])
				if !reroll && !slices.Contains(s.Patrol.Candidates, k) {
					s.Patrol.Candidates = append(s.Patrol.Candidates, k)
				}
			}
			s.Phase = phChoose
			return
		}
	}
	s.Patrol.Assignment = s.rollP1()
	s.Phase = phAssigned
}

// rollP1 rolls on P1 until the result is allowed for the boat (7.3).
func (s *State) rollP1() string {
	col := s.p1Column(s.Career.Month)
	for {
		s.mods()
		r := s.throw("P1", "7.0", "Patrol assignment", "2d6")
		row, _ := s.pack.P1.Rows.Find(r.total)
		k := row.Results[col]
		s.emit(r, s.text(func() string { return assignmentLabel(k) }))
		sub, reroll := s.substitute(k)
		if reroll {
			s.say("7.3.2", func() string {
				return fmt.Sprintf("A Type %s may not patrol the Mediterranean: roll again.", typeName(s.Boat.Type))
			})
			continue
		}
		if sub != k {
			s.say(substitutionCase(s, k), func() string {
				return fmt.Sprintf("A Type %s treats %s as %s.", typeName(s.Boat.Type), assignmentLabel(k), assignmentLabel(sub))
			})
		}
		return sub
	}
}

func substitutionCase(s *State, k string) string {
	if s.isIX() {
		return "7.3.1"
	}
	if s.Boat.Type == "VIID" {
		return "11.4.6"
	}
	return "7.3.2"
}

// substitute applies the P1 footnotes for the boat type (7.3.1, 7.3.2, 11.4.6),
// with the rulings viid_tracks and flak_boat_caribbean and optional rule 14.10.
func (s *State) substitute(k string) (string, bool) {
	area := s.pack.Mats.AssignmentKeys[k].Area
	ignore := s.Settings.on(opt1410) // 14.10.1: ignore 7.3.1 and 7.3.2
	t := s.Boat.Type
	switch {
	case s.isIX():
		if !ignore && (area == "mediterranean" || area == "arctic") {
			return "west_african_coast", false // 7.3.1
		}
		return k, false
	case t == "VIID":
		mat := s.Settings.ruling(rulVIIDTracks) == "mat"
		if !ignore && area == "mediterranean" {
			return "", true // 7.3.2, card note 5
		}
		if mat {
			switch {
			case area == "west_african_coast" && !ignore:
				return "atlantic", false // card note 2 names all Type VII
			case area == "caribbean" && !ignore:
				return "atlantic", false
			}
			return k, false
		}
		return k, false
	case t == "VIIC_Flak":
		if !ignore && area == "mediterranean" {
			return "", true // 7.3.2
		}
		if !ignore && area == "west_african_coast" {
			return "atlantic", false
		}
		if !ignore && area == "caribbean" && s.Settings.ruling(rulFlakBoatCaribbean) == "card" {
			return "atlantic", false
		}
		return k, false
	default:
		if !ignore && (area == "west_african_coast" || area == "caribbean") {
			return "atlantic", false // 7.3.2
		}
		return k, false
	}
}

// stepAssigned builds the patrol track for the assignment.
func (s *State) stepAssigned() {
	p := s.Patrol
	ak := s.pack.Mats.AssignmentKeys[p.Assignment]
	p.Area, p.Mission, p.Wolfpack = ak.Area, ak.Mission, ak.Wolfpack // 7.2.1: (W) patrols
	trackKey := s.pack.Mats.TrackSelection[p.Assignment]
	viidRule := s.Boat.Type == "VIID" && s.Settings.ruling(rulVIIDTracks) == "rulebook"
	viidMat := s.Boat.Type == "VIID" && !viidRule
	if s.Boat.Type == "VIID" {
		// 11.4.6: the VIID lays mines on British Isles and North America/Caribbean
		// patrols (an (A) mission stays an (A) mission).
		if (p.Area == "british_isles" || p.Area == "north_america" || p.Area == "caribbean") && p.Mission == "" {
			p.Mission = "minelaying"
			s.note("11.4.6", "The Type VIID minelayer is given a minelaying (M) mission.")
		}
		if viidMat && p.Mission == "" && p.Area != "north_america" {
			p.Mission = "minelaying"
			s.note("11.4.6", "Ruling viid_tracks=mat: every VIID patrol with a Mission box is a minelaying mission.")
		}
	}
	track, ok := s.mat().Track(trackKey)
	if !ok {
		// A combination no mat prints (e.g. 14.10 sending a Type VII to West Africa):
		// sail the Atlantic track with the area's encounter column.
		track, _ = s.mat().Track("atlantic")
		s.say("14.10", func() string {
			return fmt.Sprintf("No %s track on the Type %s mat: the Atlantic track is used with the %s encounter column.", trackKey, typeName(s.Boat.Type), assignmentLabel(p.Assignment))
		})
	}
	p.Boxes = append(p.Boxes[:0], make([]string, len(track))...)
	p.Rolls = append(p.Rolls[:0], make([]int, len(track))...)
	for i, b := range track {
		code := b.Code
		if code != p.Area && isAreaCode(code) && !(code == "north_america" && p.Area == "caribbean") && s.pack.Mats.BoxCodes[code].E1 != "" {
			code = p.Area // a borrowed track (14.10) takes the assigned area's column
		}
		if code == "mission" && viidRule && p.Mission == "" {
			code = p.Area // rule 11.4.6: no mission on this VIID patrol, the box is on station
		}
		p.Boxes[i], p.Rolls[i] = code, b.Rolls
	}
	if p.Area == "mediterranean" {
		mediterraneanTransits(p.Boxes)
	}
	p.FirstMed = p.Area == "mediterranean" && !s.Career.Med
	p.Dir = 1
	p.Pos = 0
	if p.Mission == "abwehr_agent" {
		s.Crew.Agent = &Crewman{}
	}
	s.Career.Log = append(s.Career.Log, LogRow{Month: s.Career.Month, Mark: "patrol", Patrol: s.patrolLabel(p.Assignment)})
	s.say("7.1.1", func() string {
		return fmt.Sprintf("Patrol assignment for %s: %s (%d travel boxes).", s.Career.Month.Label(), s.patrolWords(p), len(p.Boxes))
	})
	if p.Area == "arctic" && !s.Career.Arctic {
		s.mods()
		row, _ := s.table("arctic_permanent", "Permanent Arctic assignment")
		if row.Result == "permanent_arctic" {
			s.Career.Arctic = true
			s.note("7.3.5", "The boat stays at a northern base: every later patrol is in the Arctic.")
		}
	}
	if s.loadsFirst() {
		s.loadForMission()
		return
	}
	s.beginLoading()
}

// mediterraneanTransits gives a Mediterranean patrol's Transit boxes the
// meaning 7.3.3 and 7.3.4 give them whatever track is sailed: the mats'
// Mediterranean track prints them so, but a boat sent there under 14.10.1
// borrows a track printed for the Atlantic. The first Transit box is the
// Bay of Biscay and the second the Gibraltar Passage (7.3.3; encounterTable
// reads both as plain Transit once the boat is based in Italy), and the way
// home ends in Italy, not through the Bay of Biscay (7.3.4).
func mediterraneanTransits(boxes []string) {
	n := 0
	for i, c := range boxes {
		if !isTransit(c) {
			continue
		}
		n++
		switch {
		case n == 1:
			boxes[i] = "transit_bob"
		case n == 2:
			boxes[i] = "transit_gibraltar"
		case c == "transit_bob":
			boxes[i] = "transit"
		}
	}
}

func isAreaCode(code string) bool {
	switch code {
	case "atlantic", "british_isles", "north_america", "spanish_coast", "norway", "arctic", "mediterranean", "west_african_coast":
		return true
	}
	return false
}

// onStation reports whether box i is an on-station box (named after the patrol, 14.9).
func (p *Patrol) onStation(i int) bool {
	c := p.Boxes[i]
	return isAreaCode(c) || c == "north_america_or_A"
}

func (p *Patrol) lastOnStation() int {
	last := -1
	for i := range p.Boxes {
		if p.onStation(i) {
			last = i
		}
	}
	return last
}

func (p *Patrol) firstOnStation() int {
	for i := range p.Boxes {
		if p.onStation(i) {
			return i
		}
	}
	return 0
}

// returning reports whether the boat is on its way home.
func (p *Patrol) returning() bool {
	return p.Aborting || p.Pos > p.lastOnStation()
}

func (s *State) stepSail() {
	p := s.Patrol
	p.Pos = 0
	s.say("7.1.2", func() string { return fmt.Sprintf("%s sails for %s.", s.Boat.Number, assignmentLabel(p.Assignment)) })
	s.Phase = phBoxEnter
}

func (s *State) boxLabel(i int) string {
	p := s.Patrol
	code := p.Boxes[i]
	l := s.pack.Mats.BoxCodes[code].Label
	if l == "" {
		l = assignmentLabel(code)
	}
	if p.Rolls[i] > 1 {
		l += fmt.Sprintf(" x%d", p.Rolls[i])
	}
	return l
}
