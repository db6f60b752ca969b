package persist

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// Followers of a game (spectators, issue 34 item 4): people who get a copy
// of each of its results in their direct messages. One bucket, two
// prefixes, so that both caps are one prefix count: "g" 0 game id 0
// follower holds the follow, "u" 0 follower 0 game id indexes it by
// follower. A follower is named as PlayerKey names a player
// ("discord/123"), so that a Slack user and a Discord user of the same id
// are two people. A game's follows go when it ends (its last result is
// fanned out in the commit that ends it).
var bucketFollows = []byte("follows")

// Follow is one person following one game.
type Follow struct {
	GameID string `json:"game"`
	// Key is the game's place key when the follow began (where its
	// results are posted).
	Key string `json:"key"`
	// Follower is PlayerKey's name of him; User his platform user id (the
	// direct message's address) and Name how to call him.
	Follower string    `json:"follower"`
	User     string    `json:"user"`
	Name     string    `json:"name,omitempty"`
	Since    time.Time `json:"since"`
}

// ErrFollowLimit: a follow refused because the game has as many followers
// as allowed, or the follower follows as many games as allowed.
var ErrFollowLimit = errors.New("follow limit reached")

func followGameKey(gameID, follower string) []byte {
	return append(append(append([]byte("g\x00"), gameID...), 0), follower...)
}

func followUserKey(follower, gameID string) []byte {
	return append(append(append([]byte("u\x00"), follower...), 0), gameID...)
}

// countPrefix counts a bucket's keys under prefix.
func countPrefix(b kvBucket, prefix []byte) int {
	n := 0
	c := b.Cursor()
	for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
		n++
	}
	return n
}

// AddFollow records f, unless the game already has perGame followers or
// the follower already follows perUser games (ErrFollowLimit, wrapped with
// which). already reports a follow that was there before (nothing
// changed).
func (s *Store) AddFollow(ctx context.Context, f Follow, perGame, perUser int) (already bool, err error) {
	v, err := json.Marshal(f)
	if err != nil {
		return false, err
	}
	err = s.update(ctx, "follow game "+f.GameID+" for "+f.Follower, func(tx kvTx) error {
		already = false
		b := tx.Bucket(bucketFollows)
		if b.Get(followGameKey(f.GameID, f.Follower)) != nil {
			already = true
			return nil
		}
		if n := countPrefix(b, append(append([]byte("g\x00"), f.GameID...), 0)); n >= perGame {
			return fmt.Errorf("game %s has %d followers, the most it may have: %w", f.GameID, n, ErrFollowLimit)
		}
		if n := countPrefix(b, append(append([]byte("u\x00"), f.Follower...), 0)); n >= perUser {
			return fmt.Errorf("%s follows %d games, the most one may: %w", f.Follower, n, ErrFollowLimit)
		}
		if err := b.Put(followGameKey(f.GameID, f.Follower), v); err != nil {
			return err
		}
		return b.Put(followUserKey(f.Follower, f.GameID), []byte(f.Key))
	})
	return already, err
}

// RemoveFollow ends a follow; was reports whether there was one.
func (s *Store) RemoveFollow(ctx context.Context, gameID, follower string) (was bool, err error) {
	err = s.update(ctx, "unfollow game "+gameID+" for "+follower, func(tx kvTx) error {
		b := tx.Bucket(bucketFollows)
		was = b.Get(followGameKey(gameID, follower)) != nil
		if err := b.Delete(followGameKey(gameID, follower)); err != nil {
			return err
		}
		return b.Delete(followUserKey(follower, gameID))
	})
	return was, err
}

// Followers are a game's follows, by follower.
func (s *Store) Followers(ctx context.Context, gameID string) ([]Follow, error) {
	var out []Follow
	err := s.view(ctx, "read the followers of game "+gameID, func(tx kvTx) error {
		var err error
		out, err = followersIn(tx, gameID)
		return err
	})
	return out, err
}

