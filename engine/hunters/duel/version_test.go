package duel

import (
	"testing"

	"github.com/kaleun/kaleun/engine/enginetest"
	"github.com/kaleun/kaleun/engine/hunters"
)

// The duel's rules version changes whenever duels replay differently.
func TestRulesVersion(t *testing.T) {
	h, err := hunters.NewRules()
	if err != nil {
		t.Fatal(err)
	}
	setups := []string{
		`{"boat":"VIIC","start":"1941-06","a":"Prien","b":"Kretschmer"}`,
		`{"boat":"IXB","start":"1940-06","a":"Lemp","b":"Topp","rules":"14.8"}`,
	}
	enginetest.CheckRulesVersion(t, NewRules(h), setups, 4, 5000)
}
