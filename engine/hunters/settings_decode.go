package hunters

// A saved game's settings are read at every load of a game (a chat
// decision loads one): through a map of names, as settingsJSON has them,
// that was 117 of a decision's ~860 allocations. decodeSettings reads the
// form MarshalJSON writes in place instead, without an allocation; anything
// else — an escape, a byte outside printable ASCII, an unknown field or
// name, a repeated field — it leaves to encoding/json's path, which says
// what is wrong. The fuzz test holds the two paths to one result.

// decodeSettings reads b into s if b is settings as MarshalJSON writes
// them (whitespace and order free) and every name in it is known; it
// reports false, with s unchanged, otherwise.
func decodeSettings(b []byte, s *Settings) bool {
	d := settingsDecoder{b: b}
	var out Settings
	var seen [4]bool // optional, rulings, two_player, pack
	if !d.byte('{') {
		return false
	}
	if d.peek('}') {
		d.i++
		return d.end() && d.keep(s, out)
	}
	for {
		key, ok := d.str()
		if !ok || !d.byte(':') {
			return false
		}
		field := -1
		switch string(key) {
		case "optional":
			field = 0
		case "rulings":
			field = 1
		case "two_player":
			field = 2
		case "pack":
			field = 3
		}
		if field < 0 || seen[field] {
			return false
		}
		seen[field] = true
		switch field {
		case 0:
			if !d.object(func(k []byte) bool {
				on, ok := d.boolean()
				if !ok {
					return false
				}
				i, ok := optionalIndexOf(k)
				if !ok {
					return false
				}
				if on {
					out.optional |= 1 << i
				} else {
					out.optional &^= 1 << i
				}
				return true
			}) {
				return false
			}
		case 1:
			if !d.object(func(k []byte) bool {
				v, ok := d.str()
				if !ok {
					return false
				}
				i, ok := rulingIndexOf(k)
				return ok && out.setRulingBytes(i, v)
			}) {
				return false
			}
		case 2:
			if out.TwoPlayer, ok = d.boolean(); !ok {
				return false
			}
		case 3:
			if out.Pack, ok = d.boolean(); !ok {
				return false
			}
		}
		d.space()
		if d.peek(',') {
			d.i++
			continue
		}
		if !d.byte('}') {
			return false
		}
		return d.end() && d.keep(s, out)
	}
}

// settingsDecoder reads the few shapes of saved settings from b at i.
type settingsDecoder struct {
	b []byte
	i int
}

func (d *settingsDecoder) keep(s *Settings, out Settings) bool { *s = out; return true }

func (d *settingsDecoder) space() {
	for d.i < len(d.b) {
		switch d.b[d.i] {
		case ' ', '\t', '\n', '\r':
			d.i++
		default:
			return
		}
	}
}

// peek reports whether the next byte after white space is c.
func (d *settingsDecoder) peek(c byte) bool {
	d.space()
	return d.i < len(d.b) && d.b[d.i] == c
}

// byte takes c, after white space.
func (d *settingsDecoder) byte(c byte) bool {
	if !d.peek(c) {
		return false
	}
	d.i++
	return true
}

// end reports only white space left.
func (d *settingsDecoder) end() bool {
	d.space()
	return d.i == len(d.b)
}

// str takes a string of printable ASCII without escapes: the names and
// values settings have. Its bytes are b's own.
func (d *settingsDecoder) str() ([]byte, bool) {
	if !d.byte('"') {
		return nil, false
	}
	start := d.i
	for d.i < len(d.b) {
		c := d.b[d.i]
		switch {
		case c == '"':
			d.i++
			return d.b[start : d.i-1], true
		case c == '\\' || c < 0x20 || c >= 0x7f:
			return nil, false
		}
		d.i++
	}
	return nil, false
}

// boolean takes true or false.
func (d *settingsDecoder) boolean() (bool, bool) {
	d.space()
	rest := d.b[d.i:]
	switch {
	case len(rest) >= 4 && string(rest[:4]) == "true":
		d.i += 4
		return true, true
	case len(rest) >= 5 && string(rest[:5]) == "false":
		d.i += 5
		return false, true
	}
	return false, false
}

// object takes an object whose values member reads after its key.
func (d *settingsDecoder) object(member func(key []byte) bool) bool {
	if !d.byte('{') {
		return false
	}
	if d.peek('}') {
		d.i++
		return true
	}
	for {
		k, ok := d.str()
		if !ok || !d.byte(':') || !member(k) {
			return false
		}
		if d.peek(',') {
			d.i++
			continue
		}
		return d.byte('}')
	}
}

// optionalIndexOf and rulingIndexOf are optionalIndex and rulingIndex for
// a name's bytes (the comparisons convert without allocating).
func optionalIndexOf(rule []byte) (optIndex, bool) {
	for i, o := range optionalRules {
		if o.Key == string(rule) {
			return optIndex(i), true
		}
	}
	return 0, false
}

func rulingIndexOf(key []byte) (rulIndex, bool) {
	for i := range Rulings {
		if Rulings[i].Key == string(key) {
			return rulIndex(i), true
		}
	}
	return 0, false
}

// setRulingBytes is setRuling for a value's bytes.
func (s *Settings) setRulingBytes(i rulIndex, value []byte) bool {
	for j, v := range rulingValues[i] {
		if v == string(value) {
			s.rulings[i] = uint8(j + 1)
			return true
		}
	}
	return false
}
