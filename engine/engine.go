// Package engine is the game-agnostic core of Kaleun: a game is a state plus the
// decision it is waiting for. A game package (engine/hunters, ...) implements
// Rules and State; everything above it (terminal, chat bot, storage, audit)
// speaks only the types of this package.
//
// The engine is pure: no I/O, no clock, no global randomness. All chance comes
// from a Dice passed in by the caller, so the same choices with the same dice
// always give the same state.
package engine

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Actor says who must answer a prompt.
type Actor string

const (
	// Commander is the player running the boat (or the player to move).
	Commander Actor = "commander"
	// Opponent is the side that rolls against the commander (escorts, aircraft);
	// in a solitaire game the engine rolls for it without asking.
	Opponent Actor = "opponent"
)

// Option is one answer a prompt accepts. Key is short and stable: adapters
// put it in button ids and the JSONL protocol sends it back verbatim.
type Option struct {
	Key   string `json:"key"`
	Label string `json:"label"`
	// Case is the rule case the option comes from, e.g. "9.7.6".
	Case string `json:"case,omitempty"`
	// Short is what a button shows when Label is long ("Close" for "Close
	// (hit on 8 or less)"); Label stays whole in the log and the JSONL.
	Short string `json:"short,omitempty"`
	// Detail says what the option leads to (its odds, its consequence), for
	// a menu entry's description or the text beside a button.
	Detail string `json:"detail,omitempty"`
	// Risk, when set, marks an option that may cost the game and cannot be
	// taken back: chat draws it as dangerous and asks, in these words,
	// whether the player means it before it is taken.
	Risk string `json:"risk,omitempty"`
	// Safe marks the safe default among a prompt's options.
	Safe bool `json:"safe,omitempty"`
	// Ends marks an option that ends the game at the players' word, where
	// the rules set no end of their own or an outside app decides it (XXI's
	// stop before the track's end, the U-BOOT mission's end the app calls):
	// a program or a test player knows it from the others without knowing
	// the game.
	Ends bool `json:"ends,omitempty"`
	// Seats, in a game whose players claim roles during play (Game.Roles),
	// are the roles any one of whose holders may take this option; empty,
	// the prompt's Seat decides (see SeatsFor).
	Seats []string `json:"seats,omitempty"`
}

// ButtonLabel is the option's label for a button or menu entry.
func (o Option) ButtonLabel() string {
	switch {
	case o.Short != "":
		return o.Short
	case o.Label != "":
		return o.Label
	}
	return o.Key
}

// Prompt is the decision a game is waiting for.
type Prompt struct {
	// Token identifies this pending decision; it changes with every decision
	// so a stale or repeated answer can be recognised and refused.
	Token string `json:"token"`
	Actor Actor  `json:"actor"`
	// Seat names the player who must answer when a game has several
	// (empty in solitaire games).
	Seat string `json:"seat,omitempty"`
	// Kind is a stable identifier of the kind of decision, e.g. "hunters.range".
	Kind string `json:"kind"`
	// Title names the decision by its meaning ("Torpedo load"), and Subject
	// what it is about ("U-69"), for a chat message's heading.
	Title   string   `json:"title,omitempty"`
	Subject string   `json:"subject,omitempty"`
	Text    string   `json:"text"`
	Case    string   `json:"case,omitempty"`
	Options []Option `json:"options"`
	// Secret prompts are answered in private: the choice is logged without
	// its answer until the rules reveal it, and nothing may show it before.
	Secret bool `json:"secret,omitempty"`
	// Private prompts show their seat's hidden cards: only he may see them.
	Private bool `json:"private,omitempty"`
	// Entry, when set, says the prompt asks for a number: a keyboard takes
	// it typed, a chat form as one field, instead of a walk of its buttons.
	Entry *Entry `json:"entry,omitempty"`
}

