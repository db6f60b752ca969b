package persist

import (
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
// bucket: a player's key (PlayerKey) for all his games, and that key, a
// zero byte and "t:" with a tournament's id for its games alone.
var bucketPace = []byte("pace")

// PaceKept is how many of a player's last answers his median is taken
// over: enough for a steady figure, little enough to follow him when he
// speeds up or slows down.
const PaceKept = 64

// Pace is a player's record of answers.
type Pace struct {
	// Last are his last answers' times (at most PaceKept), oldest first.
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

// PaceSample is one answer's time, for the paces named by Keys.
type PaceSample struct {
	Keys []string
	Took time.Duration
}

// PaceKey is the key of a player's pace in one tournament's games.
func PaceKey(player, tournament string) string {
	if tournament == "" {
		return player
	}
	return player + "\x00t:" + tournament
}

func addPace(tx kvTx, ps *PaceSample) error {
	if ps == nil {
		return nil
	}
	b := tx.Bucket(bucketPace)
	for _, k := range ps.Keys {
		var p Pace
		if v := b.Get([]byte(k)); v != nil {
			if err := json.Unmarshal(v, &p); err != nil {
				p = Pace{} // a damaged pace only ever served to show a figure: begun again
			}
		}
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
		if err := b.Put([]byte(k), v); err != nil {
			return fmt.Errorf("the pace of %q: %w", k, err)
		}
	}
	return nil
}

// Paces reads the paces of keys (one not recorded is a zero Pace).
func (s *Store) Paces(ctx context.Context, keys []string) (map[string]Pace, error) {
	out := make(map[string]Pace, len(keys))
	err := s.view(ctx, "read paces", func(tx kvTx) error {
		b := tx.Bucket(bucketPace)
		for _, k := range keys {
			var p Pace
			if b != nil {
				if v := b.Get([]byte(k)); v != nil && json.Unmarshal(v, &p) != nil {
					p = Pace{}
				}
			}
			out[k] = p
		}
		return nil
	})
	return out, err
}
