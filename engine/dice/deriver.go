package dice

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"hash"
)

// Deriver computes faces as Derive does for one seed and game id, with one
// HMAC reset between dice instead of a new one per die: a verifier checks
// every die of a log, and a new HMAC (two SHA-256 states and the keyed
// pads) was most of a die's cost.
type Deriver struct {
	mac  hash.Hash
	msg  []byte // the game id, a zero byte, then k and the counter
	base int    // where k starts in msg
	sum  []byte
}

// NewDeriver is a Deriver for seed and gameID.
func NewDeriver(seed []byte, gameID string) *Deriver {
	msg := make([]byte, 0, len(gameID)+1+8+4)
	msg = append(msg, gameID...)
	msg = append(msg, 0)
	return &Deriver{mac: hmac.New(sha256.New, seed), msg: msg, base: len(msg), sum: make([]byte, 0, sha256.Size)}
}

// Face is Derive(seed, gameID, k, sides).
func (d *Deriver) Face(k int64, sides int) int {
	if sides < 2 || sides > 255 {
		panic(fmt.Sprintf("dice.Derive: %d sides", sides))
	}
	limit := 256 - 256%sides
	msg := binary.BigEndian.AppendUint64(d.msg[:d.base], uint64(k))
	msg = append(msg, 0, 0, 0, 0)
	d.msg = msg
	for c := uint32(0); ; c++ {
		binary.BigEndian.PutUint32(msg[d.base+8:], c)
		d.mac.Reset()
		d.mac.Write(msg)
		d.sum = d.mac.Sum(d.sum[:0])
		for _, b := range d.sum {
			if int(b) < limit {
				return int(b)%sides + 1
			}
		}
	}
}
