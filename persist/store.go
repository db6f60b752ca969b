// Package persist keeps games in a bbolt file, or in a PostgreSQL database
// several replicas share (pg.go): one game per key (a terminal,
// or a chat channel: "discord/<guild>/<channel>"), each game's full event
// history, and the finished games. Every decision is one transaction: the
// new state, the dice cursor and the events commit together or not at all.
// The package has no clock: callers pass times in.
package persist

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/kaleun/kaleun/persist/record"
)

var (
	bucketGames   = []byte("games")
	bucketEvents  = []byte("events")
	bucketArchive = []byte("archive")
	// bucketIDs finds a running game's key by its id.
	bucketIDs = []byte("game_ids")
)

// ErrNotFound is returned when a key holds no game.
var ErrNotFound = errors.New("no game here")

// The records the store keeps, and the log's hashing, live in package
// record, which needs no database (the verifier built for the browser reads
// them there); these names are the same types.
type (
	DiceRecord  = record.DiceRecord
	GameRecord  = record.GameRecord
	Seat        = record.Seat
	Session     = record.Session
	EventRecord = record.EventRecord
	Acted       = record.Acted
	Proposal    = record.Proposal
)

// The log versions: how a game's entries are hashed (record.LogV1...).
const (
	LogV1      = record.LogV1
	LogV2      = record.LogV2
	LogVersion = record.LogVersion
)

// HashEntry computes an entry's hash in the form of LogV1.
func HashEntry(e EventRecord) (string, error) { return record.HashEntry(e) }

// HashEntryVersion computes an entry's hash in the form of the given log
// version (0 is LogV1).
func HashEntryVersion(version int, e EventRecord) (string, error) {
	return record.HashEntryVersion(version, e)
}

// NewEntry is an event to append, with the numbers of the dice it used.
type NewEntry struct {
	Event json.RawMessage
	Dice  []int64
}

// Store is an open database: a bbolt file or a PostgreSQL database.
type Store struct {
	kv backend
}

// Close closes the database.
func (s *Store) Close() error { return s.kv.close() }

// Path is the database: its file, or its URL without the password.
func (s *Store) Path() string { return s.kv.where() }

