package bot

import (
	"slices"

	"github.com/kaleun/kaleun/engine"
)

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
// arguments are the game's setup fields) and the game's views: the
// registered rows of its table (command_table.go).
func Commands() []CommandSpec {
	var out []CommandSpec
	for _, c := range commandTable() {
		if !c.unlisted {
			out = append(out, c.CommandSpec)
		}
	}
	return out
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
			if c.Name == "claim" {
				c.Args = slices.Clone(c.Args)
				for _, r := range g.Roles {
					c.Args[0].Choices = append(c.Args[0].Choices, r.ID)
				}
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
