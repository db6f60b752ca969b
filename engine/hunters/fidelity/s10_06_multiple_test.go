package fidelity

import (
	"testing"
)

// 10.6.2: "Crew Damage may also be cumulative (i.e. 2x LW = SW, 2x SW = KIA)
// ... However, an LW result has no effect on a crew space that is already
// SW." Two wounds to the 1WO (2d6 = 3) in one round.
func TestS10_6_2CrewWoundsAccumulate(t *testing.T) {
	for _, c := range []struct {
		first, second int
		want          string
	}{{1, 2, "SW"}, {4, 5, "KIA"}, {4, 1, "SW"}, {1, 6, "KIA"}} {
		g := underAttack(t, "")
		// E3 7: two hits, E4 13 each: 1+2 = 1WO.
		g.choose("hold_depth", 4, 5, 4, 3, 1, 3, 1, 2, c.first, 1, 3, 1, 2, c.second)
		if got := g.field("status", "1WO"); got != c.want && !(len(got) > len(c.want) && got[:len(c.want)] == c.want) {
			t.Fatalf("1WO wounded %d then %d: %q, want %s", c.first, c.second, got, c.want)
		}
	}
}

// 10.6.3: "No other damage results are cumulative. Recurring damage for a
// system that is already damaged ... is treated as 'No Effect.'" Two battery
// hits: one Damage marker, one repair roll.
func TestS10_6_3RecurringSystemDamageNoEffect(t *testing.T) {
	g := underAttack(t, "")
	g.choose("hold_depth", 4, 5, 4, 3, 1, 1, 1, 1) // E4 11, 11
	evs := g.choose("hold_depth", 1, 1, 4)
	if got := results(evs, "E5", "Repair"); len(got) != 1 || got[0] != "repaired" {
		t.Fatalf("repairs %v, want one (batteries)", got)
	}
}

// 10.6.3: damage to a system "not present, such as the 3.7cm Flak gun on a
// Type VII boat) is treated as 'No Effect'": nothing to repair afterwards.
func TestS10_6_3FlakGunNotAboardNoEffect(t *testing.T) {
	g := underAttack(t, "")
	g.choose("hold_depth", 4, 5, 2, 2, 2, 6) // E4 26: 3.7cm flak
	evs := g.choose("hold_depth", 1, 1)
	if r := rolls(evs, "E5", ""); len(r) != 0 {
		t.Fatalf("a repair for a gun the VIIC does not carry: %+v", r)
	}
	g.wantField("status", "2cm Flak", "OK")
}

// 10.6.4: "A result of 'Flak Gun(s)' damages all Flak guns, should the U-Boat
// carry two or more Flak guns." A Type IXB (2cm and 3.7cm) hit on E4 24 by an
// aircraft in box 1 (Transit before July 1940: 1+1): two repair rolls.
func TestS10_6_4FlakGunsResultHitsBothTypeIXGuns(t *testing.T) {
	// Kapitänleutnant (Type IX, 11.2.2): the set-up rolls nothing; once the
	// load is stowed, request roll 2 (none); P1 3+4 British Isles.
	g := career(t, map[string]string{"boat": "IXB", "start": "1940-04", "kommandant": "Schütze", "uboat": "U-103"})
	// Transit 1+1 aircraft; A1 3+3 -1 Type IX = 5: one attack; flak 1+1 shot
	// down; E3 2+2+2 = 6: E4 24 flak guns; injury 3+4, 1; repairs 3, 3 fail.
	evs := g.load(false, 2, 3, 4, 1, 1, 3, 3, 1, 1, 2, 2, 2, 4, 3, 4, 1, 3, 3)
	if got := results(evs, "E5", "Repair"); len(got) != 2 || got[0] == "repaired" || got[1] == "repaired" {
		t.Fatalf("flak repairs %v, want two failures\n%s", got, dump(evs))
	}
	g.wantField("status", "2cm Flak", "inoperable")
	g.wantField("status", "3.7cm Flak", "inoperable")
}
