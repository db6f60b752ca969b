package engine

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
	"time"
)

// Game is a game's descriptor: everything the layers above the engine (the
// bot, the adapters, the commands) know of a game, in one value the game's
// package returns and cmd/kaleun/games.go registers in one line. A part a
// game does not have is left zero; NewRegistry fills the defaults once and
// checks the rest, so a game that forgets a required part fails at start
// with one error naming it, not as a feature silently missing in play.
//
// What truly belongs to a state (several pending prompts, a seat's private
// view, a pinned view, routine and absent choices, the advisor, summaries)
// stays with the state: see state.go.
type Game struct {
	// Name is the game's short name, e.g. "hunters": it must be the one
	// its Rules give (Rules.Name), which logs and saved games record.
	Name string
	// Title is how players read the name ("The Hunters"); Summary says in
	// a line what the game is (a Slack command's description), and
	// UsageHint what its command takes ("new boat:VIIC | turn | help").
	Title, Summary, UsageHint string
	// Rules start and restore its games. Required.
	Rules Rules
	// RulesVersion is kaleun's reading of the rulebook (see Versioned).
	// Required: a game's log records it, and engine/enginetest holds it to
	// the game's testdata/rules_version.json.
	RulesVersion string
	// Setup is the form asked before a game starts (Rules.New's answers).
	Setup []SetupField
	// Seats, for games of several players (see Seated).
	Seats []string
	// Roles, for a game whose players claim their seats during play rather
	// than at its start (U-BOOT's officers): the roles a player takes with
	// the bot's `claim`, several per player when he likes (see roles.go).
	Roles []Role
	// Views are the views its states offer, for the platforms' command
	// lists. A "help" view is required: every game answers `help`.
	Views []ViewSpec
	// PrivateView names the view only its seat may see (a hand of cards),
	// when the game has hidden information; its states are PrivateViews.
	PrivateView string
	// Commands are the commands the game adds (see GameCommand).
	Commands []GameCommand
	// TournamentOnly, when set, says how to play a game that only
	// tournaments start (a wolfpack): no `new` starts one.
	TournamentOnly string
	// Tournaments, when set, runs the game's tournaments.
	Tournaments Tournaments
	// OddsHelp, when set, says what the game's advisor answers: its states
	// are Advisors and the platforms register `odds` for it.
	OddsHelp string
	// OddsPolicy, when set, says which tournaments turn the advisor off.
	OddsPolicy OddsPolicy
	// Outlook, when set, forecasts a whole game from its setup.
	Outlook Outlooks
	// Undo, when set, lets players take back decisions (`undo`).
	Undo Undo
	// FormerSetups, when set, gives a setup as earlier versions read it
	// (see Reread): an old game's log replays under its reading.
	FormerSetups func(setup []byte) [][]byte
	// Glancer, when set, groups a decision's events into short chat lines.
	Glancer Glancer
	// Scored games have leaderboards; ScoreUnit is written after a score
	// ("t" for tonnage). A unit implies Scored.
	Scored    bool
	ScoreUnit string
	// Legends are the historical results a leaderboard is held against.
	Legends []Legend
	// Illustrator, when set, draws the game's pictures.
	Illustrator Illustrator
	// PinnedPicture: the game's picture lives in its pinned view's message
	// (Pinned), drawn for that view and replaced in place with every
	// change, rather than posted with the results (a board the players
	// watch live). Results carry no picture then, but the game's last.
	PinnedPicture bool
	// Simulator, when set, is what `kaleun sim GAME` plays.
	Simulator Simulator
	// Packs, when set, is the game's door for content packs (see PackKit).
	Packs *PackKit
	// Renderings are the pictures `kaleun render --what` draws of a saved
	// game beyond its illustrator's (a mat, a sheet, in a file format the
	// illustrator does not give); RenderHelp says what --what takes for
	// the game, illustrator's pictures included ("" for no pictures).
	Renderings []Rendering
	RenderHelp string
	// Bench, when set, is the game's `kaleun bench GAME`: it is handed the
	// command's flags and writers and returns its exit status. A tool beside
	// the game (it reads clocks, which the engine never does), filled in by
	// the game's registration.
	Bench func(args []string, stdout, stderr io.Writer) int
	// Words are the game's words for what the framework shows players.
	Words Words
	// Sessions, when set, says the game is played in live sessions at an
	// agreed time (a real-time game kept beside its app): the framework
	// offers `schedule`, which plans a session as the platform's event (or
	// scheduled message) and reminds the game's players before it.
	Sessions *LiveSessions
}

