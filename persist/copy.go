package persist

import (
	"context"
	"encoding/json"
	"fmt"
)

// CopyInfo counts what Copy copied.
type CopyInfo struct {
	Running, Finished, Events, Tournaments, Players int
}

// Copy copies every game, log, due time, tournament and player's
// preferences of src into dst, which must hold no game and no tournament:
// moving a community from a bbolt file to PostgreSQL (kaleun migrate), or a
// PostgreSQL database into a bbolt file (its backup). The buckets are copied
// byte for byte, so every log's hash chain is the one it was. It is one
// write transaction on dst, read from one read transaction on src: dst gets
// all of it or nothing.
func Copy(ctx context.Context, dst, src *Store) (CopyInfo, error) {
	var info CopyInfo
	if n, err := dst.holds(ctx); err != nil {
		return info, err
	} else if n > 0 {
		return info, fmt.Errorf("copy to %s: it already holds %d games or tournaments: copy into an empty database", dst.Path(), n)
	}
	op := "copy " + src.Path() + " to " + dst.Path()
	err := src.view(ctx, op, func(from kvTx) error {
		return dst.update(ctx, op, func(to kvTx) error {
			info = CopyInfo{}
			return copyBuckets(ctx, to, from, &info)
		})
	})
	return info, err
}

// copied are the buckets Copy copies whole; the logs are copied game by game.
var copied = [][]byte{bucketGames, bucketArchive, bucketDue, bucketDueLeases, bucketSchedule, bucketPlayers, bucketTournaments, bucketTournamentPlaces, bucketIDs, bucketMeta, bucketLastFinished, bucketArchivePlaces, bucketPosted, bucketPlayerGames, bucketFollows, bucketPace, bucketWebhooks, bucketWebhookGames, bucketWebhookOutbox}

func copyBuckets(ctx context.Context, to, from kvTx, info *CopyInfo) error {
	for _, name := range copied {
		src, dst := from.Bucket(name), to.Bucket(name)
		if src == nil && isWebhookBucket(name) {
			continue // a file from before webhooks: none to copy
		}
		if src == nil {
			// An older file's missing index of the finished games (a file
			// opened read-only is not brought up to date): made here.
			if string(name) == string(bucketPlayerGames) {
				// The source's running games, indexed by player.
				if err := to.Bucket(bucketMeta).Delete(playerGamesComplete); err != nil {
					return err
				}
				if err := indexPlayerGames(to); err != nil {
					return fmt.Errorf("bucket %s: %w", name, err)
				}
				continue
			}
			if err := indexFinished(to, from, name); err != nil {
				return fmt.Errorf("bucket %s: %w", name, err)
			}
			continue
		}
		n := 0
		err := src.ForEach(func(k, v []byte) error {
			if err := ctx.Err(); err != nil {
				return err
			}
			n++
			return dst.Put(k, v)
		})
		if err != nil {
			return fmt.Errorf("bucket %s: %w", name, err)
		}
		switch string(name) {
		case string(bucketGames):
			info.Running = n
		case string(bucketArchive):
			info.Finished = n
		case string(bucketTournaments):
			info.Tournaments = n
		case string(bucketPlayers):
			info.Players = n
		}
	}
	for _, name := range [][]byte{bucketGames, bucketArchive} {
		err := from.Bucket(name).ForEach(func(k, v []byte) error {
			var rec struct {
				ID string `json:"id"`
			}
			if err := json.Unmarshal(v, &rec); err != nil {
				return fmt.Errorf("game record %s is damaged: %w", k, err)
			}
			src := from.Bucket(bucketEvents).Bucket([]byte(rec.ID))
			if src == nil {
				return nil
			}
			dst, err := to.Bucket(bucketEvents).CreateBucketIfNotExists([]byte(rec.ID))
			if err != nil {
				return err
			}
			return src.ForEach(func(seq, e []byte) error {
				if err := ctx.Err(); err != nil {
					return err
				}
				info.Events++
				return dst.Put(seq, e)
			})
		})
		if err != nil {
			return fmt.Errorf("logs: %w", err)
		}
	}
	return nil
}

// holds counts the games and tournaments of a database.
func (s *Store) holds(ctx context.Context) (int, error) {
	n := 0
	err := s.view(ctx, "count what "+s.Path()+" holds", func(tx kvTx) error {
		for _, name := range [][]byte{bucketGames, bucketArchive, bucketTournaments} {
			if b := tx.Bucket(name); b != nil {
				n += b.KeyN()
			}
		}
		return nil
	})
	return n, err
}

// indexFinished fills the destination's index name (the last finished game
// of each place, or the finished games by place) from the source's archive.
func indexFinished(to, from kvTx, name []byte) error {
	var last map[string]GameRecord
	switch string(name) {
	case string(bucketLastFinished):
		last = map[string]GameRecord{}
	case string(bucketArchivePlaces):
	default:
		return nil
	}
	err := from.Bucket(bucketArchive).ForEach(func(k, v []byte) error {
		var rec GameRecord
		if err := json.Unmarshal(v, &rec); err != nil {
			return fmt.Errorf("game record %s is damaged: %w", k, err)
		}
		if last == nil {
			return to.Bucket(bucketArchivePlaces).Put(archivePlaceKey(rec.Key, string(k)), k)
		}
		if cur, ok := last[rec.Key]; !ok || rec.Updated.After(cur.Updated) {
			rec.State = nil
			last[rec.Key] = rec
		}
		return nil
	})
	if err != nil {
		return err
	}
	for key, rec := range last {
		if err := to.Bucket(bucketLastFinished).Put([]byte(key), []byte(rec.ID)); err != nil {
			return err
		}
	}
	return nil
}
