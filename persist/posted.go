package persist

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"strings"
	"time"
)

// Where the chat adapters posted the messages they come back to: each
// prompt's messages (its result is shown in their place, reminders link to
// them) and the messages kept up to date by name (a tournament's standings,
// a game's pinned view). They are kept here rather than in an adapter's
// memory so that every replica sharing the database, and a process after a
// restart, edits the message another posted instead of posting anew.
//
// One bucket, three kinds of key:
//
//	"p" ref                 the messages of a prompt not yet answered (ref: game id ":" token)
//	"s" name                a message kept up to date (its channel and id)
//	"m" time (8 bytes) ref  a prompt whose result a retriable delivery has shown
//
// A prompt's entry goes once its result is shown, and a finished game's
// entries go when the end has been shown (RecordPosted) or, for a game that
// ended without showing one, at the next PrunePosted. A mark ("m") outlives
// its entry for ShownKept, so that a delivery retried after it had shown
// the result (and forgotten the entry) does not post the result a second
// time; marks are ordered by time so that old ones go from the front.
var bucketPosted = []byte("posted")

// ShownKept is how long the mark of a result shown by a retriable delivery
// is kept: a retry later than that posts the result anew.
const ShownKept = 7 * 24 * time.Hour

const (
	postedPrompt = 'p'
	postedSticky = 's'
	postedMark   = 'm'
)

// MessageAt is a message on a chat platform: its channel and its id (on
// Slack, its timestamp).
type MessageAt struct {
	Channel string `json:"c"`
	ID      string `json:"id"`
}

// PostedChange is what one delivery (a reply, a notice) posted and showed,
// written by RecordPosted in one transaction.
type PostedChange struct {
	// Now is when, for the marks and their pruning.
	Now time.Time
	// Prompts are messages posted for prompts, by ref.
	Prompts []PromptAt
	// Answered are prompts whose results were shown in their messages (or
	// posted): their entries go. Mark keeps a mark of it for ShownKept.
	Answered []AnsweredPrompt
	// Stickies are messages kept up to date, posted under their names.
	Stickies []StickyAt
}

// PromptAt is a message posted for a prompt.
type PromptAt struct {
	Ref string
	At  MessageAt
}

// AnsweredPrompt is a prompt whose result has been shown.
type AnsweredPrompt struct {
	Ref  string
	Mark bool
}

// StickyAt is a message kept up to date under a name.
type StickyAt struct {
	Name string
	At   MessageAt
}

// Empty reports whether the change writes nothing.
func (c PostedChange) Empty() bool {
	return len(c.Prompts) == 0 && len(c.Answered) == 0 && len(c.Stickies) == 0
}

func postedKey(kind byte, name string) []byte {
	return append([]byte{kind}, name...)
}

func markKey(at time.Time, ref string) []byte {
	k := make([]byte, 9, 9+len(ref))
	k[0] = postedMark
	binary.BigEndian.PutUint64(k[1:], uint64(at.UnixNano()))
	return append(k, ref...)
}

// refGame is the game a prompt's ref belongs to.
func refGame(ref string) string {
	id, _, _ := strings.Cut(ref, ":")
	return id
}

// PromptMessages returns where a prompt's messages were posted, oldest
// first; none once its result has been shown.
func (s *Store) PromptMessages(ctx context.Context, ref string) ([]MessageAt, error) {
	var out []MessageAt
	err := s.view(ctx, "read the messages of prompt "+ref, func(tx kvTx) error {
		b := tx.Bucket(bucketPosted)
		if b == nil {
			return nil // a database from before the bucket, opened read-only
		}
		var err error
		out, err = decodeMessages(b.Get(postedKey(postedPrompt, ref)), ref)
		return err
	})
	return out, err
}

func decodeMessages(v []byte, ref string) ([]MessageAt, error) {
	if v == nil {
		return nil, nil
	}
	var out []MessageAt
	if err := json.Unmarshal(v, &out); err != nil {
		return nil, fmt.Errorf("the messages of prompt %s are damaged: %w", ref, err)
	}
	return out, nil
}

// ResultShown reports whether a retriable delivery has shown the result of
// a prompt within the last ShownKept.
func (s *Store) ResultShown(ctx context.Context, ref string) (bool, error) {
	found := false
	err := s.view(ctx, "look for the result of prompt "+ref, func(tx kvTx) error {
		b := tx.Bucket(bucketPosted)
		if b == nil {
			return nil
		}
		// Marks are few (results shown at deadlines, for a week): a walk
		// is cheaper than an index by ref, and runs only on a retry.
		c := b.Cursor()
		for k, _ := c.Seek([]byte{postedMark}); k != nil && k[0] == postedMark; k, _ = c.Next() {
			if len(k) > 9 && string(k[9:]) == ref {
				found = true
				return nil
			}
		}
		return nil
	})
	return found, err
}

// Sticky returns where the message kept up to date under name is.
func (s *Store) Sticky(ctx context.Context, name string) (MessageAt, bool, error) {
	var at MessageAt
	found := false
	err := s.view(ctx, "read the message kept as "+name, func(tx kvTx) error {
		b := tx.Bucket(bucketPosted)
		if b == nil {
			return nil
		}
		v := b.Get(postedKey(postedSticky, name))
		if v == nil {
			return nil
		}
		found = true
		if err := json.Unmarshal(v, &at); err != nil {
			return fmt.Errorf("the message kept as %s is damaged: %w", name, err)
		}
		return nil
	})
	return at, found, err
}

