package hunters

import (
	"fmt"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
)

// OutlookCareers is how many careers a career outlook simulates.
const OutlookCareers = 10000

// Outlook implements engine.Outlooks: the outlook of a career set up so.
func (r *Rules) Outlook(setup []byte) (string, error) {
	su, err := r.ParseSetup(setup)
	if err != nil {
		return "", err
	}
	return Outlook(r, su)
}

// Outlook forecasts a career with the setup's boat, start date and rules
// from 10,000 careers of the built-in commander, in a sentence: the very
// numbers `kaleun sim --careers 10000` prints for them (its default seed).
func Outlook(r *Rules, su Setup) (string, error) {
	rep, err := simulate(r, su, OutlookCareers, func(i int) engine.Dice { return dice.NewFast(1 + uint64(i)) })
	if err != nil {
		return "", err
	}
	rules := ""
	if t := su.Settings.String(); t != "" {
		rules = " --rules " + t
	}
	return fmt.Sprintf("Career outlook, Type %s from %s: in %s careers of the built-in commander the mean tonnage is %s t (median %s t), %.1f%% are still in command in June 1943 and %.1f%% win the Knight's Cross (as `kaleun sim --careers %d --boat %s --start %s%s` counts them).",
		typeName(su.Boat), su.Start.Label(), thousands(OutlookCareers), thousands(int(rep.MeanTons+0.5)), thousands(int(rep.MedianTons+0.5)),
		100*rep.SurvivedShare, 100*rep.KnightsCross, OutlookCareers, su.Boat, su.Start, rules), nil
}
