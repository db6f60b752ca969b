package bot

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/persist"
)

// Games for several players (engine.Seated): who sits where, who may answer
// which prompt, who must accept before the first die, and who lets the bot
// press his enemy rolls.

// userArg matches the ways platforms write a user in an argument: Discord
// and Slack mentions ("<@123>", "<@!123>", "<@U123|bob>"), or a bare id.
var userArg = regexp.MustCompile(`^<@!?([A-Za-z0-9]+)(?:\|([^>]*))?>$|^([A-Za-z0-9]+)$`)

// ParseUserArg reads a user argument; name is empty when the platform gave
// none. ok is false when v names no user.
func ParseUserArg(v string) (id, name string, ok bool) {
	m := userArg.FindStringSubmatch(strings.TrimSpace(v))
	if m == nil {
		return "", "", false
	}
	if m[1] != "" {
		return m[1], m[2], true
	}
	return m[3], "", true
}

// UserArg writes a user argument the way ParseUserArg reads it.
func UserArg(id, name string) string {
	if name == "" {
		return "<@" + id + ">"
	}
	return "<@" + id + "|" + name + ">"
}

// seatPlayers seats the creator and the players named by the setup's user
// fields, and writes their names into the setup for the rules. It returns a
// message for the user when the setup does not seat everyone.
func seatPlayers(g *engine.Game, creator User, args, setup map[string]string) ([]persist.Seat, string) {
	if len(g.Seats) == 0 {
		return nil, ""
	}
	ids := g.Seats
	seats := []persist.Seat{{Seat: ids[0], ID: creator.ID, Name: creator.Name}}
	setup[ids[0]] = creator.Name
	for _, seat := range ids[1:] {
		var field *engine.SetupField
		for _, f := range g.Setup {
			if f.Key == seat && f.Type == engine.FieldUser {
				field = &f
			}
		}
		if field == nil {
			return nil, fmt.Sprintf("This game's seat %q has no player field: it cannot be played here.", seat)
		}
		id, name, ok := ParseUserArg(args[seat])
		switch {
		case args[seat] == "":
			return nil, fmt.Sprintf("Name your %s: `%s:@someone`.", strings.ToLower(field.Label), seat)
		case !ok:
			return nil, fmt.Sprintf("%q is not a player: mention one, as `%s:@someone`.", args[seat], seat)
		case id == creator.ID:
			return nil, "You cannot play against yourself: name another player."
		}
		for _, s := range seats {
			if s.ID == id {
				return nil, "A player can hold only one seat: name another player."
			}
		}
		if name == "" {
			name = "<@" + id + ">"
		}
		seats = append(seats, persist.Seat{Seat: seat, ID: id, Name: name})
		setup[seat] = name
	}
	return seats, ""
}

// seatOf finds a seat by id.
func seatOf(rec *persist.GameRecord, seat string) *persist.Seat {
	for i := range rec.Seats {
		if rec.Seats[i].Seat == seat {
			return &rec.Seats[i]
		}
	}
	return nil
}

// seatedUser reports whether the user holds a seat of the game.
func seatedUser(rec *persist.GameRecord, userID string) *persist.Seat {
	for i := range rec.Seats {
		if rec.Seats[i].ID == userID {
			return &rec.Seats[i]
		}
	}
	return nil
}

// answerer is the player a prompt waits for: its seat's, or the owner's.
func answerer(rec *persist.GameRecord, p *engine.Prompt) (id, name string) {
	if p != nil && p.Seat != "" {
		if s := seatOf(rec, p.Seat); s != nil {
			return s.ID, s.Name
		}
	}
	return rec.Owner, rec.OwnerName
}

// invitees are the players who must accept a game before its first die.
func invitees(rec *persist.GameRecord) []persist.Seat {
	if len(rec.Seats) < 2 {
		return nil
	}
	return rec.Seats[1:]
}

// autoAnswer is the key the bot presses for a prompt without waiting: the
// enemy's Roll of a player who chose auto-roll.
func autoAnswer(rec *persist.GameRecord, p *engine.Prompt) (string, bool) {
	if p == nil || p.Actor != engine.Opponent || !p.HasOption(rollKey) {
		return "", false
	}
	s := seatOf(rec, p.Seat)
	return rollKey, s != nil && s.AutoRoll
}

// rollKey is the option that lets the dice decide for the opposing side.
const rollKey = "roll"

// autoRoll sets a player's auto-roll preference.
func (s *Service) autoRoll(ctx context.Context, place Place, rec *persist.GameRecord, st engine.State, user User, value string) (Reply, error) {
	seat := seatedUser(rec, user.ID)
	if seat == nil {
		return private("Only the players of this game choose how their enemy rolls are made."), nil
	}
	var on bool
	switch strings.ToLower(strings.TrimSpace(value)) {
	case "on", "yes", "true":
		on = true
	case "off", "no", "false":
	default:
		return private("`autoroll` takes `on` (the bot rolls for the enemy when it is your turn to) or `off` (you press Roll)."), nil
	}
	next := *rec
	next.Seats = append([]persist.Seat(nil), rec.Seats...)
	seatedUser(&next, user.ID).AutoRoll = on
	if _, err := s.store.CommitEntries(ctx, &next, nil); err != nil {
		return Reply{}, err
	}
	*rec = next
	text := fmt.Sprintf("%s presses their own Roll buttons for the enemy.", user.Name)
	if on {
		text = fmt.Sprintf("%s lets the bot roll for the enemy.", user.Name)
	}
	r := Reply{Public: []Message{{Text: text}}}
	if st == nil {
		return r, nil
	}
	if key, ok := autoAnswer(rec, st.Pending()); ok {
		more, err := s.decide(ctx, place, rec, st, engine.Choice{Token: st.Pending().Token, Key: key}, how{by: user.ID, note: "🤖 auto-roll"})
		if err != nil {
			return Reply{}, err
		}
		r.Answered = append(r.Answered, more.Answered...)
		r.Public = append(r.Public, more.Public...)
		r.Private = append(r.Private, more.Private...)
		r.Elsewhere = append(r.Elsewhere, more.Elsewhere...)
	}
	return r, nil
}
