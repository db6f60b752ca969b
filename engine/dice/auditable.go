package dice

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"strings"

	"github.com/kaleun/kaleun/engine"
)

// Auditable derives die k of a game from a secret seed (see the package doc).
type Auditable struct {
	seed   []byte
	gameID string
	cursor int64
}

// NewAuditable returns a source positioned at die cursor (0 for a new game).
func NewAuditable(seed []byte, gameID string, cursor int64) *Auditable {
	return &Auditable{seed: append([]byte(nil), seed...), gameID: gameID, cursor: cursor}
}

// Roll implements engine.Dice.
func (a *Auditable) Roll(sides int) (int, error) {
	if sides < 2 || sides > 255 {
		return 0, &engine.DiceError{Index: a.cursor, Sides: sides, Msg: "an auditable die has 2 to 255 sides"}
	}
	f := Derive(a.seed, a.gameID, a.cursor, sides)
	a.cursor++
	return f, nil
}

// Cursor is the number of dice handed out so far (the index of the next die).
func (a *Auditable) Cursor() int64 { return a.cursor }

// Derive computes the face of die k; it is the whole of the scheme, for verifiers.
func Derive(seed []byte, gameID string, k int64, sides int) int {
	if sides < 2 || sides > 255 {
		panic(fmt.Sprintf("dice.Derive: %d sides", sides))
	}
	limit := 256 - 256%sides
	msg := make([]byte, 0, len(gameID)+1+8+4)
	msg = append(msg, gameID...)
	msg = append(msg, 0)
	msg = binary.BigEndian.AppendUint64(msg, uint64(k))
	base := len(msg)
	msg = append(msg, 0, 0, 0, 0)
	for c := uint32(0); ; c++ {
		binary.BigEndian.PutUint32(msg[base:], c)
		m := hmac.New(sha256.New, seed)
		m.Write(msg)
		for _, b := range m.Sum(nil) {
			if int(b) < limit {
				return int(b)%sides + 1
			}
		}
	}
}

// Commitment is the public commitment to a seed: hex SHA-256.
func Commitment(seed []byte) string {
	h := sha256.Sum256(seed)
	return hex.EncodeToString(h[:])
}

// NewSeed draws a 32-byte secret seed from crypto/rand.
func NewSeed() ([]byte, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return nil, fmt.Errorf("drawing a dice seed: %w", err)
	}
	return b, nil
}

// ParseSeedHex reads a seed given in hex (at least 1 byte).
func ParseSeedHex(s string) ([]byte, error) {
	b, err := hex.DecodeString(strings.TrimSpace(s))
	if err != nil || len(b) == 0 {
		return nil, fmt.Errorf("seed %q: want an even number of hex digits, e.g. 0badc0ffee", s)
	}
	return b, nil
}
