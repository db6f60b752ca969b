package tonnagewar

import (
	"testing"

	"github.com/kaleun/kaleun/engine/enginetest"
)

// The rules version changes whenever matches replay differently.
func TestRulesVersion(t *testing.T) {
	r, err := NewRules()
	if err != nil {
		t.Fatal(err)
	}
	setups := []string{
		`{"a":"Prien","b":"Walker"}`,
		`{"a":"Kretschmer","b":"Macintyre","rulings":"convoy_die=d10,continuation_attrition=on"}`,
		`{"a":"Lemp","b":"Gretton","rulings":"hfdf_adjust=to_detection,escort_blanks=discard,match_win=same_game"}`,
	}
	enginetest.CheckRulesVersion(t, r, setups, 3, 5000)
}
