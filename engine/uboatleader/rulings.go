package uboatleader

import (
	"fmt"
	"strings"

	"github.com/kaleun/kaleun/engine"
)

// Ruling is a named choice where the rulebook is ambiguous (the digest's
// §12, numbered there): its default, the values it may take, the rule it
// settles. A ruling with one value is a fixed reading: shown in `variants`,
// not a switch, because the text leaves only one workable reading.
type Ruling struct {
	Key     string
	Default string
	Values  []string
	// Case is the digest id and the rulebook's heading.
	Case string
	// Ambiguity is its number in the digest's §12.
	Ambiguity int
	Settles   string
}

// rulings are every ambiguity of the digest's §12, in its order. The digest
// lists the ambiguities without defaults; each default here is the reading
// its text leans to (its "natural", "workable" or "[inferred]" reading), or
// where it is silent the rulebook's own text.
var rulings = []Ruling{
	{Key: "contact_penalties", Default: "attacker_marker", Values: []string{"attacker_marker", "mission_marker"}, Ambiguity: 1,
		Case:    "UBL-6.2 Modificatori di Contatto",
		Settles: "the two '2' modifiers lost their sign: -2 per U-Boat Alert marker and -2 for the 'Attacco' marker, read as the wolfpack Attacker marker (UBL-6.25); mission_marker reads it as a Special Mission Attack marker instead"},
	{Key: "uboat_alert", Default: "on_draw", Values: []string{"on_draw", "on_attack"}, Ambiguity: 2,
		Case:    "UBL-6.5 Set-Up Tattico",
		Settles: "a U-Boat Alert marker goes in the map area the first time each boat draws a Convoy card there and engages it (UBL-6.5, the example); on_attack: the first time each boat attacks there (UBL-1.6)"},
	{Key: "alert_names", Default: "two_markers", Values: []string{"two_markers"}, Ambiguity: 3,
		Case:    "UBL-1.6 Segnalini",
		Settles: "'Allerta' and 'Allarme' name two markers: the display's Alert (escort detection) and the map's U-Boat Alert (contact rolls)"},
	{Key: "enemy_attack_third", Default: "sunk", Values: []string{"sunk", "three_stress"}, Ambiguity: 4,
		Case:    "UBL-6.20 Risolvere un Attacco",
		Settles: "an enemy attack that rolls exactly the third number: sunk, like every other table's 'equal or greater'; three_stress keeps the text's 'greater than' and gives +3 stress"},
	{Key: "tactics_attack_sign", Default: "bonus", Values: []string{"bonus", "malus"}, Ambiguity: 5,
		Case:    "UBL-6.20, UBL-6.22 Dopo il 1942",
		Settles: "a Tactics counter adds its value to the escort's attack (UBL-6.22: a bonus); malus takes the '-X' of UBL-6.20 literally"},
	{Key: "deep_dive", Default: "rule", Values: []string{"rule", "example"}, Ambiguity: 6,
		Case:    "UBL-6.19 Immersione Profonda",
		Settles: "rule: +1 stress, each attack rolls two dice and keeps the lower; example (UBL-12): no +1, each attack is first evaded on d10 <= EV, and a failed evasion costs +2 stress before the two-dice attack"},
	{Key: "crash_dive_same_area", Default: "applies", Values: []string{"applies", "lost"}, Ambiguity: 7,
		Case:    "UBL-6.19 Immersione Rapida",
		Settles: "an attack that gets through a crash dive is 'resolved normally using the Surface numbers', with the +2 for a surfaced boat in the attacker's area; lost: the boat is under, so no +2"},
	{Key: "wake_over_3", Default: "by_deficit", Values: []string{"by_deficit", "cap_3"}, Ambiguity: 8,
		Case:    "UBL-6.10 Movimento di Scia",
		Settles: "a ship or boat 4 or more slower than the reference ship drifts as many areas as the difference, as the table's pattern runs; cap_3: 3 areas at most"},
	{Key: "escort_detection", Default: "each_boat", Values: []string{"each_boat", "nearest_boat"}, Ambiguity: 9,
		Case:    "UBL-6.11 Avvistamento: Scorta",
		Settles: "with several undetected boats in range an escort rolls against each; nearest_boat: one roll against the nearest (random among ties)"},
	{Key: "escort_attack_target", Default: "nearest_detected", Values: []string{"nearest_detected", "nearest_any"}, Ambiguity: 10,
		Case:    "UBL-6.18 Navi Nemiche",
		Settles: "an escort attacks the nearest detected boat it can reach (UBL-6.16: escorts attack only detected boats); nearest_any: it aims at the nearest boat it could reach, and attacks only if that one is detected"},
	{Key: "escort_move_outside_short", Default: "moves", Values: []string{"moves", "d10_first"}, Ambiguity: 11,
		Case:    "UBL-6.12 Movimento Scorta (Contro U-Boat non Avvistati)",
		Settles: "with no boat detected, an escort outside short range moves to a random adjacent area as listed; d10_first: it first rolls the d10 like a short-range escort, and stays on 4-7"},
	{Key: "back_to_contact", Default: "one_contact", Values: []string{"one_contact", "two_contacts"}, Ambiguity: 12,
		Case:    "UBL-6.26 Decidere un Azione: Ritornare alla sottofase Contatto",
		Settles: "going back to the Contact sub-phase spends one contact, the one its Convoy card draw takes (UBL-6.3); two_contacts counts the action's '-1' and the draw's '-1' apart"},
	{Key: "cool", Default: "always", Values: []string{"always", "port_or_supply"}, Ambiguity: 13,
		Case:    "UBL-1.7 Abilità Speciali, UBL-7.3 Recupero Stress",
		Settles: "Cool removes 1 stress in every Refit phase, at sea too (UBL-1.7 and the example's U-96); port_or_supply: only with a port's or a supply ship's recovery (UBL-7.3)"},
	{Key: "map_reset", Default: "out", Values: []string{"out", "into"}, Ambiguity: 14,
		Case:    "UBL-7.7 Resettare la Mappa Campagna",
		Settles: "at the reset boats come out of the Searched boxes (the example, and the only reading that lets every boat search next turn); into: as written, they go into them, and only a boat that enters a new area in the Operations phase leaves its box"},
	{Key: "patrols_before_strategic", Default: "turn_end", Values: []string{"turn_end"}, Ambiguity: 15,
		Case:    "UBL-3 Panoramica: Fase Strategica",
		Settles: "'all U-boats must complete their patrols before the Strategic phase' means their actions of the turn: a patrol runs over many turns (UBL-2)"},
	{Key: "mission_box_draws", Default: "box_and_moving", Values: []string{"box_and_moving", "box_only"}, Ambiguity: 16,
		Case:    "UBL-5.1 Muovere gli U-Boat, UBL-4.9-4.11",
		Settles: "entering a Special Mission box draws the area's Moving cards (UBL-5.1) and the box's own, 'in addition' (UBL-4.9-4.11); box_only follows UBL-4.10's example, which draws only the box's. A boat in port draws no patrolling cards: ports print none"},
	{Key: "attack_ship_deck", Default: "warships", Values: []string{"warships", "merchants"}, Ambiguity: 17,
		Case:    "UBL-4.10 Missione Speciale: Attacco",
		Settles: "the Attack mission's 'mazzo Navi' is the Warship deck (its example draws Royal Oak, Cumberland, Sirius); merchants: the Merchant deck"},
	{Key: "raider_modifiers", Default: "skill", Values: []string{"skill", "none"}, Ambiguity: 18,
		Case:    "UBL-4.11 Missione Speciale: Predone",
		Settles: "a Raider attack's 'normal modifiers' at range 0 are the boat's TS for a torpedo and GS for a gun round; none: the bare die"},
	{Key: "promotion", Default: "one_level", Values: []string{"one_level", "several_levels"}, Ambiguity: 19,
		Case:    "UBL-7.1 Promuovere gli U-Boat",
		Settles: "a boat goes up one level a Refit phase; several_levels: again while its XP suffices. Stress states use the rules' fixed 0-8/9-12/13+ on every card, and Init is read from each row of the pack's card"},
	{Key: "xxi_reload", Default: "once_per_battle", Values: []string{"once_per_battle", "once_per_round"}, Ambiguity: 20,
		Case:    "UBL-9.1 U-Boat di Tipo XXI",
		Settles: "the Type XXI's reload of its six Ready tubes 'once during the Movement of the Combat sub-phase': once a battle; once_per_round: each round's movement"},
	{Key: "air_search_unchosen", Default: "discard", Values: []string{"discard", "deck_bottom"}, Ambiguity: 21,
		Case:    "UBL-4.2 Ricerca Aerea",
		Settles: "the Convoy card not chosen under Air Search is discarded; deck_bottom: it goes under the deck"},
	{Key: "escort_vp", Default: "card", Values: []string{"card", "none"}, Ambiguity: 22,
		Case:    "UBL-3 Panoramica, UBL-1.8 Carte Scorta",
		Settles: "a sunk escort scores the VP its card prints (UBL-1.8 lists the field; HMS Kite prints 0); none: escorts never score VP (UBL-3)"},
	{Key: "log_fields", Default: "unused", Values: []string{"unused"}, Ambiguity: 23,
		Case:    "UBL-2 Diario della Campagna",
		Settles: "the log's 'Sea State' and 'SPs' are never explained: Kaleun keeps no such values"},
	{Key: "type_from_card", Default: "card", Values: []string{"card"}, Ambiguity: 24,
		Case:    "UBL-2 Scegliere gli U-Boat, UBL-10",
		Settles: "a boat's type is its pack card's (UBL-2 calls U-23 a Type IIB, UBL-10 names other Type IIs)"},
	{Key: "salvo_damage", Default: "die_by_die", Values: []string{"die_by_die", "declared"}, Ambiguity: 25,
		Case:    "UBL-6.13 Attacco con i Siluri",
		Settles: "a salvo's damage counts die by die: a heavy damage gives the salvo's next dice +1 and a sunk ship takes no more rolls (the example); declared: every die is rolled with the modifiers of the declaration, then the damage is applied in order"},
}

