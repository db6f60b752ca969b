package uboot

import (
	"slices"
	"strings"

	"github.com/kaleun/kaleun/engine"
)

// Whose entry each is (§5.1, §5.2, §7.1, §8.1). The players claim the four
// roles in chat, one player several when they are fewer than four (§5.1);
// the board marks every option with the roles that make it
// (engine.Option.Seats) or every step of an entry begun with its role
// (engine.Prompt.Seat), and the bot refuses anyone else. The board itself
// never learns who holds a role.
//
//   - The Captain commands (§7.1; flow, digest §5 step 2): he pays and ends
//     a Mobilization, calls a high alert (§7.2: "the Captain may reset"),
//     and ends the mission; he may pick any order (he gives it), with the
//     order's own officer, who then carries it out: chooses the sailors
//     and presses go (§7.5's "Responsible" column, the pack's owner; both
//     the FO and the CE for Dive, Resurface and New Depth).
//   - Each player moves and puts back his own figures (§5.2: each role's
//     four figures; §6.4, §6.8 step 5).
//   - The First Officer holds the device running the app and reports its
//     feed (§5.2, §8.1): "the app reports…" and the watch-change bell are
//     his, and the medkit tokens he was given (§5.2); he draws the wound
//     cards, so the wound deck chosen instead of an empty one (§8.8) is
//     asked of him.
//   - The Navigator assigns observers (§7.5, Assign Observation Sectors),
//     the Chief Engineer resumes his paused repairs (§10.3.2) and says
//     which of his sailors a played card activates (§6.6.1), and a
//     cigarette is its owner's (§6.13, §5.2: 2 cigarettes each role).
//
// An option marked for nobody ("order", "smoke", "back") is any crew
// member's: what follows it is marked.

// Roles are U-BOOT's four roles as the bot's claim takes them (§1.1, §5.1).
func Roles() []engine.Role {
	out := make([]engine.Role, len(roleIDs))
	for i, id := range roleIDs {
		out[i] = engine.Role{ID: id, Name: roleNames[id]}
	}
	return out
}

const captain, fo, nav, ce = "captain", "fo", "nav", "ce"

// boardRoles: the roles of the board's entries (see above).
var boardRoles = map[string][]string{"mob": {captain}, "alert": {captain}, "end": {captain}, "obs": {nav}, "resume": {ce},
	"watch": {fo}, "app": {fo}, "medkit": {fo}}

// owners are the roles responsible for an order (§7.5; "fo+ce" both).
func owners(owner string) []string { return strings.Split(owner, "+") }

// markRoles marks p, the pending prompt, with whose it is.
func (s *State) markRoles(p *engine.Prompt) {
	switch {
	case len(s.Draws) > 0:
		return // the deck's holder draws (owndeck.go's drawer)
	case s.CEAct != nil:
		return // the Chief Engineer's (ceactivate.go)
	case len(s.Returns) > 0:
		p.Seat = roleOf(s.Returns[0]) // §6.8 step 5: he puts his own figure back
	case s.Mob != nil && s.Mob.Cur != "":
		p.Seat = roleOf(s.Mob.Cur) // §6.4: each moves his own figures
	case s.Mob != nil:
		for i := range p.Options {
			o := &p.Options[i]
			if fig, ok := strings.CutPrefix(o.Key, "m:"); ok {
				o.Seats = []string{roleOf(fig)}
			} else {
				o.Seats = []string{captain} // §6.4: the Captain ends it, once every player is ready
			}
		}
	case s.Draft == nil:
		for i := range p.Options {
			p.Options[i].Seats = boardRoles[p.Options[i].Key]
		}
	case s.Draft.Kind == "app":
		p.Seat = fo // §8.1
	case s.Draft.Kind == "end":
		p.Seat = captain
	case s.Draft.Kind == "smoke" && len(s.Draft.Args) == 0:
		for i := range p.Options {
			if role, ok := strings.CutPrefix(p.Options[i].Key, "c:"); ok {
				p.Options[i].Seats = []string{role} // §6.13: his own cigarette
			}
		}
	case s.Draft.Kind == "smoke":
		p.Seat = s.Draft.Args[0]
	case len(s.Draft.Args) == 0: // which order: the Captain gives it, or its officer (§7.1)
		for i := range p.Options {
			if id, ok := strings.CutPrefix(p.Options[i].Key, "o:"); ok {
				od, _ := s.p.order(id)
				p.Options[i].Seats = withCaptain(owners(od.Owner))
			}
		}
	default: // the order's officer carries it out (§7.5), the Captain may call it back
		od, _ := s.p.order(s.Draft.Args[0])
		who := owners(od.Owner)
		for i := range p.Options {
			p.Options[i].Seats = who
			if p.Options[i].Key == backKey {
				p.Options[i].Seats = withCaptain(who)
			}
		}
	}
}

func withCaptain(roles []string) []string {
	if slices.Contains(roles, captain) {
		return roles
	}
	return append([]string{captain}, roles...)
}
