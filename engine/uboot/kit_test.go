package uboot

import (
	"testing"

	"github.com/kaleun/kaleun/engine/enginetest"
)

func TestKit(t *testing.T) { enginetest.Run(t, Game(), enginetest.Options{}) }

// The rules version changes whenever games replay differently (a linked
// patrol among the setups since uboot/4: its parts, §4.3).
func TestRulesVersion(t *testing.T) {
	enginetest.CheckRulesVersion(t, NewRules(), []string{`{"captain":"medium"}`, `{"captain":"easy","rulings":"blocked=pass"}`, `{"mode":"linked","missions":"2"}`}, 10, 60)
}
