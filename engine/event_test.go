package engine

import (
	"encoding/json"
	"strings"
	"testing"
)

// A roll whose modifiers add to the dice reads "dice = natural, modifiers =
// total"; one whose modifiers change the target reads "natural vs target".
func TestRollStringSaysWhatWasCompared(t *testing.T) {
	die := Roll{Chart: "E2", Case: "9.6.7", Purpose: "Escort Detection", Dice: "2d6", Faces: []int{4, 4}, Natural: 8,
		Modifiers: []Modifier{{Value: 1, Reason: "G7a by day"}}, Total: 9, Result: "detected"}
	if got, want := die.String(), "Escort Detection [E2] (9.6.7): 2d6 = 4+4 = 8, +1 G7a by day = 9 → detected"; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	b, _ := json.Marshal(die)
	if strings.Contains(string(b), "target") {
		t.Errorf("a roll without a target leaves the field out (older readers): %s", b)
	}
	evade := Roll{Case: "8.5.1", Purpose: "U-boat evades", Dice: "1d20", Faces: []int{9}, Natural: 9,
		Modifiers: []Modifier{{Value: -2, Reason: "escort"}, {Value: 6, Reason: "evade card"}}, Total: 14, Result: "evaded",
		Target: &Target{Name: "evade", Base: 10}}
	if got, want := evade.String(), "U-boat evades (8.5.1): 1d20 = 9 vs evade ≤ 10 -2 escort +6 evade card = 14 → evaded"; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	plain := Roll{Case: "8.3.1", Purpose: "Shot", Dice: "1d20", Faces: []int{3}, Natural: 3, Total: 2, Result: "miss", Target: &Target{Name: "hit", Base: 2}}
	if got, want := plain.String(), "Shot (8.3.1): 1d20 = 3 vs hit ≤ 2 → miss"; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	half := Roll{Case: "8.3.2", Purpose: "Shot", Dice: "1d20", Faces: []int{5}, Natural: 5, Total: 5, Result: "hit", Target: &Target{Name: "half attack", Base: 10, Halved: true}}
	if got, want := half.String(), "Shot (8.3.2): 1d20 = 5 vs half attack ≤ 10 / 2 = 5 → hit"; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// A roll read die by die, the highest counting (XXI's "if any one die
// equals or exceeds", 9.2), lists its faces and the highest instead of a
// sum that would not add up ("2d6 = 3+4 = 4").
func TestRollStringReadsTheHighestDie(t *testing.T) {
	r := Roll{Case: "9.2", Purpose: "Engine test, 4+", Dice: "2d6", Faces: []int{3, 4}, Natural: 4, Total: 4, Result: "pass", Highest: true}
	if got, want := r.String(), "Engine test, 4+ (9.2): 2d6 = 3, 4: highest 4 → pass"; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	one := Roll{Case: "9.4", Purpose: "Depth charges, 2+", Dice: "1d6", Faces: []int{5}, Natural: 5, Total: 5, Result: "hit", Highest: true}
	if got, want := one.String(), "Depth charges, 2+ (9.4): 1d6 = 5 → hit"; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	b, _ := json.Marshal(Roll{Dice: "2d6", Faces: []int{1, 2}, Natural: 3, Total: 3})
	if strings.Contains(string(b), "highest") {
		t.Errorf("a summed roll leaves the field out (older readers): %s", b)
	}
}
