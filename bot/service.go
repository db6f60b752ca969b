package bot

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/kaleun/kaleun/bot/audit"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
	"github.com/kaleun/kaleun/internal/ops"
	"github.com/kaleun/kaleun/persist"
)

// Service is the game master behind every chat surface.
type Service struct {
	store   *persist.Store
	games   map[string]engine.Rules
	now     func() time.Time
	newSeed func() ([]byte, error)
	newID   func() (string, error)
	log     *slog.Logger
	locks   keyedMutex
	// illustrators draw pictures, by game; a game without one gets text only.
	illustrators map[string]Illustrator
	// inflight counts calls under way, so a shutdown can let them finish.
	inflight sync.WaitGroup
	// reminders and deadline are the due times of a prompt, in the player's
	// active time; vacationDays his yearly budget of vacation.
	reminders    []time.Duration
	deadline     time.Duration
	vacationDays int
	// threads are the adapters' thread openers, by platform.
	threads threadOpeners
	// oddsRollouts is the advisor's rollouts of each option (0: the game's).
	oddsRollouts int
	// backup writes a backup of the database when a manager asks.
	backup func(ctx context.Context) (string, error)
	// metrics records decisions, deadlines and failures (nil: none).
	metrics *ops.Metrics
	// idleWarn and idleEnd are the idle limits (none when idleEnd is 0).
	idleWarn, idleEnd time.Duration
}

// Wait blocks until every call under way has returned (graceful shutdown:
// stop the adapters first, then Wait, then close the store).
func (s *Service) Wait() { s.inflight.Wait() }

// Options tune a Service; zero values take the real clock and crypto/rand.
type Options struct {
	// Illustrators draw pictures for games that have them, by game name.
	Illustrators map[string]Illustrator
	Now          func() time.Time
	NewSeed      func() ([]byte, error)
	NewID        func() (string, error)
	Logger       *slog.Logger
	// Reminders are sent after these spans of the player's active time
	// (quiet hours and vacation excluded); Deadline is when the bot acts for
	// him. None of either: no reminders (the terminal).
	Reminders []time.Duration
	Deadline  time.Duration
	// VacationDays is each player's yearly budget of vacation days.
	VacationDays int
	// OddsRollouts is how many rollouts of each option the advisor plays
	// (0: the game's default, 10,000 for The Hunters).
	OddsRollouts int
	// Backup writes a backup of the database when a server manager asks
	// (the `backup` command) and returns what to tell him; nil: the bot
	// writes none.
	Backup func(ctx context.Context) (string, error)
	// Metrics records decisions, deadlines and failures for the operator's
	// /metrics; nil records nothing.
	Metrics *ops.Metrics
	// IdleWarn and IdleEnd: a chat game with no decision for IdleWarn is
	// warned, and for IdleEnd ended (0: never; IdleWarn < IdleEnd).
	IdleWarn, IdleEnd time.Duration
}

// New builds a service over a store and the games it offers.
func New(store *persist.Store, games map[string]engine.Rules, o Options) *Service {
	s := &Service{store: store, games: games, now: o.Now, newSeed: o.NewSeed, newID: o.NewID, log: o.Logger, illustrators: o.Illustrators,
		reminders: o.Reminders, deadline: o.Deadline, vacationDays: o.VacationDays, oddsRollouts: o.OddsRollouts, backup: o.Backup, metrics: o.Metrics,
		idleWarn: o.IdleWarn, idleEnd: o.IdleEnd}
	if s.now == nil {
		s.now = func() time.Time { return time.Now().UTC() }
	}
	if s.newSeed == nil {
		s.newSeed = dice.NewSeed
	}
	if s.newID == nil {
		s.newID = func() (string, error) {
			b := make([]byte, 8)
			if _, err := rand.Read(b); err != nil {
				return "", err
			}
			return hex.EncodeToString(b), nil
		}
	}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	return s
}