// Load returns the game stored under key, or ErrNotFound.
func (s *Store) Load(ctx context.Context, key string) (*GameRecord, error) {
	var rec GameRecord
	err := s.view(ctx, "load the game at "+key, func(tx kvTx) error {
		v := tx.Bucket(bucketGames).Get([]byte(key))
		if v == nil {
			return ErrNotFound
		}
		if err := json.Unmarshal(v, &rec); err != nil {
			return fmt.Errorf("game record %s is damaged: %w", key, err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return &rec, nil
}

// Commit stores the game record and appends its new events, in one
// transaction. The record's Seq is advanced by len(events). A record that
// is Over goes to the finished games in that same transaction.
func (s *Store) Commit(ctx context.Context, rec *GameRecord, events []json.RawMessage) error {
	entries := make([]NewEntry, len(events))
	for i, e := range events {
		entries[i] = NewEntry{Event: e}
	}
	_, err := s.CommitEntries(ctx, rec, entries)
	return err
}

// CommitEntries is Commit with the dice numbers of each event; it returns
// the entries as stored, with their hashes.
func (s *Store) CommitEntries(ctx context.Context, rec *GameRecord, events []NewEntry) ([]EventRecord, error) {
	return s.commit(ctx, rec, events, CommitPlan{})
}

// CommitScheduled is CommitEntries that also replaces the game's due times
// (its pending prompt's reminders and deadline) in the same transaction.
func (s *Store) CommitScheduled(ctx context.Context, rec *GameRecord, events []NewEntry, due []Due) ([]EventRecord, error) {
	return s.commit(ctx, rec, events, CommitPlan{Due: due, Schedule: true})
}

// CommitEntrant is CommitScheduled for a tournament entrant's new game (or
// a team's): t, which records the game as theirs, is saved in the same
// transaction, so a start cut short (a crash, a shutdown) leaves no game
// its tournament does not know, and can be taken up again.
func (s *Store) CommitEntrant(ctx context.Context, rec *GameRecord, events []NewEntry, due []Due, t *Tournament) ([]EventRecord, error) {
	return s.commit(ctx, rec, events, CommitPlan{Due: due, Schedule: true, Tournament: t})
}

// CommitPlan is what a commit does besides the game and its log.
type CommitPlan struct {
	Due        []Due
	Schedule   bool // merge Due into the game's due times (mergeSchedule)
	Tournament *Tournament
	// Deliver, when set, is the deliver entry of an action taken at a due
	// time (a deadline's decision): what it brings is delivered again by
	// another replica if this one dies before it has delivered it.
	Deliver *Due
	// Replan names prompts (by token) whose due times start again from
	// Due rather than keep their plan: a substitute's handover gives the
	// newcomer his own clock and reminders for the prompt he inherits.
	Replan []string
	// Leaving are players (user ids) who leave the game in this commit (a
	// substitute's handover): the index of players' games drops them.
	Leaving []string
	// Follow, when set, gives each of the game's followers a copy of the
	// decision's result, written with it (putFollowCopies).
	Follow *FollowCopy
	// Pace, when set, is an answer's time to add to its player's pace
	// (addPace).
	Pace *PaceSample
	// Webhook, when set, is what the commit tells the game's webhook and
	// its tournament's (see webhooks.go): their events are queued with it.
	Webhook *WebhookChange
}

// CommitWith is a commit that does what plan says besides.
func (s *Store) CommitWith(ctx context.Context, rec *GameRecord, events []NewEntry, plan CommitPlan) ([]EventRecord, error) {
	return s.commit(ctx, rec, events, plan)
}

func (s *Store) commit(ctx context.Context, rec *GameRecord, events []NewEntry, plan CommitPlan) ([]EventRecord, error) {
	var next GameRecord
	var stored []EventRecord
	err := s.update(ctx, "commit game "+rec.ID+" at "+rec.Key, func(tx kvTx) error {
		// From the start: a transaction may be run again (see pgKV.write).
		next = *rec
		stored = make([]EventRecord, 0, len(events))
		eb, err := tx.Bucket(bucketEvents).CreateBucketIfNotExists([]byte(rec.ID))
		if err != nil {
			return err
		}
		for _, ev := range events {
			var compact bytes.Buffer
			if err := json.Compact(&compact, ev.Event); err != nil {
				return fmt.Errorf("event %d is not valid JSON: %w", next.Seq+1, err)
			}
			ev.Event = compact.Bytes()
			next.Seq++
			entry := EventRecord{Seq: next.Seq, Decision: next.Decisions, Dice: ev.Dice, Event: ev.Event, Prev: next.Head}
			if entry.Hash, err = HashEntryVersion(next.LogVersion, entry); err != nil {
				return err
			}
			next.Head = entry.Hash
			stored = append(stored, entry)
			b, err := json.Marshal(entry)
			if err != nil {
				return err
			}
			if err := eb.Put(seqKey(next.Seq), b); err != nil {
				return err
			}
		}
		b, err := json.Marshal(&next)
		if err != nil {
			return err
		}
		if plan.Schedule {
			if err := mergeSchedule(tx, rec.Key, plan.Due, plan.Replan...); err != nil {
				return err
			}
		}
		if plan.Tournament != nil {
			if err := putTournament(tx, plan.Tournament); err != nil {
				return err
			}
		}
		if err := putDeliver(tx, plan.Deliver); err != nil {
			return err
		}
		if err := putFollowCopies(tx, &next, plan.Follow); err != nil {
			return err
		}
		if err := addPace(tx, plan.Pace); err != nil {
			return err
		}
		wh := plan.Webhook
		if wh == nil && next.Over {
			wh = endedWithoutResult(&next) // abandoned: its webhook still hears of the end
		}
		if err := queueWebhookChange(tx, wh, changedAt(&next)); err != nil {
			return err
		}
		if next.Over {
			// The end and the move to the finished games commit together:
			// a finished game is never left in its place.
			return archiveIn(tx, rec.Key, rec.ID, b)
		}
		if err := tx.Bucket(bucketIDs).Put([]byte(rec.ID), []byte(rec.Key)); err != nil {
			return err
		}
		if err := dropLeaving(tx, next.Key, next.ID, plan.Leaving); err != nil {
			return err
		}
		if err := putPlayerGames(tx, recordPlayers(&next)); err != nil {
			return err
		}
		return tx.Bucket(bucketGames).Put([]byte(rec.Key), b)
	})
	if err != nil {
		return nil, err
	}
	*rec = next
	return stored, nil
}

func seqKey(n uint64) []byte {
	var k [8]byte
	binary.BigEndian.PutUint64(k[:], n)
	return k[:]
}

// Events returns up to limit events of a game from sequence number from (1-based).
func (s *Store) Events(ctx context.Context, gameID string, from uint64, limit int) ([]EventRecord, error) {
	var out []EventRecord
	err := s.view(ctx, "read the log of game "+gameID, func(tx kvTx) error {
		eb := tx.Bucket(bucketEvents).Bucket([]byte(gameID))
		if eb == nil {
			return nil
		}
		c := eb.Cursor()
		for k, v := c.Seek(seqKey(from)); k != nil && (limit <= 0 || len(out) < limit); k, v = c.Next() {
			var e EventRecord
			if err := json.Unmarshal(v, &e); err != nil {
				return fmt.Errorf("event %d of game %s is damaged: %w", binary.BigEndian.Uint64(k), gameID, err)
			}
			out = append(out, e)
		}
		return nil
	})
	return out, err
}

// Games lists the running games.
func (s *Store) Games(ctx context.Context) ([]GameRecord, error) {
	return s.list(ctx, "list the running games", bucketGames)
}

// Finished lists the archived games.
func (s *Store) Finished(ctx context.Context) ([]GameRecord, error) {
	return s.list(ctx, "list the finished games", bucketArchive)
}

// Damaged is a game record that does not parse: its key, and why.
type Damaged struct {
	Key string
	Why string
}

// GamesReadable and FinishedReadable list the running and the finished
// games as Games and Finished do, but a record that does not parse is
// set aside in the second list instead of failing the whole: an operator's
// listing (kaleun audit) shows every game it can, and marks the rest.
func (s *Store) GamesReadable(ctx context.Context) ([]GameRecord, []Damaged, error) {
	return s.listReadable(ctx, "list the running games", bucketGames)
}

// FinishedReadable: see GamesReadable.
func (s *Store) FinishedReadable(ctx context.Context) ([]GameRecord, []Damaged, error) {
	return s.listReadable(ctx, "list the finished games", bucketArchive)
}

func (s *Store) listReadable(ctx context.Context, op string, bucket []byte) ([]GameRecord, []Damaged, error) {
	var out []GameRecord
	var bad []Damaged
	err := s.view(ctx, op, func(tx kvTx) error {
		out, bad = nil, nil // a PostgreSQL read may run again
		b := tx.Bucket(bucket)
		if b == nil {
			return nil
		}
		return b.ForEach(func(k, v []byte) error {
			if err := ctx.Err(); err != nil {
				return err
			}
			var rec GameRecord
			if err := json.Unmarshal(v, &rec); err != nil {
				bad = append(bad, Damaged{Key: string(k), Why: err.Error()})
				return nil
			}
			rec.State = nil
			out = append(out, rec)
			return nil
		})
	})
	return out, bad, err
}

func (s *Store) list(ctx context.Context, op string, bucket []byte) ([]GameRecord, error) {
	var out []GameRecord
	err := s.view(ctx, op, func(tx kvTx) error {
		b := tx.Bucket(bucket)
		if b == nil {
			// A file from before the bucket, opened read-only (audit,
			// render): nothing to list, and nothing may be created.
			return nil
		}
		return b.ForEach(func(k, v []byte) error {
			if err := ctx.Err(); err != nil {
				return err
			}
			var rec GameRecord
			if err := json.Unmarshal(v, &rec); err != nil {
				return fmt.Errorf("game record %s is damaged: %w", k, err)
			}
			rec.State = nil
			out = append(out, rec)
			return nil
		})
	})
	return out, err
}

// Find returns a running or finished game by its id.
func (s *Store) Find(ctx context.Context, id string) (*GameRecord, error) {
	var found GameRecord
	err := s.view(ctx, "find game "+id, func(tx kvTx) error {
		// Read-only, a file from an older kaleun may lack a bucket.
		var v []byte
		if b := tx.Bucket(bucketArchive); b != nil {
			v = b.Get([]byte(id))
		}
		if v == nil {
			if ids, games := tx.Bucket(bucketIDs), tx.Bucket(bucketGames); ids != nil && games != nil {
				if key := ids.Get([]byte(id)); key != nil {
					v = games.Get(key)
				}
			}
		}
		if v == nil {
			v = findUnindexed(tx, id)
		}
		if v == nil {
			return ErrNotFound
		}
		if err := json.Unmarshal(v, &found); err != nil {
			return fmt.Errorf("game record %s is damaged: %w", id, err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return &found, nil
}

// EachGame calls fn with every running and finished game (state included)
// whose place key starts with prefix, until fn returns false: the running
// ones in the order of their keys, then the finished ones in the order of
// their ids. Both are found by place (the running games are keyed by it,
// the finished ones through archive_places), so a server's games cost what
// it has played, not what the whole database holds.
func (s *Store) EachGame(ctx context.Context, prefix string, fn func(rec *GameRecord) bool) error {
	return s.view(ctx, "read the games under "+prefix, func(tx kvTx) error {
		more := true
		each := func(k, v []byte) error {
			if err := ctx.Err(); err != nil {
				return err
			}
			var rec GameRecord
			if err := json.Unmarshal(v, &rec); err != nil {
				return fmt.Errorf("game record %s is damaged: %w", k, err)
			}
			if strings.HasPrefix(rec.Key, prefix) {
				more = fn(&rec)
			}
			return nil
		}
		c := tx.Bucket(bucketGames).Cursor()
		for k, v := c.Seek([]byte(prefix)); k != nil && more && bytes.HasPrefix(k, []byte(prefix)); k, v = c.Next() {
			if err := each(k, v); err != nil {
				return err
			}
		}
		archive := tx.Bucket(bucketArchive)
		idx := tx.Bucket(bucketArchivePlaces)
		if idx == nil {
			// A database from before the index, opened read-only: read
			// the whole archive.
			c := archive.Cursor()
			for k, v := c.First(); k != nil && more; k, v = c.Next() {
				if err := each(k, v); err != nil {
					return err
				}
			}
			return nil
		}
		var ids [][]byte
		c = idx.Cursor()
		for k, id := c.Seek([]byte(prefix)); k != nil && bytes.HasPrefix(k, []byte(prefix)); k, id = c.Next() {
			ids = append(ids, id)
		}
		slices.SortFunc(ids, bytes.Compare)
		for _, id := range ids {
			if !more {
				break
			}
			if v := archive.Get(id); v != nil {
				if err := each(id, v); err != nil {
					return err
				}
			}
		}
		return nil
	})
}

// WithChannel runs fn holding the lock of one place's decisions (its key),
// so that its load, decision and commit are not interleaved with another's
// of the same place. On a bbolt file, which one process has open, the
// caller's own lock is enough and fn simply runs; on PostgreSQL the lock is
// held across every process sharing the database.
func (s *Store) WithChannel(ctx context.Context, key string, fn func(ctx context.Context) error) error {
	unlock, err := s.LockChannel(ctx, key)
	if err != nil {
		return err
	}
	defer unlock()
	return fn(ctx)
}

// LockChannel takes the lock WithChannel holds, until unlock is called.
func (s *Store) LockChannel(ctx context.Context, key string) (unlock func(), err error) {
	if err := ctx.Err(); err != nil {
		return nil, wrapOp("lock the game at "+key, err)
	}
	unlock, err = s.kv.lockChannel(ctx, key)
	return unlock, wrapOp("lock the game at "+key, err)
}

// Shared tells a database other processes may be using at the same time
// (PostgreSQL), as a bbolt file never is.
func (s *Store) Shared() bool {
	_, ok := s.kv.(*pgKV)
	return ok
}
