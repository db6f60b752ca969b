package persist

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
)

// bucketPlayerGames indexes the running games by player, for a player's
// list of his games across every channel and server (`/kaleun games`):
// each key is the player's platform and id ("discord/123"), a zero byte
// and the game's place key; its value is the game's id. A commit that
// keeps a game running puts its players' keys; the move to the finished
// games takes them away. A database from before the index (bbolt schema 1,
// PostgreSQL schema 1) gets it filled once, when it is opened to write
// (indexPlayerGames; PostgreSQL's migration 2).
var bucketPlayerGames = []byte("player_games")

// playerGamesComplete marks the index as holding every running game.
var playerGamesComplete = []byte("player_games_complete")

// PlayerKey names a player across his places: the platform of a place key
// ("discord/<guild>/<channel>") and his user id there.
func PlayerKey(placeKey, user string) string {
	platform, _, _ := strings.Cut(placeKey, "/")
	return platform + "/" + user
}

func playerGameKey(player, placeKey string) []byte {
	k := make([]byte, 0, len(player)+1+len(placeKey))
	k = append(k, player...)
	k = append(k, 0)
	return append(k, placeKey...)
}

// gamePlayers are what the index needs of a game record.
type gamePlayers struct {
	ID    string `json:"id"`
	Key   string `json:"key"`
	Owner string `json:"owner"`
	Seats []struct {
		ID string `json:"id"`
	} `json:"seats"`
}

// players are the user ids of a game's players, each once.
func (g gamePlayers) players() []string {
	var out []string
	add := func(id string) {
		for _, have := range out {
			if have == id {
				return
			}
		}
		if id != "" {
			out = append(out, id)
		}
	}
	add(g.Owner)
	for _, s := range g.Seats {
		add(s.ID)
	}
	return out
}

func recordPlayers(rec *GameRecord) gamePlayers {
	g := gamePlayers{ID: rec.ID, Key: rec.Key, Owner: rec.Owner}
	for _, s := range rec.Seats {
		g.Seats = append(g.Seats, struct {
			ID string `json:"id"`
		}{s.ID})
	}
	return g
}

// putPlayerGames indexes a running game under each of its players; a key
// that holds the game already is not written again (a decision's commit
// writes no more pages than it did).
func putPlayerGames(tx kvTx, g gamePlayers) error {
	b := tx.Bucket(bucketPlayerGames)
	if b == nil {
		return nil // a file opened read-only from before the index: it writes nothing anyway
	}
	for _, u := range g.players() {
		k := playerGameKey(PlayerKey(g.Key, u), g.Key)
		if bytes.Equal(b.Get(k), []byte(g.ID)) {
			continue
		}
		if err := b.Put(k, []byte(g.ID)); err != nil {
			return err
		}
	}
	return nil
}

// dropLeaving takes players who leave a running game (a substitute took
// their seats) out of its entries in the index: the game is no longer in
// their list, and is in the newcomer's (putPlayerGames).
func dropLeaving(tx kvTx, key, id string, leaving []string) error {
	b := tx.Bucket(bucketPlayerGames)
	if b == nil || len(leaving) == 0 {
		return nil
	}
	for _, u := range leaving {
		k := playerGameKey(PlayerKey(key, u), key)
		if bytes.Equal(b.Get(k), []byte(id)) {
			if err := b.Delete(k); err != nil {
				return fmt.Errorf("dropping %s's entry of game %s: %w", u, id, err)
			}
		}
	}
	return nil
}

// dropPlayerGames takes a game that leaves its place out of the index.
func dropPlayerGames(tx kvTx, v []byte) error {
	b := tx.Bucket(bucketPlayerGames)
	if b == nil {
		return nil
	}
	var g gamePlayers
	if err := json.Unmarshal(v, &g); err != nil {
		return fmt.Errorf("game record is damaged: %w", err)
	}
	for _, u := range g.players() {
		k := playerGameKey(PlayerKey(g.Key, u), g.Key)
		if bytes.Equal(b.Get(k), []byte(g.ID)) {
			if err := b.Delete(k); err != nil {
				return err
			}
		}
	}
	return nil
}

// indexPlayerGames fills the index from the running games, once, and marks
// it complete: a database from before it, opened to write.
func indexPlayerGames(tx kvTx) error {
	if m := tx.Bucket(bucketMeta); m.Get(playerGamesComplete) != nil {
		return nil
	}
	err := tx.Bucket(bucketGames).ForEach(func(k, v []byte) error {
		var g gamePlayers
		if err := json.Unmarshal(v, &g); err != nil {
			return fmt.Errorf("game record %s is damaged: %w", k, err)
		}
		return putPlayerGames(tx, g)
	})
	if err != nil {
		return err
	}
	return tx.Bucket(bucketMeta).Put(playerGamesComplete, []byte{1})
}

// GamesOf are the running games a player plays in (he commands them or
// holds a seat), on the platform of placeKey, in every place: each record
// whole, state included. An entry whose place holds another game by now is
// passed over.
func (s *Store) GamesOf(ctx context.Context, placeKey, user string) ([]GameRecord, error) {
	player := PlayerKey(placeKey, user)
	var out []GameRecord
	err := s.view(ctx, "list the games of "+player, func(tx kvTx) error {
		out = nil // a PostgreSQL read may run again
		idx, games := tx.Bucket(bucketPlayerGames), tx.Bucket(bucketGames)
		if idx == nil || games == nil {
			return nil
		}
		prefix := playerGameKey(player, "")
		c := idx.Cursor()
		for k, id := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, id = c.Next() {
			if err := ctx.Err(); err != nil {
				return err
			}
			v := games.Get(k[len(prefix):])
			if v == nil {
				continue
			}
			var rec GameRecord
			if err := json.Unmarshal(v, &rec); err != nil {
				return fmt.Errorf("game record %s is damaged: %w", k[len(prefix):], err)
			}
			if rec.ID == string(id) {
				out = append(out, rec)
			}
		}
		return nil
	})
	return out, err
}

// TournamentsOf are the open and running tournaments a player has entered
// (and not left) on the platform of placeKey.
func (s *Store) TournamentsOf(ctx context.Context, placeKey, user string) ([]Tournament, error) {
	platform, _, _ := strings.Cut(placeKey, "/")
	var out []Tournament
	err := s.view(ctx, "list the tournaments of "+PlayerKey(placeKey, user), func(tx kvTx) error {
		out = nil
		places, all := tx.Bucket(bucketTournamentPlaces), tx.Bucket(bucketTournaments)
		if places == nil || all == nil {
			return nil
		}
		// The open and running tournaments are those found by a channel.
		return places.ForEach(func(k, id []byte) error {
			if !strings.HasPrefix(string(k), platform+"/") {
				return nil
			}
			v := all.Get(id)
			if v == nil {
				return nil
			}
			var t Tournament
			if err := json.Unmarshal(v, &t); err != nil {
				return fmt.Errorf("tournament %s is damaged: %w", id, err)
			}
			for _, e := range t.Entrants {
				if e.User == user && !e.Withdrawn && t.Status != "ended" {
					out = append(out, t)
					break
				}
			}
			return nil
		})
	})
	return out, err
}
