package hunters

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

// Optional rules a game may switch on (14.0, plus 4.5.2). The VIIA upgrade of
// 4.2.2 is on by default; "4.2.2-keep-viia" switches it off.
var optionalRules = []struct{ Key, Title string }{
	{"4.2.2-keep-viia", "Keep the Type VIIA after 12/40 (no automatic VIIC upgrade)"},
	{"4.5.2", "Initial torpedo load restrictions"},
	{"14.1", "Standard tonnage amounts"},
	{"14.2", "Reduced convoy targets"},
	{"14.3", "Increased historical targeting (no ship sunk twice)"},
	{"14.4", "Historical U-boat ids"},
	{"14.6", "Variable escort quality"},
	{"14.7", "Variable aircraft quality"},
	{"14.8", "Evasive maneuvers"},
	{"14.9", "Resupply at sea"},
	{"14.10", "Non-historical patrol areas"},
	{"14.11", "Convoy penetration"},
}

// Ruling is a named decision where the chart data or the rulebook is in
// doubt (docs/charts-provenance.md). Each has a default and alternatives.
type Ruling struct {
	Key     string
	Cases   string
	Default string
	Values  map[string]string // value -> what it means
}

// Rulings lists every ruling the engine knows, with its default first in Values' doc.
var Rulings = []Ruling{
	{"diesel_repair", "10.2.1, 10.7", "repairable", map[string]string{
		"repairable":         "a damaged diesel rolls its repair (1d6 1-4, like the electric engines) with the other damaged systems after the last combat round, as the fan-made computer version of the game plays it (rule 10.7 treats every damaged system alike)",
		"inoperable_at_once": "a damaged diesel cannot be repaired at sea: it is Inoperable when hit and takes no repair die, the abort (10.2.1) is declared then, and a second one far from port scuttles the boat at once (10.9.4), as the fan-made web version of the game plays it",
	}},
	{"injury_roll_11", "9.6.10, 10.5", "li", map[string]string{
		"li":           "Crew Injury Table 11 hits the LI, as the reconstructed table reads (the fan-made computer version plays it so too)",
		"generic_crew": "11 hits a generic crew box (reading the LI on both 4 and 11 as a slip)",
	}},
	{"doctor_severity", "10.11.1", "off", map[string]string{
		"off": "an Experte Doctor only shortens recovery (10.11.1)",
		"on":  "an Experte Doctor also lowers each injury severity roll by 1, as the fan-made computer version plays it",
	}},
	{"viid_tracks", "7.3.2, 11.4.6", "rulebook", map[string]string{
		"rulebook": "2nd-printing rules: the VIID may patrol the Caribbean and West African Coast and lays mines on British Isles and North America/Caribbean patrols only",
		"mat":      "1st-printing mat: every VIID track but North America has a Mission box and every such patrol is a minelaying mission; Caribbean becomes Atlantic",
	}},
	{"flak_boat_caribbean", "7.3.2", "rulebook", map[string]string{
		"rulebook": "rule 7.3.2: a VIIC Flak may patrol the Caribbean",
		"card":     "P1 card note 3: only the VIID is exempt; a VIIC Flak treats Caribbean as Atlantic",
	}},
	{"air_attack_injuries", "9.8.2", "per_attack", map[string]string{
		"per_attack":    "each air attack that is carried out causes one automatic crew injury (9.8.2)",
		"per_encounter": "one automatic crew injury per aircraft encounter, as A1's '2 attacks + 1 crew injury' reads",
	}},
	{"gibraltar_random_event", "7.3.3, 12.0", "allowed", map[string]string{
		"allowed": "the Gibraltar Passage box is a travel box: a natural 12 there can trigger the random event (12.0)",
		"exempt":  "no random event in the Gibraltar box, as on the Add'l Round of Combat roll whose column it uses",
	}},
	{"experte_2wo_command", "10.5.3, 11.1", "waive_all", map[string]string{
		"waive_all": "an Experte 2WO in command suffers no penalty at all (11.1: 'no penalty if he takes command')",
		"waive_one": "an Experte 2WO in command cancels only the 1WO's share: +1 instead of +2",
	}},
	{"mission_aircraft_drm", "7.4.3", "mission_box", map[string]string{
		"mission_box":  "the -1 on A1 applies only in the Mission (M/A) box (7.4.3)",
		"whole_patrol": "the -1 applies on every box of an (M) or (A) patrol, as the A1 card reads",
	}},
	{"a2_crew_modifier", "9.8.5", "card", map[string]string{
		"card": "Veteran or Elite crews get -1 on A2, as the card prints",
		"rule": "no crew modifier on A2 (9.8.5 lists none)",
	}},
	{"damaged_periscope", "E5", "no_submerged_attack", map[string]string{
		"no_submerged_attack": "a damaged or inoperable periscope forbids submerged attacks (as the fan-made computer version plays it; the E5 card was not found)",
		"no_effect":           "a damaged periscope has no effect on attacks",
	}},
	{"crew_loss_levels", "10.11.3, 11.1.4", "each_rule", map[string]string{
		"each_rule": "10.11.3 (all four generic crew boxes replaced after a patrol) and 11.1.4 (all four SW or KIA during it) each take a level, so losing them all costs two (never below Trained)",
		"one_level": "the two rules name one loss: all four generic crew boxes lost costs one level",
	}},
	{"torpedo_load_order", "4.4.2, 6.1, 7.4.2", "before_assignment", map[string]string{
		"before_assignment": "the torpedoes are loaded first (4.4.2: set-up ends with the load, then the first assignment; 6.1: refit step F before step 1); an (M) assignment then takes the tubes for mines and the reloads are rebalanced (7.4.2); a Wolfpack tournament's boats are assigned the Atlantic at the start (13.5.2) and load after it",
		"after_assignment":  "the patrol assignment is rolled first and the torpedoes are then loaded knowing it (the engine's default until it followed the text; games begun before keep it)",
	}},
	{"refit_award_order", "11.0, 11.2.3, 11.3", "award_first", map[string]string{
		"award_first":     "at a refit with both, the award is received before the promotion roll, which gets its -1 (the ships were sunk in the 12 months judged)",
		"promotion_first": "the promotion roll comes first; the award received after it counts in the next 12 months",
	}},
	{"anniversary_patrol", "11.2.3, 10.10.6", "this_period", map[string]string{
		"this_period": "the patrol whose refit brings the promotion roll counts in it (failure, ships), even if it was at sea in the anniversary month, its own or a Type IX's P month",
		"next_period": "a patrol at sea in the anniversary month (its own or its P month) counts toward the next 12 months",
	}},
	{"hals_und_beinbruch", "12.1.3", "adverse_rolls", map[string]string{
		"adverse_rolls": "the re-roll is offered after an adverse escort detection, depth-charge/air attack or crash-dive roll",
		"never":         "the marker is kept but never offered (play without re-rolls)",
	}},
	// Not a doubt about the rules but about the log's words: a game begun
	// before they were mended keeps its first ones, so that its log, every
	// line of which is checked against a replay, still replays (former.go).
	{"wording", "", "plain", map[string]string{
		"plain": "the log writes tonnages one way (8,500 t), counts in the singular and plural (1 hit, 2 hits), empty tubes as empty, and says why an evasive maneuver is not offered",
		"first": "the log's first words (8500 t, 1 hits, tubes [   ]), as games begun before they were mended keep them",
	}},
}