// LiveSessions is how a game played in live sessions schedules them.
type LiveSessions struct {
	// Length is how long a session is planned for (a Discord event needs
	// an end); zero: DefaultSessionLength.
	Length time.Duration
	// Parts, for a game played over several sessions, is what its numbered
	// parts are called ("linked patrol part"): `schedule part:3` names the
	// session "linked patrol part 3". "": the game has no parts.
	Parts string
	// Part, when set, is the part a game's state is in (0: none), which
	// `schedule` names when no part: is given.
	Part func(st State) int
}

// DefaultSessionLength is a session's planned length when its game names none.
const DefaultSessionLength = 3 * time.Hour

// Words are what a game calls the things the framework names, so that no
// adapter or command has to know them.
type Words struct {
	// Player is what the game calls the player who starts it, e.g.
	// "Kommandant" (the terminal's player is called so). Default "Player".
	Player string
	// FirstSeat and FirstSeatName, for a game for several at one keyboard,
	// are the question that asks the first player's name (what his seat
	// plays, in the game's words) and the name taken when none is given.
	// Defaults: "Your name (the first player)" and Player.
	FirstSeat, FirstSeatName string
	// Games is what the game calls many of its games, e.g. "careers":
	// `kaleun sim` counts them with a flag of that name as well as
	// --games. Default "games".
	Games string
}

// Illustrator draws a game's pictures: for a view ("status", "log"), for
// "board" (the picture of the moment, which a player asks for with Show
// board), or with view "" for the events of a decision just taken: only
// the pictures those events changed (nil when none did), so that the
// channel is not a wall of images.
type Illustrator interface {
	Illustrate(st State, view string, events []Event) ([]Picture, error)
}

// Simulator plays many games with a game's built-in players: `kaleun sim`.
type Simulator interface {
	// Simulate plays cfg.Games games, game i with the dice dice(i), and
	// reports. A setup answer it does not know is an error. With
	// cfg.Workers above 1 it may call dice from several goroutines at once
	// (dice(i) must depend on i alone), and its report is the same as with
	// one worker (engine/simrun folds the games in their order).
	Simulate(cfg SimConfig, dice func(i int) Dice) (*SimReport, error)
}

// SimConfig is what `kaleun sim GAME` asks of a simulator.
type SimConfig struct {
	// Games is how many games to play (0: the simulator's default).
	Games int
	// Setup are setup answers (keys of the game's Setup form).
	Setup map[string]string
	// Workers is how many goroutines may play games at once (0 or 1: the
	// caller's only). The engine reads no machine: the caller says.
	Workers int
}

// Count is how many games cfg asks for: def when it names none, refused
// outside 1 to most ("careers: want 1 to 10000000, not 0"), noun naming
// them.
func (cfg SimConfig) Count(def, most int, noun string) (int, error) {
	n := cfg.Games
	if n == 0 {
		n = def
	}
	if n < 1 || n > most {
		return 0, fmt.Errorf("%s: want 1 to %d, not %d", noun, most, n)
	}
	return n, nil
}

// Only refuses a setup answer a simulation does not take: keys are those it
// takes, said in the refusal ("a simulation takes boat, start and rules").
func (cfg SimConfig) Only(keys ...string) error {
	for k := range cfg.Setup {
		if !slices.Contains(keys, k) {
			return fmt.Errorf("a simulation takes %s, not %s", sayList(keys), k)
		}
	}
	return nil
}

// sayList writes "a", "a and b", "a, b and c".
func sayList(xs []string) string {
	if len(xs) < 2 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}

// SimReport is a simulation's result: lines for a person, and Data (any
// value encoding/json writes) for programs (`kaleun sim --json`).
type SimReport struct {
	Lines []string
	Data  any
}

// HelpView is the view every game must offer.
const HelpView = "help"

// fillDefaults fills what a descriptor may leave out, once, at registration.
func (g *Game) fillDefaults() {
	if g.Name == "" && g.Rules != nil {
		g.Name = g.Rules.Name()
	}
	if g.Title == "" {
		g.Title = g.Name
	}
	if g.Words.Player == "" {
		g.Words.Player = "Player"
	}
	if g.Words.FirstSeat == "" {
		g.Words.FirstSeat = "Your name (the first player)"
	}
	if g.Words.FirstSeatName == "" {
		g.Words.FirstSeatName = g.Words.Player
	}
	if g.Words.Games == "" {
		g.Words.Games = "games"
	}
	if g.ScoreUnit != "" {
		g.Scored = true
	}
}