// Command runs a slash command in a place: new, turn, status, log, history,
// abandon, help, or any view the game offers. User mistakes come back as
// private replies; an error means the service itself failed.
func (s *Service) Command(ctx context.Context, place Place, user User, game, name string, args map[string]string) (r Reply, err error) {
	ctx, leave := s.enter(ctx, ops.ByPlayer)
	defer leave(&err)
	if name == "challenge" {
		name = "new" // a game for two: the challenger names his opponent
	}
	switch name {
	case "backup":
		return s.backupAsked(ctx, user)
	case "tournament", "leaderboard", "career", "prefs":
		// Channel-level commands: a tournament channel's, the server's, the player's.
		unlock, err := s.locks.lock(ctx, place.Key())
		if err != nil {
			return Reply{}, err
		}
		defer unlock()
		switch name {
		case "tournament":
			return s.tournament(ctx, place, user, game, args)
		case "leaderboard":
			return s.leaderboard(ctx, place, game)
		case "career":
			return s.careerOf(ctx, place, user, args["player"])
		}
		return s.prefs(ctx, place, user, args)
	case "new":
	default:
		place = s.route(ctx, place, user)
	}
	unlock, err := s.locks.lock(ctx, place.Key())
	if err != nil {
		return Reply{}, err
	}
	defer unlock()
	if name == "new" {
		return s.newGame(ctx, place, user, game, args, nil)
	}
	rec, st, err := s.load(ctx, place)
	var ended *endedError
	if errors.As(err, &ended) {
		return Reply{Public: []Message{ended.end}}, nil
	}
	if errors.Is(err, persist.ErrNotFound) {
		switch name {
		case "audit":
			return s.auditFile(ctx, place, nil, args["game"])
		case "dice":
			return s.diceStats(ctx, place, nil)
		}
		if r, ok, err := s.finishedGameCommand(ctx, place, name); ok || err != nil {
			return r, err
		}
		if name == "undo" {
			return s.undoFinished(ctx, place)
		}
		return private(noGameHere(s.games[game])), nil
	}
	if err != nil {
		return Reply{}, err
	}
	switch name {
	case "turn":
		return s.turn(ctx, rec, st), nil
	case "history":
		return s.history(ctx, rec)
	case "seed":
		return s.addEntropy(ctx, rec, user, args["text"])
	case "reveal":
		if r, refused := secretsKept(st, "revealing the dice seed"); refused {
			return r, nil
		}
		return s.reveal(ctx, rec, user)
	case "accept":
		if !rec.AwaitingStart {
			return private("There is no challenge waiting here."), nil
		}
		return s.startClicked(ctx, place, rec, user, "go")
	case "concede":
		if seatedUser(rec, user.ID) == nil {
			return private("Only a player of this game can concede it."), nil
		}
		return Reply{Private: []Message{{
			Text:    fmt.Sprintf("Concede game %s? It ends now, and the log and the seed are revealed.", rec.ID),
			Options: []Option{{ID: optionID(rec.ID, "abandon", "confirm"), Label: "Yes, I concede"}},
		}}}, nil
	case "audit":
		if args["game"] == "" || args["game"] == rec.ID {
			if r, refused := secretsKept(st, "the log"); refused {
				return r, nil
			}
		}
		for _, p := range pendingAll(st) {
			if p.Secret && (args["game"] == "" || args["game"] == rec.ID) {
				return private("Not while a secret choice is pending: the log would show it. Ask again once both choices are revealed."), nil
			}
		}
		return s.auditFile(ctx, place, rec, args["game"])
	case "dice":
		return s.diceStats(ctx, place, rec)
	case "undo":
		return s.undo(ctx, place, rec, st, user, -1)
	case "odds":
		return s.odds(ctx, rec, st, user, "")
	case "autoroll":
		return s.autoRoll(ctx, place, rec, st, user, args["roll"])
	case "abandon":
		if !s.mayAbandon(rec, user) {
			return private(fmt.Sprintf("Only the %s or a channel manager may abandon this game.", players(rec))), nil
		}
		return Reply{Private: []Message{{
			Text:    fmt.Sprintf("Abandon game %s for good? Nothing can bring it back.", rec.ID),
			Options: []Option{{ID: optionID(rec.ID, "abandon", "confirm"), Label: "Yes, abandon it"}},
		}}}, nil
	}
	if gc, ok := gameCommand(s.games[rec.Game], name); ok {
		if st == nil {
			return private("The game has not started yet: its commander presses Start (after anyone has mixed in entropy with `seed`)."), nil
		}
		for _, p := range pendingAll(st) {
			if id, _ := answerer(rec, p); id == user.ID && p.HasOption(gc.Option) {
				return s.decide(ctx, place, rec, st, engine.Choice{Token: p.Token, Key: gc.Option})
			}
		}
		return private(gc.NotNow), nil
	}
	if pv, ok := st.(engine.PrivateViews); ok && name == pv.PrivateView() {
		return s.hand(ctx, rec, st, user)
	}
	if st == nil {
		return private("The game has not started yet: its commander presses Start (after anyone has mixed in entropy with `seed`)."), nil
	}
	for _, v := range st.Views() {
		if v == name {
			view, err := st.View(name)
			if err != nil {
				return private(err.Error()), nil
			}
			m := viewMessage(view)
			m.Files = s.pictures(rec, st, name, nil)
			return Reply{Public: []Message{m}}, nil
		}
	}
	if name == "log" {
		return s.history(ctx, rec) // a game without a log sheet: its public log
	}
	return private(fmt.Sprintf("Unknown command %q: try %s.", name, commandNames())), nil
}