func rulingByKey(k string) (*Ruling, bool) {
	for i := range Rulings {
		if Rulings[i].Key == k {
			return &Rulings[i], true
		}
	}
	return nil, false
}

// Settings are the per-game switches. The rules ask for them at almost
// every roll, so they are held by index (a bit per optional rule, a value
// index per ruling), and written to saved games by name (MarshalJSON).
type Settings struct {
	// optional has bit i set when optionalRules[i] is on.
	optional uint32
	// rulings[i] is 1 + the index of Rulings[i]'s value in rulingValues[i],
	// or 0 when the game did not name it (its default holds).
	rulings [maxRulings]uint8
	// TwoPlayer is set for a career of the two-player game (13.1): the other
	// player rolls for the escorts and aircraft.
	TwoPlayer bool
	// Pack is set for a career of a Wolfpack tournament (13.5).
	Pack bool
}

// maxRulings bounds the number of rulings Settings can hold.
const maxRulings = 24

// optIndex and rulIndex name an optional rule and a ruling by their place
// in optionalRules and Rulings.
type (
	optIndex uint8
	rulIndex uint8
)

// rulingValues are each ruling's values in a fixed (sorted) order.
var rulingValues = func() [][]string {
	if len(Rulings) > maxRulings || len(optionalRules) > 32 {
		panic("hunters: too many rulings or optional rules for Settings")
	}
	out := make([][]string, len(Rulings))
	for i, r := range Rulings {
		out[i] = sortedKeys(r.Values)
	}
	return out
}()

