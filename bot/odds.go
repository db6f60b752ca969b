package bot

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/persist"
)

// The advisor: `odds` at any prompt, and an Odds button on the prompts the
// game marks (engine.Advisor). The answer goes to the asker alone; the game
// is only read: no state, dice or log entry changes.

// oddsKey is the key of the Odds button on a prompt or on a new game's
// Start message; it never reaches the game as an answer.
const oddsKey = "__odds"

// oddsAllowed reports whether the game's players may ask for odds, and
// why not: a tournament's organiser may turn them off (engine.OddsPolicy).
func (s *Service) oddsAllowed(ctx context.Context, rec *persist.GameRecord) (bool, string, error) {
	if rec.Tournament == "" {
		return true, "", nil
	}
	t, err := s.tournamentByID(ctx, rec.Tournament)
	if err != nil || t == nil {
		return err == nil, "", err
	}
	if g := s.games[t.Game]; g != nil && g.OddsPolicy != nil && !g.OddsPolicy.OddsAllowed(t.Format, t.Answers) {
		return false, fmt.Sprintf("The odds are off in %s: its organiser chose so when creating it.", t.Name), nil
	}
	return true, "", nil
}

// withOddsButton adds the Odds button to a prompt's message when the game
// offers it there and the odds are allowed.
func (s *Service) withOddsButton(ctx context.Context, rec *persist.GameRecord, st engine.State, m Message) Message {
	adv, ok := engine.AdvisorOf(st)
	if !ok || m.Prompt == nil || !adv.OddsOffered(m.Prompt.Token) {
		return m
	}
	if allowed, _, err := s.oddsAllowed(ctx, rec); err != nil || !allowed {
		return m
	}
	m.Options = append(m.Options, Option{ID: optionID(rec.ID, m.Prompt.Token, oddsKey), Label: "Odds", Style: StyleQuiet}) // answered privately, like Show board
	return m
}

// odds answers `odds` or an Odds button: the odds of the prompt the token
// names, or of the asker's pending prompt (the first, if none is his); a
// game waiting for its Start gets its outlook. rec and st are this call's
// own (decoded for it): once what may be asked is settled, odds calls
// unlock, giving the place's lock up, and works the answer out on them
// while other calls in the place go on (issue 28: a wolfpack's clicks
// waited behind one Odds press).
func (s *Service) odds(ctx context.Context, rec *persist.GameRecord, st engine.State, user User, token string, unlock func()) (Reply, error) {
	allowed, why, err := s.oddsAllowed(ctx, rec)
	if err != nil {
		return Reply{}, err
	}
	if !allowed {
		return private(why), nil
	}
	if st == nil {
		unlock()
		return s.outlook(rec)
	}
	adv, ok := engine.AdvisorOf(st)
	if !ok {
		return private("This game gives no odds."), nil
	}
	var p *engine.Prompt
	for _, q := range pendingAll(st) {
		if token != "" {
			if q.Token == token {
				p = q
			}
			continue
		}
		if id, _ := answerer(rec, q); id == user.ID && p == nil {
			p = q
		}
	}
	if p == nil && token == "" {
		if all := pendingAll(st); len(all) > 0 {
			p = all[0]
		}
	}
	if p == nil {
		return private("That decision was already taken, or none is pending: nothing to weigh. `turn` shows the pending one."), nil
	}
	if p.Private {
		if id, _ := answerer(rec, p); id != user.ID {
			return private("That decision is another player's, and private: its odds are for that player to ask for."), nil
		}
	}
	unlock()
	o, err := adv.Odds(p.Token, engine.OddsBudget{Rollouts: s.oddsRollouts, Workers: s.oddsWorkers})
	if err != nil {
		if errors.Is(err, engine.ErrStaleToken) || errors.Is(err, engine.ErrGameOver) {
			return private(err.Error()), nil
		}
		return private("No odds here: " + err.Error()), nil
	}
	return Reply{Private: oddsMessages(o)}, nil
}

