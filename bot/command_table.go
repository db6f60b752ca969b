package bot

import (
	"context"
	"fmt"

	"github.com/kaleun/kaleun/bot/audit"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/persist"
)

// The bot's commands are one table: each is its name, its help line and
// arguments (what the platforms register and `help` prints), what it needs
// before it runs (its reach), who may use it, and its handler. Service.Command
// looks a name up here and runs it; a name the table does not hold is the
// game's own (its commands and views).

// reach says what a command needs before its handler runs.
type reach int

const (
	// anywhere: nothing locked, no game read (backup writes the operator's
	// copy of the whole database).
	anywhere reach = iota
	// channelWide: the channel's lock, no game (a tournament channel's
	// commands, the server's leaderboard, a player's careers and prefs).
	channelWide
	// startsAGame: the channel's lock; the handler makes the game.
	startsAGame
	// ofTheGame: the game's own channel (a thread, routed), its lock, and
	// the game loaded; where there is none, noGame answers.
	ofTheGame
)

// commandCall is one use of a command: who typed it where, with what, and
// for an ofTheGame command the game it reached.
type commandCall struct {
	name  string
	place Place
	user  User
	game  string
	args  map[string]string
	rec   *persist.GameRecord
	st    engine.State
	// held is the channel's lock, for a handler that lets it go before a
	// long computation (odds).
	held *heldLock
}

// command is one row of the table.
type command struct {
	CommandSpec
	reach reach
	// unlisted commands are answered but not registered as the bot's
	// (new: its arguments are each game's setup questions).
	unlisted bool
	// refuse says why this user may not use the command here, "" when he
	// may; nil: anyone may.
	refuse func(s *Service, c *commandCall) string
	run    func(s *Service, ctx context.Context, c *commandCall) (Reply, error)
	// noGame answers an ofTheGame command where the channel holds no game;
	// nil: a finished game's view if the name is one, else how to start.
	noGame func(s *Service, ctx context.Context, c *commandCall) (Reply, error)
}

