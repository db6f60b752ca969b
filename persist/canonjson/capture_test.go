package canonjson

import (
	"encoding/json"
	"math/rand/v2"
	"testing"
)

// JCSCapture's canonical form is JCS's, its error JCS's error, and each
// value it captures has JCS's canonical form of its text: the audit
// verifier takes an event's canonical form from it.
func TestJCSCaptureIsJCS(t *testing.T) {
	texts := append([]string{
		`{"entries":[{"seq":1,"event":{"b":1,"a":[2,{"d":1,"c":0}]},"prev":""},{"event":"x"},7,{"event":{"z":1e2, "y" : "\u00e9"}}],"head":"h"}`,
		`{"head":"h","entries":[{"event":{"x":1},"inner":{"event":{"no":1}}}],"other":[{"event":{"no":2}}]}`,
		`{"entries":{"event":{"no":1}}}`,
		`{"entries":[[{"event":{"no":1}}]]}`,
		`{"entries":[{"event":{"a":1,"a":2}}]}`,
		`{"entries":[{"event":{"a":9007199254740993}}]}`,
		`[{"entries":[{"event":{"no":1}}]}]`,
	}, directCases...)
	r := rand.New(rand.NewPCG(3, 4))
	for range 500 {
		entries := []any{}
		for range r.IntN(4) {
			entries = append(entries, map[string]any{"seq": r.IntN(100), "event": randomValue(r, 1)})
		}
		b, _ := json.Marshal(map[string]any{"entries": entries, "head": "h"})
		texts = append(texts, string(b))
	}
	captures := 0
	for _, text := range texts {
		want, wantErr := JCS([]byte(text))
		got, caps, err := JCSCapture([]byte(text), "entries", "event")
		if string(got) != string(want) || (err == nil) != (wantErr == nil) || err != nil && err.Error() != wantErr.Error() {
			t.Fatalf("%s: JCSCapture %q, %v; JCS %q, %v", text, got, err, want, wantErr)
		}
		for _, c := range caps {
			captures++
			if c.Src[0] == ' ' {
				t.Errorf("%s: captured %q with its space", text, c.Src)
			}
			if w, err := JCS(c.Src); err != nil || string(w) != string(c.Canon) {
				t.Errorf("%s: captured %q as %q, JCS gives %q, %v", text, c.Src, c.Canon, w, err)
			}
			var v map[string]any
			if json.Unmarshal(c.Src, &v) == nil && v["no"] != nil {
				t.Errorf("%s: captured %s, which is not an entry's event", text, c.Src)
			}
		}
	}
	if captures < 500 {
		t.Errorf("only %d values captured", captures)
	}
}