// rulesVersionOf is the version a game's rules name (engine.Versioned).
func rulesVersionOf(rules engine.Rules) string {
	if v, ok := rules.(engine.Versioned); ok {
		return v.RulesVersion()
	}
	return ""
}

// gameCommand finds a command the game adds (engine.CommandCatalog).
func gameCommand(rules engine.Rules, name string) (engine.GameCommand, bool) {
	if cc, ok := rules.(engine.CommandCatalog); ok {
		for _, c := range cc.GameCommands() {
			if c.Name == name {
				return c, true
			}
		}
	}
	return engine.GameCommand{}, false
}

// noGameHere tells how to start a game, naming its set-up questions.
func noGameHere(rules engine.Rules) string {
	var asks []string
	if form, ok := rules.(engine.SetupForm); ok {
		for _, f := range form.SetupFields() {
			asks = append(asks, strings.ToLower(f.Label))
			if len(asks) == 3 {
				asks = append(asks, "...")
				break
			}
		}
	}
	if len(asks) == 0 {
		return "There is no game in this channel. Start one with `new`."
	}
	return "There is no game in this channel. Start one with `new` (" + strings.Join(asks, ", ") + ")."
}

// finishedGameCommand answers a read-only command (a view, `history`) about
// the channel's last finished game when no game runs there, so a duel's
// `score` or a career's `log` can still be read after its end, until a new
// game starts. ok is false when the command is not such a command, or the
// channel has no finished game.
func (s *Service) finishedGameCommand(ctx context.Context, place Place, name string) (r Reply, ok bool, err error) {
	rec, _, err := s.gameFor(ctx, place, nil, "")
	if err != nil || rec == nil {
		return Reply{}, false, err
	}
	rules := s.games[rec.Game]
	if rules == nil || rec.AwaitingStart {
		return Reply{}, false, nil
	}
	st, err := rules.Decode(rec.State)
	if err != nil {
		return Reply{}, false, fmt.Errorf("decoding finished game %s: %w", rec.ID, err)
	}
	note := fmt.Sprintf("Game %s is over; this is how it ended. A new game starts with `new`.", rec.ID)
	if name == "history" || (name == "log" && !hasView(st, "log")) {
		r, err := s.history(ctx, rec)
		if err == nil && len(r.Public) > 0 {
			r.Public[0].Text = strings.TrimSpace(note + "\n" + r.Public[0].Text)
		}
		return r, true, err
	}
	if !hasView(st, name) {
		return Reply{}, false, nil
	}
	view, err := st.View(name)
	if err != nil {
		return private(err.Error()), true, nil
	}
	m := viewMessage(view)
	m.Text = strings.TrimSpace(note + "\n" + m.Text)
	m.Files = s.pictures(rec, st, name, nil)
	return Reply{Public: []Message{m}}, true, nil
}

func hasView(st engine.State, name string) bool {
	for _, v := range st.Views() {
		if v == name {
			return true
		}
	}
	return false
}

