package uboatleader

import "testing"

// The rules and the pack are checked when they are answered, as New reads
// them, not after the last question.
func TestSetupAnswersAreCheckedWhenGiven(t *testing.T) {
	r, err := NewRules()
	if err != nil {
		t.Fatal(err)
	}
	check := map[string]func(string, map[string]string) error{}
	for _, f := range r.SetupFields() {
		check[f.Key] = f.Check
	}
	if err := check["rules"]("snorkel,nosuchrule", nil); err == nil {
		t.Error("an unknown optional rule taken")
	}
	if err := check["rules"]("snorkel", nil); err != nil {
		t.Errorf("snorkel refused: %v", err)
	}
	if err := check["pack"]("no-such-pack", nil); err == nil {
		t.Error("an unknown pack taken")
	}
}
