package pictures

import (
	"strconv"
	"strings"

	"github.com/kaleun/kaleun/engine/xxi/content"
)

// place is where on the U-boat Mission Track a flotilla is drawn.
type place struct {
	kind string // valentin, pen, lost, encounter, area, home, elsewhere
	path int    // the path's index in the pack, for encounter, area, home
	slot int    // the encounter space's index, for encounter
}

// placeOf reads a Flotilla's Where (see Flotilla) against the pack's paths.
func placeOf(where string, paths []content.Path) place {
	w := strings.TrimSpace(where)
	lw := strings.ToLower(w)
	switch {
	case strings.Contains(lw, "valentin"):
		return place{kind: "valentin"}
	case strings.Contains(lw, "prototype") || lw == "pen":
		return place{kind: "pen"}
	case strings.Contains(lw, "scrap") || lw == "eliminated" || lw == "lost" || lw == "sunk":
		return place{kind: "lost"}
	}
	for i, p := range paths {
		if strings.EqualFold(w, p.Area.Name) {
			return place{kind: "area", path: i}
		}
	}
	pathID, space, ok := strings.Cut(w, ":")
	if !ok {
		return place{kind: "elsewhere"}
	}
	space = strings.TrimSpace(space)
	for i, p := range paths {
		if !strings.EqualFold(strings.TrimSpace(pathID), p.ID) {
			continue
		}
		ls := strings.ToLower(space)
		switch {
		case ls == "home" || strings.Contains(ls, "trip home") || ls == "dth":
			return place{kind: "home", path: i}
		case ls == "area" || strings.EqualFold(space, p.Area.Name):
			return place{kind: "area", path: i}
		}
		if n, err := strconv.Atoi(space); err == nil && n >= 1 && n <= len(p.Spaces) {
			return place{kind: "encounter", path: i, slot: n - 1}
		}
		for k, e := range p.Spaces {
			if strings.EqualFold(space, e.Name) {
				return place{kind: "encounter", path: i, slot: k}
			}
		}
	}
	return place{kind: "elsewhere"}
}

// areaIndex is the index of the path whose convoy area is named name, or -1.
func areaIndex(name string, paths []content.Path) int {
	for i, p := range paths {
		if strings.EqualFold(strings.TrimSpace(name), p.Area.Name) {
			return i
		}
	}
	return -1
}
