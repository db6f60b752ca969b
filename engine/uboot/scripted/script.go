// Package scripted is issue 31's "done when" session of U-BOOT, written
// from the rulebook: the entries a crew of three makes (roles claimed,
// orders, two watch changes, a fire, a breach, a meal at 22:00, a KIA),
// who makes each, and what the rules say the board must show after them.
// It is pure, like the engine: the chat tests (adapters/discord,
// adapters/slack) press these entries through the real clients, and this
// package's own test plays them on the board alone, so all three check the
// same board against the same expectations.
package scripted

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/uboot"
)

// Setup is the session's set-up: three players (§5.1: one of them holds
// two roles), the Captain on medium (§6.5, §6.6.1: activations cost as
// printed and excess activations are tracked), everything else the
// descriptor's defaults (house pack, the digest's rulings).
var Setup = map[string]string{"players": "3", "captain": "medium"}

// Holders are the players and the roles each claims (§5.1: with fewer than
// four players one holds several roles).
var Holders = []Holder{
	{User: "prien", Roles: []string{"captain"}},
	{User: "endrass", Roles: []string{"fo"}},
	{User: "kretschmer", Roles: []string{"nav", "ce"}},
}

// Stranger is a user who claims no role: his click on any entry is refused.
const Stranger = "schepke"

// Holder is one player and the roles he claims.
type Holder struct {
	User  string
	Roles []string
}

// HolderOf is the user holding role.
func HolderOf(role string) string {
	for _, h := range Holders {
		for _, r := range h.Roles {
			if r == role {
				return h.User
			}
		}
	}
	return ""
}

// Step is one entry: the key pressed, the role whose holder presses it
// ("" any crew member's: the Captain's holder presses it), and the rule
// the step plays.
type Step struct {
	Role, Key, Case string
}

// User is the holder who presses the step.
func (s Step) User() string {
	if s.Role == "" {
		return HolderOf("captain")
	}
	return HolderOf(s.Role)
}

// steps builds a run of entries of one role and case from its keys.
func steps(role, cas, keys string) []Step {
	var out []Step
	for _, k := range strings.Fields(keys) {
		out = append(out, Step{Role: role, Key: k, Case: cas})
	}
	return out
}

// Script is the session, in the order played. Its shape, watch by watch
// (the app's clock: the session begins in the watch before 18:00):
//
//  1. A Mobilization (§6.4, paid on the Order Track §7.2): the Chief
//     Engineer moves E1 and E4 from 4 to the diesels in 5, the Navigator
//     N4 from 3 up to the bridge (8, the boat surfaced).
//  2. New Speed (§7.5.1: 2 engine icons in 5, surfaced): E1 and E4, both
//     engine specialists, one activation each (§6.5).
//  3. The app reports a fire in section 4 (§10.3.4: morale −1, then crew
//     damage §6.12: as many crew tokens drawn as sailors there).
//  4. The bell at 18:00: the first watch change (§6.8).
//  5. The app reports a hull breach in 2 (§10.3.6: morale −1) and its
//     countdown at 1:35 (§10.3.7: the app's timer, entered as read).
//  6. A Mobilization: E3 and F1 into 2; at its end the crew still in the
//     burning section 4 takes crew damage (§6.12).
//  7. Repairs: seal the breach with 5 repair icons (§10.3.7), no CE card
//     (§10.3.3), five non-specialists, two activations each (§6.5); the
//     countdown at 0:40; the app says the puzzle is solved: sealed.
//  8. Two Prepare Meal orders in 4 (§9.4.1): eggs (1 token, a lemon set
//     aside), then wurst with bread (meat + bread, 2 tokens); the
//     pyramid refilled from the Food Supply after each.
//  9. 22:00 (§9.4.2): a 1-token meal −1, a 2-token meal 0 and +1 as the
//     day's second: morale unchanged.
//  10. A Mobilization: E4 on to 6; crew damage in 4 again.
//  11. Dive (§7.5.1: an engine icon in 5 and in 6, 2 ballast icons in 3):
//     N4 is still on the bridge and is KIA (§6.10: morale −2).
//  12. The bell at 00:00: the second watch change; N4's other sailor
//     lives, so the Navigator puts his figure back, in 3 (§6.8 step 5).
var Script = concat(
	steps("captain", "7.2", "mob"),
	steps("ce", "6.4", "m:E1 to:5 stop m:E4 to:5 stop"),
	steps("nav", "6.4", "m:N4 to:8 stop"),
	steps("captain", "6.4", "end"),
	steps("", "6.5", "order"),
	steps("captain", "7.5.1", "o:speed"),
	steps("ce", "7.5.1", "+E1 +E4 go"),
	steps("fo", "10.3.4", "app env fire s:4"),
	steps("fo", "6.8", "watch"),
	steps("fo", "10.3.6", "app breach s:2"),
	steps("fo", "10.3.7", "app timer t=95"),
	steps("captain", "7.2", "mob"),
	steps("ce", "6.4", "m:E3 to:2 stop"),
	steps("fo", "6.4", "m:F1 to:2 stop"),
	steps("captain", "6.4", "end"),
	steps("", "6.5", "order"),
	steps("ce", "10.3.7", "o:repair breach:2 k:- +C3 +F3 +F4 +E3 +F1 go"),
	steps("fo", "10.3.7", "app timer t=40 app sealed:2"),
	steps("", "6.5", "order"),
	steps("nav", "9.4.1", "o:meal c:N2 keep t:1 go"),
	steps("", "6.5", "order"),
	steps("nav", "9.4.1", "o:meal c:N3 keep t:3 t:6 go"),
	steps("fo", "9.4.2", "app eat"),
	steps("captain", "7.2", "mob"),
	steps("ce", "6.4", "m:E4 to:6 stop"),
	steps("captain", "6.4", "end"),
	steps("", "6.5", "order"),
	steps("fo", "7.5.1", "o:dive +E1 +E4 +E2 +F2 go"),
	steps("fo", "6.8", "watch"),
	steps("nav", "6.8", "r:3"),
)

