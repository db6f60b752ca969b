package duel

import (
	"fmt"
	"strconv"

	"github.com/kaleun/kaleun/engine"
)

// Odds implements engine.Advisor: the odds of the pending prompt are its
// career's (the boat on patrol), under the duel's token. In secret (the
// evasive numbers, 14.8.3) the career refuses, since the figures would
// tell the other player's pick.
func (s *State) Odds(token string, b engine.OddsBudget) (*engine.Odds, error) {
	if s.Outcome() != nil {
		return nil, engine.ErrGameOver
	}
	if token != "" && token != strconv.Itoa(s.Decision) {
		return nil, fmt.Errorf("%w: prompt %s is not the pending one (%d)", engine.ErrStaleToken, token, s.Decision)
	}
	o, err := s.careers[s.Active].Odds("", b)
	if err != nil {
		return nil, err
	}
	o.Token = strconv.Itoa(s.Decision)
	return o, nil
}

// OddsHelp implements engine.AdvisedRules: the careers' advisor.
func (r *Rules) OddsHelp() string { return r.hunters.OddsHelp() }

// OddsOffered implements engine.Advisor.
func (s *State) OddsOffered(token string) bool {
	c := s.careers[s.Active]
	return s.Outcome() == nil && token == strconv.Itoa(s.Decision) && c.OddsOffered(strconv.Itoa(c.Decision))
}
