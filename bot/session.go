package bot

import (
	"context"
	"crypto/sha256"
	"encoding/base32"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/persist"
)

// Live sessions (`schedule`), for a game whose descriptor says it is played
// in sessions at an agreed hour (engine.Game.Sessions): a player plans one
// with `schedule when:20:00 [before:30m] [part:N]`, sees the planned ones
// with `schedule list` and cancels one with `schedule cancel`. The
// platform's adapter makes it an object of the platform (a Discord
// scheduled event, a Slack scheduled message: SessionPlanner), and the bot
// reminds the game's players once before it. The reminder is a deliver
// entry of the due index (delivery.go), committed with the session in the
// game's record: taken by whichever replica ticks at its time, delivered
// under one delivery key however often it is retried, so it reaches the
// channel once across restarts, kill -9 and replicas. It reads the game's
// record when it falls due: a session cancelled meanwhile says nothing.

// SessionPlan is a session as the platform is asked to show it.
type SessionPlan struct {
	Title, Description string
	Start, End         time.Time
}

// PlannedSession is what the platform made of a plan: its own id (Ref),
// which cancelling names, and where players open it (Link, "" for none).
type PlannedSession struct {
	Ref, Link string
}

// SessionPlanner makes sessions into objects of a platform. It calls the
// platform, which may be slow: it gives up when ctx is done.
type SessionPlanner interface {
	PlanSession(ctx context.Context, place Place, plan SessionPlan) (PlannedSession, error)
	CancelSession(ctx context.Context, place Place, ref string) error
}

// sessionPlanners are registered by the adapters once they run.
type sessionPlanners struct {
	mu sync.Mutex
	by map[string]SessionPlanner
}

// UseSessions lets a platform's adapter plan sessions on the platform.
// Without one the bot still keeps the session and its reminder.
func (s *Service) UseSessions(platform string, p SessionPlanner) {
	s.planners.mu.Lock()
	defer s.planners.mu.Unlock()
	if s.planners.by == nil {
		s.planners.by = map[string]SessionPlanner{}
	}
	s.planners.by[platform] = p
}

func (s *Service) planner(platform string) SessionPlanner {
	s.planners.mu.Lock()
	defer s.planners.mu.Unlock()
	return s.planners.by[platform]
}

// Limits of `schedule`.
const (
	// DefaultSessionBefore is how long before a session its reminder goes.
	DefaultSessionBefore = 30 * time.Minute
	// maxSessionBefore bounds before: (a reminder a day ahead is the most
	// a session of tonight needs).
	maxSessionBefore = 24 * time.Hour
	// maxSessionAhead: Slack schedules a message at most 120 days ahead.
	maxSessionAhead = 120 * 24 * time.Hour
	// maxSessions pending per game.
	maxSessions = 5
	// sessionToken prefixes the token of a session reminder's deliver entry.
	sessionToken = "session:"
)

// sessionActions are the schedule command's actions ("" plans one).
var sessionActions = []string{"list", "cancel"}

// sessionDelivery is a session reminder's deliver body: which session.
type sessionDelivery struct {
	ID string `json:"id"`
}

// scheduleCommand answers `schedule`.
func (s *Service) scheduleCommand(ctx context.Context, c *commandCall) (Reply, error) {
	g := s.games[c.rec.Game]
	if g == nil || g.Sessions == nil {
		return private("This game is not played in live sessions: there is nothing to schedule."), nil
	}
	if c.place.Platform == "terminal" {
		return private("Sessions are scheduled in a chat channel, where the crew is reminded."), nil
	}
	switch action := strings.ToLower(strings.TrimSpace(c.args["action"])); action {
	case "list":
		return s.listSessions(ctx, c, g)
	case "cancel":
		return s.cancelSession(ctx, c)
	case "":
		if strings.TrimSpace(c.args["when"]) == "" {
			return private("`schedule when:20:00 [before:30m]" + partsHint(g) + "` plans a session (in your time zone, `prefs tz:`); `schedule list` shows them; `schedule cancel [session:ID]` cancels one."), nil
		}
		return s.planSession(ctx, c, g)
	default:
		return private(fmt.Sprintf("%q is not an action of `schedule`: give `when:` to plan a session, or `list` or `cancel`.", action)), nil
	}
}

