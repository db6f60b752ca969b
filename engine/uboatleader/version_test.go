package uboatleader

import (
	"testing"

	"github.com/kaleun/kaleun/engine/enginetest"
)

// The rules version changes whenever campaigns replay differently.
func TestRulesVersion(t *testing.T) {
	r, err := NewRules()
	if err != nil {
		t.Fatal(err)
	}
	setups := []string{
		`{"campaign":"opening","length":"short"}`,
		`{"campaign":"turning-tide","length":"short","rules":"xxi,snorkel"}`,
		`{"campaign":"opening","length":"medium","rules":"deep_dive=example,salvo_damage=declared"}`,
	}
	enginetest.CheckRulesVersion(t, r, setups, 4, 3000)
}