// Click answers a button or select choice.
func (s *Service) Click(ctx context.Context, place Place, user User, customID string) (r Reply, err error) {
	ctx, leave := s.enter(ctx, ops.ByPlayer)
	defer leave(&err)
	target, err := parseOptionID(customID)
	if err != nil {
		return private("That button is not one of Kaleun's."), nil
	}
	place = s.route(ctx, place, user)
	unlock, err := s.locks.lock(ctx, place.Key())
	if err != nil {
		return Reply{}, err
	}
	defer unlock()
	rec, st, err := s.load(ctx, place)
	var ended *endedError
	if errors.As(err, &ended) {
		return Reply{Public: []Message{ended.end}}, nil
	}
	if errors.Is(err, persist.ErrNotFound) || (err == nil && rec.ID != target.gameID) {
		if other, ferr := s.store.Find(ctx, target.gameID); ferr == nil && !other.Over && other.Owner != user.ID {
			return private(fmt.Sprintf("That button is for %s's game: your click changed nothing.", other.OwnerName)), nil
		} else if ferr == nil && other.Over && target.token == undoToken {
			return private(fmt.Sprintf("Game %s is over: the decision that ended it stands, and no undo brings a finished game back.", other.ID)), nil
		}
		return private("That game is over or was abandoned: this button no longer does anything."), nil
	}
	if err != nil {
		return Reply{}, err
	}
	if target.token == "abandon" {
		if !s.mayAbandon(rec, user) {
			return private("Only the commander or a channel manager may abandon this game."), nil
		}
		// An abandoned game has ended too: its log reveals the seed first.
		text := fmt.Sprintf("%s abandoned game %s.", user.Name, rec.ID)
		if e, ok := revealAtEnd(rec.Dice); ok && rec.Dice.Cursor > rec.Dice.From {
			// The reveal ends the game: its commit archives it too.
			next := *rec
			next.Over, next.Updated = true, s.now()
			stored, err := s.store.CommitEntries(ctx, &next, []persist.NewEntry{e})
			if err != nil {
				return Reply{}, err
			}
			for _, m := range eventMessages(stored) {
				text += "\n" + m.Text
			}
		} else if err := s.store.Archive(ctx, place.Key()); err != nil {
			return Reply{}, err
		}
		s.log.Info("game abandoned", "game", rec.ID, "by", user.ID)
		return Reply{Public: []Message{{Text: strings.TrimSpace(text)}}}, nil
	}
	switch target.token {
	case undoToken:
		d, err := strconv.Atoi(target.key)
		if err != nil {
			return private("That button is not one of Kaleun's."), nil
		}
		return s.undo(ctx, place, rec, st, user, d)
	case consentToken, declineToken:
		return s.consent(ctx, place, rec, user, target.token, target.key)
	}
	if st == nil {
		if target.token != startToken {
			return private("That button belongs to another stage of this game: nothing changed."), nil
		}
		return s.startClicked(ctx, place, rec, user, target.key)
	}
	p := promptByToken(st, target.token)
	if p == nil {
		return private("That decision was already taken (an old message, or a double click): nothing changed. `turn` shows the pending one."), nil
	}
	if target.key == oddsKey {
		return s.odds(ctx, rec, st, user, p.Token) // anyone may ask; the answer is his alone
	}
	if target.key == openKey && p.Private {
		return s.openDoor(ctx, rec, st, p, user)
	}
	if id, name := answerer(rec, p); id != "" && user.ID != id {
		if len(rec.Seats) > 0 {
			return private(fmt.Sprintf("This decision is %s's: your click changed nothing.", name)), nil
		}
		return private(fmt.Sprintf("Only %s commands this boat: your click changed nothing.", name)), nil
	}
	return s.decide(ctx, place, rec, st, engine.Choice{Token: target.token, Key: target.key})
}

func (s *Service) mayAbandon(rec *persist.GameRecord, u User) bool {
	return u.Manager || u.ID == rec.Owner || seatedUser(rec, u.ID) != nil
}

// pendingOf is the pending prompt of a started game.
func pendingOf(st engine.State) *engine.Prompt {
	if st == nil {
		return nil
	}
	return st.Pending()
}

// pendingAll is every prompt a game waits for: its one, or one per player
// of a game played at each player's pace (engine.Multi).
func pendingAll(st engine.State) []*engine.Prompt {
	if st == nil || st.Outcome() != nil {
		return nil
	}
	if m, ok := st.(engine.Multi); ok {
		return m.PendingAll()
	}
	if p := st.Pending(); p != nil {
		return []*engine.Prompt{p}
	}
	return nil
}

// promptByToken finds a pending prompt.
func promptByToken(st engine.State, token string) *engine.Prompt {
	for _, p := range pendingAll(st) {
		if p.Token == token {
			return p
		}
	}
	return nil
}

// tokens are the tokens of the pending prompts.
func tokens(st engine.State) map[string]bool {
	out := map[string]bool{}
	for _, p := range pendingAll(st) {
		out[p.Token] = true
	}
	return out
}

// players names who plays a game: its commander, or its players.
func players(rec *persist.GameRecord) string {
	if len(rec.Seats) == 0 {
		return "commander (" + rec.OwnerName + ")"
	}
	names := make([]string, len(rec.Seats))
	for i, s := range rec.Seats {
		names[i] = s.Name
	}
	return "players (" + strings.Join(names, ", ") + ")"
}