// Entry is a number a prompt asks for. The answer for the number n is the
// key Key+n ("speed=4"): one of the options when the options are the
// numbers themselves, or a key the game accepts besides its options when
// they enter the number in steps (a hundreds digit, then a tens).
type Entry struct {
	// Label says what the number is ("Its printed number").
	Label string `json:"label"`
	Key   string `json:"key"`
	// Min and Max bound the number; the game may still refuse one between
	// (a card number already entered) with its reason.
	Min int `json:"min"`
	Max int `json:"max"`
	// Walk is the key prefix of the options the number stands in for (a
	// digit's buttons); empty when those options are Key's own.
	Walk string `json:"walk,omitempty"`
}

// EntryKey is the answer for the number n, or "" when the prompt asks for
// no number or n is out of its bounds.
func (p *Prompt) EntryKey(n int) string {
	if p.Entry == nil || n < p.Entry.Min || n > p.Entry.Max {
		return ""
	}
	return p.Entry.Key + strconv.Itoa(n)
}

// Stands reports whether an option is one the prompt's number stands in
// for: a keyboard or a form takes the number instead of showing it.
func (p *Prompt) Stands(o Option) bool {
	e := p.Entry
	if e == nil {
		return false
	}
	if e.Walk != "" && strings.HasPrefix(o.Key, e.Walk) {
		return true
	}
	_, err := strconv.Atoi(strings.TrimPrefix(o.Key, e.Key))
	return strings.HasPrefix(o.Key, e.Key) && err == nil
}

// HasOption reports whether key is one of the prompt's options.
func (p *Prompt) HasOption(key string) bool {
	for _, o := range p.Options {
		if o.Key == key {
			return true
		}
	}
	return false
}

// Choice is an answer to a prompt.
type Choice struct {
	// Token, when not empty, must equal the pending prompt's token.
	Token string `json:"token,omitempty"`
	Key   string `json:"key"`
}

// Outcome describes a finished game.
type Outcome struct {
	Summary string `json:"summary"`
	// Score is the game's headline number (The Hunters: tonnage sunk).
	Score int `json:"score"`
	// Level is the victory level or result, e.g. "marginal_victory".
	Level  string  `json:"level"`
	Fields []Field `json:"fields,omitempty"`
}

// Field is a labelled value in a view or an outcome.
type Field struct {
	Name  string `json:"name"`
	Value string `json:"value"`
	// Label and Text, when set, are how a person reads the field, where Name
	// and Value are kept as keys for programs (an outcome's "ships_sunk"
	// is "Ships sunk" to a player). Adapters show them instead.
	Label string `json:"label,omitempty"`
	Text  string `json:"text,omitempty"`
}

// Shown is the field as a person reads it: Label and Text where set.
func (f Field) Shown() Field {
	out := Field{Name: f.Name, Value: f.Value}
	if f.Label != "" {
		out.Name = f.Label
	}
	if f.Text != "" {
		out.Value = f.Text
	}
	return out
}

// ShownFields is each field as a person reads it.
func ShownFields(fs []Field) []Field {
	if len(fs) == 0 {
		return nil
	}
	out := make([]Field, len(fs))
	for i, f := range fs {
		out[i] = f.Shown()
	}
	return out
}

// View is a game-specific sheet (status, log, help...) in a neutral form
// that any adapter can render as text, an embed or blocks.
type View struct {
	Title    string    `json:"title"`
	Sections []Section `json:"sections"`
}

// Section is a titled block of a view: free lines and/or fields.
type Section struct {
	Title  string   `json:"title,omitempty"`
	Lines  []string `json:"lines,omitempty"`
	Fields []Field  `json:"fields,omitempty"`
}

// Rules is what a game package provides to the layers above it.
type Rules interface {
	// Name is the game's short name, e.g. "hunters".
	Name() string
	// New starts a game from a game-specific setup given as JSON.
	New(setup []byte, d Dice) (State, []Event, error)
	// Decode restores a state written by State.Encode.
	Decode(data []byte) (State, error)
}

// State is one game at one moment. Apply never changes its receiver.
type State interface {
	// Pending is the decision the game waits for, or nil when it is over.
	Pending() *Prompt
	// Apply answers the pending prompt and returns the next state and what
	// happened. An illegal choice returns an error and no new state.
	Apply(c Choice, d Dice) (State, []Event, error)
	// Outcome is non-nil once the game is over.
	Outcome() *Outcome
	// Encode serialises the state with its schema version.
	Encode() ([]byte, error)
	// Views lists the names of the sheets View accepts.
	Views() []string
	View(name string) (*View, error)
}

