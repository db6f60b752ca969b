package uboatleader

// The two boards as graphs: the campaign map (UBL-1.2, UBL-5.1) and the
// tactical display (UBL-1.4 "Aree Adiacenti": adjacency gives both range
// and movement).

import (
	"fmt"
	"strings"
)

// mapGraph is a campaign map.
type mapGraph struct {
	def   *MapDef
	areas map[string]*AreaDef
	order []string
	// toPort is each area's distance to the nearest port (UBL-5.1: an Unfit
	// boat sails for the nearest port).
	toPort map[string]int
}

func newMapGraph(m *MapDef) *mapGraph {
	g := &mapGraph{def: m, areas: map[string]*AreaDef{}, toPort: map[string]int{}}
	var ports []string
	for i := range m.Areas {
		a := &m.Areas[i]
		g.areas[a.ID] = a
		g.order = append(g.order, a.ID)
		if a.Kind == KindPort {
			ports = append(ports, a.ID)
		}
	}
	// Multi-source breadth-first search from every port.
	q := append([]string(nil), ports...)
	for _, p := range ports {
		g.toPort[p] = 0
	}
	for len(q) > 0 {
		a := q[0]
		q = q[1:]
		for _, n := range g.areas[a].Adjacent {
			if _, seen := g.toPort[n]; !seen && g.areas[n] != nil {
				g.toPort[n] = g.toPort[a] + 1
				q = append(q, n)
			}
		}
	}
	return g
}

func (g *mapGraph) area(id string) *AreaDef { return g.areas[id] }

func (g *mapGraph) isPort(id string) bool {
	a := g.areas[id]
	return a != nil && a.Kind == KindPort
}

// Display area kinds.
const (
	RingLong   = "long"
	RingMedium = "medium"
	RingShort  = "short"
	RingConvoy = "convoy"
	RingWake   = "wake"
)

// displayGraph is the tactical display with every distance precomputed.
type displayGraph struct {
	def   *DisplayDef
	ids   []string
	index map[string]int
	kind  []string
	// pos is an area's place in its ring, for clockwise moves (UBL-6.12).
	pos  []int
	ring map[string][]string
	adj  [][]int
	dist [][]int
	wake int
	// codes are the areas' codes (code), by code.
	codes map[string]string
}

// ringCodes name a ring in its areas' codes.
var ringCodes = map[string]string{RingLong: "long", RingMedium: "mid", RingShort: "short", RingConvoy: "convoy"}

// code is an area's code in option keys, texts and pictures: its ring and
// its place in it ("mid4", "convoy1", "wake"). A pack's own ids (the house
// pack's M0-M7, S0-S7) read like the counters' labels (merchant M4,
// warship W1), so they stay inside the pack; idOf still takes them, as
// option keys of games logged before the codes.
func (g *displayGraph) code(id string) string {
	i, ok := g.index[id]
	switch {
	case !ok:
		return id
	case g.kind[i] == RingWake:
		return RingWake
	case g.kind[i] == RingConvoy:
		return fmt.Sprintf("%s%d", ringCodes[RingConvoy], g.pos[i]+1)
	}
	return fmt.Sprintf("%s%d", ringCodes[g.kind[i]], g.pos[i])
}

// idOf is the area a code names (or a pack id, as older keys do); ok is
// false for neither.
func (g *displayGraph) idOf(code string) (string, bool) {
	if id, ok := g.codes[code]; ok {
		return id, true
	}
	_, ok := g.index[code]
	return code, ok
}

