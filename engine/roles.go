package engine

import (
	"fmt"
	"slices"
)

// Roles claimed during play. In some games the seats are not dealt when the
// game starts: the players join a table already running and each claims
// what he plays (U-BOOT's four officers, §5.1: one player may hold several,
// and with fewer players he does). Such a game lists its roles in
// Game.Roles and says, on each prompt, whose it is:
//
//   - Prompt.Seat names the role whose holder answers the whole prompt;
//   - Option.Seats names the roles any of whose holders may take that one
//     option, on a prompt that offers several roles' entries at once.
//
// The game never learns who a holder is: the engine stays a pure function
// of choices. The bot keeps who holds what (a claimed role is a seat of the
// game's record) and refuses a choice from anyone else, naming the holder.
// A role nobody has claimed is its game's owner's, so one person keeping
// the board alone claims nothing.

// Role is a seat a player may claim during play.
type Role struct {
	// ID is the role's key, as Prompt.Seat and Option.Seats name it and
	// `claim ID` takes it ("captain").
	ID string
	// Name is how players read it ("Captain").
	Name string
}

// SeatsFor are the roles whose holders may take the option key of p: the
// option's Seats, else the prompt's Seat; nil when the prompt names none,
// which lets any player of the game take it.
func SeatsFor(p *Prompt, key string) []string {
	if p == nil {
		return nil
	}
	for _, o := range p.Options {
		if o.Key == key && len(o.Seats) > 0 {
			return o.Seats
		}
	}
	if p.Seat != "" {
		return []string{p.Seat}
	}
	return nil
}

// Role finds one of the game's roles by its ID.
func (g *Game) Role(id string) (Role, bool) {
	for _, r := range g.Roles {
		if r.ID == id {
			return r, true
		}
	}
	return Role{}, false
}

// checkRoles: roles and seats dealt at the start do not mix (a seat would
// be both a setup answer and a claim), and each role has a key and a name.
func (g *Game) checkRoles() []string {
	var bad []string
	if len(g.Roles) > 0 && len(g.Seats) > 0 {
		bad = append(bad, "both Seats and Roles")
	}
	var ids []string
	for _, r := range g.Roles {
		if r.ID == "" || r.Name == "" || slices.Contains(ids, r.ID) {
			bad = append(bad, fmt.Sprintf("role %q without a name, or twice", r.ID))
		}
		ids = append(ids, r.ID)
	}
	return bad
}