func (s *Service) load(ctx context.Context, place Place) (*persist.GameRecord, engine.State, error) {
	rec, err := s.store.Load(ctx, place.Key())
	if err != nil {
		return nil, nil, err
	}
	rules := s.games[rec.Game]
	if rules == nil {
		return nil, nil, fmt.Errorf("game %s is a %q game, which this kaleun does not play", rec.ID, rec.Game)
	}
	if rec.AwaitingStart && !rec.Over {
		return rec, nil, nil
	}
	var st engine.State
	if !rec.AwaitingStart {
		if st, err = rules.Decode(rec.State); err != nil {
			return nil, nil, fmt.Errorf("game %s: %w", rec.ID, err)
		}
	}
	if rec.Over {
		return nil, nil, s.archiveEnded(ctx, place, rec, st)
	}
	return rec, st, nil
}

// decide applies a choice and commits it before any message goes out.
func (s *Service) decide(ctx context.Context, place Place, rec *persist.GameRecord, st engine.State, c engine.Choice) (Reply, error) {
	d, err := DiceFor(rec.Dice)
	if err != nil {
		return Reply{}, err
	}
	next, events, err := st.Apply(c, d)
	if err != nil {
		if errors.Is(err, engine.ErrIllegalChoice) || errors.Is(err, engine.ErrStaleToken) || errors.Is(err, engine.ErrGameOver) {
			return private(err.Error() + ": nothing changed."), nil
		}
		return Reply{}, err
	}
	next2 := *rec
	stored, err := s.commit(ctx, &next2, next, events, d, nil, nil)
	if err != nil {
		return Reply{}, err
	}
	*rec = next2
	viewer := ""
	if p := promptByToken(st, c.Token); p != nil && p.Private {
		viewer = p.Seat
	}
	r, err := s.afterSeen(ctx, place, rec, next, stored, tokens(st), viewer)
	if err != nil {
		return r, err
	}
	if next.Outcome() == nil && offersUndo(s.games[rec.Game]) {
		withUndoButton(r.Public, undoButton(rec.ID, rec.Decisions))
	}
	r.Elsewhere = append(r.Elsewhere, s.standingsUpdate(ctx, rec, st, next)...)
	if next.Outcome() != nil {
		return r, nil
	}
	// A player who chose auto-roll has his enemy rolls pressed at once.
	if p := next.Pending(); p != nil {
		if key, ok := autoAnswer(rec, p); ok {
			more, err := s.decide(ctx, place, rec, next, engine.Choice{Token: p.Token, Key: key})
			if err != nil {
				return Reply{}, err
			}
			r.Public = append(withoutPrompt(r.Public), more.Public...)
			r.Private = append(r.Private, more.Private...)
			r.Elsewhere = append(r.Elsewhere, more.Elsewhere...)
		}
	}
	return r, nil
}

// withoutPrompt drops the trailing prompt of messages whose decision the bot
// has just taken itself.
func withoutPrompt(ms []Message) []Message {
	if n := len(ms); n > 0 && ms[n-1].Prompt != nil {
		return ms[:n-1]
	}
	return ms
}

// commit stores the new state with the log entries: before (the game
// master's, such as a seed commitment), the rules' events with the numbers of
// the dice they rolled, and at the end of the game the seed's reveal. It
// returns the entries as stored. tour, when set, is the tournament whose
// start creates the game: it is saved with it.
func (s *Service) commit(ctx context.Context, rec *persist.GameRecord, st engine.State, events []engine.Event, d CursorDice, before []persist.NewEntry, tour *persist.Tournament) ([]persist.EventRecord, error) {
	b, err := st.Encode()
	if err != nil {
		return nil, err
	}
	entries := make([]persist.NewEntry, 0, len(before)+len(events)+1)
	entries = append(entries, before...)
	k := rec.Dice.Cursor // the number of the first die this decision rolled
	for _, e := range events {
		eb, err := json.Marshal(e)
		if err != nil {
			return nil, fmt.Errorf("encoding an event: %w", err)
		}
		entry := persist.NewEntry{Event: eb}
		if e.Roll != nil {
			for range e.Roll.Faces {
				entry.Dice = append(entry.Dice, k)
				k++
			}
		}
		entries = append(entries, entry)
	}
	if k != d.Cursor() {
		// Every die must appear in a roll event, or the log could not be audited.
		return nil, fmt.Errorf("the rules rolled %d dice but reported %d", d.Cursor()-rec.Dice.Cursor, k-rec.Dice.Cursor)
	}
	rec.State = b
	rec.Dice.Cursor = d.Cursor()
	rec.Decisions++
	if v := rulesVersionOf(s.games[rec.Game]); v != "" && v != rec.Rules {
		// The game goes on under rules read differently from its last
		// decision's (kaleun was upgraded): the log says so, for verify.
		entries = append(entries, persist.NewEntry{Event: audit.RulesEntry(audit.RulesVersion{Version: v, From: rec.Decisions})})
		rec.Rules = v
	}
	rec.Updated = s.now()
	rec.Over = st.Outcome() != nil
	rec.AwaitingStart = false
	if rec.Over {
		if e, ok := revealAtEnd(rec.Dice); ok {
			entries = append(entries, e)
		}
	}
	var due []persist.Due
	if s.scheduling(rec.Key) {
		var err error
		if due, err = s.schedule(ctx, rec, st); err != nil {
			return nil, err
		}
	}
	var stored []persist.EventRecord
	switch {
	case tour != nil:
		stored, err = s.store.CommitEntrant(ctx, rec, entries, due, tour)
	case s.scheduling(rec.Key):
		stored, err = s.store.CommitScheduled(ctx, rec, entries, due)
	default:
		stored, err = s.store.CommitEntries(ctx, rec, entries)
	}
	if err != nil {
		return nil, err
	}
	c := callOf(ctx)
	s.metrics.Decision(rec.Game, c.by, time.Since(c.start))
	return stored, nil
}