func partsHint(g *engine.Game) string {
	if g.Sessions.Parts == "" {
		return ""
	}
	return " [part:N]"
}

// mayPlan says why user may not plan or cancel the game's sessions, "" when
// he may: the game's starter and its role (or seat) holders may; a channel
// manager may cancel.
func mayPlan(rec *persist.GameRecord, user User, cancel bool) string {
	if user.ID == rec.Owner || seatedUser(rec, user.ID) != nil || (cancel && user.Manager) {
		return ""
	}
	if cancel {
		return fmt.Sprintf("Only the %s or a channel manager may cancel a session: nothing changed.", players(rec))
	}
	return fmt.Sprintf("Only the %s may schedule a session (claim a role first): nothing changed.", players(rec))
}

// pendingSessions are the game's sessions not yet begun at now.
func pendingSessions(rec *persist.GameRecord, now time.Time) []persist.Session {
	var out []persist.Session
	for _, ss := range rec.Sessions {
		if ss.At.After(now) {
			out = append(out, ss)
		}
	}
	return out
}

func (s *Service) planSession(ctx context.Context, c *commandCall, g *engine.Game) (Reply, error) {
	rec := c.rec
	if why := mayPlan(rec, c.user, false); why != "" {
		return private(why), nil
	}
	prefs, err := s.store.Prefs(ctx, playerKey(rec.Key, c.user.ID))
	if err != nil {
		return Reply{}, err
	}
	loc := location(prefs.TZ)
	now := s.now()
	at, err := parseWhen(c.args["when"], now, loc)
	if err != nil {
		return private(err.Error() + " Nothing was scheduled."), nil
	}
	before, err := parseBefore(c.args["before"])
	if err != nil {
		return private(err.Error() + " Nothing was scheduled."), nil
	}
	part, err := parsePart(c.args["part"], g)
	if err != nil {
		return private(err.Error() + " Nothing was scheduled."), nil
	}
	if part == 0 && g.Sessions.Part != nil && c.st != nil {
		part = g.Sessions.Part(c.st) // the part the board waits for
	}
	pending := pendingSessions(rec, now)
	if len(pending) >= maxSessions {
		return private(fmt.Sprintf("This game has %d sessions scheduled already, the most it keeps: cancel one first. Nothing was scheduled.", maxSessions)), nil
	}
	for _, ss := range pending {
		if ss.At.Equal(at) {
			return private(fmt.Sprintf("Session %s is scheduled for that time already. Nothing was scheduled.", ss.ID)), nil
		}
	}
	remind := at.Add(-before)
	if remind.Before(now) {
		remind = now // too close for the lead asked: the reminder goes at once
	}
	ss := persist.Session{ID: sessionID(rec.ID, at, now), At: at, Remind: remind, Part: part, By: c.user.ID, ByName: c.user.Name}
	length := g.Sessions.Length
	if length <= 0 {
		length = engine.DefaultSessionLength
	}
	title := sessionTitle(g, ss)
	if p := s.planner(c.place.Platform); p != nil {
		planned, err := p.PlanSession(ctx, c.place, SessionPlan{Title: title, Start: at, End: at.Add(length),
			Description: fmt.Sprintf("Game %s in its channel; Kaleun reminds the crew %s before.", rec.ID, sayDuration(before))})
		if err != nil {
			if ctx.Err() != nil {
				return Reply{}, fmt.Errorf("planning session %s: %w", ss.ID, ctx.Err())
			}
			s.log.Warn("the platform refused a session", "game", rec.ID, "err", err)
			return private(fmt.Sprintf("The platform refused the session (%v). Nothing was scheduled.", err)), nil
		}
		ss.Ref, ss.Link = planned.Ref, planned.Link
	}
	body, err := json.Marshal(delivery{Session: &sessionDelivery{ID: ss.ID}})
	if err != nil {
		return Reply{}, err
	}
	next := *rec
	next.Sessions = append(pending, ss)
	slices.SortFunc(next.Sessions, func(a, b persist.Session) int { return a.At.Compare(b.At) })
	deliver := sessionDue(rec, ss)
	deliver.User, deliver.Name, deliver.Body, deliver.Lease = c.user.ID, c.user.Name, body, now
	if _, err := s.store.CommitWith(ctx, &next, nil, persist.CommitPlan{Deliver: &deliver}); err != nil {
		s.unplan(ctx, c.place, ss)
		return Reply{}, fmt.Errorf("scheduling session %s: %w", ss.ID, err)
	}
	*rec = next
	text := fmt.Sprintf("📅 %s: %s. Kaleun reminds the crew %s before, here.", title, sayWhen(at, loc), sayDuration(before))
	if ss.Link != "" {
		text += " " + ss.Link
	}
	text += fmt.Sprintf(" (`schedule cancel session:%s` cancels it.)", ss.ID)
	return Reply{Public: []Message{{Text: text, Tone: ToneDone}}}, nil
}

