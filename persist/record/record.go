// Package record is what package persist stores of a game, without the
// storage: the game's record, its dice, its seats, and its log's entries
// with their hash chain (HashEntryVersion). It imports no database, so the
// verifier that runs in the browser (cmd/kaleun-verify-wasm, built for
// GOOS=js) reads audit files with the very types and hashing the store
// writes them with.
package record

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"time"

	"github.com/kaleun/kaleun/persist/canonjson"
)

// DiceRecord says how to rebuild a game's dice at its cursor.
type DiceRecord struct {
	Kind   string `json:"kind"` // "auditable" or "scripted"
	Seed   string `json:"seed,omitempty"`
	GameID string `json:"game_id,omitempty"`
	Faces  []int  `json:"faces,omitempty"`
	Cursor int64  `json:"cursor"`
	// From is the number of the first die under the current seed (a seed
	// revealed mid-game is followed by a fresh one), and Entropy the players'
	// entropy mixed into it (dice.Mix), in the order it was given.
	From    int64    `json:"from,omitempty"`
	Entropy []string `json:"entropy,omitempty"`
}

// GameRecord is one game as stored.
type GameRecord struct {
	ID        string          `json:"id"`
	Game      string          `json:"game"`
	Key       string          `json:"key"`
	Created   time.Time       `json:"created"`
	Updated   time.Time       `json:"updated"`
	State     json.RawMessage `json:"state"`
	Dice      DiceRecord      `json:"dice"`
	Decisions int             `json:"decisions"`
	// Seq is the number of events stored for the game.
	Seq uint64 `json:"seq"`
	// Over is set once the game has ended.
	Over bool `json:"over,omitempty"`
	// Owner is the platform user id of the player who commands the game, and
	// OwnerName how to call him; empty for terminal games.
	Owner     string `json:"owner,omitempty"`
	OwnerName string `json:"owner_name,omitempty"`
	// Setup is the game's setup answers, so its decisions can be replayed.
	Setup json.RawMessage `json:"setup,omitempty"`
	// Head is the hash of the last log entry (see EventRecord).
	Head string `json:"head,omitempty"`
	// AwaitingStart is set while a game whose setup rolls dice waits for its
	// commander to start it, so that players can add entropy to the
	// committed seed before the first die; State is empty until then.
	AwaitingStart bool `json:"awaiting_start,omitempty"`
	// Tournament is the id of the tournament the game is an entrant's career in.
	Tournament string `json:"tournament,omitempty"`
	// Seats are the players of a game for several, by the rules' seat ids;
	// the owner holds the first.
	Seats []Seat `json:"seats,omitempty"`
	// LogVersion is how the game's log entries are hashed (HashEntryVersion);
	// 0 is LogV1, for games begun before LogV2. A game keeps its version for
	// life: its chain is hashed one way from its first entry to its last.
	LogVersion int `json:"log_version,omitempty"`
	// Rules is the version of the game's rules its last decision was played
	// under (engine.Versioned); the log records each change of it.
	Rules string `json:"rules,omitempty"`
	// Away are the players for whom the built-in commander has taken a
	// routine decision at a deadline (their autopilot) and who have not
	// played since: their prompts get no more reminders, only deadlines.
	Away []string `json:"away,omitempty"`
	// Shown is the bot's own note of the last decision each player clicked,
	// as it renders it again should its reply be lost; the store keeps it
	// with the game and reads nothing in it.
	Shown json.RawMessage `json:"shown,omitempty"`
	// Acted is where each player (by user id) last acted himself: the log
	// as his last own decision left it, so that when his turn comes the bot
	// can say what happened since. A player it lacks (a game from before
	// it was kept) has no "since your last turn" until he acts.
	Acted map[string]Acted `json:"acted,omitempty"`
	// Replaced are the players a substitute took the seat of (the bot's
	// `substitute`; the audit's "substitute" entry) and who hold none of
	// the game now: they may not come back into it by themselves (a
	// role's `claim`), only by a handover the other way.
	Replaced []string `json:"replaced,omitempty"`
	// Proposal is a substitute proposed and not yet agreed by every
	// player it needs (a game outside a tournament); nil: none.
	Proposal *Proposal `json:"proposal,omitempty"`
	// OwnerSince is the log entry from which the owner commands the
	// game: 0 from its start, else the handover's (what he may read of
	// the game's private entries starts there).
	OwnerSince uint64 `json:"owner_since,omitempty"`
	// Handovers counts the game's substitutes (audit's "substitute"
	// entries number them).
	Handovers int `json:"handovers,omitempty"`
	// Sessions are the live sessions scheduled for the game (`schedule`,
	// for a game played in sessions), soonest first: the bot's reminder of
	// each is a deliver entry of the due index, which reads this list when
	// it falls due, so a session cancelled here is reminded of no more.
	Sessions []Session `json:"sessions,omitempty"`
}

