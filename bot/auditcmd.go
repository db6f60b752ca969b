package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/kaleun/kaleun/bot/audit"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/persist"
)

func commandNames(g *engine.Game) string {
	names := []string{"new"}
	if g == nil {
		for _, c := range Commands() {
			names = append(names, c.Name)
		}
		return strings.Join(names, ", ")
	}
	// Only what this game answers: a refusal that offers a command the
	// game lacks sends the player to a second refusal.
	for _, c := range CommandsFor(g) {
		names = append(names, c.Name)
	}
	return strings.Join(names, ", ")
}

// gameFor picks the game a command is about: the id given (on this server),
// else the channel's game, else the channel's last finished game.
func (s *Service) gameFor(ctx context.Context, place Place, current *persist.GameRecord, id string) (*persist.GameRecord, string, error) {
	if id != "" {
		rec, err := s.store.Find(ctx, id)
		if errors.Is(err, persist.ErrNotFound) || (err == nil && !strings.HasPrefix(rec.Key, spacePrefix(place))) {
			return nil, fmt.Sprintf("No game %q on this server.", id), nil
		}
		return rec, "", err
	}
	if current != nil {
		return current, "", nil
	}
	last, err := s.store.LastFinished(ctx, place.Key())
	if errors.Is(err, persist.ErrNotFound) {
		return nil, "There is no game in this channel, running or finished.", nil
	}
	if err != nil {
		return nil, "", err
	}
	return last, "", nil
}

func spacePrefix(p Place) string { return p.Platform + "/" + p.Space + "/" }

// auditFile attaches a game's audit log. The seed in force is never in it:
// the log itself reveals seeds at the end of the game or on `reveal`.
func (s *Service) auditFile(ctx context.Context, place Place, current *persist.GameRecord, id string) (Reply, error) {
	rec, msg, err := s.gameFor(ctx, place, current, id)
	if err != nil || rec == nil {
		return private(msg), err
	}
	x, err := audit.Build(ctx, s.store, rec, false)
	if err != nil {
		return Reply{}, err
	}
	data, err := json.MarshalIndent(x, "", " ")
	if err != nil {
		return Reply{}, fmt.Errorf("encoding the audit log of %s: %w", rec.ID, err)
	}
	name := "kaleun-" + rec.ID + ".json"
	text := fmt.Sprintf("The log of game %s: %d entries, head %s. Anyone can check it with `kaleun verify --head %s %s`: the head it prints must be the one posted here.", rec.ID, len(x.Entries), audit.ShortHash(rec.Head), audit.ShortHash(rec.Head), name)
	if !rec.Over && rec.Dice.Kind == "auditable" {
		text += fmt.Sprintf(" The seed in force (dice from #%d) is not revealed yet: its dice become checkable at the end of the game or after `reveal`.", rec.Dice.From)
	}
	return Reply{Public: []Message{{Title: "Audit log", Text: text, Footer: logFooter(rec),
		Files: []File{{Name: name, ContentType: "application/json", Data: data}}}}}, nil
}

// diceStats shows how often each face came up, in this channel's game and on
// the whole server, with a chi-square test against fair dice.
func (s *Service) diceStats(ctx context.Context, place Place, current *persist.GameRecord) (Reply, error) {
	game, _, err := s.gameFor(ctx, place, current, "")
	if err != nil {
		return Reply{}, err
	}
	var fields []engine.Field
	if game != nil {
		counts := audit.FaceCounts{}
		if err := s.countGame(ctx, counts, game); err != nil {
			return Reply{}, err
		}
		fields = append(fields, statFields("Game "+game.ID, counts)...)
	}
	running, err1 := s.store.Games(ctx)
	done, err2 := s.store.Finished(ctx)
	if err := errors.Join(err1, err2); err != nil {
		return Reply{}, err
	}
	server, games := audit.FaceCounts{}, 0
	for _, rec := range append(running, done...) {
		if strings.HasPrefix(rec.Key, spacePrefix(place)) {
			games++
			if err := s.countGame(ctx, server, &rec); err != nil {
				return Reply{}, err
			}
		}
	}
	fields = append(fields, statFields("This server ("+plural(games, "game", "games")+")", server)...)
	text := "How often each face came up. p is the chance that fair dice would stray at least this far from even counts: a p under 0.05 happens to one die type in twenty by luck alone; a fair die that keeps showing p under 0.001 would be news."
	return Reply{Public: []Message{{Title: "Dice statistics", Text: text, Fields: fields}}}, nil
}

func (s *Service) countGame(ctx context.Context, counts audit.FaceCounts, rec *persist.GameRecord) error {
	entries, err := s.store.Events(ctx, rec.ID, 1, 0)
	if err != nil {
		return err
	}
	counts.Add(entries)
	return nil
}

// statFields renders one field per die size.
func statFields(scope string, counts audit.FaceCounts) []engine.Field {
	if len(counts) == 0 {
		return []engine.Field{{Name: scope, Value: "no dice rolled yet"}}
	}
	var out []engine.Field
	for _, sides := range counts.Sizes() {
		c := counts[sides]
		fit := audit.FairDieFit(c)
		var b strings.Builder
		for f, n := range c {
			if f > 0 {
				b.WriteString(" · ")
			}
			fmt.Fprintf(&b, "%d: %d", f+1, n)
		}
		if fit.Enough {
			fmt.Fprintf(&b, "\nχ² = %.2f (%d df), p = %.3f", fit.ChiSq, fit.DF, fit.PValue)
		} else {
			fmt.Fprintf(&b, "\ntoo few rolls for a chi-square test (%d expected per face; 5 needed)", fit.N/sides)
		}
		out = append(out, engine.Field{Name: fmt.Sprintf("%s: d%d, %d rolled", scope, sides, fit.N), Value: b.String()})
	}
	return out
}
