package battle

import (
	"testing"

	"github.com/kaleun/kaleun/engine/xxi/content"
)

// Test9_10 plays the rulebook's U-boat Mission Example (9.10) die by die,
// in its own words, with the default rulings.
func Test9_10(t *testing.T) {
	p := mustNew(t, setup9_10(t, DefaultRulings()))
	atl := "sail:VII-1:" + content.Atlantic
	wantKind(t, p, KindSail, atl, "sail:VII-1:"+content.WesternApproaches, "sail:VII-2:"+content.Atlantic, "sail:VII-2:"+content.WesternApproaches, "end")

	// "two Type VII U-boat flotillas are sent on a mission using the
	// bottom path": the first.
	p, ev := step(t, p, atl)
	wantRolls(t, ev)
	wantKind(t, p, KindEncounter, "test", "abort")
	// "The first Type VII rolls 2d6 ... and rolls a 3 and a 4. The roll of
	// 4 passes the test".
	p, ev = step(t, p, "test", 3, 4)
	wantRolls(t, ev, "9.2 2d6 [3 4] pass")
	wantKind(t, p, KindEncounter, "test", "abort")
	// PBY Searchers, 5+: "rolls a 2 and 4. Both fail ... the Allies roll
	// 1d6, looking for a 2+. The roll is a 5 for a hit. The U-boat
	// flotilla is flipped to its Depleted side."
	p, ev = step(t, p, "test", 2, 4, 5)
	wantRolls(t, ev, "9.2 2d6 [2 4] fail", "9.4 1d6 [5] hit")
	if f := flot(t, p, "VII-1"); !f.Depleted || f.Sunk {
		t.Fatalf("VII-1 after PBY Searchers: %+v, want Depleted", f)
	}
	wantKind(t, p, KindAfterDC, "continue", "abort")
	// "The player decides to send the depleted U-boat home ... It rolls
	// 2d6, looking for a 4+ ... a 4 and 5, thus passing".
	p, ev = step(t, p, "abort", 4, 5)
	wantRolls(t, ev, "9.6 2d6 [4 5] pass")
	if f := flot(t, p, "VII-1"); !f.Depleted || f.Sunk || !f.Sailed {
		t.Fatalf("VII-1 back in Valentin: %+v, want Depleted, sailed", f)
	}
	// VII-1 is Depleted and has sailed: only VII-2 may go (9.1, 9.9).
	wantKind(t, p, KindSail, "sail:VII-2:"+content.Atlantic, "sail:VII-2:"+content.WesternApproaches, "end")

	// "The second Type VII flotilla rolls a 1 and 6 to advance into the
	// Open Ocean space ... PBY Searchers. The rolls were 3 and 5 ... Scout
	// Bomber ... results of 5 and 6 ... Destroyer Screen ... 4 and 4 ...
	// the Allies roll 2d6, looking for 2+. The die rolls are 3 and 6, so
	// both hit, but only one hit applies."
	p, _ = step(t, p, "sail:VII-2:"+content.Atlantic)
	p, ev = step(t, p, "test", 1, 6)
	wantRolls(t, ev, "9.2 2d6 [1 6] pass")
	p, ev = step(t, p, "test", 3, 5)
	wantRolls(t, ev, "9.2 2d6 [3 5] pass")
	p, ev = step(t, p, "test", 5, 6)
	wantRolls(t, ev, "9.2 2d6 [5 6] pass")
	p, ev = step(t, p, "test", 4, 4, 3, 6)
	wantRolls(t, ev, "9.2 2d6 [4 4] fail", "9.4 2d6 [3 6] hit")
	if f := flot(t, p, "VII-2"); !f.Depleted || f.Sunk {
		t.Fatalf("VII-2 after the Destroyer Screen: %+v, want Depleted (one hit only, 9.4)", f)
	}
	// "Now comes a choice: Advance Depleted into the Atlantic Ocean ... or
	// retreat into the Dangerous Trip Home space."
	wantKind(t, p, KindAfterDC, "continue", "abort")
	p, ev = step(t, p, "continue")
	wantRolls(t, ev)
	wantKind(t, p, KindConvoy, "attack:convoy-5", "leave")
	// "rolls 2d6 ... against the Convoy rated a 5 ... 4 and 5, so the
	// Convoy is sunk. However, the Allies roll 2d6 ... The rolls are 1 and
	// 4, generating one hit. The already depleted U-boat is eliminated".
	p, ev = step(t, p, "attack:convoy-5", 4, 5, 1, 4)
	wantRolls(t, ev, "9.7 2d6 [4 5] sunk", "9.8 2d6 [1 4] hit")
	if f := flot(t, p, "VII-2"); !f.Sunk {
		t.Fatalf("VII-2: %+v, want sunk", f)
	}
	if c := p.Convoys(); !c[0].Sunk {
		t.Fatalf("convoy 5: %+v, want sunk", c[0])
	}
	// No Full-strength flotilla is left in Valentin: the phase is over.
	if pr := p.Prompt(); pr != nil {
		t.Fatalf("prompt %s after 9.10, want the phase over", pr.Kind)
	}
}
