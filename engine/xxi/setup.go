package xxi

import (
	"fmt"
	"slices"
	"strings"

	"github.com/kaleun/kaleun/engine/xxi/content"
)

// setUp is 13.0: the counters of the pack's mix, each with its stable id,
// placed as the set-up says; then the first turn begins.
func (s *State) setUp() {
	k := s.pack.Counters
	add := func(c Counter) { s.Counters = append(s.Counters, c) }
	// Resources: one of each letter on its production space, the rest in
	// the Counter Draw Pile (13.0; 2.2.1-2.2.3: three Hulls, two Systems
	// and two Crew start on the map).
	for _, r := range []struct {
		kind, prefix string
		by           map[string]int
	}{{KindHull, "hull", k.Hulls}, {KindSystems, "systems", k.Systems}, {KindCrew, "crew", k.Crew}} {
		letters := make([]string, 0, len(r.by))
		for l := range r.by {
			letters = append(letters, l)
		}
		slices.Sort(letters)
		for _, l := range letters {
			for i := 1; i <= r.by[l]; i++ {
				at := AtCDP
				if i == 1 {
					at = spaceAt(l)
				}
				add(Counter{ID: fmt.Sprintf("%s-%s%d", r.prefix, l, i), Kind: r.kind, Letter: l, At: at})
			}
		}
	}
	for i := 1; i <= k.IBG; i++ {
		add(Counter{ID: fmt.Sprintf("ibg-%d", i), Kind: KindIBG, At: AtCDP})
	}
	for i, v := range k.Convoys {
		add(Counter{ID: fmt.Sprintf("convoy-%d", i+1), Kind: KindConvoy, Value: v, At: AtCDP})
	}
	// The optional eighth convoy (+6) is set aside (13.0, 16.2.3).
	add(Counter{ID: fmt.Sprintf("convoy-%d", len(k.Convoys)+1), Kind: KindConvoy, Value: k.OptionalConvoy, At: AtAside})
	for i := 1; i <= k.Armies; i++ {
		add(Counter{ID: fmt.Sprintf("army-%d", i), Kind: KindArmy, At: AtCDP})
	}
	for i, icon := range k.Devastation {
		add(Counter{ID: fmt.Sprintf("dev-%d", i+1), Kind: KindDevastation, Icon: icon, At: AtCDP})
	}
	// Two Type VIIs in Valentin, the third set aside (13.0, 16.1.3); the
	// five XXIs in the Prototype Pen.
	for i := 1; i <= k.TypeVII; i++ {
		at := AtValentin
		if i > 2 {
			at = AtAside
		}
		add(Counter{ID: fmt.Sprintf("VII-%d", i), Kind: KindVII, At: at})
	}
	for i := 1; i <= k.TypeXXI; i++ {
		add(Counter{ID: fmt.Sprintf("XXI-%d", i), Kind: KindXXI, At: AtPen})
	}
	// Three Priority Transports and two AA counters are set aside (13.0).
	for i := 1; i <= k.AntiAircraft; i++ {
		add(Counter{ID: fmt.Sprintf("aa-%d", i), Kind: KindAA, At: AtAside})
	}
	for i := 1; i <= k.PriorityTransport; i++ {
		add(Counter{ID: fmt.Sprintf("pt-%d", i), Kind: KindPriority, At: AtAside})
	}
	var onMap []string
	for _, c := range s.Counters {
		if strings.HasPrefix(c.At, "space:") {
			onMap = append(onMap, fmt.Sprintf("%s on %s", c.Label(), s.spaceName(c.Letter)))
		}
	}
	s.note("13.0", "Set-up: %s; two Type VIIs in the Valentin U-boat Shelter, %d Type XXIs in the Prototype U-boat Pen; the Available Transport Points marker on 0; set aside for the optional rules (text not available): one Type VII, the Convoy %d, %d Priority Transports and %d AA; %d counters in the Counter Draw Pile.",
		strings.Join(onMap, ", "), k.TypeXXI, k.OptionalConvoy, k.PriorityTransport, k.AntiAircraft, s.count(AtCDP, nil))
	s.Turn, s.Phase = 1, PhaseDraw
}

// track is the pack's Götterdämmerung Turn Record Track (2.4.4).
func (s *State) track() content.TurnTrack { return s.pack.Tracks.Gotterdammerung }
