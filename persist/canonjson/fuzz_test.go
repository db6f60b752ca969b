package canonjson

import (
	"encoding/json"
	"reflect"
	"testing"
)

// A canonical form is canonical: valid JSON, its own canonical form, and
// the same values as the text it came from (as encoding/json reads both).
func FuzzJCS(f *testing.F) {
	for _, s := range []string{`{"b":[1,2.5,-0,1e-7,"x\u00e9\ud83c\udfb2"],"a":{"c":null,"d":true}}`, `"\u2028<&>"`, `[1e21,123456789012,0.1]`, `{}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		out, err := JCS(data)
		if err != nil {
			return
		}
		if !json.Valid(out) {
			t.Fatalf("JCS(%q) = %q is not JSON", data, out)
		}
		again, err := JCS(out)
		if err != nil || string(again) != string(out) {
			t.Fatalf("JCS is not idempotent on %q: %q then %q (%v)", data, out, again, err)
		}
		var a, b any
		if json.Unmarshal(data, &a) == nil {
			json.Unmarshal(out, &b)
			if !reflect.DeepEqual(a, b) {
				t.Fatalf("JCS(%q) = %q reads as other values", data, out)
			}
		}
		if g, err := GoForm(data); err != nil || !json.Valid(g) {
			t.Fatalf("GoForm(%q) = %q, %v", data, g, err)
		}
	})
}

// The direct writer says what the tree writer says, or leaves it to it.
func FuzzDirectAgreesWithTheTree(f *testing.F) {
	for _, s := range directCases {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		checkDirect(t, data)
	})
}
