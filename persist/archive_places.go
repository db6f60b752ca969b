package persist

import (
	"encoding/json"
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// bucketArchivePlaces indexes the finished games by place: each key is a
// place's key, a zero byte and a game's id; its value is the id. A
// server's finished games (its leaderboard) are found by seeking its
// prefix, not by reading the whole archive, which grows by a game a day
// for years: with 100,000 finished games a leaderboard read them all for
// some 15 s.
var bucketArchivePlaces = []byte("archive_places")

func archivePlaceKey(key, id string) []byte {
	k := make([]byte, 0, len(key)+1+len(id))
	k = append(k, key...)
	k = append(k, 0)
	return append(k, id...)
}

// indexArchivePlaces creates the index, filling it from the archive once
// when a database made before it is opened.
func indexArchivePlaces(tx *bolt.Tx) error {
	if tx.Bucket(bucketArchivePlaces) != nil {
		return nil
	}
	idx, err := tx.CreateBucket(bucketArchivePlaces)
	if err != nil {
		return err
	}
	return tx.Bucket(bucketArchive).ForEach(func(k, v []byte) error {
		var rec struct {
			Key string `json:"key"`
		}
		if err := json.Unmarshal(v, &rec); err != nil {
			return fmt.Errorf("game record %s is damaged: %w", k, err)
		}
		return idx.Put(archivePlaceKey(rec.Key, string(k)), k)
	})
}