// Proposal is a substitute waiting for agreement: From's seats to To, as
// proposed by the players in Agreed (user ids, the proposer first).
type Proposal struct {
	From     string    `json:"from"`
	To       string    `json:"to"`
	ToName   string    `json:"to_name"`
	Agreed   []string  `json:"agreed"`
	Proposed time.Time `json:"proposed"`
}

// Session is one live session scheduled for a game.
type Session struct {
	ID string    `json:"id"`
	At time.Time `json:"at"`
	// Remind is when the reminder is due (At less the `before:` asked).
	Remind time.Time `json:"remind"`
	// Part is the part of a game played over several sessions (0: none).
	Part int `json:"part,omitempty"`
	// By and ByName are who scheduled it.
	By     string `json:"by"`
	ByName string `json:"by_name,omitempty"`
	// Ref is the platform's own record of it (a Discord event's id, a
	// Slack scheduled message's), and Link where players open it.
	Ref  string `json:"ref,omitempty"`
	Link string `json:"link,omitempty"`
}

// Acted is a player's last own decision in a game: the log's length and
// the decision number after it, when, and each career's score then (by
// the career's key, as the bot names them), to say how they moved.
type Acted struct {
	Seq      uint64         `json:"seq"`
	Decision int            `json:"decision"`
	At       time.Time      `json:"at,omitzero"`
	Scores   map[string]int `json:"scores,omitempty"`
}

// Seat is one player of a game for several.
type Seat struct {
	Seat string `json:"seat"`
	ID   string `json:"id"`
	Name string `json:"name"`
	// AutoRoll: the bot presses his enemy rolls for him (13.1.2).
	AutoRoll bool `json:"auto_roll,omitempty"`
	// Since is the log entry from which this player holds the seat: 0
	// from the start (or his claim), else his handover's; the seat's
	// private entries before it were another player's to see.
	Since uint64 `json:"since,omitempty"`
}

// EventRecord is one entry of a game's log: an event (a roll, a decision, a
// note) with the numbers of the dice it used and a hash chain. Hash is the
// lowercase hex SHA-256 of the entry without the hash itself,
//
//	{"seq":N,"decision":D,"dice":[k,...],"event":<event JSON>,"prev":"<previous hash>"}
//
// ("dice" omitted when empty; prev is "" for the first entry), written in
// the form of the game's log version: LogV1 as Go writes it (fields in that
// order, no spaces, the event's JSON as stored), LogV2 in its RFC 8785
// canonical form (see package canonjson). Nothing is ever rewritten: the
// chain makes any change to an entry, or any dropped or reordered entry,
// visible.
type EventRecord struct {
	Seq      uint64          `json:"seq"`
	Decision int             `json:"decision"`
	Dice     []int64         `json:"dice,omitempty"`
	Event    json.RawMessage `json:"event"`
	Prev     string          `json:"prev"`
	Hash     string          `json:"hash"`
}

// The log versions: how a game's entries are hashed.
const (
	// LogV1 hashes the bytes Go writes: a faithful re-encoding of the
	// entry (escaped non-ASCII, other key order) no longer matches.
	LogV1 = 1
	// LogV2 hashes the entry's RFC 8785 canonical form, which every
	// faithful re-encoding shares.
	LogV2 = 2
	// LogVersion is the version new games are logged in.
	LogVersion = LogV2
)

// HashEntry computes an entry's hash in the form of LogV1.
func HashEntry(e EventRecord) (string, error) { return HashEntryVersion(LogV1, e) }

// HashEntryVersion computes an entry's hash in the form of the given log
// version (0 is LogV1).
func HashEntryVersion(version int, e EventRecord) (string, error) {
	body, err := json.Marshal(struct {
		Seq      uint64          `json:"seq"`
		Decision int             `json:"decision"`
		Dice     []int64         `json:"dice,omitempty"`
		Event    json.RawMessage `json:"event"`
		Prev     string          `json:"prev"`
	}{e.Seq, e.Decision, e.Dice, e.Event, e.Prev})
	if err != nil {
		return "", err
	}
	switch version {
	case 0, LogV1:
	case LogV2:
		if body, err = canonjson.JCS(body); err != nil {
			return "", err
		}
	default:
		return "", fmt.Errorf("unknown log version %d", version)
	}
	h := sha256.Sum256(body)
	return hex.EncodeToString(h[:]), nil
}