// after renders the events and the next prompt, or the end of the game.
func (s *Service) after(ctx context.Context, place Place, rec *persist.GameRecord, st engine.State, stored []persist.EventRecord) (Reply, error) {
	return s.afterSeen(ctx, place, rec, st, stored, nil, "")
}

// afterSeen is after, posting only the prompts not already pending before
// the decision (the other players' prompts of a game played at each one's
// pace are where they were).
//
// viewer is the seat of the player who decided: the events for him alone,
// and his next private prompt, come to him privately.
func (s *Service) afterSeen(ctx context.Context, place Place, rec *persist.GameRecord, st engine.State, stored []persist.EventRecord, seen map[string]bool, viewer string) (Reply, error) {
	r := Reply{Public: eventMessages(publicEntries(stored))}
	if viewer != "" {
		r.Private = append(r.Private, eventMessages(entriesFor(stored, viewer, false))...)
	}
	if out := st.Outcome(); out != nil {
		// The commit that ended the game has archived it.
		m := Message{Title: "The end", Text: out.Summary, Fields: engine.ShownFields(out.Fields), Outcome: out}
		r.Public = append(r.Public, m)
		return r, nil
	}
	if pin, ok := st.(engine.Pinned); ok {
		// The game's pinned view stays up to date (edited in place).
		name := pin.PinnedView()
		if v, err := st.View(name); err == nil {
			r.Elsewhere = append(r.Elsewhere, Notice{Place: place, Channel: []Message{viewMessage(v)}, Sticky: name + ":" + rec.ID})
		}
	}
	files := s.pictures(rec, st, "", stored)
	for _, p := range pendingAll(st) {
		if seen[p.Token] {
			continue
		}
		id, name := answerer(rec, p)
		switch {
		case !p.Private:
			r.Public = append(r.Public, s.withOddsButton(ctx, rec, st, promptMessage(rec.ID, p, id)))
		case p.Seat == viewer && viewer != "":
			r.Private = append(r.Private, promptMessage(rec.ID, p, id)) // he is here: no door
		default:
			r.Public = append(r.Public, doorMessage(rec.ID, p, id, name))
		}
	}
	// Pictures go with the rolls that call for them, or with the prompt when
	// the decision rolled nothing (aiming a salvo).
	if len(files) > 0 && len(r.Public) > 0 {
		at := len(r.Public) - 1
		if at > 0 && r.Public[at].Prompt != nil {
			at--
		}
		r.Public[at].Files = append(r.Public[at].Files, files...)
	}
	return r, nil
}

func (s *Service) turn(ctx context.Context, rec *persist.GameRecord, st engine.State) Reply {
	if st == nil {
		return Reply{Public: []Message{s.startMessage(rec)}}
	}
	all := pendingAll(st)
	if len(all) == 0 {
		return private("This game waits for no decision.")
	}
	var r Reply
	for _, p := range all {
		id, name := answerer(rec, p)
		if p.Private {
			r.Public = append(r.Public, doorMessage(rec.ID, p, id, name))
			continue
		}
		r.Public = append(r.Public, s.withOddsButton(ctx, rec, st, promptMessage(rec.ID, p, id)))
	}
	return r
}

