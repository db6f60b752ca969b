package wolfpack

import (
	"testing"

	"github.com/kaleun/kaleun/engine/enginetest"
	"github.com/kaleun/kaleun/engine/hunters"
)

// The wolfpack's rules version changes whenever packs replay differently.
func TestRulesVersion(t *testing.T) {
	h, err := hunters.NewRules()
	if err != nil {
		t.Fatal(err)
	}
	setups := []string{
		`{"name":"Wotan","1":"Prien","2":"Kretschmer","3":"Schepke"}`,
		`{"name":"Leuthen","1":"Lemp","2":"Topp","3":"Lüth","4":"Suhren","5":"Hardegen","6":"Mohr","absent":"sit_out"}`,
		`{"name":"Pfadfinder","1":"Lemp","2":"Topp","3":"Lüth","numbers":"own"}`,
	}
	enginetest.CheckRulesVersion(t, NewRules(h), setups, 12, 20000)
}
