package wolfpack

import (
	"fmt"
	"strings"

	"github.com/kaleun/kaleun/engine"
)

// Odds implements engine.Advisor: the odds of a boat's prompt are its
// career's, under the pack's token. The rollouts stop where the boat would
// wait for its pack: what the pack does is not played.
func (s *State) Odds(token string, b engine.OddsBudget) (*engine.Odds, error) {
	i, career, err := s.promptOf(token)
	if err != nil {
		return nil, err
	}
	o, err := s.careers[i].Odds(career, b)
	if err != nil {
		return nil, err
	}
	o.Token = s.Members[i].Seat + "." + career
	o.Notes = append(o.Notes, "In a wolfpack the rollouts stop where the boat waits for its pack (13.5): what the pack does then is not played out.")
	return o, nil
}

// OddsHelp implements engine.AdvisedRules: the careers' advisor.
func (r *Rules) OddsHelp() string { return r.hunters.OddsHelp() }

// OddsOffered implements engine.Advisor.
func (s *State) OddsOffered(token string) bool {
	i, career, err := s.promptOf(token)
	return err == nil && s.careers[i].OddsOffered(career)
}

// promptOf finds the career a pending prompt's token names ("" for the first).
func (s *State) promptOf(token string) (int, string, error) {
	if s.Outcome() != nil {
		return 0, "", engine.ErrGameOver
	}
	for _, p := range s.PendingAll() {
		if token == "" || p.Token == token {
			seat, career, _ := strings.Cut(p.Token, ".")
			return s.index(seat), career, nil
		}
	}
	return 0, "", fmt.Errorf("%w: prompt %s is not pending", engine.ErrStaleToken, token)
}
