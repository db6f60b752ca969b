package bot

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
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
	store *persist.Store
	// webBase is Options.WebBase.
	webBase string
	games   engine.Registry
	// commands is the bot's command table by name (command_table.go), and
	// framework the framework command's (`/kaleun games`).
	commands, framework map[string]*command
	now                 func() time.Time
	newSeed             func() ([]byte, error)
	newID               func() (string, error)
	log                 *slog.Logger
	locks               keyedMutex
	// illustrators draw pictures, by game; a game without one gets text only.
	illustrators map[string]Illustrator
	textOnly     bool
	// inflight counts calls under way, so a shutdown can let them finish.
	inflight sync.WaitGroup
	// reminders and deadline are the due times of a prompt, in the player's
	// active time; vacationDays his yearly budget of vacation.
	reminders    []time.Duration
	deadline     time.Duration
	vacationDays int
	// threads are the adapters' thread openers, by platform.
	threads threadOpeners
	// planners are the adapters' session planners, by platform (session.go).
	planners sessionPlanners
	// oddsRollouts is the advisor's rollouts of each option (0: the game's).
	oddsRollouts int
	// oddsWorkers is how many goroutines an answer of the advisor, or an
	// outlook, may simulate on (0 or 1: one).
	oddsWorkers int
	// backup writes a backup of the database when a manager asks.
	backup func(ctx context.Context) (string, error)
	// metrics records decisions, deadlines and failures (nil: none).
	metrics *ops.Metrics
	// idleWarn and idleEnd are the idle limits (none when idleEnd is 0).
	idleWarn, idleEnd time.Duration
	// lease is how long a tick's first take of a due time lasts (see
	// delivery.go).
	lease time.Duration
	// auditHint says how to export a game's whole log (Options.AuditHint).
	auditHint func(gameID string) string
	// hooks turn the webhooks on (Options.Webhooks); hookKick wakes their
	// delivery loop after a commit.
	hooks    *WebhookOptions
	hookKick chan struct{}
}

// Wait blocks until every call under way has returned (graceful shutdown:
// stop the adapters first, then Wait, then close the store).
func (s *Service) Wait() { s.inflight.Wait() }

// Options tune a Service; zero values take the real clock and crypto/rand.
type Options struct {
	// TextOnly draws no pictures at all (the terminal without --pictures).
	TextOnly bool
	// Illustrators draw pictures in place of a game's own (its
	// descriptor's Illustrator), by game name: a test's counting one.
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
	// OddsWorkers is how many goroutines one answer of the advisor (or one
	// outlook) may simulate on; 0 or 1: one, which leaves a server's other
	// cores to the other channels' decisions. The answer is the same for
	// every value; the terminal, which has one player, allows them all.
	OddsWorkers int
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
	// DeliveryLease is how long what a tick takes is its own to deliver
	// before another tick (another replica's, or this one restarted) takes
	// it over (0: DefaultDeliveryLease).
	DeliveryLease time.Duration
	// AuditHint says how a player exports a game's whole log where he
	// plays (nil: the `audit` command, as in chat); the terminal names
	// the shell command, which it has no `audit` of its own for.
	AuditHint func(gameID string) string
	// WebBase is the web pages' base_url ([web]), ending in /: a game's
	// views and its end carry the link to its page. "": no links.
	WebBase string
	// Webhooks turn the outbound webhooks on ([webhooks]); nil: off.
	Webhooks *WebhookOptions
}

// New builds a service over a store and the games it offers.
func New(store *persist.Store, games engine.Registry, o Options) *Service {
	s := &Service{store: store, games: games, now: o.Now, newSeed: o.NewSeed, newID: o.NewID, log: o.Logger, illustrators: o.Illustrators, textOnly: o.TextOnly,
		reminders: o.Reminders, deadline: o.Deadline, vacationDays: o.VacationDays, oddsRollouts: o.OddsRollouts, oddsWorkers: o.OddsWorkers, backup: o.Backup, metrics: o.Metrics,
		idleWarn: o.IdleWarn, idleEnd: o.IdleEnd, lease: o.DeliveryLease, auditHint: o.AuditHint, commands: commandsByName(), framework: frameworkByName(), webBase: o.WebBase,
		hooks: o.Webhooks, hookKick: make(chan struct{}, 1)}
	if s.lease <= 0 {
		s.lease = DefaultDeliveryLease
	}
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
	if games[FrameworkName] != nil {
		s.log.Error("a game is registered as " + FrameworkName + ", the name of Kaleun's own command: its commands are not reachable")
	}
	if s.auditHint == nil {
		s.auditHint = func(string) string { return "`audit` exports the whole log" }
	}
	return s
}

