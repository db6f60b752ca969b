package persist

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"time"
)

// Requests seen: a chat platform's requests that were acted upon, kept
// until a copy of one can no longer be accepted (Slack's HTTP mode: a
// signature holds five minutes either side of the clock), so that a copy —
// the platform's own retry, or a captured request sent again — is acted
// upon by no process, whichever replica behind a load balancer it reaches.
//
// Two buckets: "seen_requests" maps an id to the time it may be forgotten
// (big-endian unix nanoseconds), and "seen_expiry" is the same pairs keyed
// by that time then the id, so a sweep reads only what has expired. They
// are not copied by Copy: a migration stops every replica for longer than
// anything is kept here.
var (
	bucketSeen       = []byte("seen_requests")
	bucketSeenExpiry = []byte("seen_expiry")
)

// ClaimRequest records a request, known by each of ids (say its signed
// content and the platform's id for it), as seen until until. It returns
// true when the caller is the first: no id was seen before, unless its time
// had passed by now. Otherwise nothing is written and it returns false.
//
// The claim is one write transaction: on a bbolt file the single writer
// makes it atomic; on PostgreSQL two processes claiming an id at once both
// write its row, so one of them fails to serialise, is run again, and then
// finds the id seen. Exactly one claimant of any id gets true.
func (s *Store) ClaimRequest(ctx context.Context, ids []string, now, until time.Time) (first bool, err error) {
	if len(ids) == 0 {
		return false, fmt.Errorf("persist: claim a request: no id given")
	}
	exp := seenTime(until)
	err = s.update(ctx, "claim request "+ids[0], func(tx kvTx) error {
		first = false // from the start: a transaction may be run again
		seen, index := tx.Bucket(bucketSeen), tx.Bucket(bucketSeenExpiry)
		old := make([][]byte, len(ids))
		for i, id := range ids {
			v := seen.Get([]byte(id))
			if v != nil && now.Before(seenAt(v)) {
				return nil
			}
			old[i] = bytes.Clone(v)
		}
		for i, id := range ids {
			if old[i] != nil {
				// Expired and not yet swept: its index entry goes with it.
				if err := index.Delete(seenIndexKey(old[i], id)); err != nil {
					return err
				}
			}
			if err := seen.Put([]byte(id), exp); err != nil {
				return err
			}
			if err := index.Put(seenIndexKey(exp, id), []byte{}); err != nil {
				return err
			}
		}
		first = true
		return nil
	})
	return first, err
}

// SweepRequests forgets up to limit ids whose time has passed by now, the
// oldest first, in one transaction, and returns how many it forgot. A
// process sweeps now and then, so the buckets hold only the requests of
// the last window, however long the bot runs.
func (s *Store) SweepRequests(ctx context.Context, now time.Time, limit int) (n int, err error) {
	err = s.update(ctx, "forget expired requests", func(tx kvTx) error {
		n = 0
		seen, index := tx.Bucket(bucketSeen), tx.Bucket(bucketSeenExpiry)
		// Collected first: bbolt's cursor must not walk keys being deleted.
		var gone [][]byte
		c := index.Cursor()
		for k, _ := c.First(); k != nil && len(gone) < limit; k, _ = c.Next() {
			if len(k) < 8 || now.Before(seenAt(k[:8])) {
				break
			}
			gone = append(gone, bytes.Clone(k))
		}
		for _, k := range gone {
			if err := ctx.Err(); err != nil {
				return err
			}
			if err := index.Delete(k); err != nil {
				return err
			}
			id := k[8:]
			// A later claim of the same id has its own, later entry.
			if v := seen.Get(id); v != nil && bytes.Equal(v, k[:8]) {
				if err := seen.Delete(id); err != nil {
					return err
				}
			}
		}
		n = len(gone)
		return nil
	})
	return n, err
}

// SeenRequests counts the ids remembered, expired or not (for tests and
// the operator).
func (s *Store) SeenRequests(ctx context.Context) (n int, err error) {
	err = s.view(ctx, "count the requests seen", func(tx kvTx) error {
		n = tx.Bucket(bucketSeen).KeyN()
		return nil
	})
	return n, err
}

func seenTime(t time.Time) []byte {
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], uint64(t.UnixNano()))
	return b[:]
}

// seenAt reads a time written by seenTime; a value of another length (a
// damaged entry) reads as long past, so it is claimed over, not trusted.
func seenAt(b []byte) time.Time {
	if len(b) != 8 {
		return time.Time{}
	}
	return time.Unix(0, int64(binary.BigEndian.Uint64(b)))
}

func seenIndexKey(exp []byte, id string) []byte {
	return append(bytes.Clone(exp), id...)
}