// unplan takes a session off the platform after its commit failed.
func (s *Service) unplan(ctx context.Context, place Place, ss persist.Session) {
	if p := s.planner(place.Platform); p != nil && ss.Ref != "" {
		if err := p.CancelSession(ctx, place, ss.Ref); err != nil {
			s.log.Warn("taking a session off the platform", "session", ss.ID, "err", err)
		}
	}
}

// sessionDue is the deliver entry of a session's reminder (what finds it
// again to drop it).
func sessionDue(rec *persist.GameRecord, ss persist.Session) persist.Due {
	return persist.Due{At: ss.Remind, Key: rec.Key, GameID: rec.ID, Token: sessionToken + ss.ID, Kind: persist.DueDeliver}
}

func (s *Service) listSessions(ctx context.Context, c *commandCall, g *engine.Game) (Reply, error) {
	prefs, err := s.store.Prefs(ctx, playerKey(c.rec.Key, c.user.ID))
	if err != nil {
		return Reply{}, err
	}
	loc, now := location(prefs.TZ), s.now()
	pending := pendingSessions(c.rec, now)
	if len(pending) == 0 {
		return private(fmt.Sprintf("No session of game %s is scheduled: `schedule when:20:00` plans one.", c.rec.ID)), nil
	}
	lines := []string{fmt.Sprintf("📅 Sessions of game %s (times in %s):", c.rec.ID, loc)}
	for _, ss := range pending {
		reminder := fmt.Sprintf("reminder %s before", sayDuration(ss.At.Sub(ss.Remind)))
		if !ss.Remind.After(now) {
			reminder = "reminder sent"
		}
		line := fmt.Sprintf("• `%s` %s: %s, %s, by %s", ss.ID, sessionTitle(g, ss), sayWhen(ss.At, loc), reminder, ss.ByName)
		if ss.Link != "" {
			line += " " + ss.Link
		}
		lines = append(lines, line)
	}
	return private(strings.Join(lines, "\n")), nil
}

func (s *Service) cancelSession(ctx context.Context, c *commandCall) (Reply, error) {
	rec := c.rec
	if why := mayPlan(rec, c.user, true); why != "" {
		return private(why), nil
	}
	pending := pendingSessions(rec, s.now())
	id := strings.TrimSpace(c.args["session"])
	var ss *persist.Session
	switch {
	case len(pending) == 0:
		return private("No session is scheduled: nothing to cancel."), nil
	case id == "" && len(pending) == 1:
		ss = &pending[0]
	case id == "":
		return private("Which session? `schedule cancel session:ID` (`schedule list` shows them). Nothing changed."), nil
	default:
		for i := range pending {
			if pending[i].ID == id {
				ss = &pending[i]
			}
		}
		if ss == nil {
			return private(fmt.Sprintf("No session %q is scheduled (`schedule list` shows them). Nothing changed.", id)), nil
		}
	}
	next := *rec
	next.Sessions = slices.DeleteFunc(slices.Clone(pending), func(x persist.Session) bool { return x.ID == ss.ID })
	if _, err := s.store.CommitEntries(ctx, &next, nil); err != nil {
		return Reply{}, fmt.Errorf("cancelling session %s: %w", ss.ID, err)
	}
	*rec = next
	// The reminder reads the record when it falls due, so one left behind
	// says nothing; dropped now all the same.
	if err := s.store.DoneDue(ctx, sessionDue(rec, *ss)); err != nil {
		s.log.Warn("dropping a cancelled session's reminder", "session", ss.ID, "err", err)
	}
	text := fmt.Sprintf("❌ %s cancelled session %s (%s).", c.user.Name, ss.ID, ss.At.UTC().Format("Mon 2 Jan 15:04 UTC"))
	if p := s.planner(c.place.Platform); p != nil && ss.Ref != "" {
		if err := p.CancelSession(ctx, c.place, ss.Ref); err != nil {
			if ctx.Err() != nil {
				return Reply{}, fmt.Errorf("cancelling session %s on the platform: %w", ss.ID, ctx.Err())
			}
			s.log.Warn("taking a cancelled session off the platform", "session", ss.ID, "err", err)
			text += fmt.Sprintf(" The platform did not remove its event (%v): delete it by hand.", err)
		}
	}
	return Reply{Public: []Message{{Text: text, Tone: ToneEnd}}}, nil
}

