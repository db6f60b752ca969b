package uboot

import "slices"

// The board's fixed words and numbers, from the rulebook.

// Roles (§1.1) and their figures (§2: white Captain, blue FO, green
// Navigator, brown CE; four figures each, each of its own base shape).
var roleIDs = []string{"captain", "fo", "nav", "ce"}

var roleNames = map[string]string{"captain": "Captain", "fo": "First Officer", "nav": "Navigator", "ce": "Chief Engineer"}

// roleLetter is the first letter of a role's figures ("C1" is the Captain's
// first figure, white base).
var roleLetter = map[string]string{"captain": "C", "fo": "F", "nav": "N", "ce": "E"}

var figureIDs = []string{"C1", "C2", "C3", "C4", "F1", "F2", "F3", "F4", "N1", "N2", "N3", "N4", "E1", "E2", "E3", "E4"}

// roleOf is the role whose figure fig is.
func roleOf(fig string) string {
	for r, l := range roleLetter {
		if fig[:1] == l {
			return r
		}
	}
	return ""
}

// The 17 specialization icons (§6.3).
var iconIDs = []string{"periscope", "address", "tdc", "reload", "torpedoes", "observation", "sextant", "gun20", "gun88",
	"meal", "hydrophone", "enigma", "firstaid", "repair", "ballast", "helm", "engines"}

// Medical supplies (§8.6), provisions (§9.4), environmental conditions
// (§10.3.4), supplies (§10.3.5), technical colours (§10.3.1).
var (
	medicalKinds   = []string{"pills", "ointments", "bandages", "shots", "instruments"}
	provisionKinds = []string{"onions", "bread", "lemons", "eggs", "fish", "meat", "potatoes"}
	envKinds       = []string{"fire", "electrical", "gas", "lighting", "leak"}
	supplyKinds    = []string{"wire", "rebreathers", "pump", "bulbs", "extinguisher"}
	techColours    = []string{"green", "yellow", "red"}
)

// hazardous environmental conditions and the wound deck each deals
// (§6.12), and the supply that removes each condition (§10.3.5).
var (
	hazardDeck  = map[string]string{"fire": "burns", "electrical": "shock", "gas": "poisoning"}
	removedWith = map[string]string{"electrical": "wire", "fire": "extinguisher", "gas": "", "lighting": "bulbs", "leak": "pump"}
)

const (
	surfaced  = "surfaced"
	submerged = "submerged"
)

// Track spaces. The Order Track: VIII … I, blank (§7.2), index 0 is VIII
// and 8 the blank final space. The Morale Track: XI … I, blank (§7.3),
// index 0 is XI and 11 the blank final space.
var (
	orderSpaces  = []string{"VIII", "VII", "VI", "V", "IV", "III", "II", "I", "—"}
	moraleSpaces = []string{"XI", "X", "IX", "VIII", "VII", "VI", "V", "IV", "III", "II", "I", "—"}
)

const (
	orderFinal  = 8
	moraleFinal = 11
)

// moraleDeck is the morale deck a space draws from when the token moves
// into or through it (§7.3): X, VIII → 1; VI, IV → 2; II, final → 3.
func moraleDeck(space int) string {
	switch space {
	case 1, 3:
		return "morale1"
	case 5, 7:
		return "morale2"
	case 9, 11:
		return "morale3"
	}
	return ""
}

// adjacent reports whether a sailor may step from section a to b (§6.4):
// 1-6 in a row, 7-8, and 3-8 only while surfaced.
func adjacent(a, b int, up bool) bool {
	if a > b {
		a, b = b, a
	}
	switch {
	case a >= 1 && b <= 6 && b == a+1:
		return true
	case a == 7 && b == 8:
		return true
	case a == 3 && b == 8:
		return up
	}
	return false
}

// outside: sections 7 and 8 count as one for crew damage (§6.12), and are
// where smoking is (§6.13) and where divers die (§6.10).
func outside(sec int) bool { return sec == 7 || sec == 8 }

func has(list []string, s string) bool { return slices.Contains(list, s) }
