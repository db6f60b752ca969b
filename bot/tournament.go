package bot

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/persist"
)

// Tournaments: a channel's organiser creates one in a format the game
// declares, players join, the organiser starts it, and every entrant plays
// his own game in a thread of the channel (where the platform has threads)
// while the channel's standings message stays up to date.

// ThreadOpener opens a thread of a channel for a game of its own. It calls
// the platform, which may be slow: it gives up when ctx is done.
type ThreadOpener interface {
	OpenThread(ctx context.Context, channel Place, title string) (Place, error)
}

// threadOpeners are registered by the adapters once they run.
type threadOpeners struct {
	mu sync.Mutex
	by map[string]ThreadOpener
}

// UseThreads lets a platform's adapter open threads for tournament careers.
func (s *Service) UseThreads(platform string, t ThreadOpener) {
	s.threads.mu.Lock()
	defer s.threads.mu.Unlock()
	if s.threads.by == nil {
		s.threads.by = map[string]ThreadOpener{}
	}
	s.threads.by[platform] = t
}

// openThread opens an entrant's thread, or names his own place in the
// channel when the platform has no threads (or would not open one). It
// fails only when ctx is done: the call has been given up.
func (s *Service) openThread(ctx context.Context, channel Place, user User, title string) (Place, error) {
	s.threads.mu.Lock()
	t := s.threads.by[channel.Platform]
	s.threads.mu.Unlock()
	if t != nil {
		p, err := t.OpenThread(ctx, channel, title)
		if err == nil {
			return p, nil
		}
		if ctx.Err() != nil {
			return Place{}, fmt.Errorf("opening a thread in %s: %w", channel.Key(), ctx.Err())
		}
		s.log.Warn("opening a thread; the career plays in the channel", "channel", channel.Key(), "err", err)
	}
	p := channel
	p.Thread = "player-" + user.ID
	return p, nil
}

// tournamentActions are the tournament command's actions.
var tournamentActions = []string{"create", "join", "leave", "start", "standings", "end", "remove"}

// tournament runs the tournament command in a channel.
func (s *Service) tournament(ctx context.Context, place Place, user User, game string, args map[string]string) (Reply, error) {
	g := s.games[game]
	if g == nil || g.Tournaments == nil {
		return private(fmt.Sprintf("%s has no tournaments.", game)), nil
	}
	rules := g.Tournaments
	if rules == nil {
	}
	action := strings.ToLower(strings.TrimSpace(args["action"]))
	if action == "create" {
		return s.createTournament(ctx, place, user, game, rules, args)
	}
	t, err := s.store.TournamentAt(ctx, place.Key())
	if errors.Is(err, persist.ErrNotFound) {
		return private("There is no tournament in this channel: its organiser starts one with `tournament create format:...`."), nil
	}
	if err != nil {
		return Reply{}, err
	}
	organiserOnly := func() (Reply, bool) {
		if user.ID != t.Organiser {
			return private(fmt.Sprintf("Only the organiser (%s) may %s the tournament.", t.OrganiserName, action)), false
		}
		return Reply{}, true
	}
	switch action {
	case "join":
		return s.joinTournament(ctx, t, user, rules, args)
	case "leave":
		return s.withdraw(ctx, t, user.ID, user.Name+" leaves")
	case "remove":
		if r, ok := organiserOnly(); !ok {
			return r, nil
		}
		id, _, ok := ParseUserArg(args["player"])
		if !ok {
			return private("Name the entrant to remove: `tournament remove player:@someone`."), nil
		}
		return s.withdraw(ctx, t, id, "The organiser removes "+entrantName(t, id))
	case "start":
		if r, ok := organiserOnly(); !ok {
			return r, nil
		}
		return s.startTournament(ctx, place, t, rules)
	case "standings":
		m, err := s.standings(ctx, t)
		if err != nil {
			return Reply{}, err
		}
		return Reply{Public: []Message{m}}, nil
	case "end":
		if r, ok := organiserOnly(); !ok {
			return r, nil
		}
		t.Status, t.Ended = "ended", s.now()
		if err := s.store.SaveTournament(ctx, t); err != nil {
			return Reply{}, err
		}
		m, err := s.standings(ctx, t)
		if err != nil {
			return Reply{}, err
		}
		m.Title = "Final standings: " + t.Name
		return Reply{Public: []Message{m}}, nil
	}
	return private(fmt.Sprintf("`tournament` takes one of: %s.", strings.Join(tournamentActions, ", "))), nil
}

