package uboot

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/kaleun/kaleun/engine"
)

// Mobilization (§6.4): paid first, then any number of sailors move along
// chains of adjacent sections, never backtracking, never into or through
// a flooded section, 3↔8 only while surfaced; each may carry one resource
// token; crew damage is resolved per hazardous section after all movement.

// Mob is a Mobilization in progress.
type Mob struct {
	// Paths: each moving figure's sections so far, his start first.
	Paths map[string][]int `json:"paths,omitempty"`
	// Took: the resource token a figure has carried this Mobilization
	// (one each); Carry: the one he carries now.
	Took  map[string]string `json:"took,omitempty"`
	Carry map[string]string `json:"carry,omitempty"`
	// Exposed: by section, the figures who moved into or through it.
	Exposed map[string][]string `json:"exposed,omitempty"`
	// Cur is the figure being moved.
	Cur string `json:"cur,omitempty"`
}

// init makes the maps an encoding left out.
func (m *Mob) init() {
	if m.Paths == nil {
		m.Paths = map[string][]int{}
	}
	if m.Took == nil {
		m.Took = map[string]string{}
	}
	if m.Carry == nil {
		m.Carry = map[string]string{}
	}
	if m.Exposed == nil {
		m.Exposed = map[string][]string{}
	}
}

func (s *State) startMob() {
	s.pay("Mobilization")
	s.note("6.4", "Crew mobilize! No orders until the Mobilization ends.")
	s.Mob = &Mob{Paths: map[string][]int{}, Took: map[string]string{}, Carry: map[string]string{}, Exposed: map[string][]string{}}
}

// steps are the sections figure i may step into next.
func (s *State) steps(i int) []int {
	fig := figureIDs[i]
	path := s.Mob.Paths[fig]
	at := s.Figures[i].Sec
	var out []int
	for b := 1; b <= 8; b++ {
		if (adjacent(at, b, s.Up) || s.hatch(at, b)) && !s.Sections[b].Flooded && !slices.Contains(path, b) {
			out = append(out, b)
		}
	}
	return out
}

// hatch: a step from a to b through a torpedo-loading hatch (§10.3.9): in
// the ceilings of 1 and 6, only surfaced, only to bypass a flooded
// section, and the sailor is activated. Where the hatches lead is not
// described (ruling hatches).
func (s *State) hatch(a, b int) bool {
	if !s.Up || adjacent(a, b, s.Up) {
		return false
	}
	flooded := false
	for sec := 2; sec <= 5; sec++ {
		flooded = flooded || s.Sections[sec].Flooded
	}
	if !flooded {
		return false
	}
	if a > b {
		a, b = b, a
	}
	if s.ruling(rHatches) == "direct" {
		return a == 1 && b == 6
	}
	return (a == 1 && b == 7) || (a == 6 && b == 8)
}

// takeable are the resource tokens figure i may pick up where he stands.
func (s *State) takeable(i int) []string {
	fig := figureIDs[i]
	if s.Mob.Took[fig] != "" {
		return nil // §6.4: one resource token per sailor per Mobilization
	}
	// §10.3.3: "Do not move a toolbox marker if its corresponding toolbox
	// space on the Chief Engineer's player panel has a facedown card."
	var out []string
	for _, r := range s.Sections[s.Figures[i].Sec].Res {
		if s.faceDownIn(r) == "" {
			out = append(out, r)
		}
	}
	return out
}

func (s *State) mobPrompt() *engine.Prompt {
	m := s.Mob
	if m.Cur == "" {
		var o []engine.Option
		for i, fig := range figureIDs {
			if !s.onBoard(i) || (len(s.steps(i)) == 0 && len(s.takeable(i)) == 0) {
				continue
			}
			lbl := fmt.Sprintf("Move %s (section %d)", fig, s.Figures[i].Sec)
			if p := m.Paths[fig]; len(p) > 1 {
				lbl += ", path so far " + pathText(p)
			}
			o = append(o, engine.Option{Key: "m:" + fig, Label: lbl, Short: fig, Case: "6.4"})
		}
		o = append(o, engine.Option{Key: "end", Label: "End the Mobilization: crew damage in hazardous sections, then the crew reports ready", Short: "End", Case: "6.4"})
		return &engine.Prompt{Kind: "uboot.mob", Title: "Mobilization", Text: "Which sailor moves? (End when all have moved.)", Case: "6.4", Options: o}
	}
	i := figIndex(m.Cur)
	var o []engine.Option
	for _, b := range s.steps(i) {
		o = append(o, engine.Option{Key: "to:" + strconv.Itoa(b), Label: fmt.Sprintf("Into section %d%s", b, s.hazardNote(b)), Short: strconv.Itoa(b), Case: "6.4"})
	}
	if m.Carry[m.Cur] == "" {
		for _, r := range s.takeable(i) {
			o = append(o, engine.Option{Key: "take:" + r, Label: "Take the " + r + " token along", Case: "6.4"})
		}
	} else {
		o = append(o, engine.Option{Key: "drop", Label: "Drop the " + m.Carry[m.Cur] + " here", Case: "6.4"})
	}
	o = append(o, engine.Option{Key: "stop", Label: fmt.Sprintf("%s stops in section %d", m.Cur, s.Figures[i].Sec), Short: "Stop", Case: "6.4"})
	return &engine.Prompt{Kind: "uboot.step", Title: "Mobilization", Subject: m.Cur,
		Text: fmt.Sprintf("%s is in section %d (path %s). Where next?", m.Cur, s.Figures[i].Sec, pathText(append([]int{}, s.pathOf(i)...))), Case: "6.4", Options: o}
}

