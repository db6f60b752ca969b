package persist

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5/pgxpool"
)

// A game's web page is found by its link id, ID.TAG, where TAG is the
// HMAC-SHA256 of the game's id under the database's link secret: 32 random
// bytes made once, in the meta bucket, when a database without it is first
// opened to write (a fresh one, or one from a kaleun before the pages;
// no schema version changes, as a kaleun that does not know the key never
// reads it). Nobody without the secret can make a game's link from its id
// or its channel, and the server checks one with a single HMAC, with no
// index of links to keep. Copy carries the meta bucket, so a database
// moved to PostgreSQL keeps its links.
var linkSecretKey = []byte("link_secret")

// ErrNoLinkSecret: the database, opened only to read, was last written by
// a kaleun from before the web pages, and has no link secret yet.
var ErrNoLinkSecret = errors.New("database has no link secret")

// linkTagLen is the number of hex digits of a link's tag: 128 bits.
const linkTagLen = 32

// ensureLinkSecret makes the link secret when the database lacks it.
func ensureLinkSecret(tx kvTx) error {
	m := tx.Bucket(bucketMeta)
	if m.Get(linkSecretKey) != nil {
		return nil
	}
	secret, err := newLinkSecret()
	if err != nil {
		return err
	}
	return m.Put(linkSecretKey, secret)
}

func newLinkSecret() ([]byte, error) {
	secret := make([]byte, 32)
	if _, err := rand.Read(secret); err != nil {
		return nil, fmt.Errorf("making the link secret: %w", err)
	}
	return secret, nil
}

// ensureLinkSecretPG makes the link secret of a PostgreSQL database that
// lacks it, once however many replicas start together (the insert of the
// first wins, the others' do nothing).
func ensureLinkSecretPG(ctx context.Context, pool *pgxpool.Pool, where string) error {
	secret, err := newLinkSecret()
	if err != nil {
		return err
	}
	if _, err := pool.Exec(ctx, "INSERT INTO kv (bucket, k, v) VALUES ($1, $2, $3) ON CONFLICT (bucket, k) DO NOTHING", string(bucketMeta), linkSecretKey, secret); err != nil {
		return fmt.Errorf("database %s: making the link secret: %w", where, err)
	}
	return nil
}