// Rulings lists the rulings with their defaults.
func Rulings() []Ruling { return append([]Ruling(nil), rulings...) }

func rulingByKey(k string) *Ruling {
	for i := range rulings {
		if rulings[i].Key == k {
			return &rulings[i]
		}
	}
	return nil
}

// parseRulings reads "key=value,key=value".
func parseRulings(list string) (map[string]string, error) {
	out := map[string]string{}
	for _, kv := range strings.Split(list, ",") {
		kv = strings.TrimSpace(kv)
		if kv == "" {
			continue
		}
		k, val, ok := strings.Cut(kv, "=")
		if !ok {
			return nil, fmt.Errorf("ruling %q: want name=value", kv)
		}
		r := rulingByKey(strings.TrimSpace(k))
		if r == nil {
			var keys []string
			for _, x := range rulings {
				if len(x.Values) > 1 {
					keys = append(keys, x.Key)
				}
			}
			return nil, fmt.Errorf("no ruling %q (one of %s)", k, strings.Join(keys, ", "))
		}
		val = strings.TrimSpace(val)
		if !contains(r.Values, val) {
			return nil, fmt.Errorf("ruling %s=%s: one of %s", r.Key, val, strings.Join(r.Values, ", "))
		}
		if val != r.Default {
			out[r.Key] = val
		}
	}
	return out, nil
}

