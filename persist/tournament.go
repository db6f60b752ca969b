package persist

import (
	"context"
	"encoding/json"
	"fmt"
	"time"
)

var (
	bucketTournaments      = []byte("tournaments")
	bucketTournamentPlaces = []byte("tournament_places")
)

// Tournament is a competition whose entrants each play their own game.
type Tournament struct {
	ID     string `json:"id"`
	Game   string `json:"game"`
	Format string `json:"format"`
	Name   string `json:"name"`
	// Key is the tournament channel's place key.
	Key           string            `json:"key"`
	Organiser     string            `json:"organiser"`
	OrganiserName string            `json:"organiser_name"`
	Answers       map[string]string `json:"answers,omitempty"`
	Entrants      []Entrant         `json:"entrants,omitempty"`
	// VacationDays is each entrant's budget of vacation days in this
	// tournament, set by its organiser.
	VacationDays int `json:"vacation_days"`
	// Pace is the target time to answer its organiser set (0: none); its
	// reminders say it, with the player's own pace.
	Pace time.Duration `json:"pace,omitempty"`
	// Status is "open" (taking entrants), "running" or "ended".
	Status  string    `json:"status"`
	Created time.Time `json:"created"`
	Started time.Time `json:"started,omitempty"`
	Ended   time.Time `json:"ended,omitempty"`
}

// Entrant is one player of a tournament.
type Entrant struct {
	User    string            `json:"user"`
	Name    string            `json:"name"`
	Answers map[string]string `json:"answers,omitempty"`
	// Place is the key of his game's place once the tournament started, and
	// GameID the game.
	Place  string `json:"place,omitempty"`
	GameID string `json:"game_id,omitempty"`
	// Withdrawn marks an entrant who left or was removed after the start.
	Withdrawn bool `json:"withdrawn,omitempty"`
	// Team and Seat place him in a team game (his wolfpack).
	Team string `json:"team,omitempty"`
	Seat string `json:"seat,omitempty"`
	// VacationUsed counts the vacation days he has taken in it.
	VacationUsed int `json:"vacation_used,omitempty"`
	// Was are the players who held this career before him, the first
	// first: a substitute (the organiser's `substitute`) took it over from
	// each at the decision named. The standings show both names.
	Was []Former `json:"was,omitempty"`
}

// Former is a player who held a tournament career until a substitute took
// it over, at decision From (the first decision the newcomer took).
type Former struct {
	User string `json:"user"`
	Name string `json:"name"`
	From int    `json:"from"`
}

// SaveTournament stores a tournament; an open or running one is found by
// its channel, an ended one only by id.
func (s *Store) SaveTournament(ctx context.Context, t *Tournament) error {
	return s.update(ctx, "save tournament "+t.ID+" at "+t.Key, func(tx kvTx) error { return putTournament(tx, t) })
}

func putTournament(tx kvTx, t *Tournament) error {
	v, err := json.Marshal(t)
	if err != nil {
		return err
	}
	if err := tx.Bucket(bucketTournaments).Put([]byte(t.ID), v); err != nil {
		return err
	}
	places := tx.Bucket(bucketTournamentPlaces)
	if t.Status == "ended" {
		if string(places.Get([]byte(t.Key))) == t.ID {
			return places.Delete([]byte(t.Key))
		}
		return nil
	}
	return places.Put([]byte(t.Key), []byte(t.ID))
}

// TournamentAt returns the open or running tournament of a channel.
func (s *Store) TournamentAt(ctx context.Context, key string) (*Tournament, error) {
	var t *Tournament
	err := s.view(ctx, "find the tournament at "+key, func(tx kvTx) error {
		id := tx.Bucket(bucketTournamentPlaces).Get([]byte(key))
		if id == nil {
			return ErrNotFound
		}
		v := tx.Bucket(bucketTournaments).Get(id)
		if v == nil {
			return ErrNotFound
		}
		t = &Tournament{}
		if err := json.Unmarshal(v, t); err != nil {
			return fmt.Errorf("tournament %s is damaged: %w", id, err)
		}
		return nil
	})
	return t, err
}

// Tournaments lists every tournament.
func (s *Store) Tournaments(ctx context.Context) ([]Tournament, error) {
	var out []Tournament
	err := s.view(ctx, "list the tournaments", func(tx kvTx) error {
		return tx.Bucket(bucketTournaments).ForEach(func(k, v []byte) error {
			if err := ctx.Err(); err != nil {
				return err
			}
			var t Tournament
			if err := json.Unmarshal(v, &t); err != nil {
				return fmt.Errorf("tournament %s is damaged: %w", k, err)
			}
			out = append(out, t)
			return nil
		})
	})
	return out, err
}

// Tournament returns a tournament by its id, or ErrNotFound.
func (s *Store) Tournament(ctx context.Context, id string) (*Tournament, error) {
	var t *Tournament
	err := s.view(ctx, "read tournament "+id, func(tx kvTx) error {
		v := tx.Bucket(bucketTournaments).Get([]byte(id))
		if v == nil {
			return ErrNotFound
		}
		t = &Tournament{}
		if err := json.Unmarshal(v, t); err != nil {
			return fmt.Errorf("tournament %s is damaged: %w", id, err)
		}
		return nil
	})
	return t, err
}