func newDisplayGraph(d *DisplayDef) *displayGraph {
	g := &displayGraph{def: d, index: map[string]int{}, ring: map[string][]string{}}
	add := func(kind string, ids []string) {
		g.ring[kind] = ids
		for i, id := range ids {
			g.index[id] = len(g.ids)
			g.ids = append(g.ids, id)
			g.kind = append(g.kind, kind)
			g.pos = append(g.pos, i)
		}
	}
	add(RingLong, d.Long)
	add(RingMedium, d.Medium)
	add(RingShort, d.Short)
	add(RingConvoy, d.Convoy)
	add(RingWake, []string{d.Wake})
	g.wake = g.index[d.Wake]
	g.codes = map[string]string{}
	for _, id := range g.ids {
		g.codes[g.code(id)] = id
	}
	g.adj = make([][]int, len(g.ids))
	link := func(a, b string) {
		i, j := g.index[a], g.index[b]
		for _, x := range g.adj[i] {
			if x == j {
				return
			}
		}
		g.adj[i] = append(g.adj[i], j)
		g.adj[j] = append(g.adj[j], i)
	}
	for _, kind := range []string{RingLong, RingMedium, RingShort, RingConvoy} {
		ids := g.ring[kind]
		for i := range ids {
			link(ids[i], ids[(i+1)%len(ids)])
		}
	}
	for _, l := range d.Links {
		link(l[0], l[1])
	}
	// Keep each area's neighbours in display order, so that every fixed
	// priority (an escort's path, UBL-6.12) reads the same in every game.
	for i := range g.adj {
		sortInts(g.adj[i])
	}
	n := len(g.ids)
	g.dist = make([][]int, n)
	for s := 0; s < n; s++ {
		d := make([]int, n)
		for i := range d {
			d[i] = -1
		}
		d[s] = 0
		q := []int{s}
		for len(q) > 0 {
			a := q[0]
			q = q[1:]
			for _, b := range g.adj[a] {
				if d[b] < 0 {
					d[b] = d[a] + 1
					q = append(q, b)
				}
			}
		}
		g.dist[s] = d
	}
	return g
}

// Dist is the range between two areas: steps of adjacency, 0 in the same
// area (UBL-1.4).
func (g *displayGraph) Dist(a, b string) int {
	i, ok1 := g.index[a]
	j, ok2 := g.index[b]
	if !ok1 || !ok2 {
		return 1 << 20
	}
	return g.dist[i][j]
}

func (g *displayGraph) kindOf(a string) string {
	if i, ok := g.index[a]; ok {
		return g.kind[i]
	}
	return ""
}

func (g *displayGraph) neighbours(a string) []string {
	i := g.index[a]
	out := make([]string, len(g.adj[i]))
	for k, j := range g.adj[i] {
		out[k] = g.ids[j]
	}
	return out
}

// turn is the next area of a ring clockwise (+1) or counter-clockwise (-1).
func (g *displayGraph) turn(a string, dir int) string {
	i := g.index[a]
	ids := g.ring[g.kind[i]]
	return ids[(g.pos[i]+dir+len(ids))%len(ids)]
}

// name is how an area is called in prompts.
func (g *displayGraph) name(a string) string {
	if n, ok := g.def.Names[a]; ok && n != "" {
		return n
	}
	if a == "" {
		return "off the display"
	}
	return g.code(a)
}

// towards lists the areas exactly n steps nearer to target than a, reached
// by n steps that each come one nearer (the end points of every shortest
// path's first n steps). With n beyond the distance it is empty.
func (g *displayGraph) towards(a, target string, n int) []string {
	d := g.Dist(a, target)
	if n > d {
		return nil
	}
	var out []string
	for _, id := range g.ids {
		if g.Dist(id, target) == d-n && g.Dist(a, id) == n {
			out = append(out, id)
		}
	}
	return out
}

func sortInts(a []int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// areaAlias is the key of today's options for a key that names a display
// area by the pack's id ("to:M4", "L0"), as games logged before the codes
// did; any other key comes back as it is.
func (s *State) areaAlias(key string) string {
	g := s.display()
	rest, to := strings.CutPrefix(key, "to:")
	if _, ok := g.index[rest]; !ok || g.code(rest) == rest {
		return key
	}
	if to {
		return "to:" + g.code(rest)
	}
	return g.code(rest)
}
