package uboot

import (
	"testing"

	"github.com/kaleun/kaleun/engine/enginetest"
)

func TestKit(t *testing.T) { enginetest.Run(t, Game(), enginetest.Options{}) }

// The rules version changes whenever games replay differently.
func TestRulesVersion(t *testing.T) {
	enginetest.CheckRulesVersion(t, NewRules(), []string{`{"captain":"medium"}`, `{"captain":"easy","rulings":"blocked=pass"}`}, 10, 60)
}
