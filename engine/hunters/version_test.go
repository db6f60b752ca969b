package hunters

import (
	"testing"

	"github.com/kaleun/kaleun/engine/enginetest"
)

// The rules version changes whenever games replay differently (docs/auditors/dice.md,
// "Rules versions"): careers of every boat, with and without the optional
// rules and rulings, played with seeded dice and seeded choices.
func TestRulesVersion(t *testing.T) {
	setups := []string{
		`{"boat":"VIIA","start":"1939-09"}`,
		`{"boat":"VIIB","start":"1940-02","rules":"14.6,14.7,14.8"}`,
		`{"boat":"VIIC","start":"1940-10"}`,
		`{"boat":"VIIC","start":"1941-06","rules":"4.5.2,14.1,14.2,14.3,14.9,14.10,14.11"}`,
		`{"boat":"VIID","start":"1942-01","rules":"viid_tracks=mat,diesel_repair=inoperable_at_once"}`,
		`{"boat":"VIIC_Flak","start":"1943-05"}`,
		`{"boat":"IXA","start":"1939-09","rules":"14.4,torpedo_load_order=after_assignment"}`,
		`{"boat":"IXB","start":"1940-06","rules":"crew_loss_levels=one_level,refit_award_order=promotion_first"}`,
		`{"boat":"IXC","start":"1941-05","rules":"anniversary_patrol=next_period,hals_und_beinbruch=never"}`,
	}
	enginetest.CheckRulesVersion(t, NewRulesWithPack(pack(t)), setups, 8, 5000)
}
