package hunters

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine/dice"
)

// settingsSamples are settings as games save them: every optional rule and
// ruling value on its own, and random mixes.
func settingsSamples(t testing.TB) [][]byte {
	var out [][]byte
	add := func(s Settings) {
		b, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, b)
	}
	add(Settings{})
	add(Settings{TwoPlayer: true, Pack: true})
	for i := range optionalRules {
		var s Settings
		s.optional |= 1 << i
		add(s)
	}
	for i := range Rulings {
		for j := range rulingValues[i] {
			var s Settings
			s.rulings[i] = uint8(j + 1)
			add(s)
		}
	}
	d := dice.NewFast(7)
	for range 200 {
		var s Settings
		for i := range optionalRules {
			if n, _ := d.Roll(2); n == 2 {
				s.optional |= 1 << i
			}
		}
		for i := range Rulings {
			n, _ := d.Roll(len(rulingValues[i]) + 1)
			s.rulings[i] = uint8(n - 1)
		}
		s.TwoPlayer = s.optional&1 == 1
		add(s)
	}
	return out
}

// Saved settings read in place are what encoding/json's path reads, and
// cost no allocation.
func TestSettingsDecodeInPlaceAsByName(t *testing.T) {
	for _, b := range settingsSamples(t) {
		var fast, slow Settings
		if !decodeSettings(b, &fast) {
			t.Fatalf("the in-place path refused what MarshalJSON wrote: %s", b)
		}
		if err := slow.unmarshalNamed(b); err != nil {
			t.Fatal(err)
		}
		if fast != slow {
			t.Fatalf("%s: in place %+v, by name %+v", b, fast, slow)
		}
	}
	b := settingsSamples(t)[5]
	var s Settings
	if allocs := testing.AllocsPerRun(100, func() { _ = s.UnmarshalJSON(b) }); allocs != 0 {
		t.Errorf("UnmarshalJSON of saved settings made %.0f allocations, want 0", allocs)
	}
}

// What the in-place path does not take goes the named way, which reads it
// or says what is wrong, as before.
func TestSettingsDecodeLeavesTheRestToEncodingJSON(t *testing.T) {
	for _, c := range []struct{ in, err string }{
		{`{"rulings":{"no_such_ruling":"x"}}`, "unknown ruling"},
		{`{"optional":{"99.9":true}}`, "unknown optional rule"},
		{`{"two_player":true,"extra":1}`, ""},                       // unknown fields are ignored, as before
		{`{"Two_Player":true}`, ""},                                 // encoding/json's case-free names
		{`{"optional":{"14.6":true},"optional":{"14.7":true}}`, ""}, // repeated: merged, as encoding/json merges maps
		{` {"pack" : true } `, ""},
		{`{"rulings":{"a\u0062":"c"}}`, "unknown ruling"},
		{`[]`, "cannot unmarshal"},
		{`{"pack":true}x`, "invalid character"},
	} {
		var fast, slow Settings
		err := fast.UnmarshalJSON([]byte(c.in))
		serr := slow.unmarshalNamed([]byte(c.in))
		if (err == nil) != (serr == nil) || (err != nil && err.Error() != serr.Error()) || fast != slow {
			t.Errorf("%s: %+v %v, want (by name) %+v %v", c.in, fast, err, slow, serr)
		}
		if c.err == "" && err != nil || c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)) {
			t.Errorf("%s: error %v, want %q", c.in, err, c.err)
		}
	}
}

// Whatever the bytes, UnmarshalJSON (the in-place path first) ends as the
// named path alone does: the same settings, or the same error.
func FuzzSettingsDecode(f *testing.F) {
	for _, b := range settingsSamples(f)[:40] {
		f.Add(b)
	}
	f.Add([]byte(`{"optional":{"14.6":false,"14.6":true},"rulings":{}}`))
	f.Add([]byte(`{"two_player":null}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		var fast, slow Settings
		err := fast.UnmarshalJSON(b)
		serr := slow.unmarshalNamed(b)
		if (err == nil) != (serr == nil) {
			t.Fatalf("%q: error %v, by name %v", b, err, serr)
		}
		if err == nil && fast != slow {
			t.Fatalf("%q: %+v, by name %+v", b, fast, slow)
		}
	})
}