// commandTable is every command of the bot, in the order help lists them.
func commandTable() []command {
	return []command{
		{CommandSpec: CommandSpec{Name: "new"}, reach: startsAGame, unlisted: true, run: (*Service).newCommand},
		{CommandSpec: CommandSpec{Name: "turn", Help: "Show the pending decision again"}, reach: ofTheGame,
			run: func(s *Service, ctx context.Context, c *commandCall) (Reply, error) {
				return s.turn(ctx, c.rec, c.st, c.user)
			}},
		{CommandSpec: CommandSpec{Name: "history", Help: "The last rolls with their charts, rule cases and the log's head hash"}, reach: ofTheGame,
			run: func(s *Service, ctx context.Context, c *commandCall) (Reply, error) { return s.history(ctx, c.rec) }},
		{CommandSpec: CommandSpec{Name: "seed", Help: "Mix your own entropy into the dice seed (before its first die)", Args: []ArgSpec{{Name: "text", Help: "any text: it is mixed into the committed seed", Required: true}}}, reach: ofTheGame,
			run: func(s *Service, ctx context.Context, c *commandCall) (Reply, error) {
				return s.addEntropy(ctx, c.rec, c.user, c.args["text"])
			}},
		{CommandSpec: CommandSpec{Name: "reveal", Help: "Reveal the dice seed so far and commit to a fresh one (commander or channel manager)", ManagerMatters: true}, reach: ofTheGame,
			run: (*Service).revealCommand},
		{CommandSpec: CommandSpec{Name: "audit", Help: "The game's hash-chained log as a file for `kaleun verify`", Args: []ArgSpec{{Name: "game", Help: "a game id (default: this channel's game, or its last finished one)"}}}, reach: ofTheGame,
			run: (*Service).auditCommand,
			noGame: func(s *Service, ctx context.Context, c *commandCall) (Reply, error) {
				return s.auditFile(ctx, c.place, nil, c.args["game"])
			}},
		{CommandSpec: CommandSpec{Name: "dice", Help: "How often each face came up, per game and per server, with a chi-square test"}, reach: ofTheGame,
			run: func(s *Service, ctx context.Context, c *commandCall) (Reply, error) {
				return s.diceStats(ctx, c.place, c.rec)
			},
			noGame: func(s *Service, ctx context.Context, c *commandCall) (Reply, error) {
				return s.diceStats(ctx, c.place, nil)
			}},
		{CommandSpec: CommandSpec{Name: "undo", Help: "Take back your last decision; the dice never roll back, and an undo after dice is logged and marked"}, reach: ofTheGame,
			run: func(s *Service, ctx context.Context, c *commandCall) (Reply, error) {
				return s.undo(ctx, c.place, c.rec, c.st, c.user, -1, false)
			},
			noGame: func(s *Service, ctx context.Context, c *commandCall) (Reply, error) {
				if r, ok, err := s.finishedGameCommand(ctx, c.place, "undo"); ok || err != nil {
					return r, err
				}
				return s.undoFinished(ctx, c.place)
			}},
		{CommandSpec: CommandSpec{Name: "odds", Help: "What each option of your pending decision leads to: exact odds and simulated estimates (only you see them)"}, reach: ofTheGame,
			run: func(s *Service, ctx context.Context, c *commandCall) (Reply, error) {
				return s.odds(ctx, c.rec, c.st, c.user, "", c.held.release)
			}},
		{CommandSpec: CommandSpec{Name: "challenge", Help: "A game for two: challenge another player (the game's options, and b:@opponent)"}, reach: startsAGame,
			run: (*Service).newCommand},
		{CommandSpec: CommandSpec{Name: "accept", Help: "Accept the challenge waiting for you in this channel"}, reach: ofTheGame,
			run: func(s *Service, ctx context.Context, c *commandCall) (Reply, error) {
				if !c.rec.AwaitingStart {
					return private("There is no challenge waiting here."), nil
				}
				return s.startClicked(ctx, c.place, c.rec, c.user, "go", false)
			}},
		{CommandSpec: CommandSpec{Name: "concede", Help: "Concede a game for two: it ends, and its log is revealed"}, reach: ofTheGame,
			refuse: func(s *Service, c *commandCall) string {
				if seatedUser(c.rec, c.user.ID) == nil {
					return "Only a player of this game can concede it."
				}
				return ""
			},
			run: func(s *Service, ctx context.Context, c *commandCall) (Reply, error) {
				return confirmEnd(c.rec, fmt.Sprintf("Concede game %s? It ends now, and the log and the seed are revealed.", c.rec.ID), "Yes, I concede"), nil
			}},
		{CommandSpec: CommandSpec{Name: "autoroll", Help: "In a game for several: let the bot roll for the enemy when it is your turn to (on), or press Roll yourself (off)", Args: []ArgSpec{{Name: "roll", Help: "on or off", Required: true}}}, reach: ofTheGame,
			run: func(s *Service, ctx context.Context, c *commandCall) (Reply, error) {
				return s.autoRoll(ctx, c.place, c.rec, c.st, c.user, c.args["roll"])
			}},
		{CommandSpec: CommandSpec{Name: "claim", Help: "In a game of roles: claim one (several are fine), give it up with off, or see who holds which", Args: []ArgSpec{
			{Name: "role", Help: "the role to claim; none: who holds which", Positional: true},
			{Name: "off", Help: "off: give the role up", Positional: true},
		}}, reach: ofTheGame,
			run: func(s *Service, ctx context.Context, c *commandCall) (Reply, error) {
				return s.claim(ctx, c.rec, c.user, c.args)
			}},
		{CommandSpec: CommandSpec{Name: "schedule", Help: "A live session: plan one (when:20:00, in your prefs time zone), list or cancel them; the crew is reminded before it", ManagerMatters: true, Args: []ArgSpec{
			{Name: "action", Help: "list or cancel; none: plan a session", Choices: sessionActions, Positional: true},
			{Name: "when", Help: "20:00, tomorrow 20:00 or 2026-12-05 20:00 (your time zone: prefs tz)"},
			{Name: "before", Help: "how long before it the crew is reminded (default 30m)"},
			{Name: "part", Help: "the part of a game played over several sessions"},
			{Name: "session", Help: "cancel: the session's id (schedule list)"},
		}}, reach: ofTheGame, run: (*Service).scheduleCommand},
		{CommandSpec: CommandSpec{Name: "prefs", Help: "Your reminders: time zone, quiet hours, vacation, where to be pinged, autopilot", Args: []ArgSpec{
			{Name: "tz", Help: "your time zone, e.g. Europe/Berlin"},
			{Name: "quiet", Help: "quiet hours in your time, e.g. 23:00-07:00, or off"},
			{Name: "vacation", Help: "days of vacation from now (your clock stops), or off"},
			{Name: "remind", Help: "channel, dm or both"},
			{Name: "autopilot", Help: "on: at a deadline the built-in commander takes your routine decisions"},
		}}, reach: channelWide,
			run: func(s *Service, ctx context.Context, c *commandCall) (Reply, error) {
				return s.prefs(ctx, c.place, c.user, c.args)
			}},
		{CommandSpec: CommandSpec{Name: "tournament", Help: "Tournaments: create, join, leave, start, standings, end, remove", Args: []ArgSpec{
			{Name: "action", Help: "create, join, leave, start, standings, end or remove", Required: true, Choices: tournamentActions, Positional: true},
			{Name: "format", Help: "create: the format"},
			{Name: "name", Help: "create: the tournament's name"},
			{Name: "vacation_days", Help: "create: each entrant's budget of vacation days (default: the server's)"},
			{Name: "pace", Help: "create: the target time to answer, e.g. 12h or 2d (reminders say it)"},
			{Name: "player", Help: "remove: the entrant to remove", User: true},
		}}, reach: channelWide,
			run: func(s *Service, ctx context.Context, c *commandCall) (Reply, error) {
				return s.tournament(ctx, c.place, c.user, c.game, c.args)
			}},
		{CommandSpec: CommandSpec{Name: "substitute", Help: "Give an absent player's place to a substitute (a tournament's organiser; elsewhere the players who remain and the newcomer, by agreement)", Args: []ArgSpec{
			{Name: "seat", Help: "the absent player", Required: true, User: true},
			{Name: "with", Help: "the newcomer who takes his place", Required: true, User: true},
		}}, reach: channelWide,
			run: (*Service).substitute},
		// follow and unfollow reach any game by its id: they are /kaleun's
		// (followCommands), and answered here too, unlisted, so that a
		// game's command keeps to Discord's 25 subcommands.
		{CommandSpec: followCommands()[0], reach: anywhere, unlisted: true, run: (*Service).followCommand},
		{CommandSpec: followCommands()[1], reach: anywhere, unlisted: true, run: (*Service).unfollowCommand},
		{CommandSpec: CommandSpec{Name: "leaderboard", Help: "This server's games by score, against the game's historical results"}, reach: channelWide,
			run: func(s *Service, ctx context.Context, c *commandCall) (Reply, error) {
				return s.leaderboard(ctx, c.place, c.game)
			}},
		{CommandSpec: CommandSpec{Name: "career", Help: "A player's careers on this server", Args: []ArgSpec{{Name: "player", Help: "whose (default: yours)", User: true}}}, reach: channelWide,
			run: func(s *Service, ctx context.Context, c *commandCall) (Reply, error) {
				return s.careerOf(ctx, c.place, c.user, c.args["player"])
			}},
		{CommandSpec: CommandSpec{Name: "abandon", Help: "End this channel's game (its commander or a channel manager)", ManagerMatters: true}, reach: ofTheGame,
			refuse: func(s *Service, c *commandCall) string {
				if !s.mayAbandon(c.rec, c.user) {
					return fmt.Sprintf("Only the %s or a channel manager may abandon this game.", players(c.rec))
				}
				return ""
			},
			run: func(s *Service, ctx context.Context, c *commandCall) (Reply, error) {
				return confirmEnd(c.rec, fmt.Sprintf("Abandon game %s for good? Nothing can bring it back.", c.rec.ID), "Yes, abandon it"), nil
			}},
		{CommandSpec: webhookSpec, reach: channelWide, run: (*Service).webhookCommand},
		{CommandSpec: CommandSpec{Name: "backup", Help: "Write a checked copy of the bot's database to its operator's backup directory (server managers)", ManagerMatters: true}, reach: anywhere,
			run: func(s *Service, ctx context.Context, c *commandCall) (Reply, error) {
				return s.backupAsked(ctx, c.user)
			}},
		// help is the game's help view: a game must have one (engine.Game.Check).
		{CommandSpec: CommandSpec{Name: "help", Help: "What to do now, and where the rules are"}, reach: ofTheGame,
			run: (*Service).gameCommand},
	}
}

