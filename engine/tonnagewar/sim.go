package tonnagewar

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/simrun"
)

// The built-in players, for balance checks of the house values; the rules
// define none, so they never play for a person. docs/players/tonnagewar.md ("Built-in
// players") gives the figures behind the U-boat player's choices.
//
// U-boat player: answers evasive routing with B-dienst; does not answer an
// escort attack on a boat attacking the convoy (an evade or a shot would
// abandon the attack, 8.1.2, TW-A34); answers any other attack on his
// U-boat with his best evade card, else (an air patrol) with flak, and
// never with a torpedo at the escorts (7.2.6): attack cards are kept for
// the convoy. With a contact in effect he attacks, with the attack card of
// the most rolls and his best U-boat (a blank if he has no U-boat in hand,
// the contact's own boat if he has neither, 14.4). He holds his contacts
// back until the round's last turns (his cards in hand no more than his
// contact cards and one), when the escort player has spent most of his
// hand, and makes them with his weakest U-boat. Otherwise he discards the
// card he needs least: flak, B-dienst, an evade card (the weakest), a
// contact, an attack card (the fewest rolls) last.
// Escort player: answers an attack with his largest escort attack; continues
// an attack when he may; puts HF/DF, then an air patrol, then evasive
// routing on a contact; flies an air patrol at random; discards the rest.
// Groups take real escorts before blanks, up to the card's limit.

// BuiltIn chooses for the player to move.
func BuiltIn(s *State) string {
	opts := s.options()
	has := func(k string) bool {
		for _, o := range opts {
			if o.Key == k {
				return true
			}
		}
		return false
	}
	side := s.Stage.Side
	switch s.Stage.Step {
	case "respond":
		if side == UBoats {
			return uboatResponse(s, opts)
		}
		best, bestMod := "none", -1
		for _, o := range opts {
			if o.Key == "none" {
				continue
			}
			id, _ := parseResponse(o.Key)
			if c := s.card(id); c.Kind == EscortAttack && 10+c.Group > bestMod {
				best, bestMod = o.Key, 10+c.Group
			}
		}
		return best
	case "card":
		if side == UBoats {
			return "c" + strconv.Itoa(uboatCard(s))
		}
		for _, k := range []CardKind{EscortAttack, HFDF, AirPatrol, EvasiveRouting} {
			for _, id := range s.Hands[side].TacHand {
				if s.card(id).Kind == k && len(s.uses(side, s.card(id))) > 2 {
					return "c" + strconv.Itoa(id)
				}
			}
		}
		return "c" + strconv.Itoa(s.Hands[side].TacHand[0])
	case "use":
		for _, k := range []string{"continue", "attack", "attack_c0", "contact", "hfdf_c0", "air_c0", "route_c0", "air_pull"} {
			if has(k) {
				return k
			}
		}
		return "discard"
	case "unit":
		best, score := "back", -1
		for _, o := range opts {
			if o.Key == "back" {
				continue
			}
			id, _ := strconv.Atoi(o.Key[1:])
			v := map[string]int{"N": 1, "R": 2, "A": 3}[s.unit(id).Quality]
			if s.Stage.Use == "contact" {
				v = 4 - v // the weakest boat shadows
			}
			if v > score {
				best, score = o.Key, v
			}
		}
		return best
	case "group":
		for _, o := range opts {
			if strings.HasPrefix(o.Key, "u") && s.unit(mustAtoi(o.Key[1:])).Type != Blank {
				return o.Key
			}
		}
		if has("done") {
			return "done"
		}
		for _, o := range opts {
			if strings.HasPrefix(o.Key, "u") {
				return o.Key
			}
		}
		return "back"
	case "end":
		return "accept"
	}
	return opts[0].Key
}

// uboatResponse is the U-boat player's answer to an open engagement.
func uboatResponse(s *State, opts []engine.Option) string {
	if s.Open.Answers != nil {
		return "none" // an evade or a shot would abandon the attack (8.1.2): let it run undetected
	}
	best, bestRank := "none", 0
	for _, o := range opts {
		if o.Key == "none" {
			continue
		}
		id, _ := parseResponse(o.Key)
		c := s.card(id)
		rank := map[CardKind]int{BDienst: 100, Evade: 10 + c.Mod, Flak: 1}[c.Kind] // an Attack (a shot, 7.2.6) ranks 0: never
		if rank > bestRank {
			best, bestRank = o.Key, rank
		}
	}
	return best
}