func (s *Service) createTournament(ctx context.Context, place Place, user User, game string, rules engine.Tournaments, args map[string]string) (Reply, error) {
	if t, err := s.store.TournamentAt(ctx, place.Key()); err == nil {
		return private(fmt.Sprintf("This channel already has a tournament (%s, %s). Its organiser can `tournament end` it.", t.Name, t.Status)), nil
	} else if !errors.Is(err, persist.ErrNotFound) {
		return Reply{}, err
	}
	var format *engine.TournamentFormat
	var keys []string
	for _, f := range rules.TournamentFormats() {
		keys = append(keys, f.Key)
		if f.Key == args["format"] {
			f := f
			format = &f
		}
	}
	if format == nil {
		return private(fmt.Sprintf("Name a format: `tournament create format:...`, one of %s.", strings.Join(keys, ", "))), nil
	}
	if format.NotYet != "" {
		return private(format.NotYet), nil
	}
	answers, problem := answersFor(format.Fields, args, "action", "format", "name", "vacation_days", "pace")
	if problem != "" {
		return private(problem), nil
	}
	vacation := s.vacationDays
	if v := strings.TrimSpace(args["vacation_days"]); v != "" {
		if _, err := fmt.Sscan(v, &vacation); err != nil || vacation < 0 || vacation > 366 {
			return private(fmt.Sprintf("vacation_days %q: give a number of days from 0 to 366.", v)), nil
		}
	}
	var pace time.Duration
	if v := strings.TrimSpace(args["pace"]); v != "" {
		var err error
		if pace, err = parsePace(v); err != nil {
			return private("pace: " + err.Error() + "."), nil
		}
	}
	if err := trialEntrant(rules, format, answers); err != nil {
		return private("That tournament cannot be played: " + err.Error() + "."), nil
	}
	id, err := s.newID()
	if err != nil {
		return Reply{}, err
	}
	name := strings.TrimSpace(args["name"])
	if name == "" {
		name = format.Label + " tournament"
	}
	t := &persist.Tournament{ID: id, Game: game, Format: format.Key, Name: name, Key: place.Key(), Organiser: user.ID, OrganiserName: user.Name,
		Answers: answers, Status: "open", Created: s.now(), VacationDays: vacation, Pace: pace}
	if err := s.store.SaveTournament(ctx, t); err != nil {
		return Reply{}, err
	}
	r := private(fmt.Sprintf("%s is open: its card in the channel lists the entrants as they join.", name))
	r.Elsewhere = []Notice{s.tournamentCard(ctx, t, rules)}
	return r, nil
}

// tournamentCard is the tournament's one message in its channel, edited in
// place as it changes: before the start its format and entrants, then its
// standings.
func (s *Service) tournamentCard(ctx context.Context, t *persist.Tournament, rules engine.Tournaments) Notice {
	n := Notice{Place: placeOf(t.Key), Sticky: "standings:" + t.ID}
	if t.Status != "open" {
		m, err := s.standings(ctx, t)
		if err != nil {
			s.log.Error("standings", "tournament", t.ID, "err", err)
			return Notice{}
		}
		n.Channel = []Message{m}
		return n
	}
	format := formatOf(rules, t.Format)
	names := make([]string, len(t.Entrants))
	for i, e := range t.Entrants {
		names[i] = e.Name
	}
	list := "none yet"
	if len(names) > 0 {
		list = strings.Join(names, ", ")
	}
	m := Message{Title: "Tournament: " + t.Name, Tone: TonePrompt,
		Text: fmt.Sprintf("%s (%s), organised by %s. Join with `tournament join`; the organiser starts it with `tournament start`. Each entrant may take %s of vacation (`prefs vacation:N`).\n**Entrants** (%d): %s",
			format.Label, format.Case, t.OrganiserName, plural(t.VacationDays, "day", "days"), len(names), list)}
	if t.Pace > 0 {
		m.Fields = append(m.Fields, engine.Field{Name: "Target pace", Value: "an answer within " + aboutDuration(t.Pace) + " (its reminders say how each player keeps it)"})
	}
	for _, f := range format.Fields {
		if v := t.Answers[f.Key]; v != "" {
			m.Fields = append(m.Fields, engine.Field{Name: f.Label, Value: v})
		}
	}
	n.Channel = []Message{m}
	return n
}