// RecordPosted writes what a delivery posted and showed, in one
// transaction: concurrent deliveries' writes share a commit on a bbolt
// file. A prompt's messages are added to those it has (a prompt posted
// again, a copy in a direct message), once each. The entries of an
// answered prompt go; when its game is no longer running, so do the rest of
// the game's (its end has been shown).
func (s *Store) RecordPosted(ctx context.Context, c PostedChange) error {
	if c.Empty() {
		return nil
	}
	write := s.batch
	if len(c.Stickies) > 0 {
		// A name's first message must be found by the next delivery at
		// once, or that delivery posts a second one: no batch's delay.
		write = s.update
	}
	return write(ctx, "record the messages posted", func(tx kvTx) error {
		b := tx.Bucket(bucketPosted)
		// Each run starts from what the transaction holds: a batch may run
		// this more than once.
		for _, p := range c.Prompts {
			if p.Ref == "" || p.At.ID == "" {
				continue
			}
			k := postedKey(postedPrompt, p.Ref)
			have, err := decodeMessages(b.Get(k), p.Ref)
			if err != nil {
				return err
			}
			known := false
			for _, at := range have {
				known = known || at == p.At
			}
			if known {
				continue
			}
			v, err := json.Marshal(append(have, p.At))
			if err != nil {
				return err
			}
			if err := b.Put(k, v); err != nil {
				return err
			}
		}
		ended := map[string]bool{}
		marked := false
		for _, a := range c.Answered {
			if err := b.Delete(postedKey(postedPrompt, a.Ref)); err != nil {
				return err
			}
			if a.Mark {
				marked = true
				if err := b.Put(markKey(c.Now, a.Ref), nil); err != nil {
					return err
				}
			}
			if game := refGame(a.Ref); !ended[game] && tx.Bucket(bucketIDs).Get([]byte(game)) == nil {
				ended[game] = true
			}
		}
		for game := range ended {
			if err := deletePrefix(b, postedKey(postedPrompt, game+":")); err != nil {
				return err
			}
		}
		for _, st := range c.Stickies {
			v, err := json.Marshal(st.At)
			if err != nil {
				return err
			}
			if err := b.Put(postedKey(postedSticky, st.Name), v); err != nil {
				return err
			}
		}
		if marked {
			return pruneMarks(b, c.Now.Add(-ShownKept))
		}
		return nil
	})
}

// deletePrefix deletes a bucket's keys that start with prefix.
func deletePrefix(b kvBucket, prefix []byte) error {
	var keys [][]byte
	c := b.Cursor()
	for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
		keys = append(keys, bytes.Clone(k))
	}
	for _, k := range keys {
		if err := b.Delete(k); err != nil {
			return err
		}
	}
	return nil
}

// pruneMarks deletes the marks made before cutoff: they are the first keys
// of their kind.
func pruneMarks(b kvBucket, cutoff time.Time) error {
	end := markKey(cutoff, "")
	var keys [][]byte
	c := b.Cursor()
	for k, _ := c.Seek([]byte{postedMark}); k != nil && k[0] == postedMark && bytes.Compare(k, end) < 0; k, _ = c.Next() {
		keys = append(keys, bytes.Clone(k))
	}
	for _, k := range keys {
		if err := b.Delete(k); err != nil {
			return err
		}
	}
	return nil
}

// PrunePosted deletes the prompt entries of games that are no longer
// running and ended before before (or are nowhere to be found): games that
// ended without showing a result in their prompts' place (abandoned, ended
// idle), which RecordPosted therefore never cleared. A game that ended
// after before keeps its entries, for a delivery of its end still under
// way. It reads first and writes only when it has something to delete, so
// that a start with nothing to prune writes nothing. It returns the count
// of games cleared.
func (s *Store) PrunePosted(ctx context.Context, before time.Time) (int, error) {
	var stale []string
	err := s.view(ctx, "find the messages of finished games", func(tx kvTx) error {
		var err error
		stale, err = stalePosted(ctx, tx, before)
		return err
	})
	if err != nil || len(stale) == 0 {
		return 0, err
	}
	n := 0
	err = s.update(ctx, "prune the messages of finished games", func(tx kvTx) error {
		// Found again in the write: a game may have come back since
		// (restored), or another replica pruned it.
		games, err := stalePosted(ctx, tx, before)
		if err != nil {
			return err
		}
		n = len(games)
		for _, game := range games {
			if err := deletePrefix(tx.Bucket(bucketPosted), postedKey(postedPrompt, game+":")); err != nil {
				return err
			}
		}
		return nil
	})
	return n, err
}

// stalePosted lists the games with prompt entries that PrunePosted clears.
func stalePosted(ctx context.Context, tx kvTx, before time.Time) ([]string, error) {
	b := tx.Bucket(bucketPosted)
	if b == nil {
		return nil, nil
	}
	var games []string
	seen := map[string]bool{}
	c := b.Cursor()
	for k, _ := c.Seek([]byte{postedPrompt}); k != nil && k[0] == postedPrompt; k, _ = c.Next() {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if game := refGame(string(k[1:])); !seen[game] {
			seen[game] = true
			games = append(games, game)
		}
	}
	var stale []string
	for _, game := range games {
		if tx.Bucket(bucketIDs).Get([]byte(game)) != nil {
			continue
		}
		if v := tx.Bucket(bucketArchive).Get([]byte(game)); v != nil {
			var rec struct {
				Updated time.Time `json:"updated"`
			}
			if err := json.Unmarshal(v, &rec); err != nil {
				return nil, fmt.Errorf("game record %s is damaged: %w", game, err)
			}
			if !rec.Updated.Before(before) {
				continue
			}
		}
		stale = append(stale, game)
	}
	return stale, nil
}