// uboatCard is the U-boat player's card for his turn: an attack when a
// contact is in effect, a contact in the round's last turns, else the card
// he needs least, to discard.
func uboatCard(s *State) int {
	hand := s.Hands[UBoats].TacHand
	playable := func(id int) bool { return len(s.uses(UBoats, s.card(id))) > 2 }
	attack, rolls := -1, -1
	contacts, contact := 0, -1
	for _, id := range hand {
		switch c := s.card(id); c.Kind {
		case Attack:
			if v := 10*c.Rolls + c.Mod; playable(id) && v > rolls {
				attack, rolls = id, v
			}
		case Contact, SpecialContact:
			contacts++
			if contact < 0 && playable(id) {
				contact = id
			}
		}
	}
	switch {
	case attack >= 0:
		return attack
	case contact >= 0 && len(hand) <= contacts+1:
		return contact
	}
	least, lowest := hand[0], 1<<30
	for _, id := range hand {
		if v := keepValue(s.card(id)); v < lowest {
			least, lowest = id, v
		}
	}
	return least
}

// keepValue is how much the built-in U-boat player wants to keep a card.
func keepValue(c Card) int {
	switch c.Kind {
	case Attack:
		return 50 + 5*c.Rolls + c.Mod
	case Contact, SpecialContact:
		return 40
	case Evade:
		return 30 + c.Mod
	case BDienst:
		return 10
	}
	return 5 + c.Mod // flak
}

func mustAtoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// SimReport sums up simulated games (each game of a match counted alone).
type SimReport struct {
	Games int `json:"games"`
	// MeanUBoatScore and MeanEscortScore are the points per game of each role.
	MeanUBoatScore  float64 `json:"mean_uboat_score"`
	MeanEscortScore float64 `json:"mean_escort_score"`
	// Shares of games won by each role (more points), and drawn.
	UBoatWins  float64 `json:"uboat_wins"`
	EscortWins float64 `json:"escort_wins"`
	Draws      float64 `json:"draws"`
	// MeanShipsSunk are convoy ships, MeanUBoatsLost U-boats sunk, per game.
	MeanShipsSunk  float64 `json:"mean_ships_sunk"`
	MeanUBoatsLost float64 `json:"mean_uboats_lost"`
	Rulings        string  `json:"rulings,omitempty"`
}

// Simulate plays matches between the built-in players; dice gives match i
// its dice.
func Simulate(r *Rules, games, workers int, rulings string, dice func(i int) engine.Dice) (SimReport, error) {
	rep := SimReport{Rulings: rulings}
	setup := fmt.Sprintf(`{"a":"Built-in A","b":"Built-in B","rulings":%q}`, rulings)
	// Matches are played until they have given games games, and summed in
	// their order: the report does not depend on the workers.
	play := func(_ struct{}, i int) ([2]GameStats, error) {
		d := dice(i)
		st, _, err := r.New([]byte(setup), d)
		if err != nil {
			return [2]GameStats{}, err
		}
		s := st.(*State)
		for steps := 0; !s.Done; steps++ {
			if steps > 100000 {
				return [2]GameStats{}, fmt.Errorf("tonnagewar: a simulated match does not end")
			}
			key := BuiltIn(s)
			label, ok := s.optionLabel(key)
			if !ok {
				return [2]GameStats{}, fmt.Errorf("tonnagewar: the built-in player chose %q, not an option at step %s", key, s.Stage.Step)
			}
			// In place: the match is the simulation's own (Apply would copy it).
			if _, err := s.step(key, label, d); err != nil {
				return [2]GameStats{}, err
			}
		}
		return s.Stats, nil
	}
	fold := func(_ int, stats [2]GameStats) bool {
		for _, g := range stats {
			if rep.Games == games {
				break
			}
			rep.Games++
			rep.MeanUBoatScore += float64(g.UBoatScore)
			rep.MeanEscortScore += float64(g.EscortScore)
			switch {
			case g.UBoatScore > g.EscortScore:
				rep.UBoatWins++
			case g.EscortScore > g.UBoatScore:
				rep.EscortWins++
			default:
				rep.Draws++
			}
			rep.MeanShipsSunk += float64(g.ShipsSunk)
			rep.MeanUBoatsLost += float64(g.UBoatsLost)
		}
		return rep.Games < games
	}
	if err := simrun.InOrder(math.MaxInt, workers, func() struct{} { return struct{}{} }, play, fold); err != nil {
		return rep, err
	}
	n := float64(rep.Games)
	rep.MeanUBoatScore /= n
	rep.MeanEscortScore /= n
	rep.UBoatWins /= n
	rep.EscortWins /= n
	rep.Draws /= n
	rep.MeanShipsSunk /= n
	rep.MeanUBoatsLost /= n
	return rep, nil
}