// history shows the last rolls with their charts, rule cases and die
// numbers, and the log's head hash.
func (s *Service) history(ctx context.Context, rec *persist.GameRecord) (Reply, error) {
	from := uint64(1)
	if rec.Seq > 400 {
		from = rec.Seq - 400
	}
	evs, err := s.store.Events(ctx, rec.ID, from, 0)
	if err != nil {
		return Reply{}, err
	}
	var rolls []persist.EventRecord
	for _, er := range publicEntries(evs) {
		if len(er.Dice) > 0 {
			rolls = append(rolls, er)
		}
	}
	if len(rolls) > 20 {
		rolls = rolls[len(rolls)-20:]
	}
	if len(rolls) == 0 {
		return Reply{Public: []Message{{Title: "Last rolls", Text: "No rolls yet.", Footer: logFooter(rec)}}}, nil
	}
	msgs := eventMessages(rolls)
	msgs[0].Title = "Last rolls"
	last := &msgs[len(msgs)-1]
	last.Footer = logFooter(rec) + " · `audit` exports the whole log"
	return Reply{Public: msgs}, nil
}

// StartGame starts a game in an empty place with the given dice (a seeded or
// scripted source, for reproductions); nil draws a fresh secret seed.
func (s *Service) StartGame(ctx context.Context, place Place, user User, game string, args map[string]string, d *persist.DiceRecord) (r Reply, err error) {
	ctx, leave := s.enter(ctx, ops.ByPlayer)
	defer leave(&err)
	unlock, err := s.locks.lock(ctx, place.Key())
	if err != nil {
		return Reply{}, err
	}
	defer unlock()
	return s.newGame(ctx, place, user, game, args, d)
}

// newGame starts a game in an empty place.
func (s *Service) newGame(ctx context.Context, place Place, user User, game string, args map[string]string, fixed *persist.DiceRecord) (Reply, error) {
	return s.newGameIn(ctx, place, user, game, args, fixed, nil, nil)
}

// newGameFor starts a tournament entrant's career.
func (s *Service) newGameFor(ctx context.Context, place Place, user User, game string, args map[string]string, tour *persist.Tournament) (Reply, error) {
	return s.newGameIn(ctx, place, user, game, args, nil, tour, nil)
}

// newTeamGame starts a tournament's team game (a wolfpack) with its seats
// filled: it starts at once, its seed committed before the first die.
func (s *Service) newTeamGame(ctx context.Context, place Place, game string, setup map[string]string, tour *persist.Tournament, seats []persist.Seat) (Reply, error) {
	owner := User{ID: seats[0].ID, Name: seats[0].Name}
	return s.newGameIn(ctx, place, owner, game, setup, nil, tour, seats)
}

