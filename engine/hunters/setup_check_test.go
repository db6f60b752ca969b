package hunters

import (
	"regexp"
	"strings"
	"testing"
)

// The rulings read to a player: `rules` said "(Python source; …)", "(same
// author's code)" and "(code)", the project's sources rather than what a
// player knows (issue 28).
func TestRulingsSpeakToAPlayer(t *testing.T) {
	source := regexp.MustCompile(`(?i)\b(source|code)\b|\bpython\b|\bjavascript\b`)
	for _, r := range Rulings {
		for v, what := range r.Values {
			if m := source.FindString(what); m != "" {
				t.Errorf("ruling %s=%s says %q: %s", r.Key, v, m, what)
			}
		}
	}
}

// Each set-up answer is checked when it is given (SetupField.Check), as
// ParseSetup reads it, with the boat answered before it: a month like
// "June 1941", a bad U-boat number or an unknown rule says why at once.
func TestSetupAnswersAreCheckedOneByOne(t *testing.T) {
	r, err := NewRules()
	if err != nil {
		t.Fatal(err)
	}
	fields := map[string]func(string, map[string]string) error{}
	for _, f := range r.SetupFields() {
		fields[f.Key] = f.Check
	}
	viic := map[string]string{"boat": "VIIC"}
	for _, c := range []struct{ key, answer, why string }{
		{"start", "June 1941", `month "June 1941": want YYYY-MM`},
		{"start", "1939-10", "the Type VIIC is available from 1940-10, not 1939-10"},
		{"uboat", "U-x", `U-boat number "U-x": want U-<number>`},
		{"rules", "14.6,nosuchrule", `unknown optional rule "nosuchrule"`},
		{"rules", "diesel_repair=never", "diesel_repair"},
	} {
		err := fields[c.key](c.answer, viic)
		if err == nil || !strings.Contains(err.Error(), c.why) || strings.HasPrefix(err.Error(), "hunters setup") {
			t.Errorf("%s=%q: %v, want %q", c.key, c.answer, err, c.why)
		}
	}
	for _, c := range []struct{ key, answer string }{{"start", "1941-06"}, {"uboat", "99"}, {"uboat", "historical"}, {"rules", "14.6,diesel_repair=inoperable_at_once"}, {"kommandant", "Prien"}} {
		if err := fields[c.key](c.answer, viic); err != nil {
			t.Errorf("%s=%q refused: %v", c.key, c.answer, err)
		}
	}
}