// Command runs a slash command in a place: new, turn, status, log, history,
// abandon, help, or any view the game offers. User mistakes come back as
// private replies; an error means the service itself failed.
func (s *Service) Command(ctx context.Context, place Place, user User, game, name string, args map[string]string) (r Reply, err error) {
	ctx, leave := s.enter(ctx, ops.ByPlayer)
	defer leave(&err)
	c := &commandCall{name: name, place: place, user: user, game: game, args: args}
	if game == FrameworkName {
		if fc := s.framework[name]; fc != nil {
			return fc.run(s, ctx, c)
		}
		var names []string
		for _, f := range FrameworkCommands() {
			names = append(names, "`"+f.Name+"`")
		}
		return private(fmt.Sprintf("Unknown command %q of /%s: try %s.", name, FrameworkName, strings.Join(names, ", "))), nil
	}
	cmd := s.commands[name]
	if cmd == nil {
		cmd = &command{CommandSpec: CommandSpec{Name: name}, reach: ofTheGame, run: (*Service).gameCommand}
	}
	switch cmd.reach {
	case anywhere:
		return cmd.run(s, ctx, c)
	case ofTheGame:
		c.place = s.route(ctx, place, user)
	}
	unlock, err := s.lockPlace(ctx, c.place.Key())
	if err != nil {
		return Reply{}, err
	}
	c.held = &heldLock{unlock: unlock}
	defer c.held.release()
	if cmd.reach != ofTheGame {
		return cmd.run(s, ctx, c)
	}
	rec, st, err := s.load(ctx, c.place)
	var ended *endedError
	if errors.As(err, &ended) {
		return Reply{Public: []Message{ended.end}}, nil
	}
	if errors.Is(err, persist.ErrNotFound) {
		if cmd.noGame != nil {
			return cmd.noGame(s, ctx, c)
		}
		if r, ok, err := s.finishedGameCommand(ctx, c.place, name); ok || err != nil {
			return r, err
		}
		return private(noGameHere(s.games[game])), nil
	}
	if err != nil {
		return Reply{}, err
	}
	c.rec, c.st = rec, st
	if cmd.refuse != nil {
		if why := cmd.refuse(s, c); why != "" {
			return private(why), nil
		}
	}
	return cmd.run(s, ctx, c)
}

// gameCommand answers a name the bot's table does not hold, from the
// game's own: a command of the game (an option of a pending prompt), its
// private view, one of its views (help among them), its log.
func (s *Service) gameCommand(ctx context.Context, c *commandCall) (Reply, error) {
	rec, st, name, user := c.rec, c.st, c.name, c.user
	if gc, ok := s.games[rec.Game].Command(name); ok {
		if st == nil {
			return private("The game has not started yet: its commander presses Start (after anyone has mixed in entropy with `seed`)."), nil
		}
		for _, p := range pendingAll(st) {
			if p.HasOption(gc.Option) && mayAnswer(s.games[rec.Game], rec, p, gc.Option, user) {
				return s.decide(ctx, c.place, rec, st, engine.Choice{Token: p.Token, Key: gc.Option}, how{by: user.ID})
			}
		}
		return private(gc.NotNow), nil
	}
	if pv := engine.PrivateViewOf(st); pv != "" && name == pv {
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
			m := s.withWebLine(ctx, rec, viewMessage(view))
			m.Files = s.pictures(rec, st, name, nil)
			return Reply{Public: []Message{m}}, nil
		}
	}
	if name == "log" {
		return s.history(ctx, rec) // a game without a log sheet: its public log
	}
	return private(fmt.Sprintf("Unknown command %q: try %s.", name, commandNames(s.games[rec.Game]))), nil
}