// sessionReminder renders a session's reminder when it falls due, from the
// game's record as it stands: nothing when the session was cancelled or
// the game has ended.
func (s *Service) sessionReminder(ctx context.Context, d persist.Due, sd *sessionDelivery) ([]Notice, error) {
	rec, err := s.store.Load(ctx, d.Key)
	if errors.Is(err, persist.ErrNotFound) || (err == nil && (rec.ID != d.GameID || rec.Over)) {
		return nil, nil // the game is over: no session to hold
	}
	if err != nil {
		return nil, err
	}
	i := slices.IndexFunc(rec.Sessions, func(x persist.Session) bool { return x.ID == sd.ID })
	if i < 0 {
		return nil, nil // cancelled
	}
	ss := rec.Sessions[i]
	g := s.games[rec.Game]
	title := "Game " + rec.ID + "'s session"
	if g != nil && g.Sessions != nil {
		title = sessionTitle(g, ss)
	}
	// Said from the session's own times, not the clock: a retry reads the same.
	text := fmt.Sprintf("⏰ %s starts in %s, at %s: game %s, in this channel.", title, sayDuration(ss.At.Sub(ss.Remind)), ss.At.UTC().Format("15:04 UTC on Mon 2 Jan"), rec.ID)
	if ss.Link != "" {
		text += " " + ss.Link
	}
	who := crewOf(g, rec)
	m := Message{Text: text, Tone: ToneAlert}
	if len(who) > 0 {
		m.Mention, m.Mentions = who[0], who[1:]
	}
	return []Notice{{Place: placeOf(d.Key), Channel: []Message{m}, Reminder: true}}, nil
}

// crewOf are whom a session's reminder pings: the role (or seat) holders,
// and the game's starter while he keeps a role nobody holds.
func crewOf(g *engine.Game, rec *persist.GameRecord) []string {
	var who []string
	for _, st := range rec.Seats {
		if !slices.Contains(who, st.ID) {
			who = append(who, st.ID)
		}
	}
	unclaimed := len(rec.Seats) == 0
	if g != nil {
		for _, r := range g.Roles {
			unclaimed = unclaimed || seatOf(rec, r.ID) == nil
		}
	}
	if unclaimed && rec.Owner != "" && !slices.Contains(who, rec.Owner) {
		who = append(who, rec.Owner)
	}
	return who
}

// sessionTitle names a session: "U-BOOT session", "U-BOOT session, linked
// patrol part 3".
func sessionTitle(g *engine.Game, ss persist.Session) string {
	t := g.Title + " session"
	if ss.Part > 0 && g.Sessions.Parts != "" {
		t += fmt.Sprintf(", %s %d", g.Sessions.Parts, ss.Part)
	}
	return t
}

// sessionID is a short id for a session, the same for the same request.
func sessionID(gameID string, at, now time.Time) string {
	h := sha256.Sum256(fmt.Appendf(nil, "%s\x00%d\x00%d", gameID, at.UnixNano(), now.UnixNano()))
	return strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(h[:4]))[:6]
}

