package battle

import (
	"fmt"
	"slices"
	"strings"

	"github.com/kaleun/kaleun/engine/xxi/content"
)

// New starts the phase with a copy of s: the caller's slices are never
// shared. It refuses a malformed setup with an error naming what is wrong
// and the case that says so. When no flotilla can sail (9.1) the phase is
// over at once and Prompt is nil.
func New(s Setup) (Phase, error) {
	r, err := s.Rulings.normalized()
	if err != nil {
		return Phase{}, fmt.Errorf("battle phase setup: %w", err)
	}
	p := Phase{
		FlotillaState: slices.Clone(s.Flotillas),
		Paths:         clonePaths(s.Paths),
		ConvoyState:   slices.Clone(s.Convoys),
		Rulings:       r,
	}
	if err := p.check(); err != nil {
		return Phase{}, fmt.Errorf("battle phase setup: %w", err)
	}
	// With nothing on a mission yet, run rolls no die: it only ends a
	// phase in which no flotilla can sail (9.1).
	t := &turn{p: &p}
	if err := t.run(); err != nil {
		return Phase{}, fmt.Errorf("battle phase setup: %w", err)
	}
	return p, nil
}

// check refuses what the rulebook does not allow in the phase's setup.
func (p Phase) check() error {
	seen := map[string]bool{}
	for _, f := range p.FlotillaState {
		if f.ID == "" || strings.ContainsRune(f.ID, ':') {
			return fmt.Errorf("flotilla %q: an ID must be non-empty and hold no ':' (it is part of the sail key)", f.ID)
		}
		if seen[f.ID] {
			return fmt.Errorf("flotilla %s is listed twice", f.ID)
		}
		seen[f.ID] = true
		if f.Sunk {
			return fmt.Errorf("flotilla %s is sunk: a sunk flotilla is in the Scrap Pile, not in Valentin (2.1.1, 2.1.2)", f.ID)
		}
		rt := f.Ratings
		switch f.Class {
		case "VII":
			// 2.1.1: "All Type VIIs have a combat value of 2"; 8.5: they
			// never upgrade (XXI-A22).
			if rt != (Ratings{2, 2, 2, 2}) {
				return fmt.Errorf("flotilla %s: a Type VII is 2/2/2/2 (2.1.1, 8.5, XXI-A22), not %d/%d/%d/%d", f.ID, rt.Engine, rt.Silence, rt.Attack, rt.Defense)
			}
		case "XXI":
		default:
			return fmt.Errorf("flotilla %s: class %q is neither VII nor XXI (2.1.1, 2.1.2)", f.ID, f.Class)
		}
		if rt.Engine < 1 || rt.Silence < 1 || rt.Attack < 1 {
			return fmt.Errorf("flotilla %s: Engine, Silence and Attack are numbers of dice, at least 1 (2.4.9), not %d/%d/%d", f.ID, rt.Engine, rt.Silence, rt.Attack)
		}
		if rt.Defense < 1 || rt.Defense > 6 {
			return fmt.Errorf("flotilla %s: Defense %d: a depth-charge die must be able to reach it, so 1 to 6 (9.4)", f.ID, rt.Defense)
		}
	}
	if len(p.Paths) == 0 {
		return fmt.Errorf("no mission path: the U-boat Mission Track has two (9.1)")
	}
	paths := map[string]bool{}
	for _, pa := range p.Paths {
		if err := checkPath(pa); err != nil {
			return err
		}
		if paths[pa.ID] {
			return fmt.Errorf("path %s is listed twice", pa.ID)
		}
		paths[pa.ID] = true
	}
	convoys := map[string]bool{}
	for _, c := range p.ConvoyState {
		if c.ID == "" {
			return fmt.Errorf("a convoy has no ID")
		}
		if convoys[c.ID] {
			return fmt.Errorf("convoy %s is listed twice", c.ID)
		}
		convoys[c.ID] = true
		if c.Sunk {
			return fmt.Errorf("convoy %s is sunk: a sunk convoy is in the Scrap Pile, not in a convoy area (9.7)", c.ID)
		}
		if c.Value < 1 || c.Value > 6 {
			return fmt.Errorf("convoy %s: value %d: an attack die must be able to reach it, so 1 to 6 (2.1.3, 9.7)", c.ID, c.Value)
		}
		if !paths[c.Path] {
			return fmt.Errorf("convoy %s: no path %q leads to its area (9.7)", c.ID, c.Path)
		}
	}
	return nil
}

// checkPath is what the phase needs of a path (content's pack checks hold
// the rest).
func checkPath(pa content.Path) error {
	if pa.ID == "" || strings.ContainsRune(pa.ID, ':') {
		return fmt.Errorf("path %q: an ID must be non-empty and hold no ':' (it is part of the sail key)", pa.ID)
	}
	if len(pa.Spaces) != 4 {
		return fmt.Errorf("path %s: %d encounter spaces; each path has four (9.1)", pa.ID, len(pa.Spaces))
	}
	for i, s := range pa.Spaces {
		if s.Test != content.Engine && s.Test != content.Silence {
			return fmt.Errorf("path %s, space %d (%s): test %q is neither engine nor silence (9.2)", pa.ID, i+1, s.Name, s.Test)
		}
		if s.Target < 1 || s.Target > 6 {
			return fmt.Errorf("path %s, space %d (%s): target %d is not 1 to 6 (9.2)", pa.ID, i+1, s.Name, s.Target)
		}
		if s.DepthCharges < 0 {
			return fmt.Errorf("path %s, space %d (%s): %d depth-charge icons (9.4)", pa.ID, i+1, s.Name, s.DepthCharges)
		}
	}
	if pa.Area.DepthCharges < 1 {
		return fmt.Errorf("path %s: the %s's depth charges are %d dice; 9.8 rolls 2d6 or 3d6", pa.ID, pa.Area.Name, pa.Area.DepthCharges)
	}
	if pa.Home.Test != content.Engine {
		return fmt.Errorf("path %s: the Dangerous Trip Home is an Engine test (9.6), not %q", pa.ID, pa.Home.Test)
	}
	if pa.Home.Target < 1 || pa.Home.Target > 6 {
		return fmt.Errorf("path %s: the Dangerous Trip Home target %d is not 1 to 6 (9.6)", pa.ID, pa.Home.Target)
	}
	return nil
}

// clonePaths copies the paths and their spaces.
func clonePaths(ps []content.Path) []content.Path {
	out := slices.Clone(ps)
	for i := range out {
		out[i].Spaces = slices.Clone(out[i].Spaces)
	}
	return out
}

// clone is a deep copy of p: Apply changes the copy, never its receiver.
func (p Phase) clone() Phase {
	q := p
	q.FlotillaState = slices.Clone(p.FlotillaState)
	q.Paths = clonePaths(p.Paths)
	q.ConvoyState = slices.Clone(p.ConvoyState)
	q.Declared = slices.Clone(p.Declared)
	if p.Mission != nil {
		m := *p.Mission
		q.Mission = &m
	}
	return q
}