// noGameHere tells how to start a game, naming its set-up questions.
func noGameHere(g *engine.Game) string {
	var asks []string
	if g != nil {
		for _, f := range g.Setup {
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
	rules := s.games.Rules(rec.Game)
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
	m = s.withWebLine(ctx, rec, m)
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
	unlock, err := s.lockPlace(ctx, place.Key())
	if err != nil {
		return Reply{}, err
	}
	held := &heldLock{unlock: unlock}
	defer held.release()
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
		return disarmed("That game is over or was abandoned: this button no longer does anything."), nil
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
		return s.undo(ctx, place, rec, st, user, d, false)
	case sureUndoToken:
		return s.sureUndo(ctx, place, rec, st, user, target.key)
	case consentToken, declineToken:
		return s.consent(ctx, place, rec, st, user, target.token, target.key)
	}
	if st == nil {
		if target.token != startToken {
			return disarmed("That button belongs to another stage of this game: nothing changed."), nil
		}
		return s.startClicked(ctx, place, rec, user, target.key, true)
	}
	if target.key == boardKey {
		return s.board(rec, st), nil
	}
	p := promptByToken(st, target.token)
	if p == nil {
		if r, ok, err := s.unshownResult(ctx, place, rec, st, user, target.token, !strings.HasPrefix(target.key, yesKey)); ok || err != nil {
			return r, err
		}
		return disarmed("That decision was already taken (an old message, or a double click): nothing changed. `turn` shows the pending one."), nil
	}
	if target.key == oddsKey {
		return s.odds(ctx, rec, st, user, p.Token, held.release) // anyone may ask; the answer is his alone
	}
	if target.key == openKey && p.Private {
		return s.openDoor(ctx, rec, st, p, user)
	}
	if g := s.games[rec.Game]; g != nil && len(g.Roles) > 0 {
		if why := roleRefusal(g, rec, p, optionOf(target.key), user); why != "" {
			return private(why), nil
		}
	} else if id, name := answerer(rec, p); id != "" && user.ID != id {
		if len(rec.Seats) > 0 {
			return private(fmt.Sprintf("This decision is %s's: your click changed nothing.", name)), nil
		}
		return private(fmt.Sprintf("Only %s commands this boat: your click changed nothing.", name)), nil
	}
	switch key := target.key; {
	case key == formKey:
		return openForm(rec.ID, p), nil
	case strings.HasPrefix(key, formValue):
		c, why := entryChoice(p, strings.TrimPrefix(key, formValue))
		if why != "" {
			return private(why), nil
		}
		return s.decide(ctx, place, rec, st, c, how{by: user.ID, inPlace: true, click: &clicked{}})
	case strings.HasPrefix(key, sureKey):
		return confirmation(rec.ID, p, strings.TrimPrefix(key, sureKey)), nil
	case strings.HasPrefix(key, pageKey):
		return choicesPage(rec.ID, p, key), nil
	case key == noKey:
		return Reply{Update: &Message{Text: "Nothing changed: the decision is still yours to take.", Tone: ToneDone}}, nil
	case strings.HasPrefix(key, yesKey):
		return s.decide(ctx, place, rec, st, engine.Choice{Token: target.token, Key: strings.TrimPrefix(key, yesKey)}, how{by: user.ID, confirmed: true, click: &clicked{}})
	}
	return s.decide(ctx, place, rec, st, engine.Choice{Token: target.token, Key: target.key}, how{by: user.ID, inPlace: true, click: &clicked{}})
}

// disarmed answers a click on a button that no longer does anything: a
// private note, and the buttons taken off the message it came from.
func disarmed(text string) Reply {
	r := private(text)
	r.Disarm = true
	return r
}

// confirmation asks the player, privately, whether he means a risky option,
// in the words the game gave; its second button takes it.
func confirmation(gameID string, p *engine.Prompt, key string) Reply {
	for _, o := range p.Options {
		if o.Key == key && o.Risk != "" {
			return Reply{Private: []Message{{Title: promptTitle(p), Text: o.Risk, Tone: ToneDanger, Options: []Option{
				{ID: optionID(gameID, p.Token, yesKey+key), Label: "Yes: " + o.ButtonLabel(), Style: StyleDanger},
				{ID: optionID(gameID, p.Token, noKey), Label: "No, go back", Style: StyleSafe},
			}}}}
		}
	}
	return private(fmt.Sprintf("%q is not a choice of this decision: nothing changed.", key))
}

// board shows the game's pictures as they stand, to whoever asks, privately.
func (s *Service) board(rec *persist.GameRecord, st engine.State) Reply {
	files := s.pictures(rec, st, boardView, nil)
	if len(files) == 0 {
		return private("There is no picture of this game to show now.")
	}
	return Reply{Private: []Message{{Text: "The board as it stands.", Files: files}}}
}

// boardView is the view an illustrator draws for Show board: the picture
// of the moment (see Illustrator).
const boardView = "board"

// recoverInto turns a panic in a game's rules into an error: nothing was
// committed, so the game stays as it was, and the bot keeps serving.
func (s *Service) recoverInto(err *error) {
	if r := recover(); r != nil {
		s.log.Error("a game's rules panicked; nothing was saved", "panic", r)
		*err = fmt.Errorf("internal error in the game's rules (%v); nothing was saved", r)
	}
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
	return engine.PendingAll(st)
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
	var names []string
	for _, s := range rec.Seats {
		if !slices.Contains(names, s.Name) { // one player may hold several roles
			names = append(names, s.Name)
		}
	}
	return "players (" + strings.Join(names, ", ") + ")"
}

func (s *Service) load(ctx context.Context, place Place) (*persist.GameRecord, engine.State, error) {
	rec, err := s.store.Load(ctx, place.Key())
	if err != nil {
		return nil, nil, err
	}
	rules := s.games.Rules(rec.Game)
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

// how says who took a decision and from where, as its result shows it.
type how struct {
	// by is the user who decided ("" when nobody did: the rules' own
	// start); the bot acting for an absent player decides as him, so that
	// his next prompt does not ping him again.
	by string
	// inPlace: the click came from the prompt's own message, which the
	// result replaces; confirmed: from the private question that confirmed
	// a risky option.
	inPlace, confirmed bool
	// note heads the result: why the bot decided (a deadline).
	note string
	// atDeadline: the bot decided for by at his deadline; autopilot: the
	// built-in commander did, for by, who is away. A decision by himself
	// brings him back.
	atDeadline, autopilot bool
	// What the decision's commit writes beside the game: act, the tick's
	// work it is part of (a deadline's), its deliver entry; click, the
	// click it answers, how to show its result again should the reply be
	// lost. Each nil when the decision is neither. An auto-roll the
	// decision brings carries both on.
	act   *acting
	click *clicked
	// follow is the decision's copy for the game's followers (follow.go),
	// made by decide for every decision.
	follow *following
}

// decide applies a choice and commits it before any message goes out.
func (s *Service) decide(ctx context.Context, place Place, rec *persist.GameRecord, st engine.State, c engine.Choice, h how) (Reply, error) {
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
	next2.Away = awayAfter(rec.Away, h)
	if err := h.act.decided(rec, st, c, h); err != nil {
		return Reply{}, err
	}
	if err := h.click.decided(rec, st, c, h); err != nil {
		return Reply{}, err
	}
	if h.follow == nil {
		h.follow = &following{}
	}
	if err := h.follow.decided(rec, st, c, h, s.now()); err != nil {
		return Reply{}, err
	}
	stored, err := s.commit(ctx, &next2, next, events, d, nil, nil, h)
	if err != nil {
		return Reply{}, err
	}
	*rec = next2
	r, err := s.afterSeen(ctx, place, rec, next, stored, seen{prompt: promptByToken(st, c.Token), key: c.Key, before: tokens(st), how: h})
	if err != nil {
		return r, err
	}
	if next.Outcome() == nil && s.games[rec.Game].Undo != nil {
		withUndoButton(r.Public, undoButton(rec.ID, rec.Decisions))
	}
	r.Elsewhere = append(r.Elsewhere, s.standingsUpdate(ctx, rec, st, next)...)
	if next.Outcome() != nil {
		return r, nil
	}
	// A player who chose auto-roll has his enemy rolls pressed at once: the
	// prompt was never seen, so its result joins this one.
	if p := next.Pending(); p != nil {
		if key, ok := autoAnswer(rec, p); ok {
			more, err := s.decide(ctx, place, rec, next, engine.Choice{Token: p.Token, Key: key}, how{by: h.by, note: "🤖 auto-roll", act: h.act, click: h.click, follow: h.follow})
			if err != nil {
				return Reply{}, err
			}
			r.Public = withoutRef(r.Public, promptRef(rec.ID, p.Token))
			r = folded(r, more)
		}
	}
	return r, nil
}

// awayAfter is who is away after a decision: the player the autopilot
// acted for is; a player who decides himself is back.
func awayAfter(away []string, h how) []string {
	if h.atDeadline && !h.autopilot {
		return away // the bot rolled for him, or the rules' own answer: nothing said of him
	}
	var out []string
	for _, u := range away {
		if u != h.by {
			out = append(out, u)
		}
	}
	if h.autopilot && h.by != "" {
		out = append(out, h.by)
	}
	return out
}

// isAway reports whether the autopilot plays for a player.
func isAway(rec *persist.GameRecord, user string) bool {
	for _, u := range rec.Away {
		if u == user {
			return true
		}
	}
	return false
}

// withoutRef drops the message of a prompt the bot has just answered itself.
func withoutRef(ms []Message, ref string) []Message {
	out := ms[:0:0]
	for _, m := range ms {
		if m.Ref != ref {
			out = append(out, m)
		}
	}
	return out
}

// folded adds what an unseen decision (the bot's auto-roll) brought to the
// result of the decision before it: one result, one message.
func folded(r, more Reply) Reply {
	if len(r.Answered) == 0 || len(more.Answered) == 0 {
		r.Answered = append(r.Answered, more.Answered...)
	} else {
		res, add := &r.Answered[0].Message, more.Answered[0].Message
		res.Lines = append(append(res.Lines, Line{Text: add.Text}), add.Lines...)
		res.Files = append(res.Files, add.Files...)
		res.Events = append(res.Events, add.Events...)
		res.Transcript += add.Transcript
		res.Footer = add.Footer
		if add.Outcome != nil {
			res.Fields, res.Outcome, res.Tone = add.Fields, add.Outcome, add.Tone
		}
		if r.Update != nil && r.Answered[0].InPlace {
			u := *res
			r.Update = &u
		}
	}
	r.Public = append(r.Public, more.Public...)
	r.Private = append(r.Private, more.Private...)
	r.Elsewhere = append(r.Elsewhere, more.Elsewhere...)
	return r
}

// commit stores the new state with the log entries: before (the game
// master's, such as a seed commitment), the rules' events with the numbers of
// the dice they rolled, and at the end of the game the seed's reveal. It
// returns the entries as stored. tour, when set, is the tournament whose
// start creates the game: it is saved with it.
func (s *Service) commit(ctx context.Context, rec *persist.GameRecord, st engine.State, events []engine.Event, d CursorDice, before []persist.NewEntry, tour *persist.Tournament, h how) ([]persist.EventRecord, error) {
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
	pace, err := s.paceOf(ctx, rec, h)
	if err != nil {
		return nil, err
	}
	rec.State = b
	rec.Dice.Cursor = d.Cursor()
	rec.Decisions++
	if v := s.games[rec.Game].RulesVersion; v != "" && v != rec.Rules {
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
	// A decision taken at a due time records what it delivers with it; a
	// click's, how to show it again should its reply be lost.
	if a := h.act; a != nil && a.shown != nil && a.shown.Token != "" {
		if err := forgetShown(rec, a.shown.Token); err != nil {
			return nil, err
		}
	}
	deliver, err := h.act.committing(rec, st)
	if err != nil {
		return nil, err
	}
	if err := h.click.committing(rec, st); err != nil {
		return nil, err
	}
	rec.Acted = actedNow(rec, st, h, rec.Seq+uint64(len(entries)))
	follow, err := h.follow.copies(rec, st)
	if err != nil {
		return nil, err
	}
	plan := persist.CommitPlan{Due: due, Schedule: s.scheduling(rec.Key), Tournament: tour, Deliver: deliver, Follow: follow, Pace: pace}
	// (Whether or not this replica sends webhooks: one that does delivers
	// what every replica queues.)
	plan.Webhook = webhookChange(rec, st)
	stored, err := s.store.CommitWith(ctx, rec, entries, plan)
	if err != nil {
		return nil, err
	}
	s.kickWebhooks()
	c := callOf(ctx)
	s.metrics.Decision(rec.Game, c.by, time.Since(c.start))
	return stored, nil
}

// seen is what a decision's rendering needs to know of it: the prompt it
// answered and the option taken (none for a game's start), the prompts
// pending before it (not posted again), and who took it how.
type seen struct {
	prompt *engine.Prompt
	key    string
	// label names what was pressed when no prompt of the game's was
	// answered (a Start, an Accept).
	label  string
	ref    string
	before map[string]bool
	how    how
}

// after renders the events and the next prompts of a game just started.
func (s *Service) after(ctx context.Context, place Place, rec *persist.GameRecord, st engine.State, stored []persist.EventRecord) (Reply, error) {
	return s.afterSeen(ctx, place, rec, st, stored, seen{})
}

// afterSeen renders what a decision brought. The prompt it answered becomes
// its result, where the prompt was: the choice and who made it, what
// happened as short lines with the working of every roll, the pictures
// when they changed, and the game's end. The prompts it made pending
// follow, each pinging its player only when the turn passes to him; the
// other players' prompts of a game played at each one's pace are where
// they were. The log's head closes the turn.
//
// A private prompt's result shows its player what only he may see, in his
// private message; the channel's copy of the prompt (its door) shows the
// public result.
func (s *Service) afterSeen(ctx context.Context, place Place, rec *persist.GameRecord, st engine.State, stored []persist.EventRecord, sn seen) (Reply, error) {
	rules := s.games[rec.Game]
	public := publicEntries(stored)
	res := Message{Tone: ToneDone, Lines: chatLines(rules, st, readEntries(public)), Transcript: transcript(public), Events: eventsOf(public)}
	viewer := ""
	if sn.prompt != nil && sn.prompt.Private {
		viewer = sn.prompt.Seat
	}
	var r Reply
	out := st.Outcome()
	pinned := engine.PinnedViewOf(st)
	// A picture kept in the pinned view's message (engine.Game.PinnedPicture)
	// is redrawn there, edited in place; the result carries none but the
	// game's last, when the pinned view is no longer kept.
	livePicture := out == nil && pinned != "" && rules != nil && rules.PinnedPicture
	if !livePicture {
		res.Files = s.pictures(rec, st, "", stored)
	}
	if out != nil {
		// The commit that ended the game has archived it.
		res.Lines = append(res.Lines, Line{Text: "🏁 **The end**: " + out.Summary})
		if l := s.webLine(ctx, rec); l != "" {
			res.Lines = append(res.Lines, Line{Text: l})
		}
		res.Fields, res.Outcome, res.Tone = engine.ShownFields(out.Fields), out, ToneEnd
	} else if name := pinned; name != "" {
		// The game's pinned view stays up to date (edited in place).
		if v, err := st.View(name); err == nil {
			m := viewMessage(v)
			if livePicture {
				m.Files = s.pictures(rec, st, name, stored)
			}
			r.Elsewhere = append(r.Elsewhere, Notice{Place: place, Channel: []Message{m}, Sticky: name + ":" + rec.ID})
		}
	}
	turnGoesOn := false
	for _, p := range pendingAll(st) {
		id, name := answerer(rec, p)
		if id == sn.how.by && sn.how.by != "" {
			turnGoesOn = true
		}
		if sn.before[p.Token] {
			continue
		}
		ping := id != sn.how.by // the same player goes on: no ping
		var m Message
		switch {
		case !p.Private:
			m = s.withOddsButton(ctx, rec, st, promptMessage(rec.ID, p, id, ping))
			if ping {
				// What he has not seen: the result just above is left out,
				// and a short gap has none (since.go).
				m = withSince(m, s.sinceOnPing(ctx, rec, st, id, stored))
			}
			if s.illustrators[rec.Game] != nil {
				m = withBoard(m, rec.ID, p.Token)
			}
		case p.Seat == viewer && viewer != "":
			r.Private = append(r.Private, promptMessage(rec.ID, p, id, false)) // he is here: no door
			continue
		default:
			m = doorMessage(rec.ID, p, id, name, ping)
			if ping {
				m = withSince(m, s.sinceOnPing(ctx, rec, st, id, stored))
			}
		}
		r.Public = append(r.Public, m)
	}
	if !turnGoesOn {
		res.Footer = logFooter(rec)
	}
	if sn.prompt == nil && sn.label == "" {
		// A game's start: what its setup did heads the game.
		if len(res.Lines) > 0 || len(res.Files) > 0 || out != nil {
			r.Public = append([]Message{res}, r.Public...)
		}
		return r, nil
	}
	name, ref := "", sn.ref
	if sn.prompt != nil {
		_, name = answerer(rec, sn.prompt)
		ref = promptRef(rec.ID, sn.prompt.Token)
	} else if sn.how.by != "" {
		name = userName(rec, sn.how.by)
	}
	publicRes := res
	publicRes.Text = resultText(name, sn, false)
	if sn.how.note != "" {
		publicRes.Text = sn.how.note + " · " + publicRes.Text
	}
	r.Answered = []Answer{{Ref: ref, Message: publicRes, InPlace: sn.how.inPlace && viewer == ""}}
	switch {
	case viewer != "":
		// The player's own message becomes his result, with what only he sees.
		// In the log's order, the public events among his own: his choice
		// first, then what it brought (the public results came before his
		// "» Decision" line, issue 28's Tonnage War set-up).
		mine := publicRes
		mine.Text = resultText(name, sn, true)
		seenBy := entriesSeenBy(stored, viewer)
		mine.Lines = chatLines(rules, st, readEntries(seenBy))
		if out != nil {
			mine.Lines = append(mine.Lines, res.Lines[len(res.Lines)-1]) // the end
		}
		mine.Transcript = transcript(seenBy)
		mine.Events = eventsOf(seenBy)
		mine.Footer, mine.Files = "", nil
		r.Update = &mine
	case sn.how.inPlace:
		u := publicRes
		r.Update = &u
	case sn.how.confirmed:
		r.Update = &Message{Text: "Confirmed: " + resultText(name, sn, false), Tone: ToneDone}
	}
	return r, nil
}

// resultText is a prompt's result line: "✅ **kapitaen (U-69)** — Attack".
// A choice made in private shows the channel only that it was made.
func resultText(name string, sn seen, mine bool) string {
	who := name
	if p := sn.prompt; p != nil && p.Subject != "" {
		who = strings.TrimSpace(name + " (" + p.Subject + ")")
	}
	what := sn.label
	if p := sn.prompt; p != nil {
		what = sn.key
		for _, o := range p.Options {
			if o.Key == sn.key {
				what = o.ButtonLabel()
			}
		}
		if (p.Private || p.Secret) && !mine {
			what = "chosen in private"
		}
	}
	if who == "" {
		return "✅ " + what
	}
	return "✅ **" + who + "** — " + what
}

// userName is a player's name in a game, by his user id.
func userName(rec *persist.GameRecord, id string) string {
	if seat := seatedUser(rec, id); seat != nil {
		return seat.Name
	}
	if id == rec.Owner {
		return rec.OwnerName
	}
	return ""
}

// eventsOf decodes stored entries for surfaces that want them structured.
func eventsOf(entries []persist.EventRecord) []engine.Event {
	var out []engine.Event
	for _, e := range readEntries(entries) {
		out = append(out, e.Event)
	}
	return out
}

// turn shows what the game waits for: each pending prompt, or a link to
// its message where that is in the chat still.
func (s *Service) turn(ctx context.Context, rec *persist.GameRecord, st engine.State, user User) (Reply, error) {
	r, err := s.turnOf(ctx, rec, st)
	if err != nil {
		return r, err
	}
	// His turn asked for: what happened since he last acted, for him alone.
	if since := s.sinceLastTurn(ctx, rec, st, user.ID, rec.Seq); len(since) > 0 {
		if len(r.Private) > 0 {
			r.Private[0] = withSince(r.Private[0], since)
		} else {
			r.Private = append([]Message{{Text: strings.Join(since, "\n"), Tone: ToneDone}}, r.Private...)
		}
	}
	return r, nil
}

// turnOf is what `turn` shows of the game's pending prompts.
func (s *Service) turnOf(ctx context.Context, rec *persist.GameRecord, st engine.State) (Reply, error) {
	if st == nil {
		if link, ok, err := s.linkToPrompt(ctx, rec, startToken, "Game "+rec.ID, "", "Start"); err != nil || ok {
			return Reply{Private: []Message{link}}, err
		}
		return Reply{Public: []Message{s.startMessage(rec)}}, nil
	}
	all := pendingAll(st)
	if len(all) == 0 {
		return private("This game waits for no decision."), nil
	}
	var r Reply
	for _, p := range all {
		id, name := answerer(rec, p)
		what := p.Subject
		if what == "" {
			what = "Game " + rec.ID
		}
		if link, ok, err := s.linkToPrompt(ctx, rec, p.Token, what, name, awaited(p)); err != nil {
			return Reply{}, err
		} else if ok {
			r.Private = append(r.Private, link)
			continue
		}
		if p.Private {
			r.Public = append(r.Public, doorMessage(rec.ID, p, id, name, false))
			continue
		}
		m := s.withOddsButton(ctx, rec, st, promptMessage(rec.ID, p, id, false))
		if s.illustrators[rec.Game] != nil {
			m = withBoard(m, rec.ID, p.Token)
		}
		r.Public = append(r.Public, m)
	}
	return r, nil
}

// linkToPrompt is, for a prompt whose message is in the chat still (posted
// and not yet answered), a line that links to it, as a reminder does:
// posting the prompt again would give it a second live set of buttons
// (issue 28), and in a wolfpack `turn` would post every boat's. ok is false
// for a prompt whose message is not known (never posted, or posted before
// where messages were recorded, or on a surface that records none, like the
// terminal): it is posted anew.
func (s *Service) linkToPrompt(ctx context.Context, rec *persist.GameRecord, token, what, who, awaits string) (Message, bool, error) {
	ref := promptRef(rec.ID, token)
	where, err := s.PromptMessages(ctx, ref)
	if err != nil {
		// Posted anew rather than failing: `turn` also follows an undo
		// already committed.
		s.log.Warn("finding a prompt's messages for turn", "prompt", ref, "err", err)
		return Message{}, false, nil
	}
	if len(where) == 0 {
		return Message{}, false, nil
	}
	text := fmt.Sprintf("%s waits for its _%s_", what, awaits)
	if who != "" {
		text = fmt.Sprintf("%s waits on %s: _%s_", what, who, awaits)
	}
	return Message{Text: text, Jump: ref, Tone: TonePrompt}, true, nil
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
	voided := voidedDice(evs)
	msgs := markedEventMessages(rolls, voided)
	msgs[0].Title = "Last rolls"
	last := &msgs[len(msgs)-1]
	for _, er := range rolls {
		if voided[er.Dice[0]] > 0 {
			last.Text += voidedLegend + "\n"
			break
		}
	}
	last.Footer = logFooter(rec) + " · " + s.auditHint(rec.ID)
	return Reply{Public: msgs}, nil
}

// StartGame starts a game in an empty place with the given dice (a seeded or
// scripted source, for reproductions); nil draws a fresh secret seed.
func (s *Service) StartGame(ctx context.Context, place Place, user User, game string, args map[string]string, d *persist.DiceRecord) (r Reply, err error) {
	ctx, leave := s.enter(ctx, ops.ByPlayer)
	defer leave(&err)
	unlock, err := s.lockPlace(ctx, place.Key())
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
	g := s.games[game]
	if g == nil {
		return private(fmt.Sprintf("Unknown game %q (this kaleun plays %s).", game, strings.Join(s.games.Names(), ", "))), nil
	}
	if g.TournamentOnly != "" && team == nil {
		return private(g.TournamentOnly), nil
	}
	setup := map[string]string{}
	if len(g.Setup) > 0 {
		known := map[string]bool{}
		for _, f := range g.Setup {
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
	seats, refusal := seatPlayers(g, user, args, setup)
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
		LogVersion: persist.LogVersion, Rules: g.RulesVersion}
	if tour != nil {
		rec.Tournament = tour.ID
	}
	actedAtStart(rec)
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
	st, events, err := g.Rules.New(raw, d)
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
		// (With the tournament that records the game, when it is an
		// entrant's: see persist.CommitEntrant.)
		plan := persist.CommitPlan{Due: due, Schedule: true, Tournament: tour, Webhook: startChange(rec)}
		if _, err := s.store.CommitWith(ctx, rec, before, plan); err != nil {
			return Reply{}, err
		}
		s.kickWebhooks()
		s.log.Info("game created, awaiting start", "game", id, "place", place.Key(), "by", user.ID)
		return Reply{Public: []Message{s.startMessage(rec)}}, nil
	}
	rec.Decisions = -1 // commit counts the start as decision 0
	stored, err := s.commit(ctx, rec, st, events, d, before, tour, how{})
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
	// The game's first message says whose it is and what its setup did.
	if len(r.Public) > 0 && r.Public[0].Ref == "" {
		r.Public[0].Title, r.Public[0].Text = "New game "+id, text
	} else {
		r.Public = append([]Message{{Title: "New game " + id, Text: text, Tone: ToneDone}}, r.Public...)
	}
	return r, nil
}
