package bot

import "github.com/kaleun/kaleun/engine"

// CommandSpec describes a command every game has, for adapters that register
// commands with their platform (Discord subcommands, Slack usage text).
type CommandSpec struct {
	Name string
	Help string
	Args []ArgSpec
	// ManagerMatters is set when a channel manager may do what others may
	// not, so the adapter must find out whether the user is one.
	ManagerMatters bool
}

// ArgSpec is one argument of a command.
type ArgSpec struct {
	Name     string
	Help     string
	Required bool
	// Choices, when set, are the only values (Discord offers them).
	Choices []string
	// Positional arguments may be given without their name, in order, where
	// a platform's commands are typed (Slack: `/hunters tournament join`).
	Positional bool
	// User arguments name a player of the platform.
	User bool
}

// Commands lists the commands the service answers besides `new` (whose
// arguments are the game's setup fields) and the game's views.
func Commands() []CommandSpec {
	return []CommandSpec{
		{Name: "turn", Help: "Show the pending decision again"},
		{Name: "history", Help: "The last rolls with their charts, rule cases and the log's head hash"},
		{Name: "seed", Help: "Mix your own entropy into the dice seed (before its first die)", Args: []ArgSpec{{Name: "text", Help: "any text: it is mixed into the committed seed", Required: true}}},
		{Name: "reveal", Help: "Reveal the dice seed so far and commit to a fresh one (commander or channel manager)", ManagerMatters: true},
		{Name: "audit", Help: "The game's hash-chained log as a file for `kaleun verify`", Args: []ArgSpec{{Name: "game", Help: "a game id (default: this channel's game, or its last finished one)"}}},
		{Name: "dice", Help: "How often each face came up, per game and per server, with a chi-square test"},
		{Name: "undo", Help: "Take back your last decision; the dice never roll back, and an undo after dice is logged and marked"},
		{Name: "odds", Help: "What each option of your pending decision leads to: exact odds and simulated estimates (only you see them)"},
		{Name: "challenge", Help: "A game for two: challenge another player (the game's options, and b:@opponent)"},
		{Name: "accept", Help: "Accept the challenge waiting for you in this channel"},
		{Name: "concede", Help: "Concede a game for two: it ends, and its log is revealed"},
		{Name: "autoroll", Help: "In a game for several: let the bot roll for the enemy when it is your turn to (on), or press Roll yourself (off)", Args: []ArgSpec{{Name: "roll", Help: "on or off", Required: true}}},
		{Name: "prefs", Help: "Your reminders: time zone, quiet hours, vacation, where to be pinged, autopilot", Args: []ArgSpec{
			{Name: "tz", Help: "your time zone, e.g. Europe/Berlin"},
			{Name: "quiet", Help: "quiet hours in your time, e.g. 23:00-07:00, or off"},
			{Name: "vacation", Help: "days of vacation from now (your clock stops), or off"},
			{Name: "remind", Help: "channel, dm or both"},
			{Name: "autopilot", Help: "on: at a deadline the built-in commander takes your routine decisions"},
		}},
		{Name: "tournament", Help: "Tournaments: create, join, leave, start, standings, end, remove", Args: []ArgSpec{
			{Name: "action", Help: "create, join, leave, start, standings, end or remove", Required: true, Choices: tournamentActions, Positional: true},
			{Name: "format", Help: "create: the format"},
			{Name: "name", Help: "create: the tournament's name"},
			{Name: "vacation_days", Help: "create: each entrant's budget of vacation days (default: the server's)"},
			{Name: "player", Help: "remove: the entrant to remove", User: true},
		}},
		{Name: "leaderboard", Help: "This server's games by score, against the game's historical results"},
		{Name: "career", Help: "A player's careers on this server", Args: []ArgSpec{{Name: "player", Help: "whose (default: yours)", User: true}}},
		{Name: "abandon", Help: "End this channel's game (its commander or a channel manager)", ManagerMatters: true},
		{Name: "backup", Help: "Write a checked copy of the bot's database to its operator's backup directory (server managers)", ManagerMatters: true},
		{Name: "help", Help: "What to do now, and where the rules are"},
	}
}

// CommandsFor is Commands with what a game adds: its own commands, its
// views, and its tournament formats' questions as arguments of the
// tournament command; of the bot's commands, only those the game has a use
// for (engine.Game.Offers).
func CommandsFor(g *engine.Game) []CommandSpec {
	if g == nil {
		g = &engine.Game{} // a game this kaleun does not play: the bot's commands alone
	}
	var cmds []CommandSpec
	for _, c := range Commands() {
		if g.Offers(c.Name) {
			if c.Name == "odds" {
				c.Help = g.OddsHelp
			}
			cmds = append(cmds, c)
		}
	}
	for _, c := range g.Commands {
		cmds = append(cmds, CommandSpec{Name: c.Name, Help: c.Help})
	}
	for _, v := range g.Views {
		known := false
		for _, c := range cmds {
			known = known || c.Name == v.Name
		}
		if !known {
			cmds = append(cmds, CommandSpec{Name: v.Name, Help: v.Help})
		}
	}
	tr := g.Tournaments
	if tr == nil {
		return cmds
	}
	for i := range cmds {
		if cmds[i].Name != "tournament" {
			continue
		}
		at := map[string]int{}
		var formats []string
		for j, a := range cmds[i].Args {
			at[a.Name] = j
		}
		for _, f := range tr.TournamentFormats() {
			formats = append(formats, f.Key)
			for _, field := range append(append([]engine.SetupField(nil), f.Fields...), f.EntrantFields...) {
				j, ok := at[field.Key]
				if !ok {
					j = len(cmds[i].Args)
					at[field.Key] = j
					cmds[i].Args = append(cmds[i].Args, ArgSpec{Name: field.Key, Help: field.Label})
				}
				// The same question in two formats offers every choice of both.
				for _, o := range field.Options {
					if !contains(cmds[i].Args[j].Choices, o.Key) {
						cmds[i].Args[j].Choices = append(cmds[i].Args[j].Choices, o.Key)
					}
				}
			}
		}
		cmds[i].Args[1].Choices = formats
	}
	return cmds
}