// confirmEnd asks the player to confirm ending a game (concede, abandon).
func confirmEnd(rec *persist.GameRecord, question, yes string) Reply {
	return Reply{Private: []Message{{
		Text:    question,
		Options: []Option{{ID: optionID(rec.ID, "abandon", "confirm"), Label: yes}},
	}}}
}

// commandsByName indexes the table, for the service to look names up.
func commandsByName() map[string]*command {
	table := commandTable()
	out := make(map[string]*command, len(table))
	for i := range table {
		out[table[i].Name] = &table[i]
	}
	return out
}

func (s *Service) newCommand(ctx context.Context, c *commandCall) (Reply, error) {
	return s.newGame(ctx, c.place, c.user, c.game, c.args, nil)
}

func (s *Service) revealCommand(ctx context.Context, c *commandCall) (Reply, error) {
	if r, refused := secretsKept(c.st, "revealing the dice seed"); refused {
		return r, nil
	}
	return s.reveal(ctx, c.rec, c.user)
}

func (s *Service) auditCommand(ctx context.Context, c *commandCall) (Reply, error) {
	ofThis := c.args["game"] == "" || c.args["game"] == c.rec.ID
	if ofThis {
		// The web pages withhold a game's log by the same rule.
		switch audit.Withheld(c.st) {
		case audit.WithheldCards:
			r, _ := secretsKept(c.st, "the log")
			return r, nil
		case audit.WithheldSecret:
			return private("Not while a secret choice is pending: the log would show it. Ask again once both choices are revealed."), nil
		}
	}
	return s.auditFile(ctx, c.place, c.rec, c.args["game"])
}