func concat(runs ...[]Step) []Step {
	var out []Step
	for _, r := range runs {
		out = append(out, r...)
	}
	return out
}

// Whose reports whether the board gives key, in prompt p, to role (""
// any crew member): the prompt's seat, else the option's seats (§5.1,
// §7.1; engine/uboot/roles.go).
func Whose(p *engine.Prompt, key, role string) bool {
	if p.Entry != nil && strings.HasPrefix(key, p.Entry.Key) {
		return p.Seat == role // a number typed (the breach's timer)
	}
	for _, o := range p.Options {
		if o.Key != key {
			continue
		}
		switch {
		case p.Seat != "":
			return p.Seat == role
		case len(o.Seats) > 0:
			return slices.Contains(o.Seats, role)
		default:
			return role == ""
		}
	}
	return false
}

// StatusText is a status view as plain text, its sections' titles and
// lines: what the tests compare across platforms.
func StatusText(v *engine.View) string {
	var b strings.Builder
	for _, s := range v.Sections {
		if s.Title != "" {
			b.WriteString("## " + s.Title + "\n")
		}
		for _, l := range s.Lines {
			b.WriteString(l + "\n")
		}
	}
	return b.String()
}

// SetupJSON is Setup as the engine's set-up answers.
func SetupJSON() []byte {
	b, _ := json.Marshal(Setup)
	return b
}

// Play plays Script on the board alone with d, failing on the first
// entry refused or given to another role; it returns the board and every
// event from the set-up on.
func Play(d engine.Dice) (*uboot.State, []engine.Event, error) {
	st, all, err := uboot.NewRules().New(SetupJSON(), d)
	if err != nil {
		return nil, nil, err
	}
	for i, s := range Script {
		p := st.Pending()
		if p == nil {
			return nil, nil, fmt.Errorf("step %d %q: the game is over", i, s.Key)
		}
		if !Whose(p, s.Key, s.Role) {
			return nil, nil, fmt.Errorf("step %d %q (§%s): the board does not give it to %q", i, s.Key, s.Case, s.Role)
		}
		next, e, err := st.Apply(engine.Choice{Token: p.Token, Key: s.Key}, d)
		if err != nil {
			return nil, nil, fmt.Errorf("step %d %q (§%s) refused: %w", i, s.Key, s.Case, err)
		}
		st, all = next, append(all, e...)
	}
	return st.(*uboot.State), all, nil
}
