package enginetest

import (
	"maps"
	"slices"
	"strings"
	"testing"
)

// A state with every kind of reference, for CheckClone's own test.
type cloneSample struct {
	List  []int
	Rows  []cloneRow
	Index map[string]*cloneRow
	Next  *cloneSample
	Arr   [2]cloneRow
	rules *int
	work  []int
	kept  []string
}

type cloneRow struct {
	Name string
	Hits []int
}

func (r cloneRow) clone() cloneRow { r.Hits = slices.Clone(r.Hits); return r }

// deepClone is the sound copy of a cloneSample.
func deepClone(s *cloneSample) *cloneSample {
	if s == nil {
		return nil
	}
	c := *s
	c.work = nil
	c.List = slices.Clone(s.List)
	c.kept = slices.Clone(s.kept)
	c.Rows = slices.Clone(s.Rows)
	for i := range c.Rows {
		c.Rows[i] = c.Rows[i].clone()
	}
	c.Arr = [2]cloneRow{s.Arr[0].clone(), s.Arr[1].clone()}
	c.Index = maps.Clone(s.Index)
	for k, r := range c.Index {
		if r != nil {
			r2 := r.clone()
			c.Index[k] = &r2
		}
	}
	c.Next = deepClone(s.Next)
	return &c
}

var sampleSpec = CloneSpec{Shared: []string{"enginetest.cloneSample.rules"}, Fresh: []string{"enginetest.cloneSample.work"}}

// CheckClone passes a sound copy and names the field of each unsound one:
// a slice, a nested slice, a map's pointed-to value, an unexported slice
// shared; a field forgotten; a fresh field kept; a shared one copied.
func TestCheckCloneFindsEveryFault(t *testing.T) {
	if f := cloneFault(deepClone, sampleSpec); f != "" {
		t.Fatalf("a sound clone: %s", f)
	}
	for name, c := range map[string]struct {
		clone func(*cloneSample) *cloneSample
		want  string
	}{
		"shallow":       {func(s *cloneSample) *cloneSample { c := *s; c.work = nil; return &c }, "enginetest.cloneSample."},
		"nested slice":  {func(s *cloneSample) *cloneSample { c := deepClone(s); c.Rows[1].Hits = s.Rows[1].Hits; return c }, "Rows[1].Hits"},
		"array's slice": {func(s *cloneSample) *cloneSample { c := deepClone(s); c.Arr[0].Hits = s.Arr[0].Hits; return c }, "Arr[0].Hits"},
		"map value": {func(s *cloneSample) *cloneSample {
			c := deepClone(s)
			c.Index = maps.Clone(s.Index)
			return c
		}, "Index[s"},
		"unexported":    {func(s *cloneSample) *cloneSample { c := deepClone(s); c.kept = s.kept; return c }, "cloneSample.kept"},
		"forgotten":     {func(s *cloneSample) *cloneSample { c := deepClone(s); c.kept = nil; return c }, "the clone differs from the original: enginetest.cloneSample.kept"},
		"fresh kept":    {func(s *cloneSample) *cloneSample { c := deepClone(s); c.work = slices.Clone(s.work); return c }, "a fresh field"},
		"shared copied": {func(s *cloneSample) *cloneSample { c := deepClone(s); r := *s.rules; c.rules = &r; return c }, "a shared field"},
		"overlapping": {func(s *cloneSample) *cloneSample {
			c := deepClone(s)
			back := append(slices.Clone(s.Rows[0].Hits), s.Rows[1].Hits...)
			n := len(s.Rows[0].Hits)
			c.Rows[0].Hits, c.Rows[1].Hits = back[:n], back[n:] // the first's spare room is the second
			return c
		}, "Rows[0].Hits and enginetest.cloneSample.Rows[1].Hits"},
	} {
		t.Run(name, func(t *testing.T) {
			f := cloneFault(c.clone, sampleSpec)
			if !strings.Contains(f, c.want) {
				t.Fatalf("got %q, want it to name %q", f, c.want)
			}
		})
	}
}