// FollowedBy are the ids of the games a follower follows.
func (s *Store) FollowedBy(ctx context.Context, follower string) ([]string, error) {
	var out []string
	err := s.view(ctx, "read the games "+follower+" follows", func(tx kvTx) error {
		out = nil
		b := tx.Bucket(bucketFollows)
		if b == nil {
			return nil // a file from before follows, opened to read
		}
		prefix := append(append([]byte("u\x00"), follower...), 0)
		c := b.Cursor()
		for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
			out = append(out, string(k[len(prefix):]))
		}
		return nil
	})
	return out, err
}

func followersIn(tx kvTx, gameID string) ([]Follow, error) {
	b := tx.Bucket(bucketFollows)
	if b == nil {
		return nil, nil
	}
	var out []Follow
	prefix := append(append([]byte("g\x00"), gameID...), 0)
	c := b.Cursor()
	for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
		var f Follow
		if err := json.Unmarshal(v, &f); err != nil {
			return nil, fmt.Errorf("a follow of game %s is damaged: %w", gameID, err)
		}
		out = append(out, f)
	}
	return out, nil
}

// FollowCopy is what a commit gives each follower of its game: a deliver
// entry (DueDeliver) per follower, at At, whose token is Token and the
// follower's id (so that the commits of one decision and its auto-rolls
// write one entry per follower, the last), whose body Body makes for him.
type FollowCopy struct {
	At    time.Time
	Token string
	Body  func(f Follow) (json.RawMessage, error)
}

// FollowToken is the token of a follower's copy (Due.Token).
func FollowToken(token string, f Follow) string { return "follow:" + f.Follower + ":" + token }

// putFollowCopies writes, in a commit's transaction, a deliver entry per
// follower of the game (at its end, archiveIn then drops its follows).
func putFollowCopies(tx kvTx, rec *GameRecord, fc *FollowCopy) error {
	if fc == nil {
		return nil
	}
	fs, err := followersIn(tx, rec.ID)
	if err != nil {
		return err
	}
	for _, f := range fs {
		body, err := fc.Body(f)
		if err != nil {
			return err
		}
		d := Due{At: fc.At, Key: rec.Key, GameID: rec.ID, Token: FollowToken(fc.Token, f), Kind: DueDeliver, User: f.User, Name: f.Name, Body: body}
		if k := dueKey(d); tx.Bucket(bucketDue).Get(k) != nil {
			// An auto-roll's commit of the same decision: the copy grows,
			// and a tick that took it keeps its lease (it renders the copy
			// as it now stands: Store.DeliverBody).
			v, err := json.Marshal(d)
			if err != nil {
				return err
			}
			if err := tx.Bucket(bucketDue).Put(k, v); err != nil {
				return err
			}
			continue
		}
		if err := putDeliver(tx, &d); err != nil {
			return err
		}
	}
	return nil
}

// dropFollows ends every follow of a game, which has ended (archiveIn):
// its last result was fanned out in the commit that ended it.
func dropFollows(tx kvTx, gameID string) error {
	fs, err := followersIn(tx, gameID)
	if err != nil {
		return err
	}
	b := tx.Bucket(bucketFollows)
	for _, f := range fs {
		if err := b.Delete(followGameKey(gameID, f.Follower)); err != nil {
			return err
		}
		if err := b.Delete(followUserKey(f.Follower, gameID)); err != nil {
			return err
		}
	}
	return nil
}

// DeliverBody reads what a deliver entry delivers as the index holds it now
// (ok false once it is gone): a follower's copy taken by a tick while the
// decision's auto-rolls were still committing was rewritten by them, and is
// rendered from its last form.
func (s *Store) DeliverBody(ctx context.Context, d Due) (body json.RawMessage, ok bool, err error) {
	err = s.view(ctx, "read a delivery of game "+d.GameID, func(tx kvTx) error {
		v := tx.Bucket(bucketDue).Get(dueKey(d))
		if v == nil {
			ok = false
			return nil
		}
		var now Due
		if err := json.Unmarshal(v, &now); err != nil {
			return err
		}
		body, ok = now.Body, true
		return nil
	})
	return body, ok, err
}
