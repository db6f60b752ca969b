package hunters

import (
	"sort"
	"strings"

	"github.com/kaleun/kaleun/engine"
)

// rulingPhrases say in a phrase what each ruling decides, for the set-up
// question that lists them (the values' full texts are in the rules view
// and the table in docs/contributors/rulings.md).
var rulingPhrases = map[string]string{
	"diesel_repair":          "a damaged diesel is repaired at sea like any system, or inoperable at once",
	"injury_roll_11":         "a crew injury roll of 11 hits the LI, or a generic crew box",
	"doctor_severity":        "an Experte Doctor only shortens recovery, or also eases each injury",
	"viid_tracks":            "the VIID's patrol areas and minelaying: the rulebook's, or the first mat's",
	"flak_boat_caribbean":    "a VIIC Flak may patrol the Caribbean (rulebook), or goes to the Atlantic (card)",
	"air_attack_injuries":    "one automatic crew injury per air attack, or per aircraft encounter",
	"gibraltar_random_event": "a random event may come up in the Gibraltar box, or not",
	"experte_2wo_command":    "an Experte 2WO in command has no penalty at all, or +1",
	"mission_aircraft_drm":   "a mission's -1 on A1 holds in the Mission box only, or the whole patrol",
	"a2_crew_modifier":       "Veteran and Elite crews get -1 on A2 (card), or no crew modifier (rule)",
	"damaged_periscope":      "a damaged periscope forbids submerged attacks, or changes nothing",
	"crew_loss_levels":       "losing all four crew boxes costs a level under each rule, or one",
	"torpedo_load_order":     "the torpedoes are loaded before the patrol assignment is rolled, or after it",
	"refit_award_order":      "at a refit with both, the award before the promotion roll, or after it",
	"anniversary_patrol":     "a patrol at sea in the anniversary month counts in this period, or the next",
	"hals_und_beinbruch":     "the Hals und Beinbruch re-roll after adverse rolls, or never",
	"wording":                "the log's words: as mended (8,500 t, 1 hit), or as games begun before kept them",
}

// rulesMenu lists what the set-up's rules answer may combine: each optional
// rule by its key, and each ruling as name=value with its values, the
// default first, each with what it decides.
func rulesMenu() []engine.Option {
	var out []engine.Option
	for _, o := range optionalRules {
		cas := o.Key
		if strings.Contains(cas, "-") {
			cas, _, _ = strings.Cut(cas, "-")
		}
		out = append(out, engine.Option{Key: o.Key, Label: o.Title, Case: cas})
	}
	for _, r := range Rulings {
		values := []string{r.Default}
		var others []string
		for v := range r.Values {
			if v != r.Default {
				others = append(others, v)
			}
		}
		sort.Strings(others)
		phrase := rulingPhrases[r.Key]
		if phrase == "" {
			phrase = r.Values[r.Default]
		}
		out = append(out, engine.Option{Key: r.Key + "=" + strings.Join(append(values, others...), "|"), Label: phrase, Case: r.Cases})
	}
	return out
}
