package tonnagewar

import "testing"

// The rulings are checked when they are answered, as New reads them.
func TestRulingsAreCheckedWhenGiven(t *testing.T) {
	r, err := NewRules()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range r.SetupFields() {
		if f.Key != "rulings" {
			continue
		}
		if err := f.Check("convoy_die", nil); err == nil {
			t.Error("a ruling without a value taken")
		}
		if err := f.Check("convoy_die=d10", nil); err != nil {
			t.Errorf("convoy_die=d10 refused: %v", err)
		}
		return
	}
	t.Fatal("no rulings question")
}
