package fidelity

import (
	"testing"
)

// floodedOut: underAttack's round 1 with five hits (E3 12); first, if given,
// a crew injury (E4 13, who, severity), then E4 54 until the 8-space track is
// full; then the scuttle roll.
func floodedOut(t *testing.T, injury []int, scuttle [2]int) *game {
	g := underAttack(t, "")
	faces := []int{4, 5, 6, 6}
	n := 4
	if injury != nil {
		faces = append(faces, 1, 3)
		faces = append(faces, injury...)
	}
	for i := 0; i < n; i++ {
		faces = append(faces, 5, 4)
	}
	faces = append(faces, scuttle[0], scuttle[1])
	g.choose("hold_depth", faces...)
	return g
}

// 10.9.2: "On a roll of 2-11, the scuttle is successful. If the roll is 12,
// the scuttling fails and the U-Boat is captured." 5.2.2: "the moment your
// U-Boat is captured due to unsuccessful scuttle attempt, this results in an
// automatic 'Defeat'".
func TestS10_9_2ScuttleFailsOnTwelveBoatCaptured(t *testing.T) {
	for _, c := range []struct {
		faces  [2]int
		result string
	}{{[2]int{5, 6}, "scuttled"}, {[2]int{6, 6}, "captured"}} {
		g := floodedOut(t, nil, c.faces)
		r := firstRoll(t, g.all, "", "cuttl")
		if r.Result != c.result {
			t.Fatalf("scuttle %v: %+v, want %s", c.faces, r, c.result)
		}
		if g.outcome() == nil || g.outcome().Level != "defeat" {
			t.Fatalf("scuttle %v: outcome %+v", c.faces, g.outcome())
		}
	}
}

// 10.9.3: "Apply an unfavorable +1 modifier to the scuttle attempt if the
// Kommandant is SW": 11 +1 = 12, captured.
func TestS10_9_3WoundedKommandantPlusOneOnScuttle(t *testing.T) {
	g := floodedOut(t, []int{1, 1, 4}, [2]int{5, 6})
	r := firstRoll(t, g.all, "", "cuttl")
	if v, ok := modifier(r, "Kommandant"); !ok || v != 1 || r.Total != 12 || r.Result != "captured" {
		t.Fatalf("scuttle with the Kommandant SW: %+v, want 11 +1 = 12 captured", r)
	}
}