// newGameIn starts a game in an empty place. A tournament's game (tour set)
// is recorded as its entrant's, or its team's, in the commit that creates it.
func (s *Service) newGameIn(ctx context.Context, place Place, user User, game string, args map[string]string, fixed *persist.DiceRecord, tour *persist.Tournament, team []persist.Seat) (Reply, error) {
	if rec, err := s.store.Load(ctx, place.Key()); err == nil && rec.Over {
		// A finished game left in its place: archived, its end shown first.
		var ended *endedError
		if _, _, err := s.load(ctx, place); !errors.As(err, &ended) {
			return Reply{}, fmt.Errorf("game %s had ended and could not be archived: %v", rec.ID, err)
		}
		r, err := s.newGameIn(ctx, place, user, game, args, fixed, tour, team)
		r.Public = append([]Message{ended.end}, r.Public...)
		return r, err
	} else if err == nil {
		return private(fmt.Sprintf("This channel already has a game (%s, commanded by %s). `turn` shows its pending decision; its commander or a channel manager can `abandon` it.", rec.ID, rec.OwnerName)), nil
	} else if !errors.Is(err, persist.ErrNotFound) {
		return Reply{}, err
	}
	rules := s.games[game]
	if rules == nil {
		names := make([]string, 0, len(s.games))
		for n := range s.games {
			names = append(names, n)
		}
		sort.Strings(names)
		return private(fmt.Sprintf("Unknown game %q (this kaleun plays %s).", game, strings.Join(names, ", "))), nil
	}
	if only, ok := rules.(engine.TournamentOnly); ok && team == nil {
		return private(only.TournamentOnly()), nil
	}
	setup := map[string]string{}
	if form, ok := rules.(engine.SetupForm); ok {
		known := map[string]bool{}
		for _, f := range form.SetupFields() {
			known[f.Key] = true
		}
		for k, v := range args {
			if !known[k] {
				return private(fmt.Sprintf("Unknown option %q for a new %s game.", k, game)), nil
			}
			if v != "" {
				setup[k] = v
			}
		}
	}
	seats, refusal := seatPlayers(rules, user, args, setup)
	if team != nil {
		seats, refusal = team, ""
		for k, v := range args {
			setup[k] = v // a team game's setup comes from the tournament, whole
		}
	}
	if refusal != "" {
		return private(refusal), nil
	}
	raw, _ := json.Marshal(setup)
	id, err := s.newID()
	if err != nil {
		return Reply{}, err
	}
	if fixed != nil && fixed.GameID != "" {
		id = fixed.GameID // a reproducible game keeps the id its dice are derived from
	}
	rec := &persist.GameRecord{ID: id, Game: game, Key: place.Key(), Created: s.now(), Owner: user.ID, OwnerName: user.Name, Setup: raw, Seats: seats,
		LogVersion: persist.LogVersion, Rules: rulesVersionOf(rules)}
	if tour != nil {
		rec.Tournament = tour.ID
	}
	var seed []byte
	if fixed != nil && fixed.Kind != "auditable" && place.Platform != audit.SurfaceTerminal {
		// Chat games are always seeded: chosen faces never reach a channel.
		return Reply{}, fmt.Errorf("a %s game cannot have %s dice: only a terminal game may script its dice", place.Platform, fixed.Kind)
	}
	if fixed != nil {
		rec.Dice = *fixed
		if rec.Dice.Kind == "auditable" && rec.Dice.GameID == "" {
			rec.Dice.GameID = id
		}
		seed, _ = hex.DecodeString(rec.Dice.Seed)
	} else {
		if seed, err = s.newSeed(); err != nil {
			return Reply{}, err
		}
		rec.Dice = persist.DiceRecord{Kind: "auditable", Seed: hex.EncodeToString(seed), GameID: id}
	}
	// The log opens with what it is the log of (audit.GenesisEntry), then
	// the seed's commitment, before any die.
	genesis, err := audit.GenesisEntry(rec)
	if err != nil {
		return Reply{}, err
	}
	before := []persist.NewEntry{{Event: genesis}}
	if rec.Dice.Kind == "auditable" {
		c, err := commitment(rec.Dice)
		if err != nil {
			return Reply{}, err
		}
		e, _ := seedEntry(audit.SeedAction{Action: audit.ActionCommit, From: 0, Commitment: c})
		before = append(before, e)
	}
	d, err := DiceFor(rec.Dice)
	if err != nil {
		return Reply{}, err
	}
	st, events, err := rules.New(raw, d)
	if err != nil {
		var de *engine.DiceError
		if errors.As(err, &de) {
			return Reply{}, err
		}
		return private("Cannot start that game: " + err.Error()), nil
	}
	if tour != nil {
		recordEntrantGame(tour, place.Key(), id, user, team) // committed with the game
	}
	if (d.Cursor() > 0 || len(seats) > 1) && fixed == nil && team == nil {
		// The setup itself rolls dice: wait for the commander's Start, so
		// the players can mix in entropy before the first die.
		rec.AwaitingStart, rec.Decisions = true, -1
		due, err := s.startDue(ctx, rec)
		if err != nil {
			return Reply{}, err
		}
		commit := s.store.CommitScheduled
		if tour != nil {
			commit = func(ctx context.Context, rec *persist.GameRecord, events []persist.NewEntry, due []persist.Due) ([]persist.EventRecord, error) {
				return s.store.CommitEntrant(ctx, rec, events, due, tour)
			}
		}
		if _, err := commit(ctx, rec, before, due); err != nil {
			return Reply{}, err
		}
		s.log.Info("game created, awaiting start", "game", id, "place", place.Key(), "by", user.ID)
		return Reply{Public: []Message{s.startMessage(rec)}}, nil
	}
	rec.Decisions = -1 // commit counts the start as decision 0
	stored, err := s.commit(ctx, rec, st, events, d, before, tour)
	if err != nil {
		return Reply{}, err
	}
	s.log.Info("game started", "game", id, "place", place.Key(), "by", user.ID)
	r, err := s.after(ctx, place, rec, st, stored)
	if err != nil {
		return Reply{}, err
	}
	text := fmt.Sprintf("%s commands.", user.Name)
	if len(seats) > 1 {
		text = fmt.Sprintf("%s play.", seatNames(seats))
	}
	if rec.Dice.Kind != "auditable" {
		text += " The dice are scripted."
	}
	head := Message{Title: "New game " + id, Text: text}
	r.Public = append([]Message{head}, r.Public...)
	return r, nil
}
