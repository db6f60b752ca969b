package dice

import "testing"

// A Deriver gives Derive's faces, die after die, whatever the sides (the
// rejection loop's later counters too: a d255 rejects one byte in 256).
func TestDeriverIsDerive(t *testing.T) {
	for _, id := range []string{"", "g1", "seeded-854f8e18aa642940"} {
		d := NewDeriver(vectorSeed, id)
		for k := int64(0); k < 400; k++ {
			for _, sides := range []int{2, 6, 10, 52, 100, 129, 255} {
				if got, want := d.Face(k, sides), Derive(vectorSeed, id, k, sides); got != want {
					t.Fatalf("id %q die %d d%d: Deriver %d, Derive %d", id, k, sides, got, want)
				}
			}
		}
	}
	for _, v := range vectors {
		if got := NewDeriver(vectorSeed, v.id).Face(v.k, v.sides); got != v.face {
			t.Errorf("Deriver(%q).Face(%d, d%d) = %d, want %d", v.id, v.k, v.sides, got, v.face)
		}
	}
}
