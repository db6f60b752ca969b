package persist

import (
	"context"
	"encoding/json"
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// bucketLastFinished maps a place's key to the id of the last game that
// finished there, so a channel's last game is found without reading the
// whole archive (which grows by a game a day for years).
var bucketLastFinished = []byte("last_finished")

// indexLastFinished creates the index, filling it from the archive once
// when a database made before it is opened.
func indexLastFinished(tx *bolt.Tx) error {
	if tx.Bucket(bucketLastFinished) != nil {
		return nil
	}
	idx, err := tx.CreateBucket(bucketLastFinished)
	if err != nil {
		return err
	}
	last := map[string]GameRecord{}
	err = tx.Bucket(bucketArchive).ForEach(func(k, v []byte) error {
		var rec GameRecord
		if err := json.Unmarshal(v, &rec); err != nil {
			return fmt.Errorf("game record %s is damaged: %w", k, err)
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
		if err := idx.Put([]byte(key), []byte(rec.ID)); err != nil {
			return err
		}
	}
	return nil
}

// LastFinished returns the last game that finished at the place key, with
// its state; ErrNotFound when none has.
func (s *Store) LastFinished(ctx context.Context, key string) (*GameRecord, error) {
	var rec *GameRecord
	err := s.view(ctx, "find the last finished game of "+key, func(tx kvTx) error {
		id := tx.Bucket(bucketLastFinished).Get([]byte(key))
		if id == nil {
			return ErrNotFound
		}
		v := tx.Bucket(bucketArchive).Get(id)
		if v == nil {
			return ErrNotFound
		}
		rec = &GameRecord{}
		if err := json.Unmarshal(v, rec); err != nil {
			return fmt.Errorf("game record %s is damaged: %w", id, err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return rec, nil
}
