package duel

import (
	"fmt"

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
	if token != "" && token != s.token(s.Decision) { // "29u1" after an undo
		return nil, fmt.Errorf("%w: prompt %s is not the pending one (%s)", engine.ErrStaleToken, token, s.token(s.Decision))
	}
	o, err := s.careers[s.Active].Odds("", b)
	if err != nil {
		return nil, err
	}
	o.Token = s.token(s.Decision)
	return o, nil
}

// OddsHelp implements engine.AdvisedRules: the careers' advisor.
func (r *Rules) OddsHelp() string { return r.hunters.OddsHelp() }

// OddsOffered implements engine.Advisor.
func (s *State) OddsOffered(token string) bool {
	c := s.careers[s.Active]
	return s.Outcome() == nil && token == s.token(s.Decision) && c.OddsOffered("")
}
