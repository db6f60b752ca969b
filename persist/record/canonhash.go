package record

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"
)

// maxExact is the largest integer every double holds exactly (2^53): up to
// it, RFC 8785 writes an integer as its decimal digits, as Go does.
const maxExact = 1 << 53

// HashEntryCanonical is HashEntryVersion(LogV2, e) for a caller that holds
// the canonical form (canonjson.JCS) of e's event already: a verifier reads
// each event's canonical form once and uses it for the hash and for every
// comparison. The entry's canonical form is its members in RFC 8785's
// order (decision, dice, event, prev, seq) around that event, so it is
// written here without encoding the entry and canonicalising it again.
// ok is false where this shortcut does not hold (a number beyond 2^53, which
// RFC 8785 writes as a double, or a prev with a character JSON escapes): the
// caller asks HashEntryVersion then.
func HashEntryCanonical(e EventRecord, canonEvent []byte, scratch []byte) (hash string, body []byte, ok bool) {
	if e.Seq > maxExact || e.Decision > maxExact || e.Decision < -maxExact {
		return "", scratch, false
	}
	for i := 0; i < len(e.Prev); i++ {
		if c := e.Prev[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' {
			return "", scratch, false
		}
	}
	b := append(scratch[:0], `{"decision":`...)
	b = strconv.AppendInt(b, int64(e.Decision), 10)
	if len(e.Dice) > 0 {
		b = append(b, `,"dice":[`...)
		for i, k := range e.Dice {
			if k > maxExact || k < -maxExact {
				return "", b, false
			}
			if i > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, k, 10)
		}
		b = append(b, ']')
	}
	b = append(b, `,"event":`...)
	b = append(b, canonEvent...)
	b = append(b, `,"prev":"`...)
	b = append(b, e.Prev...)
	b = append(b, `","seq":`...)
	b = strconv.AppendUint(b, e.Seq, 10)
	b = append(b, '}')
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:]), b, true
}