// answersFor takes a form's answers from a command's arguments, refusing
// unknown ones and missing required ones, and checking choices.
func answersFor(fields []engine.SetupField, args map[string]string, generic ...string) (map[string]string, string) {
	known := map[string]*engine.SetupField{}
	for i := range fields {
		known[fields[i].Key] = &fields[i]
	}
	answers := map[string]string{}
	for k, v := range args {
		v = strings.TrimSpace(v)
		if v == "" || contains(generic, k) {
			continue
		}
		f := known[k]
		if f == nil {
			return nil, fmt.Sprintf("%q is not a question of this format.", k)
		}
		if len(f.Options) > 0 {
			ok := false
			for _, o := range f.Options {
				ok = ok || o.Key == v
			}
			if !ok {
				return nil, fmt.Sprintf("%s: %q is not one of the choices.", f.Label, v)
			}
		}
		answers[k] = v
	}
	for _, f := range fields {
		if answers[f.Key] == "" && f.Default != "" {
			answers[f.Key] = f.Default
		}
		if answers[f.Key] == "" && f.Required {
			return nil, fmt.Sprintf("%s is required (`%s:...`).", f.Label, f.Key)
		}
	}
	return answers, ""
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// trialEntrant checks that someone can enter under the organiser's answers.
func trialEntrant(rules engine.Tournaments, f *engine.TournamentFormat, answers map[string]string) error {
	if len(f.EntrantFields) == 0 {
		_, err := rules.EntrantSetup(f.Key, answers, nil, "trial")
		return err
	}
	var err error
	for _, o := range f.EntrantFields[0].Options {
		if _, err = rules.EntrantSetup(f.Key, answers, map[string]string{f.EntrantFields[0].Key: o.Key}, "trial"); err == nil {
			return nil
		}
	}
	return err
}

func (s *Service) joinTournament(ctx context.Context, t *persist.Tournament, user User, rules engine.Tournaments, args map[string]string) (Reply, error) {
	if t.Status != "open" {
		return private("This tournament has started: it takes no more entrants."), nil
	}
	for _, e := range t.Entrants {
		if e.User == user.ID {
			return private("You are already in this tournament."), nil
		}
	}
	var format engine.TournamentFormat
	for _, f := range rules.TournamentFormats() {
		if f.Key == t.Format {
			format = f
		}
	}
	answers, problem := answersFor(format.EntrantFields, args, "action")
	if problem != "" {
		return private(problem), nil
	}
	if _, err := rules.EntrantSetup(t.Format, t.Answers, answers, user.Name); err != nil {
		return private("You cannot enter like that: " + err.Error() + "."), nil
	}
	t.Entrants = append(t.Entrants, persist.Entrant{User: user.ID, Name: user.Name, Answers: answers})
	if err := s.store.SaveTournament(ctx, t); err != nil {
		return Reply{}, err
	}
	r := private(fmt.Sprintf("You are in %s (%s).", t.Name, plural(len(t.Entrants), "entrant", "entrants")))
	r.Elsewhere = []Notice{s.tournamentCard(ctx, t, rules)}
	return r, nil
}

// withdraw takes an entrant out: before the start he is simply gone (with
// the career a start cut short may have given him); after it his career is
// archived and he stays in the standings as withdrawn.
func (s *Service) withdraw(ctx context.Context, t *persist.Tournament, userID, what string) (Reply, error) {
	for i, e := range t.Entrants {
		if e.User != userID {
			continue
		}
		if t.Status == "open" {
			if e.Team != "" && e.GameID != "" {
				return private(fmt.Sprintf("%s is in the %s pack, whose game a start cut short has set up already: the organiser runs `tournament start` again to finish the start first.", e.Name, e.Team)), nil
			}
			if e.GameID != "" {
				if err := s.archiveCareer(ctx, e.Place); err != nil {
					return Reply{}, err
				}
			}
			t.Entrants = append(t.Entrants[:i], t.Entrants[i+1:]...)
		} else {
			if e.Withdrawn {
				return private(e.Name + " has already withdrawn."), nil
			}
			t.Entrants[i].Withdrawn = true
			if e.Place != "" {
				if err := s.archiveCareer(ctx, e.Place); err != nil {
					return Reply{}, err
				}
			}
		}
		if err := s.store.SaveTournament(ctx, t); err != nil {
			return Reply{}, err
		}
		r := Reply{Public: []Message{{Text: fmt.Sprintf("%s: %s (%s).", what, t.Name, plural(len(t.Entrants), "entrant", "entrants"))}}}
		if g := s.games[t.Game]; g != nil && g.Tournaments != nil {
			rules := g.Tournaments
			r.Elsewhere = []Notice{s.tournamentCard(ctx, t, rules)}
		}
		return r, nil
	}
	return private("That player is not an entrant of this tournament."), nil
}

// archiveCareer archives a withdrawn entrant's career, if it still runs.
func (s *Service) archiveCareer(ctx context.Context, place string) error {
	unlock, err := s.lockPlace(ctx, place)
	if err != nil {
		return err
	}
	defer unlock()
	if err := s.store.Archive(ctx, place); err != nil && !errors.Is(err, persist.ErrNotFound) {
		return err
	}
	return nil
}

// startTournament gives every entrant his game, each waiting for its
// commander's Start in its thread (so he can mix entropy into his seed).
// Each game is committed with the tournament recording it as its entrant's:
// a start cut short (a shutdown that cancelled it, a crash) is taken up
// again by the next `start`, which gives games only to the entrants still
// without one.
func (s *Service) startTournament(ctx context.Context, place Place, t *persist.Tournament, rules engine.Tournaments) (Reply, error) {
	if t.Status != "open" {
		return private("This tournament has already started."), nil
	}
	if len(t.Entrants) < 2 {
		return private("A tournament needs at least two entrants."), nil
	}
	set, err := s.entrantsWithGames(ctx, t)
	if err != nil {
		return Reply{}, err
	}
	var r Reply
	format := formatOf(rules, t.Format)
	if format.TeamGame != "" {
		notices, err := s.startTeams(ctx, place, t, format, set)
		if err != nil {
			return Reply{}, err
		}
		r.Elsewhere = notices
	}
	for i, e := range t.Entrants {
		if format.TeamGame != "" {
			break
		}
		if set[e.User] {
			continue
		}
		setup, err := rules.EntrantSetup(t.Format, t.Answers, e.Answers, e.Name)
		if err != nil {
			return private(fmt.Sprintf("%s's entry no longer works (%v): remove that entrant and start again.", e.Name, err)), nil
		}
		user := User{ID: e.User, Name: e.Name}
		career, err := s.openThread(ctx, place, user, fmt.Sprintf("%s — %s", t.Name, e.Name))
		if err != nil {
			return Reply{}, err
		}
		unlock, err := s.lockPlace(ctx, career.Key())
		if err != nil {
			return Reply{}, err
		}
		reply, err := s.newGameFor(ctx, career, user, t.Game, setup, t)
		unlock()
		if err != nil {
			return Reply{}, err
		}
		if t.Entrants[i].GameID == "" {
			return private(fmt.Sprintf("%s's career could not be set up: %s", e.Name, replyText(reply))), nil
		}
		r.Elsewhere = append(r.Elsewhere, Notice{Place: career, Channel: reply.Public})
	}
	t.Status, t.Started = "running", s.now()
	if err := s.store.SaveTournament(ctx, t); err != nil {
		return Reply{}, err
	}
	started := fmt.Sprintf("%s has started: %s, each waiting for its player's Start in its own thread.", t.Name, plural(len(t.Entrants), "career", "careers"))
	if format.TeamGame != "" {
		started = fmt.Sprintf("%s has started: %s in %s, each pack in its own thread.", t.Name, plural(len(t.Entrants), "boat", "boats"), plural(countTeams(t), "pack", "packs"))
	}
	// The card becomes the standings, and says so; the organiser hears it.
	card := s.tournamentCard(ctx, t, rules)
	if len(card.Channel) > 0 {
		card.Channel[0].Text = strings.TrimSpace(started + "\n" + card.Channel[0].Text)
	}
	r.Private = []Message{{Text: started}}
	r.Elsewhere = append(r.Elsewhere, card)
	return r, nil
}

// entrantsWithGames are the entrants an earlier start, cut short, gave a
// game that still waits in its place; the others' records are cleared.
func (s *Service) entrantsWithGames(ctx context.Context, t *persist.Tournament) (map[string]bool, error) {
	set := map[string]bool{}
	for i := range t.Entrants {
		e := &t.Entrants[i]
		if e.GameID == "" {
			continue
		}
		rec, err := s.store.Load(ctx, e.Place)
		switch {
		case err == nil && rec.ID == e.GameID:
			set[e.User] = true
			continue
		case err != nil && !errors.Is(err, persist.ErrNotFound):
			return nil, err
		}
		e.Place, e.GameID, e.Team, e.Seat = "", "", "", ""
	}
	return set, nil
}

// countTeams counts the teams the entrants were dealt into.
func countTeams(t *persist.Tournament) int {
	teams := map[string]bool{}
	for _, e := range t.Entrants {
		if e.Team != "" {
			teams[e.Team] = true
		}
	}
	return len(teams)
}

// formatOf finds a tournament's format.
func formatOf(rules engine.Tournaments, key string) engine.TournamentFormat {
	for _, f := range rules.TournamentFormats() {
		if f.Key == key {
			return f
		}
	}
	return engine.TournamentFormat{}
}

// teamCount is how many teams of at most size the entrants make.
func teamCount(n, size int) int { return (n + size - 1) / size }

// startTeams deals the entrants into teams of even sizes, at most
// TeamSize each (13.5.1: packs of six; a remainder is spread over the packs
// rather than left as a pack of one), names them from TeamNames, and starts
// each team's game in a thread of its own. Entrants already in a team game
// (set: a start cut short) keep it; the others are dealt among themselves.
func (s *Service) startTeams(ctx context.Context, place Place, t *persist.Tournament, f engine.TournamentFormat, set map[string]bool) ([]Notice, error) {
	var dealt []int // the entrants to deal, by index
	for i, e := range t.Entrants {
		if !set[e.User] {
			dealt = append(dealt, i)
		}
	}
	first := countTeams(t) // the teams an earlier start made
	teams := teamCount(len(dealt), f.TeamSize)
	var notices []Notice
	next := 0
	for k := 0; k < teams; k++ {
		size := len(dealt) / teams
		if k < len(dealt)%teams {
			size++
		}
		n := first + k + 1
		name := fmt.Sprintf("Pack %d", n)
		if n-1 < len(f.TeamNames) {
			name = f.TeamNames[n-1]
		}
		setup := map[string]string{"name": name}
		for key, v := range f.TeamSetup {
			setup[key] = v
		}
		for key, v := range t.Answers {
			setup[key] = v
		}
		var seats []persist.Seat
		for j := 0; j < size; j++ {
			e := &t.Entrants[dealt[next+j]]
			seat := fmt.Sprint(j + 1)
			seats = append(seats, persist.Seat{Seat: seat, ID: e.User, Name: e.Name})
			setup[seat] = e.Name
			e.Team, e.Seat = name, seat
		}
		thread, err := s.openThread(ctx, place, User{ID: "pack" + fmt.Sprint(n)}, t.Name+" — "+name)
		if err != nil {
			return nil, err
		}
		if thread.Thread == "player-pack"+fmt.Sprint(n) {
			thread.Thread = "pack-" + fmt.Sprint(n)
		}
		unlock, err := s.lockPlace(ctx, thread.Key())
		if err != nil {
			return nil, err
		}
		reply, err := s.newTeamGame(ctx, thread, f.TeamGame, setup, t, seats)
		unlock()
		if err != nil {
			return nil, err
		}
		if t.Entrants[dealt[next]].GameID == "" {
			return nil, fmt.Errorf("the %s pack's game could not be set up: %s", name, replyText(reply))
		}
		next += size
		notices = append(notices, Notice{Place: thread, Channel: reply.Public})
	}
	return notices, nil
}

func replyText(r Reply) string {
	for _, m := range append(r.Private, r.Public...) {
		return m.Text
	}
	return ""
}

func entrantName(t *persist.Tournament, user string) string {
	for _, e := range t.Entrants {
		if e.User == user {
			return e.Name
		}
	}
	return "<@" + user + ">"
}

// standing is one line of the standings.
type standing struct {
	entrant persist.Entrant
	engine.Standing
}

// standings ranks the entrants: those whose result counts first, by score.
func (s *Service) standings(ctx context.Context, t *persist.Tournament) (Message, error) {
	lines, teams, err := s.StandingLines(ctx, t)
	if err != nil {
		return Message{}, err
	}
	m := Message{Title: "Standings: " + t.Name}
	if t.Pace > 0 {
		m.Footer = "Target pace: an answer within " + aboutDuration(t.Pace)
	}
	for _, l := range lines {
		m.Fields = append(m.Fields, engine.Field{Name: l.Place + ". " + l.Name, Value: l.Value})
	}
	if len(lines) == 0 {
		m.Text = "No entrants yet."
	}
	for _, more := range []string{teams, s.tournamentLine(ctx, t.ID)} {
		if more != "" {
			m.Text = strings.TrimSpace(m.Text + "\n" + more)
		}
	}
	return m, nil
}

// StandingLine is one entrant's line of a tournament's standings, as the
// channel shows it: his place ("—" when his result does not count), his
// name, his score and status, and his career's game.
type StandingLine struct {
	Place, Name, Value, GameID string
}

// StandingLines are a tournament's standings, best first, and its teams'
// totals ("" without teams): what the channel's standings show, and the
// web page of the tournament.
func (s *Service) StandingLines(ctx context.Context, t *persist.Tournament) ([]StandingLine, string, error) {
	var rules engine.Tournaments
	if g := s.games[t.Game]; g != nil {
		rules = g.Tournaments
	}
	var rows []standing
	for _, e := range t.Entrants {
		row := standing{entrant: e, Standing: engine.Standing{Qualifies: true, Status: "not started"}}
		if e.GameID != "" && rules != nil {
			st, err := s.gameState(ctx, e.Place, e.GameID)
			if err != nil {
				return nil, "", err
			}
			if st != nil {
				row.Standing = rules.Standing(t.Format, t.Answers, st, e.Seat)
			} else {
				row.Status = "waiting for the Start"
			}
		}
		if e.Withdrawn {
			row.Qualifies, row.Status = false, "withdrawn"
		}
		rows = append(rows, row)
	}
	sort.SliceStable(rows, func(i, j int) bool {
		if rows[i].Qualifies != rows[j].Qualifies {
			return rows[i].Qualifies
		}
		return rows[i].Score > rows[j].Score
	})
	paces, err := s.tournamentPaces(ctx, t)
	if err != nil {
		return nil, "", err
	}
	var out []StandingLine
	place := 0
	for _, row := range rows {
		label := "—"
		if row.Qualifies {
			place++
			label = fmt.Sprint(place)
		}
		value := fmt.Sprintf("%s · %s", scoreText(s.games[t.Game], row.Score), row.Status)
		if row.Detail != "" {
			value += " · " + row.Detail
		}
		if p := paceText(paces[row.entrant.User]); p != "" {
			value += " · " + p
		}
		out = append(out, StandingLine{Place: label, Name: entrantLabel(row.entrant), Value: value, GameID: row.entrant.GameID})
	}
	return out, teamTotals(rows, teamsTitle(rules, t.Format), s.games[t.Game]), nil
}

// teamTotals ranks the teams by their members' scores, under the format's
// title for them.
func teamTotals(rows []standing, title string, game *engine.Game) string {
	total := map[string]int{}
	var teams []string
	for _, r := range rows {
		if r.entrant.Team == "" {
			continue
		}
		if _, ok := total[r.entrant.Team]; !ok {
			teams = append(teams, r.entrant.Team)
		}
		total[r.entrant.Team] += r.Score
	}
	if len(teams) == 0 {
		return ""
	}
	sort.SliceStable(teams, func(i, j int) bool { return total[teams[i]] > total[teams[j]] })
	lines := []string{title + ":"}
	for i, t := range teams {
		lines = append(lines, fmt.Sprintf("%d. %s: %s", i+1, t, scoreText(game, total[t])))
	}
	return strings.Join(lines, "\n")
}

// gameState decodes a game wherever it is (running or finished); nil when
// it waits for its Start.
func (s *Service) gameState(ctx context.Context, key, id string) (engine.State, error) {
	rec, err := s.store.Load(ctx, key)
	if err != nil || rec.ID != id {
		if rec, err = s.store.Find(ctx, id); err != nil {
			return nil, err
		}
	}
	if rec.AwaitingStart {
		return nil, nil
	}
	rules := s.games.Rules(rec.Game)
	if rules == nil {
		return nil, fmt.Errorf("game %s is a %q game, which this kaleun does not play", rec.ID, rec.Game)
	}
	return rules.Decode(rec.State)
}

// standingsUpdate re-posts a tournament's standings when a decision changed
// where its entrant stands.
func (s *Service) standingsUpdate(ctx context.Context, rec *persist.GameRecord, before, after engine.State) []Notice {
	if rec.Tournament == "" {
		return nil
	}
	t, err := s.tournamentByID(ctx, rec.Tournament)
	if err != nil || t == nil || t.Status != "running" {
		return nil
	}
	g := s.games[t.Game]
	ok := g != nil && g.Tournaments != nil
	var rules engine.Tournaments
	if ok {
		rules = g.Tournaments
	}
	if !ok {
		return nil
	}
	changed := before == nil
	for _, e := range t.Entrants {
		if e.GameID == rec.ID && !changed {
			changed = rules.Standing(t.Format, t.Answers, before, e.Seat) != rules.Standing(t.Format, t.Answers, after, e.Seat)
		}
	}
	if !changed {
		return nil
	}
	m, err := s.standings(ctx, t)
	if err != nil {
		s.log.Error("standings", "tournament", t.ID, "err", err)
		return nil
	}
	return []Notice{{Place: placeOf(t.Key), Channel: []Message{m}, Sticky: "standings:" + t.ID}}
}

func (s *Service) tournamentByID(ctx context.Context, id string) (*persist.Tournament, error) {
	all, err := s.store.Tournaments(ctx)
	if err != nil {
		return nil, err
	}
	for i := range all {
		if all[i].ID == id {
			return &all[i], nil
		}
	}
	return nil, nil
}

// route sends a player's command or click in a tournament channel to his
// own career.
func (s *Service) route(ctx context.Context, place Place, user User) Place {
	if place.Thread != "" {
		return place
	}
	if _, err := s.store.Load(ctx, place.Key()); err == nil {
		return place
	}
	t, err := s.store.TournamentAt(ctx, place.Key())
	if err != nil {
		return place
	}
	for _, e := range t.Entrants {
		if e.User == user.ID && e.Place != "" && !e.Withdrawn {
			return placeOf(e.Place)
		}
	}
	return place
}

// teamsTitle heads a format's team totals.
func teamsTitle(rules engine.Tournaments, format string) string {
	if rules != nil {
		for _, f := range rules.TournamentFormats() {
			if f.Key == format && f.TeamsTitle != "" {
				return f.TeamsTitle
			}
		}
	}
	return "Teams"
}

// scoreText writes a score with the game's unit.
func scoreText(g *engine.Game, n int) string {
	if g != nil && g.ScoreUnit != "" {
		return thousands(n) + " " + g.ScoreUnit
	}
	return thousands(n)
}

func thousands(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// recordEntrantGame notes in the tournament that the game at place is the
// entrant's (or, for a team game, each seated player's).
func recordEntrantGame(t *persist.Tournament, place, gameID string, user User, team []persist.Seat) {
	for i := range t.Entrants {
		e := &t.Entrants[i]
		mine := e.User == user.ID && team == nil
		for _, seat := range team {
			mine = mine || seat.ID == e.User
		}
		if mine && !e.Withdrawn {
			e.Place, e.GameID = place, gameID
		}
	}
}