// ErrIllegalChoice wraps every refusal of a choice.
var ErrIllegalChoice = errors.New("illegal choice")

// ErrGameOver is returned when a choice is made on a finished game.
var ErrGameOver = errors.New("the game is over")

// ErrStaleToken is returned when a choice names a prompt that is no longer pending.
var ErrStaleToken = errors.New("that decision was already taken")

// SetupField is one question asked before a game starts (boat type, start
// date, a name...). Adapters turn fields into terminal questions or slash
// command options; the answers go to Rules.New as a JSON object of strings
// keyed by Field.Key.
type SetupField struct {
	Key   string `json:"key"`
	Label string `json:"label"`
	Help  string `json:"help,omitempty"`
	// Options, when not empty, are the only accepted values.
	Options []Option `json:"options,omitempty"`
	// Default is used when the answer is empty ("" means optional and empty).
	Default  string `json:"default,omitempty"`
	Required bool   `json:"required,omitempty"`
	// Suggestions are common values for a free field (autocomplete).
	Suggestions []string `json:"suggestions,omitempty"`
	// Menu lists what a free field's answer may combine (a list of optional
	// rules), each with what it does: the terminal shows it with the
	// question.
	Menu []Option `json:"menu,omitempty"`
	// Type "user" asks for a player of the platform (an opponent); the
	// adapters offer their user pickers, and the bot seats him.
	Type string `json:"type,omitempty"`
	// Flag, when set, is the command-line flag `kaleun play` also takes
	// this answer as (--boat VIIC for --set boat=VIIC): the flags players
	// have used stay theirs, in the game's words, not the framework's.
	Flag string `json:"-"`
	// Check, when set, says why an answer cannot be taken (nil: it can),
	// given the answers to the questions before it: the platforms ask
	// again at once rather than refuse the whole set-up at the end. It
	// checks what Rules.New would refuse; New still checks everything.
	Check func(answer string, earlier map[string]string) error `json:"-"`
}

// CheckAnswer reads one answer to the question as Rules.New would: a
// field with options takes one of their keys (in any case; the key is
// returned as the form spells it), and the field's own Check has its say,
// given the earlier answers. An empty answer is the default's business
// and is not checked here. The error says why, naming the accepted values.
func (f SetupField) CheckAnswer(answer string, earlier map[string]string) (string, error) {
	answer = strings.TrimSpace(answer)
	if answer == "" {
		return "", nil
	}
	if len(f.Options) > 0 {
		keys := make([]string, len(f.Options))
		found := ""
		for i, o := range f.Options {
			keys[i] = o.Key
			if strings.EqualFold(o.Key, answer) {
				found = o.Key
			}
		}
		if found == "" {
			return "", fmt.Errorf("%s: %q is not one of %s", f.Label, answer, strings.Join(keys, ", "))
		}
		answer = found
	}
	if f.Check != nil {
		if err := f.Check(answer, earlier); err != nil {
			return "", fmt.Errorf("%s: %w", f.Label, err)
		}
	}
	return answer, nil
}

// FieldUser is the SetupField type of a player.
const FieldUser = "user"

// Seated is implemented by Rules of games for several players. Prompts name
// the seat that answers (Prompt.Seat). The player who creates a game takes
// the first seat; a setup field of type "user" whose key is a seat id names
// the player of that seat, and the bot passes the game his name there.
type Seated interface {
	Seats() []string
}

// SetupForm is implemented by Rules whose games take setup answers.
type SetupForm interface {
	SetupFields() []SetupField
}

// Picture is an image (or a file) a game's illustrator made for a state.
type Picture struct {
	Name        string // a file name, e.g. "mat.png"
	ContentType string
	Data        []byte
}

// Routine is implemented by States whose games can take the routine
// decisions of an absent player who opted in (his deadline passed):
// RoutineChoice returns the key the game's built-in player would choose, and
// false when the pending decision is not routine.
type Routine interface {
	RoutineChoice() (key string, ok bool)
}