// ruling is the value in force.
func (s *State) ruling(key string) string {
	if v, ok := s.Setup.Rulings[key]; ok {
		return v
	}
	if r := rulingByKey(key); r != nil {
		return r.Default
	}
	panic("uboatleader: unknown ruling " + key)
}

// Optional rules (UBL-9 "Regole Opzionali").
var optionalRules = []struct{ Key, Case, Label string }{
	{"xxi", "UBL-9.1", "Type XXI U-boats: the Type XXI card may be bought (U-201 leaves)"},
	{"snorkel", "UBL-9.2", "Snorkel: a snorkel for 1 SO, +2 EV"},
	{"random_fleet", "UBL-9.3", "Random fleet: the fleet is drawn at random, +2/+4/+8 SO"},
	{"linked", "UBL-9.4", "Linked campaigns: every campaign of the pack in order, with the same fleet"},
}

// rulesMenu is what the set-up's "rules" may combine, each in a phrase:
// the optional rules, then each ruling with its values, the default first
// (the set-up is asked before any game exists, so `variants` cannot show
// them then).
func rulesMenu() []engine.Option {
	var out []engine.Option
	for _, o := range optionalRules {
		out = append(out, engine.Option{Key: o.Key, Label: o.Label, Case: o.Case})
	}
	for _, r := range rulings {
		if len(r.Values) < 2 {
			continue // a fixed reading: nothing to choose
		}
		values := []string{r.Default}
		for _, v := range r.Values {
			if v != r.Default {
				values = append(values, v)
			}
		}
		phrase, _, _ := strings.Cut(r.Settles, "; ")
		if n := []rune(phrase); len(n) > 110 {
			phrase = string(n[:109]) + "…"
		}
		out = append(out, engine.Option{Key: r.Key + "=" + strings.Join(values, "|"), Label: phrase, Case: caseNumbers(r.Case)})
	}
	return out
}

// caseNumbers are a ruling's rule cases without the rulebook's Italian
// headings: "UBL-6.2 Modificatori di Contatto, UBL-10" → "UBL-6.2, UBL-10".
func caseNumbers(c string) string {
	var out []string
	for _, part := range strings.Split(c, ",") {
		n, _, _ := strings.Cut(strings.TrimSpace(part), " ")
		out = append(out, n)
	}
	return strings.Join(out, ", ")
}

func parseOptional(list string) ([]string, error) {
	var out []string
	for _, k := range strings.Split(list, ",") {
		k = strings.TrimSpace(k)
		if k == "" {
			continue
		}
		ok := false
		for _, o := range optionalRules {
			if o.Key == k || o.Case == k {
				ok, k = true, o.Key
			}
		}
		if !ok {
			return nil, fmt.Errorf("no optional rule %q (one of xxi, snorkel, random_fleet, linked, or UBL-9.1 to UBL-9.4)", k)
		}
		if !contains(out, k) {
			out = append(out, k)
		}
	}
	return out, nil
}

func (s *State) optional(key string) bool { return contains(s.Setup.Optional, key) }