func optionalIndex(rule string) (optIndex, bool) {
	for i, o := range optionalRules {
		if o.Key == rule {
			return optIndex(i), true
		}
	}
	return 0, false
}

func rulingIndex(key string) (rulIndex, bool) {
	for i := range Rulings {
		if Rulings[i].Key == key {
			return rulIndex(i), true
		}
	}
	return 0, false
}

// mustOpt and mustRuling resolve the names the rules use, once at start-up.
func mustOpt(rule string) optIndex {
	i, ok := optionalIndex(rule)
	if !ok {
		panic("hunters: unknown optional rule " + rule)
	}
	return i
}

func mustRuling(key string) rulIndex {
	i, ok := rulingIndex(key)
	if !ok {
		panic("hunters: unknown ruling " + key)
	}
	return i
}

// The optional rules and rulings the rules ask about.
var (
	opt422KeepVIIA = mustOpt("4.2.2-keep-viia")
	opt452         = mustOpt("4.5.2")
	opt141         = mustOpt("14.1")
	opt142         = mustOpt("14.2")
	opt143         = mustOpt("14.3")
	opt144         = mustOpt("14.4")
	opt146         = mustOpt("14.6")
	opt147         = mustOpt("14.7")
	opt148         = mustOpt("14.8")
	opt149         = mustOpt("14.9")
	opt1410        = mustOpt("14.10")
	opt1411        = mustOpt("14.11")

	rulDieselRepair         = mustRuling("diesel_repair")
	rulInjuryRoll11         = mustRuling("injury_roll_11")
	rulDoctorSeverity       = mustRuling("doctor_severity")
	rulVIIDTracks           = mustRuling("viid_tracks")
	rulFlakBoatCaribbean    = mustRuling("flak_boat_caribbean")
	rulAirAttackInjuries    = mustRuling("air_attack_injuries")
	rulGibraltarRandomEvent = mustRuling("gibraltar_random_event")
	rulExperte2WOCommand    = mustRuling("experte_2wo_command")
	rulMissionAircraftDRM   = mustRuling("mission_aircraft_drm")
	rulA2CrewModifier       = mustRuling("a2_crew_modifier")
	rulDamagedPeriscope     = mustRuling("damaged_periscope")
	rulCrewLossLevels       = mustRuling("crew_loss_levels")
	rulTorpedoLoadOrder     = mustRuling("torpedo_load_order")
	rulRefitAwardOrder      = mustRuling("refit_award_order")
	rulAnniversaryPatrol    = mustRuling("anniversary_patrol")
	rulHalsUndBeinbruch     = mustRuling("hals_und_beinbruch")
)

// On reports whether an optional rule is in force.
func (s *Settings) On(rule string) bool {
	i, ok := optionalIndex(rule)
	return ok && s.on(i)
}

func (s *Settings) on(i optIndex) bool { return s.optional&(1<<i) != 0 }

// Switch turns an optional rule on or off.
func (s *Settings) Switch(rule string, on bool) error {
	i, ok := optionalIndex(rule)
	if !ok {
		return fmt.Errorf("unknown optional rule %q", rule)
	}
	if on {
		s.optional |= 1 << i
	} else {
		s.optional &^= 1 << i
	}
	return nil
}

// Ruling returns the value in force for a ruling.
func (s *Settings) Ruling(key string) string {
	i, ok := rulingIndex(key)
	if !ok {
		panic("hunters: unknown ruling " + key)
	}
	return s.ruling(i)
}

// named reports whether the game named a ruling's value (its setup, or its
// saved state), rather than leaving it to the default.
func (s *Settings) named(i rulIndex) bool { return s.rulings[i] > 0 }

func (s *Settings) ruling(i rulIndex) string {
	if v := s.rulings[i]; v > 0 {
		return rulingValues[i][v-1]
	}
	return Rulings[i].Default
}

// setRuling names a ruling's value; it reports false for a value the
// ruling does not have.
func (s *Settings) setRuling(i rulIndex, value string) bool {
	for j, v := range rulingValues[i] {
		if v == value {
			s.rulings[i] = uint8(j + 1)
			return true
		}
	}
	return false
}

// String lists the optional rules on and the rulings whose value is not
// their default, as ParseRules reads them ("14.6,diesel_repair=inoperable_at_once").
func (s Settings) String() string {
	var out []string
	for i, o := range optionalRules {
		if s.on(optIndex(i)) {
			out = append(out, o.Key)
		}
	}
	for i, r := range Rulings {
		if v := s.ruling(rulIndex(i)); v != r.Default {
			out = append(out, r.Key+"="+v)
		}
	}
	return strings.Join(out, ",")
}