func (s *State) pathOf(i int) []int {
	if p := s.Mob.Paths[figureIDs[i]]; len(p) > 0 {
		return p
	}
	return []int{s.Figures[i].Sec}
}

func pathText(p []int) string {
	parts := make([]string, len(p))
	for k, sec := range p {
		parts[k] = strconv.Itoa(sec)
	}
	return strings.Join(parts, ">")
}

func (s *State) hazardNote(sec int) string {
	var bits []string
	if h := s.hazards(sec); len(h) > 0 {
		bits = append(bits, "hazardous: "+strings.Join(h, ", "))
	}
	if s.Sections[sec].Env["gas"] > 0 && has(s.Sections[sec].Res, "rebreathers") {
		bits = append(bits, "gas, rebreathers there")
	}
	if len(bits) == 0 {
		return ""
	}
	return " (" + strings.Join(bits, "; ") + ")"
}

func (s *State) applyMob(key string) {
	m := s.Mob
	m.init()
	switch {
	case strings.HasPrefix(key, "m:"):
		m.Cur = strings.TrimPrefix(key, "m:")
		i := figIndex(m.Cur)
		if len(m.Paths[m.Cur]) == 0 {
			m.Paths[m.Cur] = []int{s.Figures[i].Sec}
		}
	case strings.HasPrefix(key, "to:"):
		b, _ := strconv.Atoi(strings.TrimPrefix(key, "to:"))
		i := figIndex(m.Cur)
		if len(m.Paths[m.Cur]) == 1 {
			s.stopBusy(i, "moves") // §6.7
		}
		if s.hatch(s.Figures[i].Sec, b) {
			ex := s.activate(i, 1)
			if s.Excess < 0 {
				ex = 0
			}
			s.note("10.3.9", fmt.Sprintf("%s goes through the torpedo-loading hatch between %d and %d: he is activated.", m.Cur, s.Figures[i].Sec, b))
			s.excess(ex, "6.6.1")
		}
		s.Figures[i].Sec = b
		m.Paths[m.Cur] = append(m.Paths[m.Cur], b)
		k := strconv.Itoa(b)
		if !slices.Contains(m.Exposed[k], m.Cur) {
			m.Exposed[k] = append(m.Exposed[k], m.Cur)
		}
		carry := ""
		if c := m.Carry[m.Cur]; c != "" {
			carry = ", carrying the " + c
		}
		s.logLine("6.4", fmt.Sprintf("%s moves into section %d%s.", m.Cur, b, carry))
	case strings.HasPrefix(key, "take:"):
		r := strings.TrimPrefix(key, "take:")
		i := figIndex(m.Cur)
		sec := &s.Sections[s.Figures[i].Sec]
		k := slices.Index(sec.Res, r)
		sec.Res = slices.Delete(sec.Res, k, k+1)
		m.Carry[m.Cur], m.Took[m.Cur] = r, r
		s.logLine("6.4", fmt.Sprintf("%s takes the %s from section %d.", m.Cur, r, s.Figures[figIndex(m.Cur)].Sec))
	case key == "drop":
		s.dropCarried(m.Cur)
	case key == "stop":
		s.dropCarried(m.Cur)
		i := figIndex(m.Cur)
		s.note("6.4", fmt.Sprintf("%s: %s.", m.Cur, pathText(s.pathOf(i))))
		m.Cur = ""
	case key == "end":
		s.endMob()
	}
}

// dropCarried puts down what a figure carries, where he stands.
func (s *State) dropCarried(fig string) {
	r := s.Mob.Carry[fig]
	if r == "" {
		return
	}
	sec := s.Figures[figIndex(fig)].Sec
	s.Sections[sec].Res = append(s.Sections[sec].Res, r)
	delete(s.Mob.Carry, fig)
	s.note("6.4", fmt.Sprintf("%s puts the %s down in section %d.", fig, r, sec))
}

// endMob resolves crew damage in every hazardous section on everyone who
// moved into or through it and everyone in it now (§6.4, §6.12), then
// ends the Mobilization.
func (s *State) endMob() {
	m := s.Mob
	for sec := 1; sec <= 8; sec++ {
		if len(s.hazards(sec)) == 0 {
			continue
		}
		var affected []int
		for _, f := range m.Exposed[strconv.Itoa(sec)] {
			affected = append(affected, figIndex(f))
		}
		for _, i := range s.inSection(sec, false) {
			if !slices.Contains(affected, i) {
				affected = append(affected, i)
			}
		}
		s.damageSection(sec, affected, "6.4")
	}
	s.Mob = nil
	s.note("6.4", "The Mobilization ends: crew in position.")
}
