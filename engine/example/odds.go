package example

import (
	"fmt"
	"strconv"

	"github.com/kaleun/kaleun/engine"
)

// oddsHelp says what the advisor answers, for the `odds` command's help.
const oddsHelp = "The chance each roll wins, and its points on average (only you see them)"

// Odds implements engine.Advisor: exact, since the dice are few. Asking
// changes nothing and rolls nothing.
func (s *State) Odds(token string, b engine.OddsBudget) (*engine.Odds, error) {
	p := s.Pending()
	if p == nil {
		return nil, engine.ErrGameOver
	}
	if token != "" && token != p.Token {
		return nil, fmt.Errorf("%w: prompt %s is not the pending one (%s)", engine.ErrStaleToken, token, p.Token)
	}
	wins := 7 - s.Target // faces that win on one die (3.1)
	o := &engine.Odds{Token: p.Token, Title: "The roll"}
	for _, opt := range p.Options {
		fav, all, points := wins, 6, 1
		if opt.Key == Bold {
			fav, all, points = wins*wins, 36, 3 // both dice must win (2.2)
		}
		pw := float64(fav) / float64(all)
		o.Options = append(o.Options, engine.OptionOdds{Key: opt.Key, Label: opt.Label,
			Exact:     []engine.ExactOdds{{What: "win (" + opt.Case + ")", P: pw, Fraction: strconv.Itoa(fav) + "/" + strconv.Itoa(all)}},
			Estimates: []engine.Estimate{{What: "points (3.2)", Mean: pw * float64(points), Lo: pw * float64(points), Hi: pw * float64(points)}}})
	}
	return o, nil
}

// OddsOffered implements engine.Advisor: the one decision is worth a
// button.
func (s *State) OddsOffered(token string) bool {
	p := s.Pending()
	return p != nil && token == p.Token
}
