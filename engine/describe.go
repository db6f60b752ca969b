package engine

// Describe is the descriptor of a bare Rules value, read from the optional
// interfaces it implements (SetupForm, Seated, ViewCatalog, Undo, ...): for
// tests and tools that hold a game's rules, or a wrapper of them, rather
// than its package's descriptor. A game registers its own descriptor, which
// says each part outright; this is the one place the interfaces are
// asserted.
func Describe(r Rules) *Game {
	g := &Game{Name: r.Name(), Rules: r}
	if v, ok := r.(Versioned); ok {
		g.RulesVersion = v.RulesVersion()
	}
	if f, ok := r.(SetupForm); ok {
		g.Setup = f.SetupFields()
	}
	if s, ok := r.(Seated); ok {
		g.Seats = s.Seats()
	}
	if v, ok := r.(ViewCatalog); ok {
		g.Views = v.ViewSpecs()
	}
	if c, ok := r.(CommandCatalog); ok {
		g.Commands = c.GameCommands()
	}
	if t, ok := r.(TournamentOnly); ok {
		g.TournamentOnly = t.TournamentOnly()
	}
	if t, ok := r.(Tournaments); ok {
		g.Tournaments = t
	}
	if a, ok := r.(AdvisedRules); ok {
		g.OddsHelp = a.OddsHelp()
	}
	if p, ok := r.(OddsPolicy); ok {
		g.OddsPolicy = p
	}
	if o, ok := r.(Outlooks); ok {
		g.Outlook = o
	}
	if u, ok := r.(Undo); ok {
		g.Undo = u
	}
	if rr, ok := r.(Reread); ok {
		g.FormerSetups = rr.FormerSetups
	}
	if gl, ok := r.(Glancer); ok {
		g.Glancer = gl
	}
	if s, ok := r.(Scored); ok {
		g.Scored, g.ScoreUnit = true, s.ScoreUnit()
	}
	if l, ok := r.(Legends); ok {
		g.Legends = l.Legends()
	}
	g.fillDefaults()
	return g
}

// Described is a registry of bare rules, each through Describe, unchecked:
// for tests that build a service from the rules they hold.
func Described(rules map[string]Rules) Registry {
	reg := Registry{}
	for name, r := range rules {
		g := Describe(r)
		g.Name = name
		reg[name] = g
	}
	return reg
}
