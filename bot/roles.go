package bot

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/persist"
)

// Roles claimed during play (engine.Game.Roles, engine/roles.go): a player
// takes a role with `claim ROLE` and gives it up with `claim ROLE off`; one
// player may hold several. A claimed role is a seat of the game's record, so
// the rest of the bot (who a prompt waits for, reminders, undo's consent)
// reads it as it reads seats dealt at the start. Only a role's holder takes
// the options the game marks as the role's; a role nobody holds is the
// owner's, so one person keeping the board alone claims nothing.

// claim answers `claim [ROLE [off]]`.
func (s *Service) claim(ctx context.Context, rec *persist.GameRecord, user User, args map[string]string) (Reply, error) {
	g := s.games[rec.Game]
	if g == nil || len(g.Roles) == 0 {
		return private("This game's players are seated when it starts: there is no role to claim."), nil
	}
	id := strings.ToLower(strings.TrimSpace(args["role"]))
	if id == "" {
		return private(roleRoster(g, rec)), nil
	}
	role, ok := g.Role(id)
	if !ok {
		return private(fmt.Sprintf("%q is not a role of this game: %s.", id, roleKeys(g))), nil
	}
	off := strings.TrimSpace(args["off"])
	if off != "" && !strings.EqualFold(off, "off") {
		return private(fmt.Sprintf("`claim %s` claims the role; `claim %s off` gives it up.", role.ID, role.ID)), nil
	}
	held := seatOf(rec, role.ID)
	if why := replacedRefusal(rec, user.ID); why != "" && off == "" {
		return private(why), nil
	}
	next := *rec
	var text string
	switch {
	case off != "" && (held == nil || held.ID != user.ID):
		return private(fmt.Sprintf("You do not hold the %s: nothing changed.", role.Name)), nil
	case off != "":
		next.Seats = slices.DeleteFunc(slices.Clone(rec.Seats), func(st persist.Seat) bool { return st.Seat == role.ID })
		text = fmt.Sprintf("%s gives up the %s: until someone claims it, %s keeps it.", user.Name, role.Name, rec.OwnerName)
	case held != nil && held.ID == user.ID:
		return private(fmt.Sprintf("You hold the %s already.", role.Name)), nil
	case held != nil:
		return private(fmt.Sprintf("The %s is %s's: they give it up with `claim %s off` before another claims it.", role.Name, held.Name, role.ID)), nil
	default:
		next.Seats = append(slices.Clone(rec.Seats), persist.Seat{Seat: role.ID, ID: user.ID, Name: user.Name})
		text = fmt.Sprintf("%s claims the %s.", user.Name, role.Name)
	}
	if _, err := s.store.CommitEntries(ctx, &next, nil); err != nil {
		return Reply{}, fmt.Errorf("claiming %s: %w", role.ID, err)
	}
	*rec = next
	return Reply{Public: []Message{{Text: text + " " + roleRoster(g, rec)}}}, nil
}

// roleRoster says who holds each role.
func roleRoster(g *engine.Game, rec *persist.GameRecord) string {
	parts := make([]string, len(g.Roles))
	for i, r := range g.Roles {
		who := "unclaimed, " + rec.OwnerName + "'s"
		if st := seatOf(rec, r.ID); st != nil {
			who = st.Name
		}
		parts[i] = r.Name + ": " + who
	}
	return "Roles: " + strings.Join(parts, "; ") + "."
}

func roleKeys(g *engine.Game) string {
	keys := make([]string, len(g.Roles))
	for i, r := range g.Roles {
		keys[i] = "`" + r.ID + "` (" + r.Name + ")"
	}
	return strings.Join(keys, ", ")
}

// roleRefusal says why user may not take the option key of p in a game
// with roles, "" when he may: the option's roles (or the prompt's) must
// include one he holds, or one nobody holds while he owns the game; an
// option of no role is any player's of the game.
func roleRefusal(g *engine.Game, rec *persist.GameRecord, p *engine.Prompt, key string, user User) string {
	seats := engine.SeatsFor(p, key)
	if len(seats) == 0 {
		if user.ID == rec.Owner || seatedUser(rec, user.ID) != nil {
			return ""
		}
		return fmt.Sprintf("Only the game's players make its entries: claim a role first (%s). Your click changed nothing.", roleKeys(g))
	}
	var whose []string
	for _, id := range seats {
		st := seatOf(rec, id)
		switch {
		case st != nil && st.ID == user.ID, st == nil && user.ID == rec.Owner:
			return ""
		}
		name := id
		if r, ok := g.Role(id); ok {
			name = r.Name
		}
		if st != nil {
			whose = append(whose, fmt.Sprintf("the %s's (%s)", name, st.Name))
		} else {
			whose = append(whose, fmt.Sprintf("the %s's (unclaimed: %s keeps it until someone claims it with `claim %s`)", name, rec.OwnerName, id))
		}
	}
	return "This entry is " + strings.Join(whose, " or ") + ": your click changed nothing."
}

// mayAnswer reports whether user may take key on p: by its roles in a game
// with roles, else as the prompt's answerer.
func mayAnswer(g *engine.Game, rec *persist.GameRecord, p *engine.Prompt, key string, user User) bool {
	if g != nil && len(g.Roles) > 0 {
		return roleRefusal(g, rec, p, key, user) == ""
	}
	id, _ := answerer(rec, p)
	return id == user.ID
}

// optionOf is the option a button's key takes: a confirmation's, or the
// key itself (a form's keys stand for the prompt as a whole).
func optionOf(key string) string {
	for _, prefix := range []string{yesKey, sureKey} {
		if strings.HasPrefix(key, prefix) {
			return strings.TrimPrefix(key, prefix)
		}
	}
	return key
}