// settingsJSON is how settings are saved: the optional rules on and the
// rulings named, by name.
type settingsJSON struct {
	Optional  map[string]bool   `json:"optional,omitempty"`
	Rulings   map[string]string `json:"rulings,omitempty"`
	TwoPlayer bool              `json:"two_player,omitempty"`
	Pack      bool              `json:"pack,omitempty"`
}

// MarshalJSON writes the settings by name: the optional rules on, and
// every ruling's value, the defaults too: a saved game names the rulings it
// is played under, whatever a later default says (former.go).
func (s Settings) MarshalJSON() ([]byte, error) {
	w := settingsJSON{TwoPlayer: s.TwoPlayer, Pack: s.Pack, Rulings: make(map[string]string, len(Rulings))}
	for i, o := range optionalRules {
		if s.on(optIndex(i)) {
			if w.Optional == nil {
				w.Optional = map[string]bool{}
			}
			w.Optional[o.Key] = true
		}
	}
	for i, r := range Rulings {
		w.Rulings[r.Key] = s.ruling(rulIndex(i))
	}
	return json.Marshal(w)
}

// UnmarshalJSON reads settings saved by name: in place when they are as
// MarshalJSON writes them (decodeSettings), through settingsJSON otherwise.
func (s *Settings) UnmarshalJSON(b []byte) error {
	if decodeSettings(b, s) {
		return nil
	}
	return s.unmarshalNamed(b)
}

// unmarshalNamed reads settings through settingsJSON: any JSON
// encoding/json takes for them, and the errors of what is wrong.
func (s *Settings) unmarshalNamed(b []byte) error {
	var w settingsJSON
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	*s = Settings{TwoPlayer: w.TwoPlayer, Pack: w.Pack}
	for k, on := range w.Optional {
		if err := s.Switch(k, on); err != nil {
			return fmt.Errorf("saved settings: %w", err)
		}
	}
	for k, v := range w.Rulings {
		i, ok := rulingIndex(k)
		if !ok {
			return fmt.Errorf("saved settings: unknown ruling %q", k)
		}
		if !s.setRuling(i, v) {
			return fmt.Errorf("saved settings: ruling %s has no value %q", k, v)
		}
	}
	return nil
}

// ParseRules reads a comma-separated list of optional rules ("14.6") and
// rulings ("diesel_repair=inoperable_at_once").
func ParseRules(list string) (Settings, error) {
	var s Settings
	for _, item := range strings.Split(list, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		if k, v, ok := strings.Cut(item, "="); ok {
			i, found := rulingIndex(strings.TrimSpace(k))
			if !found {
				return s, fmt.Errorf("unknown ruling %q (known: %s)", k, strings.Join(rulingKeys(), ", "))
			}
			v = strings.TrimSpace(v)
			if !s.setRuling(i, v) {
				r := Rulings[i]
				return s, fmt.Errorf("ruling %s has no value %q (one of: %s)", r.Key, v, strings.Join(rulingValues[i], ", "))
			}
			continue
		}
		if err := s.Switch(item, true); err != nil {
			keys := make([]string, len(optionalRules))
			for i, o := range optionalRules {
				keys[i] = o.Key
			}
			return s, fmt.Errorf("unknown optional rule %q (known: %s)", item, strings.Join(keys, ", "))
		}
	}
	return s, nil
}

func rulingKeys() []string {
	out := make([]string, len(Rulings))
	for i, r := range Rulings {
		out[i] = r.Key
	}
	return out
}

func sortedKeys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Describe lists the optional rules and rulings in force, for views: each
// ruling with its value, its cases and what the value does.
func (s *Settings) Describe() []string {
	var out []string
	for _, o := range optionalRules {
		if s.On(o.Key) {
			out = append(out, o.Key+" "+o.Title)
		}
	}
	if len(out) == 0 {
		out = append(out, "no optional rules")
	}
	for _, r := range Rulings {
		v := s.Ruling(r.Key)
		mark := ""
		if v != r.Default {
			mark = " (changed)"
		}
		cases := ""
		if r.Cases != "" {
			cases = " (" + r.Cases + ")"
		}
		out = append(out, fmt.Sprintf("ruling %s = %s%s%s: %s", r.Key, v, mark, cases, r.Values[v]))
	}
	return out
}