// parseWhen reads a session's time in loc: "20:00" (the next 20:00),
// "today 20:00", "tomorrow 20:00", "2026-12-05 20:00" (or with a T), or
// RFC 3339 with its own offset. A time not after now, or more than
// maxSessionAhead away, is refused.
func parseWhen(text string, now time.Time, loc *time.Location) (time.Time, error) {
	w := strings.ToLower(strings.Join(strings.Fields(text), " "))
	if w == "" {
		return time.Time{}, errors.New("`when:` is missing: e.g. `when:20:00`, `when:tomorrow 20:00` or `when:2026-12-05 20:00`.")
	}
	local := now.In(loc)
	day := func(offset int, clock string) (time.Time, error) {
		m, err := parseClock(clock)
		if err != nil {
			return time.Time{}, err
		}
		y, mo, d := local.AddDate(0, 0, offset).Date()
		return wallClock(y, mo, d, m, loc), nil
	}
	var at time.Time
	var err error
	switch {
	case strings.HasPrefix(w, "today "):
		at, err = day(0, strings.TrimPrefix(w, "today "))
	case strings.HasPrefix(w, "tonight "):
		at, err = day(0, strings.TrimPrefix(w, "tonight "))
	case strings.HasPrefix(w, "tomorrow "):
		at, err = day(1, strings.TrimPrefix(w, "tomorrow "))
	case !strings.ContainsAny(w, "- t"):
		at, err = day(0, w)
		if err == nil && !at.After(now) {
			at, err = day(1, w) // "20:00" after 20:00: tomorrow's
		}
	default:
		at, err = time.Parse(time.RFC3339, strings.ToUpper(w))
		if err != nil {
			at, err = time.ParseInLocation("2006-01-02 15:04", strings.Replace(w, "t", " ", 1), loc)
		}
		if err != nil {
			err = fmt.Errorf("%q is not a time like 20:00, tomorrow 20:00 or 2026-12-05 20:00", text)
		}
	}
	if err != nil {
		return time.Time{}, fmt.Errorf("when: %w.", err)
	}
	if !at.After(now) {
		return time.Time{}, fmt.Errorf("%s is past (it is %s).", sayWhen(at, loc), local.Format("Mon 2 Jan 15:04 MST"))
	}
	if at.Sub(now) > maxSessionAhead {
		return time.Time{}, fmt.Errorf("%s is more than 120 days ahead, which Slack does not schedule.", sayWhen(at, loc))
	}
	return at, nil
}

// parseBefore reads `before:` (default DefaultSessionBefore).
func parseBefore(text string) (time.Duration, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return DefaultSessionBefore, nil
	}
	d, err := time.ParseDuration(text)
	if err != nil || d < time.Minute || d > maxSessionBefore {
		return 0, fmt.Errorf("before: %q is not a lead of 1m to 24h, like 30m or 2h.", text)
	}
	return d, nil
}

// parsePart reads `part:` for a game played in parts.
func parsePart(text string, g *engine.Game) (int, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return 0, nil
	}
	if g.Sessions.Parts == "" {
		return 0, fmt.Errorf("%s is not played in parts: `part:` has no use.", g.Title)
	}
	n, err := strconv.Atoi(text)
	if err != nil || n < 1 || n > 99 {
		return 0, fmt.Errorf("part: %q is not a number from 1 to 99.", text)
	}
	return n, nil
}

// sayWhen writes a session's time in the player's zone, and in UTC.
func sayWhen(at time.Time, loc *time.Location) string {
	local := at.In(loc).Format("Mon 2 Jan 2006 15:04 MST")
	if loc == time.UTC {
		return local
	}
	return local + " (" + at.UTC().Format("15:04 UTC") + ")"
}

// sayDuration writes 30m as "30 min", 2h as "2 h", 1h30m as "1 h 30 min".
func sayDuration(d time.Duration) string {
	d = d.Round(time.Minute)
	h, m := int(d/time.Hour), int(d%time.Hour/time.Minute)
	switch {
	case h == 0:
		return fmt.Sprintf("%d min", m)
	case m == 0:
		return fmt.Sprintf("%d h", h)
	}
	return fmt.Sprintf("%d h %d min", h, m)
}
