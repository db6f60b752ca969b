package audit

import (
	"bytes"
	"encoding/json"

	"github.com/kaleun/kaleun/persist/canonjson"
)

// entryRead is what the checks read of one entry's event, each read once:
// a verifier used to decode an entry for its kind, again for its dice, and
// canonicalise it for its hash and again for every comparison (issue 33
// item 3: a replayed decision cost a verifier a million instructions).
type entryRead struct {
	canonRead, decRead bool
	canon              []byte // the event's canonical form (RFC 8785), when canonOK
	canonOK            bool
	dec                logEntry // the event as the dice check reads it, when decErr is nil
	decErr             error
}

func (x *Export) read(i int) *entryRead {
	if len(x.reads) != len(x.Entries) {
		x.reads = make([]entryRead, len(x.Entries))
	}
	return &x.reads[i]
}

// canon is entry i's event in canonical form; false when it has none (not
// I-JSON).
func (x *Export) canon(i int) ([]byte, bool) {
	r := x.read(i)
	if !r.canonRead {
		ev := x.Entries[i].Event
		if i < len(x.captured) && bytes.Equal(x.captured[i].Src, ev) {
			// The same bytes the file's canonical form was read from, so
			// the same canonical form (JCSCapture's Canon is JCS(Src)).
			r.canon, r.canonOK = x.captured[i].Canon, true
		} else {
			c, err := canonjson.JCS(ev)
			r.canon, r.canonOK = c, err == nil
		}
		r.canonRead = true
	}
	return r.canon, r.canonOK
}

// decoded is entry i's event as the dice check reads it.
func (x *Export) decoded(i int) (logEntry, error) {
	r := x.read(i)
	if !r.decRead {
		r.decErr = json.Unmarshal(x.Entries[i].Event, &r.dec)
		r.decRead = true
	}
	return r.dec, r.decErr
}

// sameAsEntry is sameJSON(want, entry i's event), with the entry's
// canonical form read once.
func (x *Export) sameAsEntry(want json.RawMessage, i int) bool {
	c, ok := x.canon(i)
	if !ok {
		return false
	}
	cw, err := canonjson.JCS(want)
	return err == nil && bytes.Equal(cw, c)
}
