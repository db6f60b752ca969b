package example

import (
	"testing"

	"github.com/kaleun/kaleun/engine/enginetest"
)

// The conformance kit, as every game runs it (and cmd/kaleun runs it over
// every registered game).
func TestKit(t *testing.T) { enginetest.Run(t, Game(), enginetest.Options{}) }

// The rules version changes whenever games replay differently.
func TestRulesVersion(t *testing.T) {
	enginetest.CheckRulesVersion(t, NewRules(), []string{`{"target":"5"}`, `{"target":"6"}`}, 20, 10)
}