// Check reports what a descriptor lacks or gets wrong, as one error naming
// the game.
func (g *Game) Check() error {
	var bad []string
	if g.Rules == nil {
		bad = append(bad, "no Rules")
	} else if g.Rules.Name() != g.Name {
		bad = append(bad, fmt.Sprintf("its Rules are named %q", g.Rules.Name()))
	}
	if g.RulesVersion == "" {
		bad = append(bad, "no RulesVersion")
	}
	help := false
	for _, v := range g.Views {
		help = help || v.Name == HelpView
		if v.Name == "" || v.Help == "" {
			bad = append(bad, fmt.Sprintf("a view without a name or help (%q)", v.Name))
		}
	}
	if !help {
		bad = append(bad, `no "help" view`)
	}
	for _, c := range g.Commands {
		if c.Name == "" || c.Option == "" || c.Help == "" {
			bad = append(bad, fmt.Sprintf("command %q without a name, option or help", c.Name))
		}
	}
	keys := map[string]bool{}
	for _, f := range g.Setup {
		if f.Key == "" || keys[f.Key] {
			bad = append(bad, fmt.Sprintf("setup field %q is empty or twice", f.Key))
		}
		keys[f.Key] = true
	}
	if g.Packs != nil {
		bad = append(bad, g.Packs.check()...)
		if g.Packs.SetupKey != "" && !keys[g.Packs.SetupKey] {
			bad = append(bad, fmt.Sprintf("its packs answer %q, which is no setup field", g.Packs.SetupKey))
		}
	}
	bad = append(bad, g.checkRoles()...)
	if g.TournamentOnly != "" && g.Tournaments != nil {
		bad = append(bad, "both TournamentOnly and Tournaments")
	}
	if len(bad) == 0 {
		return nil
	}
	name := g.Name
	if name == "" {
		name = "a game without a name"
	}
	return fmt.Errorf("game %s: %s", name, strings.Join(bad, "; "))
}

// Offers says whether a game has a use for one of the bot's own commands:
// a platform registers only those (Discord allows 25 subcommands).
func (g *Game) Offers(command string) bool {
	switch command {
	case "tournament":
		return g.Tournaments != nil
	case "leaderboard", "career":
		return g.Scored
	case "undo":
		return g.Undo != nil
	case "challenge", "accept", "concede", "autoroll":
		return len(g.Seats) > 0
	case "odds":
		return g.OddsHelp != ""
	case "claim":
		return len(g.Roles) > 0
	case "schedule":
		return g.Sessions != nil
	}
	return true
}

// Command finds a command the game adds.
func (g *Game) Command(name string) (GameCommand, bool) {
	for _, c := range g.Commands {
		if c.Name == name {
			return c, true
		}
	}
	return GameCommand{}, false
}

// Registry is the games a program plays, by name: built once at start
// (NewRegistry) and passed to whatever needs it.
type Registry map[string]*Game

// NewRegistry fills each game's defaults and checks it; a game that fails
// its check, or a name given twice, is an error.
func NewRegistry(games ...*Game) (Registry, error) {
	r := Registry{}
	var errs []error
	for _, g := range games {
		if g == nil {
			errs = append(errs, errors.New("a nil game"))
			continue
		}
		g.fillDefaults()
		if err := g.Check(); err != nil {
			errs = append(errs, err)
			continue
		}
		if r[g.Name] != nil {
			errs = append(errs, fmt.Errorf("game %s: registered twice", g.Name))
			continue
		}
		r[g.Name] = g
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return r, nil
}

// Names are the registered games' names, sorted.
func (r Registry) Names() []string {
	out := make([]string, 0, len(r))
	for n := range r {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Rules are the rules of the game named, nil when none is registered.
func (r Registry) Rules(name string) Rules {
	if g := r[name]; g != nil {
		return g.Rules
	}
	return nil
}

// Rendering is one picture `kaleun render` draws of a saved game: its
// --what name, the file formats it is drawn in (by extension: "png",
// "csv"), and the drawing. Draw's error, when the state has nothing to
// draw (ErrNothingToDraw), is shown to the operator as it is.
type Rendering struct {
	What    string
	Formats []string
	Draw    func(st State, format string) ([]byte, error)
}

// ErrNothingToDraw wraps a Rendering's refusal of a state that has nothing
// to draw now (no ship engagement on a combat mat).
var ErrNothingToDraw = errors.New("nothing to draw")
