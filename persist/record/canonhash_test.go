package record

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/kaleun/kaleun/persist/canonjson"
)

// HashEntryCanonical must give HashEntryVersion(LogV2)'s hash whenever it
// says ok, and decline (ok false) where its shortcut would not hold: the
// verifier falls back to HashEntryVersion there.
func TestHashEntryCanonicalIsTheV2Hash(t *testing.T) {
	events := []string{
		`{"kind":"note","case":"4.3.1","text":"Altmann takes command of U-69 <&> ü \u2028 🎲"}`,
		`{"text":"x","kind":"roll","roll":{"faces":[3,3],"total":6.0,"natural":1e2}}`,
		`{ "kind" : "seed", "seed" : { "action" : "commit", "from" : 0 } }`,
		`{"kind":"choice","choice":{"token":"0","key":"e3"},"z":null,"a":[true,false,{}]}`,
	}
	entries := []EventRecord{
		{Seq: 1, Decision: -1, Prev: ""},
		{Seq: 2, Decision: 0, Dice: []int64{0, 1, 2}, Prev: "fc9598b73b028e85f7ee7c1027945f7aece3fb4a1ae27284e462a6f02a5e891d"},
		{Seq: 3, Decision: 7, Dice: []int64{}, Prev: "plain text, with spaces ~"},
		{Seq: math.MaxInt32, Decision: 1 << 40, Dice: []int64{1 << 52}, Prev: "a"},
		{Seq: 1<<53 + 1, Decision: 1, Prev: "a"},                   // beyond 2^53: declined
		{Seq: 5, Decision: 1, Dice: []int64{1<<53 + 1}, Prev: "a"}, // declined
		{Seq: 5, Decision: 1, Prev: `quote " here`},                // declined
		{Seq: 5, Decision: 1, Prev: "ü"},                           // declined
		{Seq: 5, Decision: 1, Prev: "<tag>&"},
	}
	accepted, declined := 0, 0
	for _, ev := range events {
		canon, err := canonjson.JCS([]byte(ev))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			e.Event = json.RawMessage(ev)
			want, err := HashEntryVersion(LogV2, e)
			got, _, ok := HashEntryCanonical(e, canon, nil)
			if ok && err != nil {
				t.Errorf("entry %+v: canonical hash %s, but HashEntryVersion refuses it: %v", e, got, err)
			}
			if !ok {
				declined++
				continue
			}
			accepted++
			if got != want {
				t.Errorf("entry %+v event %s: canonical hash %s, HashEntryVersion %s", e, ev, got, want)
			}
		}
	}
	if accepted != 5*len(events) || declined != 4*len(events) {
		t.Errorf("accepted %d, declined %d: want %d and %d", accepted, declined, 5*len(events), 4*len(events))
	}
}