// linkSecret reads the database's link secret.
func (s *Store) linkSecret(ctx context.Context) ([]byte, error) {
	var secret []byte
	err := s.view(ctx, "read the link secret", func(tx kvTx) error {
		if m := tx.Bucket(bucketMeta); m != nil {
			if v := m.Get(linkSecretKey); len(v) > 0 {
				secret = append([]byte(nil), v...)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if secret == nil {
		return nil, fmt.Errorf("%w: it was last written by a kaleun from before the web pages; open it once to write (kaleun serve or kaleun play) and its links are made", ErrNoLinkSecret)
	}
	return secret, nil
}

// Link is the link id of a game's web page: its id, a dot, and the tag
// only the database's secret makes.
func (s *Store) Link(ctx context.Context, gameID string) (string, error) {
	secret, err := s.linkSecret(ctx)
	if err != nil {
		return "", err
	}
	return gameID + "." + linkTag(secret, linkGame, gameID), nil
}

// FindLink is the game a link id names, or ErrNotFound: for an id that
// does not parse, a tag that is not the game's (compared in constant
// time), or a game the database does not hold.
func (s *Store) FindLink(ctx context.Context, link string) (*GameRecord, error) {
	dot := strings.LastIndexByte(link, '.')
	if dot <= 0 || len(link)-dot-1 != linkTagLen {
		return nil, ErrNotFound
	}
	id, tag := link[:dot], link[dot+1:]
	secret, err := s.linkSecret(ctx)
	if err != nil {
		return nil, err
	}
	if !hmac.Equal([]byte(tag), []byte(linkTag(secret, linkGame, id))) {
		return nil, ErrNotFound
	}
	return s.Find(ctx, id)
}

// TournamentLink is the link id of a tournament's web page, made as a
// game's is, under another label: a game's tag is never a tournament's.
func (s *Store) TournamentLink(ctx context.Context, id string) (string, error) {
	secret, err := s.linkSecret(ctx)
	if err != nil {
		return "", err
	}
	return id + "." + linkTag(secret, linkTournament, id), nil
}

// FindTournamentLink is the tournament a link id names, or ErrNotFound.
func (s *Store) FindTournamentLink(ctx context.Context, link string) (*Tournament, error) {
	dot := strings.LastIndexByte(link, '.')
	if dot <= 0 || len(link)-dot-1 != linkTagLen {
		return nil, ErrNotFound
	}
	id, tag := link[:dot], link[dot+1:]
	secret, err := s.linkSecret(ctx)
	if err != nil {
		return nil, err
	}
	if !hmac.Equal([]byte(tag), []byte(linkTag(secret, linkTournament, id))) {
		return nil, ErrNotFound
	}
	return s.Tournament(ctx, id)
}

// BoardLink is the link id of a server's leaderboard of a game: its
// platform, server and game, joined by "~", a dot and a tag made as a
// game's is, under its own label.
func (s *Store) BoardLink(ctx context.Context, platform, space, game string) (string, error) {
	secret, err := s.linkSecret(ctx)
	if err != nil {
		return "", err
	}
	id := platform + "~" + space + "~" + game
	return id + "." + linkTag(secret, linkBoard, id), nil
}

// FindBoardLink is the platform, server and game a leaderboard's link id
// names, or ErrNotFound.
func (s *Store) FindBoardLink(ctx context.Context, link string) (platform, space, game string, err error) {
	return s.findTripleLink(ctx, link, linkBoard)
}

// PlayerLink is the link id of a player's page on a server: his
// platform, the server and his user id there, joined by "~", a dot and a
// tag made as a game's is, under its own label.
func (s *Store) PlayerLink(ctx context.Context, platform, space, user string) (string, error) {
	secret, err := s.linkSecret(ctx)
	if err != nil {
		return "", err
	}
	id := platform + "~" + space + "~" + user
	return id + "." + linkTag(secret, linkPlayer, id), nil
}

// FindPlayerLink is the platform, server and user a player's link id
// names, or ErrNotFound.
func (s *Store) FindPlayerLink(ctx context.Context, link string) (platform, space, user string, err error) {
	return s.findTripleLink(ctx, link, linkPlayer)
}

// findTripleLink reads a link id of three parts joined by "~" under label.
func (s *Store) findTripleLink(ctx context.Context, link, label string) (a, b, c string, err error) {
	dot := strings.LastIndexByte(link, '.')
	if dot <= 0 || len(link)-dot-1 != linkTagLen {
		return "", "", "", ErrNotFound
	}
	id, tag := link[:dot], link[dot+1:]
	parts := strings.Split(id, "~")
	if len(parts) != 3 || parts[0] == "" || parts[1] == "" || parts[2] == "" {
		return "", "", "", ErrNotFound
	}
	secret, err := s.linkSecret(ctx)
	if err != nil {
		return "", "", "", err
	}
	if !hmac.Equal([]byte(tag), []byte(linkTag(secret, label, id))) {
		return "", "", "", ErrNotFound
	}
	return parts[0], parts[1], parts[2], nil
}

// What a link's tag is of.
const (
	linkGame       = "kaleun game link/1"
	linkTournament = "kaleun tournament link/1"
	linkBoard      = "kaleun leaderboard link/1"
	linkPlayer     = "kaleun player link/1"
)

// linkTag is the HMAC of an id under the link secret, in hex, labelled by
// what it is the id of.
func linkTag(secret []byte, label, id string) string {
	m := hmac.New(sha256.New, secret)
	m.Write([]byte(label + "\x00" + id))
	return hex.EncodeToString(m.Sum(nil))[:linkTagLen]
}
