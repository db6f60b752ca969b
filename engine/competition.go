package engine

// Competitive play: tournaments and leaderboards. A game opts in by
// implementing these on its Rules and States; the bot runs the rest.

// Tournaments is implemented by Rules whose games can be played as
// tournaments: every entrant plays his own game under a format.
type Tournaments interface {
	TournamentFormats() []TournamentFormat
	// EntrantSetup is the setup answers of an entrant's game: from the
	// format, the organiser's answers, the entrant's own and his name.
	EntrantSetup(format string, organiser, entrant map[string]string, name string) (map[string]string, error)
	// Standing reads an entrant's game for the standings; seat names him in
	// a team game ("" in his own game).
	Standing(format string, organiser map[string]string, st State, seat string) Standing
}

// TournamentFormat is one way to run a tournament.
type TournamentFormat struct {
	Key, Label, Case string
	// Fields are the organiser's questions at create; EntrantFields each
	// entrant's when he joins.
	Fields, EntrantFields []SetupField
	// NotYet, when set, says that the format cannot be played yet, and why.
	NotYet string
	// TeamGame, when set, is the game the entrants play in teams of up to
	// TeamSize (a wolfpack), each team named from TeamNames in turn. Its
	// setup is the organiser's answers, "name", and each seat's player name.
	TeamGame  string
	TeamSize  int
	TeamNames []string
	// TeamsTitle heads the teams' totals in the standings, e.g. "Packs (13.5.1)".
	TeamsTitle string
	// TeamSetup are setup answers every team game of the format gets: the
	// game's newer choices, which the setups of older games lack (and so
	// replay as they were).
	TeamSetup map[string]string
}

// Standing is an entrant's place in the standings.
type Standing struct {
	Score int
	// Qualifies is false when the result does not count under the format
	// (a Survival tournament's Kommandant lost before the end).
	Qualifies bool
	Over      bool
	// Status is the fate or where he stands ("at sea, Mar-42"); Detail his
	// rank and awards.
	Status, Detail string
}

// Summarized is implemented by States that can say where each of their
// careers stands, for leaderboards.
type Summarized interface {
	Summaries() []Summary
}

// Summary is one career at a glance. Seat names its player in a game of
// several ("" in a solitaire game).
type Summary struct {
	Seat                      string
	Name                      string
	Score                     int
	Rank, Awards, Fate, Label string
	Over                      bool
	// Mark is what the career carries beside its score, e.g. its decisions
	// undone after dice were seen ("" for none).
	Mark string
}

// Legends is implemented by Rules with historical results to compare a
// leaderboard against.
type Legends interface {
	Legends() []Legend
}

// Legend is a historical result.
type Legend struct {
	Rank  int
	Name  string
	Score int
	Note  string
}

// ScoreSeries is implemented by States that can say how a career's score
// grew: the tournament page's chart of scores over time. Seat names the
// career in a game of several ("" in a solitaire game); a seat the state
// does not know has no series.
type ScoreSeries interface {
	ScoreSeries(seat string) []ScorePoint
}

// ScorePoint is a career's score at one moment of its game: Label says
// when in the game's own words ("Jun-40"), Score is the total by then
// (cumulative, as the standings count it). The last point is the score as
// it stands.
type ScorePoint struct {
	Label string
	Score int
}

// ScoreSeriesOf is a career's score over time, false when the state cannot
// say.
func ScoreSeriesOf(st State, seat string) ([]ScorePoint, bool) {
	s, ok := st.(ScoreSeries)
	if !ok {
		return nil, false
	}
	return s.ScoreSeries(seat), true
}