// RoutineFor is Routine for the prompt a token names, in games with several
// pending prompts (engine.Multi).
type RoutineFor interface {
	RoutineChoiceFor(token string) (key string, ok bool)
}

// ViewSpec names a view a game's states offer, for the commands adapters
// register before any game exists.
type ViewSpec struct {
	Name, Help string
}

// ViewCatalog is implemented by Rules that declare their views.
type ViewCatalog interface {
	ViewSpecs() []ViewSpec
}

// Multi is implemented by States of games whose players answer at their own
// pace: several prompts are pending at once, each with its Seat and its own
// Token, and Apply answers the one a Choice's token names.
type Multi interface {
	PendingAll() []*Prompt
}

// TournamentOnly is implemented by Rules of games that are only played
// inside tournaments (a wolfpack): no `new` starts one.
type TournamentOnly interface {
	TournamentOnly() string // how to play it
}

// Absence is implemented by States whose rules say what happens to an
// absent player's prompt at its deadline (a wolfpack boat sits the round
// out): the key to press and why, or false when the rules say nothing.
type Absence interface {
	AbsentChoice(token string) (key, why string, ok bool)
}

// PrivateViews is implemented by States of games with hidden information:
// a view as one seat may see it (his hand). PrivateView names the view that
// only its seat may see; the bot shows it privately, and beside each of the
// seat's private prompts.
type PrivateViews interface {
	PrivateView() string
	ViewFor(seat, name string) (*View, error)
}

// Pinned is implemented by States of games that keep one view posted in
// their channel and up to date (a card table, a fleet card): after each
// decision the bot sends that view again, and adapters edit the message
// they posted for it in place rather than posting anew.
type Pinned interface {
	PinnedView() string
}

// GameCommand is a command a game adds to the bot's own: a shortcut that
// presses Option on the caller's pending prompt (a card game's "end the
// round"), with Help for the platforms' command lists and NotNow for the
// caller whose pending prompts do not offer it.
type GameCommand struct {
	Name, Help, Option, NotNow string
}

// CommandCatalog is implemented by Rules whose games add commands.
type CommandCatalog interface {
	GameCommands() []GameCommand
}

// Reread is implemented by Rules that once read a setup differently: a
// default changed since. FormerSetups returns the setup as earlier versions
// read it, most recent first, each naming what it then left to a default
// (none when it names everything). A game's log replays from its setup
// (bot/audit): one begun before the change replays under a former reading.
type Reread interface {
	FormerSetups(setup []byte) [][]byte
}

// Versioned is implemented by Rules that name their version: kaleun's
// reading of the rulebook, which changes whenever a change of the code
// changes what a game replays to (an event, its words, a prompt's options).
// A game's log records the version its decisions were played under, so a
// verifier whose rules read differently can tell a changed reading from a
// changed log. engine/enginetest holds every game to its version.
type Versioned interface {
	RulesVersion() string
}

// Scored is implemented by Rules whose score has a unit (The Hunters'
// tonnage: "t"); standings and leaderboards write it after the score.
type Scored interface {
	ScoreUnit() string
}

// Cloner is a State that copies itself without going through its
// encoding: CloneState returns a state that encodes as the receiver does
// and shares nothing that playing it on changes (every slice, map and
// pointer of the saved state its own), at the cost of the state's size.
// Copy uses it; engine/enginetest holds it to the encoding on every state
// of seeded games.
type Cloner interface {
	CloneState() State
}

// Copy is a fresh copy of a state: its own CloneState where it has one,
// else through its encoding. It is how Apply leaves its receiver untouched.
func Copy[S State](st S, r Rules) (S, error) {
	var zero S
	if c, ok := any(st).(Cloner); ok {
		out, ok := c.CloneState().(S)
		if !ok {
			return zero, errors.New("engine: a clone of another type")
		}
		return out, nil
	}
	b, err := st.Encode()
	if err != nil {
		return zero, err
	}
	c, err := r.Decode(b)
	if err != nil {
		return zero, err
	}
	out, ok := c.(S)
	if !ok {
		return zero, errors.New("engine: a copy decoded to another type")
	}
	return out, nil
}