// FrameworkName is the command of Kaleun itself, beside each game's own
// (`/hunters turn`): its subcommands reach no game and no channel's game,
// but the caller's games everywhere (`/kaleun games`). No game may take
// the name: New logs a game registered under it, which it would hide.
const FrameworkName = "kaleun"

// FrameworkSummary and FrameworkUsage describe the framework's command
// where a platform lists commands (Slack's manifest).
const (
	FrameworkSummary = "All your Kaleun games, across channels and servers"
	FrameworkUsage   = "games | follow game:ID | unfollow game:ID"
)

// frameworkTable is the framework command's subcommands. Each runs
// anywhere (reach anywhere): it reads what it needs itself.
func frameworkTable() []command {
	return []command{
		{CommandSpec: CommandSpec{Name: "games", Help: "Every game and tournament you play in, oldest waiting on you first, with links (only you see it)"}, reach: anywhere,
			run: func(s *Service, ctx context.Context, c *commandCall) (Reply, error) {
				return s.myGames(ctx, c.place, c.user)
			}},
		{CommandSpec: followCommands()[0], reach: anywhere, run: (*Service).followCommand},
		{CommandSpec: followCommands()[1], reach: anywhere, run: (*Service).unfollowCommand},
	}
}

// followCommands are follow's and unfollow's words: /kaleun's, since they
// name a game by its id wherever the caller is.
func followCommands() [2]CommandSpec {
	game := []ArgSpec{{Name: "game", Help: "the game's id (default: this channel's game)"}}
	return [2]CommandSpec{
		{Name: "follow", Help: "Follow a game: its results and pictures in your direct messages, as its channel sees them (no pings, no buttons)", Args: game},
		{Name: "unfollow", Help: "Stop following a game", Args: game},
	}
}

// FrameworkCommands are the framework command's subcommands, for the
// adapters to register.
func FrameworkCommands() []CommandSpec {
	var out []CommandSpec
	for _, c := range frameworkTable() {
		out = append(out, c.CommandSpec)
	}
	return out
}

// frameworkByName indexes the framework's table.
func frameworkByName() map[string]*command {
	table := frameworkTable()
	out := make(map[string]*command, len(table))
	for i := range table {
		out[table[i].Name] = &table[i]
	}
	return out
}
