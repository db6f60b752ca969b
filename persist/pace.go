package persist

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"
)

// A player's pace (issue 34 item 5): how long he takes to answer a prompt,
// from when it began waiting on him to his answer, in his active time (the
// bot measures it). The log's entries carry no times, so each answer's
// time is recorded when it commits, in the same transaction, under one
// bucket keyed by the player (PlayerKey's name with his server, as the
// bot's playerKey names him), a zero byte and the game's id: only that
// game's commits, which its channel's lock serialises, ever write a key,
// so two games of one player committing at once never update one row
// (PostgreSQL's repeatable read would refuse one of them). His pace is
// read by merging his games'.
var bucketPace = []byte("pace")

// PaceKept is how many of a player's last answers his median is taken
// over: enough for a steady figure, little enough to follow him when he
// speeds up or slows down.
const PaceKept = 64

// Pace is a player's record of answers.
type Pace struct {
	// Last are his last answers' times (at most PaceKept of each game),
	// oldest first within a game.
	Last []time.Duration `json:"last"`
	// Longest is his longest answer ever, Count how many he gave.
	Longest time.Duration `json:"longest"`
	Count   int           `json:"count"`
}

// Median is the median of his last answers (0 when there are none): the
// mean of the middle two of an even count.
func (p Pace) Median() time.Duration {
	if len(p.Last) == 0 {
		return 0
	}
	s := slices.Clone(p.Last)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// PaceSample is one answer's time in a game, of the tournament it is a
// career of ("" for none).
type PaceSample struct {
	Player, GameID, Tournament string
	Took                       time.Duration
}

// gamePace is a player's answers in one game, as the bucket keeps them.
type gamePace struct {
	Tournament string `json:"tournament,omitempty"`
	Pace
}

func paceKey(player, gameID string) []byte {
	return append(append([]byte(player), 0), gameID...)
}

func addPace(tx kvTx, ps *PaceSample) error {
	if ps == nil {
		return nil
	}
	b := tx.Bucket(bucketPace)
	k := paceKey(ps.Player, ps.GameID)
	var p gamePace
	if v := b.Get(k); v != nil {
		if err := json.Unmarshal(v, &p); err != nil {
			p = gamePace{} // a damaged pace only ever served to show a figure: begun again
		}
	}
	p.Tournament = ps.Tournament
	p.Last = append(p.Last, ps.Took)
	if len(p.Last) > PaceKept {
		p.Last = p.Last[len(p.Last)-PaceKept:]
	}
	p.Longest = max(p.Longest, ps.Took)
	p.Count++
	v, err := json.Marshal(p)
	if err != nil {
		return err
	}
	if err := b.Put(k, v); err != nil {
		return fmt.Errorf("the pace of %q in game %s: %w", ps.Player, ps.GameID, err)
	}
	return nil
}

// Paces reads the paces of players (one with no answers recorded is a
// zero Pace), over their games of tournament, or over all their games
// when tournament is "": each game's last PaceKept answers, the longest
// and the count of all.
func (s *Store) Paces(ctx context.Context, players []string, tournament string) (map[string]Pace, error) {
	out := make(map[string]Pace, len(players))
	err := s.view(ctx, "read paces", func(tx kvTx) error {
		b := tx.Bucket(bucketPace)
		for _, player := range players {
			var sum Pace
			if b != nil {
				prefix := append([]byte(player), 0)
				c := b.Cursor()
				for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
					var p gamePace
					if json.Unmarshal(v, &p) != nil || (tournament != "" && p.Tournament != tournament) {
						continue
					}
					sum.Last = append(sum.Last, p.Last...)
					sum.Longest = max(sum.Longest, p.Longest)
					sum.Count += p.Count
				}
			}
			out[player] = sum
		}
		return nil
	})
	return out, err
}
