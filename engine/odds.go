package engine

// The advisor: what each option of a pending decision leads to. A game
// opts in by implementing Advisor on its States; the bot renders the answer,
// privately, to whoever asked.

// Advisor is implemented by States that can tell a player the odds of the
// options of a pending prompt. Asking changes nothing: not the state, not
// the dice and their cursor, not the log. An answer never rolls the game's
// dice: whatever it simulates draws on a random source of its own.
type Advisor interface {
	// Odds answers for the pending prompt a token names ("" for the only
	// one).
	Odds(token string, b OddsBudget) (*Odds, error)
	// OddsOffered reports whether a prompt deserves an Odds button beside
	// its options (a moment of risk, such as a fight); odds may still be
	// asked for at any prompt.
	OddsOffered(token string) bool
}

// OddsBudget bounds the work behind an answer.
type OddsBudget struct {
	// Rollouts is the number of simulated continuations of each option; 0
	// takes the game's default.
	Rollouts int
	// Seed, when not 0, seeds the rollouts; otherwise the game derives the
	// seed from the state, so the same question gets the same answer.
	Seed uint64
	// Workers is how many goroutines the rollouts may run on at once (0 or
	// 1: the caller's only): the caller's to allow, and the answer is the
	// same for every value.
	Workers int
}

// Odds is an advisor's answer.
type Odds struct {
	Token string `json:"token"`
	// Title says what is decided, e.g. "Range of attack".
	Title   string       `json:"title,omitempty"`
	Options []OptionOdds `json:"options"`
	// Notes say how the figures were made and what else is worth knowing
	// (a forecast of the whole game at its first decision).
	Notes []string `json:"notes,omitempty"`
}

// OptionOdds is what one option leads to.
type OptionOdds struct {
	Key   string `json:"key"`
	Label string `json:"label,omitempty"`
	// Exact are chances the dice make exact: each one result of one roll,
	// from the roll's dice with every modifier in force.
	Exact []ExactOdds `json:"exact"`
	// Estimates are made by Rollouts simulated continuations.
	Estimates []Estimate `json:"estimates"`
	Rollouts  int        `json:"rollouts"`
}

// ExactOdds is the chance of one result of one roll.
type ExactOdds struct {
	// What is the roll and the result, as the roll's line names them.
	What string `json:"what"`
	// P is the chance, and Fraction the same as favourable outcomes over
	// all the dice's outcomes, e.g. "21/36".
	P        float64 `json:"p"`
	Fraction string  `json:"fraction"`
	// Roll names the roll alone (chart, case, dice, modifiers) and Result
	// its result, for a reader that groups the results of a roll.
	Roll   string `json:"roll,omitempty"`
	Result string `json:"result,omitempty"`
	// When says under what condition the roll is made, if not at once
	// ("then, if it comes to it").
	When string `json:"when,omitempty"`
}

// Estimate is a figure the rollouts estimate, with its 95% interval.
type Estimate struct {
	What string  `json:"what"`
	Mean float64 `json:"mean"`
	Lo   float64 `json:"lo"`
	Hi   float64 `json:"hi"`
	// Share marks a proportion (0 to 1); otherwise Mean is an average in
	// Unit.
	Share bool   `json:"share,omitempty"`
	Unit  string `json:"unit,omitempty"`
}

// OddsPolicy is implemented by Rules whose tournaments may turn the
// advisor off: OddsAllowed reads a tournament's format and organiser's
// answers.
type OddsPolicy interface {
	OddsAllowed(format string, organiser map[string]string) bool
}

// Outlooks is implemented by Rules that can forecast a whole game from its
// setup answers (JSON, as Rules.New takes them), in a sentence, simulating
// on up to workers goroutines (0 or 1: the caller's only; the sentence is
// the same for every value).
type Outlooks interface {
	Outlook(setup []byte, workers int) (string, error)
}

// AdvisedRules is implemented by Rules whose States are Advisors, so that
// the platforms register the `odds` command for their games (and for no
// other: a platform's commands are few).
type AdvisedRules interface {
	// OddsHelp says what the odds of the game answer, for the command's help.
	OddsHelp() string
}
