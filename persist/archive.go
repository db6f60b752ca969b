package persist

import (
	"context"
	"encoding/json"
	"fmt"
)

// Archive moves the game under key to the finished games, in one
// transaction. (A game whose end is committed is archived by that commit.)
func (s *Store) Archive(ctx context.Context, key string) error {
	return s.ArchiveDelivering(ctx, key, nil)
}

// ArchiveDelivering is Archive that also puts, in the same transaction,
// what the archiving delivers (a deliver entry; none when nil).
func (s *Store) ArchiveDelivering(ctx context.Context, key string, deliver *Due) error {
	return s.update(ctx, "archive the game at "+key, func(tx kvTx) error {
		if err := putDeliver(tx, deliver); err != nil {
			return err
		}
		v := tx.Bucket(bucketGames).Get([]byte(key))
		if v == nil {
			return ErrNotFound
		}
		var rec GameRecord
		if err := json.Unmarshal(v, &rec); err != nil {
			return fmt.Errorf("game record %s is damaged: %w", key, err)
		}
		if err := queueWebhookChange(tx, endedWithoutResult(&rec), changedAt(&rec)); err != nil {
			return err
		}
		return archiveIn(tx, key, rec.ID, v)
	})
}

// archiveIn moves game id, whose record is v, from place key to the
// finished games within tx: the record goes to the archive (and is the
// place's last finished game, and one of its finished games), and the place, its due times and the id
// index entry are freed.
func archiveIn(tx kvTx, key, id string, v []byte) error {
	if err := tx.Bucket(bucketArchive).Put([]byte(id), v); err != nil {
		return err
	}
	if err := tx.Bucket(bucketLastFinished).Put([]byte(key), []byte(id)); err != nil {
		return err
	}
	if err := tx.Bucket(bucketArchivePlaces).Put(archivePlaceKey(key, id), []byte(id)); err != nil {
		return err
	}
	if err := putSchedule(tx, key, nil); err != nil {
		return err
	}
	if err := tx.Bucket(bucketIDs).Delete([]byte(id)); err != nil {
		return err
	}
	if err := dropPlayerGames(tx, v); err != nil {
		return fmt.Errorf("game %s: %w", id, err)
	}
	if err := dropFollows(tx, id); err != nil {
		return fmt.Errorf("game %s: %w", id, err)
	}
	return tx.Bucket(bucketGames).Delete([]byte(key))
}
