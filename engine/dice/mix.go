package dice

import (
	"crypto/sha256"
	"encoding/binary"
)

// Mix folds players' entropy into a committed seed. Without entropy the seed
// is used as it is; with entropy e1..en (in the order they were given) the
// seed the dice are derived from is
//
//	SHA-256("kaleun-mix/1" ‖ 0x00 ‖ uint32be(len(seed)) ‖ seed ‖ uint32be(len(e1)) ‖ e1 ‖ ... )
//
// The bot commits to its seed before anyone adds entropy, so it cannot pick
// a seed to suit the entropy; the players never see the seed before the
// reveal, so they cannot pick entropy to suit it.
func Mix(seed []byte, entropy []string) []byte {
	if len(entropy) == 0 {
		return seed
	}
	h := sha256.New()
	h.Write([]byte("kaleun-mix/1\x00"))
	writeLenPrefixed(h, seed)
	for _, e := range entropy {
		writeLenPrefixed(h, []byte(e))
	}
	return h.Sum(nil)
}

func writeLenPrefixed(h interface{ Write([]byte) (int, error) }, b []byte) {
	var n [4]byte
	binary.BigEndian.PutUint32(n[:], uint32(len(b)))
	h.Write(n[:])
	h.Write(b)
}