// outlook answers `odds` (or the Odds button) before a game's Start: the
// forecast of the game its setup makes, if the game gives one.
func (s *Service) outlook(rec *persist.GameRecord) (Reply, error) {
	g := s.games[rec.Game]
	if g == nil || g.Outlook == nil {
		return private("This game gives no odds before it starts."), nil
	}
	text, err := g.Outlook.Outlook(rec.Setup, s.oddsWorkers)
	if err != nil {
		return private("No outlook for this setup: " + err.Error()), nil
	}
	return Reply{Private: []Message{{Title: "Outlook", Text: text}}}, nil
}

// oddsMessages renders an answer: a message per option (the platforms'
// length limits), then the notes; the first carries the answer whole for
// surfaces that want it (the terminal's JSONL).
func oddsMessages(o *engine.Odds) []Message {
	var out []Message
	for i := range o.Options {
		m := Message{Text: clip(optionOddsText(&o.Options[i]), maxText)}
		if i == 0 {
			m.Title = "Odds: " + o.Title
			m.Odds = o
		}
		out = append(out, m)
	}
	if len(o.Notes) > 0 {
		out = append(out, Message{Text: clip(strings.Join(o.Notes, "\n"), maxText)})
	}
	if len(out) == 0 {
		out = append(out, Message{Title: "Odds: " + o.Title, Text: "No option to weigh.", Odds: o})
	}
	return out
}

// OddsText renders an answer as plain text, for surfaces without messages.
func OddsText(o *engine.Odds) string {
	var b strings.Builder
	b.WriteString("Odds: " + o.Title + "\n")
	for i := range o.Options {
		b.WriteString(optionOddsText(&o.Options[i]))
	}
	for _, n := range o.Notes {
		b.WriteString(n + "\n")
	}
	return b.String()
}

// optionOddsText is one option's odds: its exact rolls, a line each with
// every result, then its estimates.
func optionOddsText(oo *engine.OptionOdds) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**%s**", oo.Key)
	if oo.Label != "" {
		b.WriteString(" — " + oo.Label)
	}
	b.WriteByte('\n')
	for i := 0; i < len(oo.Exact); {
		x := oo.Exact[i]
		roll := x.Roll
		if roll == "" {
			roll = x.What
		}
		b.WriteString("  " + roll)
		if x.When != "" {
			b.WriteString(" (" + x.When + ")")
		}
		b.WriteString(": ")
		j := i
		for ; j < len(oo.Exact) && oo.Exact[j].Roll == x.Roll && x.Roll != ""; j++ {
			if j > i {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "%s %s (%s)", oo.Exact[j].Result, oo.Exact[j].Fraction, percent(oo.Exact[j].P))
		}
		if j == i { // an entry without a roll of its own
			fmt.Fprintf(&b, "%s (%s)", x.Fraction, percent(x.P))
			j++
		}
		b.WriteByte('\n')
		i = j
	}
	if len(oo.Estimates) > 0 {
		fmt.Fprintf(&b, "  %s rollouts:\n", number(float64(oo.Rollouts)))
		for _, e := range oo.Estimates {
			if e.Share {
				fmt.Fprintf(&b, "    %s: %s (%s–%s)\n", e.What, percent(e.Mean), percent(e.Lo), percent(e.Hi))
				continue
			}
			unit := ""
			if e.Unit != "" {
				unit = " " + e.Unit
			}
			fmt.Fprintf(&b, "    %s: %s%s (%s–%s)\n", e.What, number(e.Mean), unit, number(e.Lo), number(e.Hi))
		}
	}
	return b.String()
}

// percent writes a share as a percentage with one decimal.
func percent(p float64) string { return fmt.Sprintf("%.1f%%", 100*p) }

// number writes a figure rounded, with thousands separated: 9,067.
func number(v float64) string {
	n := int64(math.Round(v))
	if n < 0 {
		return "-" + number(-v)
	}
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// clip shortens a text to n bytes on a line's end where it can.
func clip(text string, n int) string {
	if len(text) <= n {
		return text
	}
	cut := strings.LastIndexByte(text[:n], '\n')
	if cut < n/2 {
		cut = n
	}
	return text[:cut] + "\n…"
}
