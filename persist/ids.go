package persist

import (
	"encoding/json"
	"fmt"
)

// bucketMeta holds facts about the database itself, such as which indexes
// are complete.
var bucketMeta = []byte("meta")

// idsComplete marks the id index (game_ids) as holding every running game.
// Games saved before the index existed are added once, when a database
// without the mark is opened to write; until then (a read-only open of such
// a file) Find looks through the running games for an id it lacks.
var idsComplete = []byte("game_ids_complete")

func idsIndexed(tx kvTx) bool {
	m := tx.Bucket(bucketMeta)
	return m != nil && m.Get(idsComplete) != nil
}

// indexIDs fills the id index from the running games and marks it complete.
func indexIDs(tx kvTx) error {
	if idsIndexed(tx) {
		return nil
	}
	ids := tx.Bucket(bucketIDs)
	err := tx.Bucket(bucketGames).ForEach(func(k, v []byte) error {
		var rec struct {
			ID string `json:"id"`
		}
		if err := json.Unmarshal(v, &rec); err != nil {
			return fmt.Errorf("game record %s is damaged: %w", k, err)
		}
		return ids.Put([]byte(rec.ID), k)
	})
	if err != nil {
		return err
	}
	return tx.Bucket(bucketMeta).Put(idsComplete, []byte{1})
}

// findUnindexed looks through the running games for an id, in a database
// whose id index is not known to be complete.
func findUnindexed(tx kvTx, id string) []byte {
	if idsIndexed(tx) {
		return nil
	}
	var found []byte
	tx.Bucket(bucketGames).ForEach(func(k, v []byte) error {
		var rec struct {
			ID string `json:"id"`
		}
		if found == nil && json.Unmarshal(v, &rec) == nil && rec.ID == id {
			found = v
		}
		return nil
	})
	return found
}
