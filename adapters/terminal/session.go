// Package terminal is the terminal adapter of the bot layer: it plays any
// Kaleun game at a keyboard (or over JSONL for programs) through the same
// bot.Service that serves Discord and Slack, so a rule or message fixed once
// is fixed everywhere. Every decision is saved before it is shown.
package terminal

import (
	"bufio"
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/kaleun/kaleun/bot"
	"github.com/kaleun/kaleun/bot/chat"
	"github.com/kaleun/kaleun/engine"
)

// Session is one terminal game.
type Session struct {
	Svc   *bot.Service
	Place chat.Place
	User  chat.User
	Game  string
	Views []string
	In    io.Reader
	Out   io.Writer
	JSONL bool
	// ClearScreen says Out is a terminal: when the keyboard passes between
	// players, the screen and its scrollback are cleared.
	ClearScreen bool
	// Pictures is the directory where the messages' pictures are written
	// (the newest of each name replaces the last); "" leaves them out.
	Pictures string
	// ViewHelp says what each view shows, as its game says (help lists it).
	ViewHelp map[string]string
	// Undo: the game lets a player take back his decisions (`undo`).
	// Routine: its built-in commander can take routine decisions
	// (`autopilot`). Odds: its states answer `odds` (engine.AdvisedRules).
	Undo, Routine, Odds bool

	// shown is the token of the prompt last printed: each prompt is printed
	// once, and again only after a view or an error has come between.
	shown string
	// private is the last private prompt shown, and atKeyboard the player
	// who saw it (a game with hidden cards passes the keyboard).
	private    *chat.Message
	atKeyboard string
	// prompted says the last thing printed is the "> " of a prompt.
	prompted bool
	// sinceHandOver are the public messages shown since the keyboard last
	// passed, shown again at the next hand-over: the player who comes
	// sees the rolls of the turn that just ended.
	sinceHandOver []chat.Message
	// decider is the player who took the last decision at this keyboard:
	// `undo` takes it back.
	decider chat.User
	// drawn is the last picture written under each name: one that has not
	// changed is neither written nor announced again.
	drawn map[string][32]byte
	// autopilot: the built-in commander takes the routine decisions
	// (engine.Routine); paused after an undo, until the player answers.
	autopilot, paused bool
	// held is the prompt a reply brought while the autopilot was on: Run
	// prints it when the autopilot leaves it to the player.
	held *chat.Message
	// noticeAfter is how long an answer may take before the session says
	// it is coming (0: NoticeAfter).
	noticeAfter time.Duration
}

// errQuit is "quit" typed at a question (an undo's): the question is
// dropped, nothing changes, and the session ends as "quit" ends it.
var errQuit = errors.New("quit")

// ErrDice means the dice could not roll (a script ran out or held an
// impossible face): the game was left as it was before that decision.
var ErrDice = errors.New("the dice could not roll")

// Show prints a reply (e.g. the start of a new game): the decision's
// result (its events, in full lines), then the new messages.
func (s *Session) Show(r bot.Reply) {
	// A result's first line says the choice in chat's words; the terminal
	// shows its events whole, the choice's own line among them.
	result := func(m chat.Message) chat.Message {
		m.Title, m.Text = "", ""
		return m
	}
	var results []chat.Message
	switch {
	case r.Update != nil && (len(r.Answered) == 0 || !r.Answered[0].InPlace):
		// The result as its player sees it (with what only he may see):
		// the keyboard is his now. The table saw it as the next player
		// will be shown it.
		s.show(result(*r.Update))
		for _, a := range r.Answered {
			s.sinceHandOver = append(s.sinceHandOver, result(a.Message))
		}
	default:
		for _, a := range r.Answered {
			results = append(results, result(a.Message))
		}
	}
	for _, m := range append(results, r.Public...) {
		if m.Prompt != nil && !m.Prompt.Private && s.autopilotOn() {
			// The autopilot may take it: printed only if it waits for the
			// player (Run), so that no line typed ahead lands elsewhere.
			held := m
			s.held = &held
			continue
		}
		s.show(m)
		if m.Prompt == nil && m.View == nil {
			s.sinceHandOver = append(s.sinceHandOver, m)
		}
	}
	if n := len(s.sinceHandOver); n > maxSinceHandOver {
		s.sinceHandOver = append([]chat.Message(nil), s.sinceHandOver[n-maxSinceHandOver:]...)
	}
	for _, m := range r.Private {
		s.show(m)
	}
}

// Run plays until the game ends, the input ends, "quit", or ctx is done.
func (s *Session) Run(ctx context.Context) error {
	lines := s.readLines(ctx)
	for {
		prompt, over, err := s.pending(ctx)
		if err != nil && ctx.Err() != nil {
			return nil // interrupted: the game is saved as it stands
		}
		if err != nil || over {
			return err
		}
		if prompt.Prompt.Private {
			// A game with hidden cards: the prompt opens for its player alone.
			if prompt, err = s.openPrivate(prompt, lines, ctx); err != nil || prompt.Prompt == nil {
				return err
			}
		}
		if done, end, err := s.autopilotStep(ctx, prompt); done || err != nil {
			if err != nil || end {
				return err
			}
			continue
		}
		if h := s.held; h != nil && h.Prompt.Token == prompt.Prompt.Token && prompt.Prompt.Token != s.shown {
			prompt = *h // as the reply brought it
		}
		s.held = nil
		if prompt.Prompt.Token != s.shown {
			s.show(prompt)
		} else if !s.JSONL && !s.prompted {
			fmt.Fprint(s.Out, "> ")
			s.prompted = true
		}
		in, ok := s.next(ctx, lines)
		if !ok {
			s.saved()
			return nil
		}
		a, err := in.answer(s.JSONL)
		if err != nil {
			s.refuse(err.Error())
			continue
		}
		s.prompted = false
		if a.Token != "" && a.Token != prompt.Prompt.Token {
			// A stale or duplicated answer: refused, and the pending prompt
			// is not sent again, for it was sent after the one answered.
			s.errorLine(fmt.Sprintf("stale answer: token %q is not the pending decision's %q; nothing was changed", Clip(a.Token, 20), prompt.Prompt.Token),
				map[string]any{"pending": prompt.Prompt.Token})
			continue
		}
		if a.Key == "" {
			continue
		}
		pk, why := resolve(a.Key, prompt.Prompt, s.commands(), s.JSONL)
		switch {
		case why != "":
			s.refuse(why)
			continue
		case pk.command == "quit" || pk.command == "exit":
			s.saved()
			return nil
		case pk.command != "":
			if err := s.command(ctx, lines, pk); err != nil {
				if ctx.Err() != nil {
					return nil // interrupted: the game is saved as it stands
				}
				if errors.Is(err, errQuit) {
					s.saved()
					return nil
				}
				return err
			}
			continue
		}
		s.paused = false // the player answers: the autopilot may go on
		end, err := s.answer(ctx, prompt, pk.option)
		if err != nil && ctx.Err() != nil {
			return nil // interrupted: the decision was saved whole, or not at all
		}
		if err != nil || end {
			return err
		}
	}
}

// next waits for an input line; false when the input ended (or ctx).
func (s *Session) next(ctx context.Context, lines <-chan inputLine) (inputLine, bool) {
	select {
	case <-ctx.Done():
		return inputLine{}, false
	case in, ok := <-lines:
		return in, ok
	}
}

// saved ends a session at the keyboard: the game is saved, and running the
// same command resumes it. After a "> " (Ctrl-D at the prompt) the line is
// ended first.
func (s *Session) saved() {
	if s.JSONL {
		return
	}
	if s.prompted {
		fmt.Fprintln(s.Out)
		s.prompted = false
	}
	fmt.Fprintln(s.Out, "Saved — run the same command to resume.")
}

// answer presses an option of the pending prompt, as the player the prompt
// is for (every player of a terminal game sits at this keyboard). end says
// the game is over.
func (s *Session) answer(ctx context.Context, prompt chat.Message, key string) (end bool, err error) {
	// A key typed is meant: a risky option needs no second step.
	var id string
	if i := indexOf(prompt.Prompt.Options, key); i >= 0 {
		opt := prompt.Options[i]
		id = cmp.Or(opt.Confirmed, opt.ID)
	} else {
		// A number typed that no button enters whole (engine.Entry): the
		// prompt's answer with that key, as a form's field would send it.
		var err error
		if id, err = bot.AnswerID(prompt.Options[0].ID, key); err != nil {
			return true, err
		}
	}
	user := s.User
	if prompt.Owner != "" && prompt.Owner != user.ID {
		user = chat.User{ID: prompt.Owner, Name: prompt.Owner}
	}
	s.decider = user
	r, err := s.Svc.Click(ctx, s.Place, user, id)
	if err != nil {
		return true, s.diceFailed(err)
	}
	s.Show(r)
	for _, m := range r.Shown() {
		if m.Outcome != nil {
			return true, nil
		}
	}
	return false, nil
}

// diceFailed says so when a decision could not roll its dice (a script ran
// out): the game is unchanged. Other errors pass as they are.
func (s *Session) diceFailed(err error) error {
	var de *engine.DiceError
	if errors.As(err, &de) {
		s.error(err.Error() + " — the game is unchanged")
		return fmt.Errorf("%w: %v", ErrDice, err)
	}
	return err
}

// command runs one of the session's commands: a view, history, dice, undo,
// autopilot or help.
func (s *Session) command(ctx context.Context, lines <-chan inputLine, pk pick) error {
	switch pk.command {
	case "autopilot":
		s.setAutopilot(ctx, pk.arg)
		s.shown = ""
		return nil
	case "undo":
		return s.undo(ctx, lines)
	case "odds":
		return s.odds(ctx)
	}
	viewer := s.User
	if s.atKeyboard != "" {
		viewer = chat.User{ID: s.atKeyboard, Name: s.atKeyboard}
	}
	r, err := s.Svc.Command(ctx, s.Place, viewer, s.Game, pk.command, nil)
	if err != nil {
		return err
	}
	for _, m := range append(r.Public, r.Private...) {
		if m.View != nil && pk.command == "help" {
			m.View = s.withCommands(m.View)
		}
		if m.View != nil && s.JSONL {
			s.json(map[string]any{"type": "view", "name": pk.command, "view": m.View})
			s.writeFiles(m.Files)
			continue
		}
		s.show(m)
		if m.Footer != "" && !s.JSONL && pk.command == "history" {
			fmt.Fprintf(s.Out, "  %s\n", m.Footer) // the log's head, to compare with an audit
		}
	}
	s.shown = ""
	return nil
}

// undo takes back the last decision taken at this keyboard. In a game for
// two, an undo the other player must allow asks him here.
func (s *Session) undo(ctx context.Context, lines <-chan inputLine) error {
	decider := s.decider
	if decider.ID == "" {
		decider = s.User
	}
	r, err := s.Svc.Command(ctx, s.Place, decider, s.Game, "undo", nil)
	if err != nil {
		return err
	}
	s.shown = ""
	s.paused = true // the autopilot gives the prompt back to the player
	for len(r.Public)+len(r.Private) > 0 || r.Update != nil {
		if r.Update != nil && r.Update.Text != "" {
			s.show(*r.Update) // a question's answer: "Nothing changed: …"
		}
		var q *chat.Message
		for _, m := range append(r.Public, r.Private...) {
			if m.Prompt == nil && len(m.Options) > 0 && cmp.Or(m.Owner, m.Mention) != "" {
				// A question for a player: whether he means an undo that
				// marks his career, or the other's consent.
				q = &m
				continue
			}
			if m.Prompt == nil {
				s.show(m)
			}
		}
		if q == nil {
			return nil
		}
		if r, err = s.ask(ctx, lines, *q); err != nil {
			return err
		}
	}
	return nil
}

// ask puts a bot's question (a message with buttons for one player) to the
// keyboard and presses the button chosen, as that player.
func (s *Session) ask(ctx context.Context, lines <-chan inputLine, q chat.Message) (bot.Reply, error) {
	who := cmp.Or(q.Owner, q.Mention)
	p := &engine.Prompt{Token: "question", Kind: "question", Actor: engine.Actor(who), Text: q.Text}
	for _, o := range q.Options {
		p.Options = append(p.Options, engine.Option{Key: firstWord(o.Label), Label: o.Label})
	}
	s.show(chat.Message{Title: q.Title, Text: q.Text, Prompt: p})
	for {
		in, ok := s.next(ctx, lines)
		if !ok {
			return bot.Reply{}, nil
		}
		a, err := in.answer(s.JSONL)
		if err != nil {
			s.error(err.Error())
			continue
		}
		s.prompted = false
		pk, why := resolve(a.Key, p, []string{"quit"}, s.JSONL)
		if pk.command == "quit" || pk.command == "exit" {
			s.show(chat.Message{Text: "Nothing changed: the question is dropped."})
			return bot.Reply{}, errQuit
		}
		if why != "" || pk.option == "" {
			s.error(why)
			s.show(chat.Message{Title: q.Title, Text: q.Text, Prompt: p})
			continue
		}
		id := q.Options[indexOf(p.Options, pk.option)].ID
		s.shown = ""
		user := chat.User{ID: who, Name: who}
		switch who {
		case s.User.ID:
			user = s.User // the keyboard's own player, by his name
		case s.decider.ID:
			user = s.decider
		}
		return s.Svc.Click(ctx, s.Place, user, id)
	}
}

func firstWord(label string) string {
	w, _, _ := strings.Cut(strings.ToLower(label), " ")
	return w
}

// commands are what a line may name besides the options, in the order help
// lists them.
func (s *Session) commands() []string {
	var out []string
	for _, v := range s.Views {
		if v != "help" {
			out = append(out, v)
		}
	}
	out = append(out, "history", "dice")
	if s.Odds {
		out = append(out, "odds")
	}
	if s.Undo {
		out = append(out, "undo")
	}
	if s.Routine {
		out = append(out, "autopilot")
	}
	return append(out, "help", "quit")
}

// commandHelp says what the session's own commands do; a view's help is
// its game's (ViewHelp).
var commandHelp = map[string]string{
	"history":   "the last rolls with their dice numbers, and the log's head hash",
	"dice":      "how often each face came up, with a chi-square test",
	"odds":      "what each option of the pending decision leads to: exact odds and simulated estimates",
	"undo":      "take back your last decision (the dice never roll back; after dice it asks first, then is logged and marked)",
	"autopilot": "on: the built-in player takes the decisions the game calls routine and says what it did; off: you take them all",
	"help":      "this list",
	"quit":      "stop here: the game is saved, and the same command resumes it",
}

// withCommands adds the session's commands to the help view.
func (s *Session) withCommands(v *engine.View) *engine.View {
	out := *v
	out.Sections = append(append([]engine.Section(nil), v.Sections...), engine.Section{Title: "Commands"})
	sec := &out.Sections[len(out.Sections)-1]
	for _, c := range s.commands() {
		line := c
		if h := cmp.Or(commandHelp[c], s.ViewHelp[c]); h != "" {
			line += " — " + h
		}
		sec.Lines = append(sec.Lines, line)
	}
	sec.Lines = append(sec.Lines, "Answer a decision with its line's number, its key, the beginning of its key (upper or lower case), or its label whole (\"+2\"); where a decision asks for a number, type the number itself.")
	return &out
}

// inputLine is one line read, or the error of a line refused unread.
type inputLine struct {
	text string
	err  error
}

func (l inputLine) answer(jsonl bool) (answer, error) {
	if l.err != nil {
		return answer{}, l.err
	}
	return parseAnswer(l.text, jsonl)
}

// readLines reads the input line by line until it ends or ctx is done. A
// line over MaxLine comes as an error and reading goes on: one bad line
// must not end a session and drop all that follows it.
func (s *Session) readLines(ctx context.Context) <-chan inputLine {
	lines := make(chan inputLine)
	go func() {
		defer close(lines)
		br := bufio.NewReader(s.In) // the caller's *bufio.Reader itself, if it is one
		for {
			text, err := ReadLine(br, MaxLine)
			var tooLong *LineTooLongError
			if err != nil && !errors.As(err, &tooLong) {
				return // the end of the input
			}
			select {
			case lines <- inputLine{text: text, err: err}:
			case <-ctx.Done():
				return
			}
		}
	}()
	return lines
}

// openPrivate opens a private prompt for its player. Two players share the keyboard, so when it passes to
// the other one the screen is cleared, the public events of the turn that
// ended are shown, and the session waits for him (not in JSONL: programs
// do not peek).
func (s *Session) openPrivate(door chat.Message, lines <-chan inputLine, ctx context.Context) (chat.Message, error) {
	if p := s.private; p != nil && p.Prompt != nil && p.Prompt.Token == door.Prompt.Token {
		return *p, nil // already shown to him
	}
	player := door.Owner
	if player != s.atKeyboard && !s.JSONL {
		s.handOver(door)
		select {
		case <-ctx.Done():
			return chat.Message{}, nil
		case _, ok := <-lines:
			if !ok {
				return chat.Message{}, nil
			}
		}
	}
	s.atKeyboard = player
	r, err := s.Svc.Click(ctx, s.Place, chat.User{ID: player, Name: player}, door.Options[0].ID)
	if err != nil {
		return chat.Message{}, err
	}
	s.Show(r)
	if s.private == nil || s.private.Prompt == nil || s.private.Prompt.Token != door.Prompt.Token {
		return chat.Message{}, fmt.Errorf("the private prompt did not open: %s", privateText(r))
	}
	return *s.private, nil
}

// clearScreen moves the cursor home, clears the screen, and clears the
// scrollback (ESC[3J), where the last player's hand would otherwise stay.
const clearScreen = "\x1b[H\x1b[2J\x1b[3J"

// maxSinceHandOver bounds the public messages kept for the next hand-over
// (a solitaire game never hands over).
const maxSinceHandOver = 60

// handOver hides the screen of the player who leaves the keyboard, shows
// what the table saw of his turn, and says whose turn it is.
func (s *Session) handOver(door chat.Message) {
	s.prompted = false
	if s.ClearScreen {
		fmt.Fprint(s.Out, clearScreen)
	} else {
		// Not a terminal (a pipe, a file): no escape codes; blank lines
		// at least push the hand off a screen that shows this output.
		fmt.Fprint(s.Out, strings.Repeat("\n", 60))
	}
	if len(s.sinceHandOver) > 0 {
		fmt.Fprint(s.Out, "-- The table saw, since the keyboard last passed: --\n")
		for _, m := range s.sinceHandOver {
			m.Files = nil // shown already, not written again
			s.show(m)
		}
		s.sinceHandOver = nil
	}
	fmt.Fprintf(s.Out, "\n== %s Pass the keyboard to that player; press Enter when only that player can see the screen. ==\n", door.Text)
}

func privateText(r bot.Reply) string {
	for _, m := range r.Private {
		return m.Text
	}
	return ""
}

// pending asks the bot for the pending decision.
func (s *Session) pending(ctx context.Context) (chat.Message, bool, error) {
	r, err := s.Svc.Command(ctx, s.Place, s.User, s.Game, "turn", nil)
	if err != nil {
		return chat.Message{}, false, err
	}
	for _, m := range r.Public {
		if m.Prompt != nil {
			return m, false, nil
		}
	}
	// No game (finished and archived) or no decision pending. A finished
	// game an older kaleun left in its place comes back as its end (the
	// bot archives it then): show it.
	for _, m := range r.Public {
		s.show(m)
	}
	return chat.Message{}, true, nil
}

func indexOf(opts []engine.Option, key string) int {
	for i, o := range opts {
		if o.Key == key {
			return i
		}
	}
	return -1
}

func (s *Session) isView(name string) bool {
	for _, v := range s.Views {
		if v == name {
			return true
		}
	}
	return name == "history" || name == "dice"
}

// keys lists a prompt's option keys, but those its number stands in for.
func keys(p *engine.Prompt) string {
	var k []string
	for _, o := range p.Options {
		if !p.Stands(o) {
			k = append(k, o.Key)
		}
	}
	return strings.Join(k, ", ")
}

func (s *Session) json(v any) {
	b, err := json.Marshal(v)
	if err != nil {
		b = []byte(`{"type":"error","message":"cannot encode output"}`)
	}
	s.Out.Write(append(b, '\n'))
}

func (s *Session) error(msg string) {
	s.errorLine(msg, nil)
}

// errorLine prints an error; in JSONL, extra fields go on its line.
func (s *Session) errorLine(msg string, extra map[string]any) {
	s.prompted = false
	if s.JSONL {
		line := map[string]any{"type": "error", "message": msg}
		for k, v := range extra {
			line[k] = v
		}
		s.json(line)
		return
	}
	fmt.Fprintf(s.Out, "! %s\n", msg)
}

// refuse reports a line that changed nothing; in JSONL the pending prompt
// is sent again, for a program reads it after the error.
func (s *Session) refuse(msg string) {
	s.error(msg)
	if s.JSONL {
		s.shown = ""
	}
}

// show prints one bot message: as text, or as JSONL lines. A private
// prompt's door is not printed: Run opens it for its player.
func (s *Session) show(m chat.Message) {
	if m.Prompt != nil && m.Prompt.Private && len(m.Prompt.Options) == 0 {
		return
	}
	if m.Prompt != nil && m.Prompt.Private && len(m.Prompt.Options) > 0 {
		pm := m
		s.private = &pm
	}
	s.prompted = false
	if m.Prompt != nil {
		s.shown = m.Prompt.Token
		s.writeFiles(m.Files) // before the "> " that waits for the answer
	} else {
		defer s.writeFiles(m.Files)
	}
	if s.JSONL {
		switch {
		case m.Prompt != nil:
			p := m.Prompt
			line := map[string]any{"type": "prompt", "token": p.Token, "kind": p.Kind, "actor": p.Actor, "seat": p.Seat, "text": p.Text, "case": p.Case, "options": p.Options}
			if p.Title != "" {
				line["title"], line["subject"] = p.Title, p.Subject
			}
			if p.Entry != nil {
				line["entry"] = p.Entry // the key Entry.key+n answers with the number n
			}
			s.json(line)
		case m.View != nil:
			s.json(map[string]any{"type": "view", "name": m.Title, "view": m.View})
		case len(m.Events) > 0 || m.Outcome != nil:
			if note := strings.TrimSpace(m.Title + "\n" + m.Text); note != "" {
				s.json(map[string]any{"type": "note", "text": note}) // a game's heading, before its first events
			}
			for _, e := range m.Events {
				s.json(map[string]any{"type": "event", "kind": e.Kind, "case": e.Case, "text": e.String(), "roll": e.Roll})
			}
			if o := m.Outcome; o != nil {
				s.json(map[string]any{"type": "end", "score": o.Score, "level": o.Level, "summary": o.Summary, "fields": o.Fields})
			}
		case m.Transcript != "" || (m.Text == "" && len(m.Lines) > 0):
			// A result without events of its own to show: nothing to say.
		default:
			s.json(map[string]any{"type": "note", "text": strings.TrimSpace(m.Title + "\n" + m.Text)})
		}
		return
	}
	switch {
	case m.Prompt != nil:
		p := m.Prompt
		head := "decision"
		if p.Case != "" {
			head += " (" + p.Case + ")"
		}
		if p.Kind == "question" {
			head = strings.ToLower(strings.TrimSuffix(m.Title, "?"))
		}
		fmt.Fprintf(s.Out, "\n-- %s --\n%s\n", head, p.Text)
		width := 0
		for _, o := range p.Options {
			if !p.Stands(o) {
				width = max(width, len(o.Key))
			}
		}
		if p.Entry != nil {
			// A number asked: typed as it is, so no line is numbered.
			fmt.Fprintf(s.Out, "  %s: type it (%s)\n", p.Entry.Label, entryRange(p))
		}
		for i, o := range p.Options {
			c := ""
			if o.Case != "" {
				c = " (" + o.Case + ")"
			}
			switch {
			case p.Stands(o):
			case p.Entry != nil:
				fmt.Fprintf(s.Out, "      %-*s  %s%s\n", width, o.Key, o.Label, c)
			default:
				fmt.Fprintf(s.Out, "  %2d) %-*s  %s%s\n", i+1, width, o.Key, o.Label, c)
			}
		}
		if len(m.Options) > len(p.Options) { // the game offers its odds here (an Odds button in chat)
			fmt.Fprintf(s.Out, "      %-*s  %s\n", width, "odds", "what each option leads to: exact odds and simulated estimates")
		}
		fmt.Fprint(s.Out, "> ")
		s.prompted = true
		return
	case m.View != nil:
		fmt.Fprint(s.Out, RenderView(m.View))
	default:
		if m.Title != "" {
			fmt.Fprintf(s.Out, "\n== %s ==\n", m.Title)
		}
		text := m.Text
		if m.Transcript != "" || m.Events != nil {
			text = strings.TrimRight(m.Text, "\n") + "\n" + m.Transcript // its events in full lines
		}
		if m.Outcome != nil {
			fmt.Fprintf(s.Out, "\n== The end ==\n")
			// The transcript's end event already says it; printed once.
			if !hasLine(text, m.Outcome.Summary) {
				text = strings.TrimRight(text, "\n") + "\n" + m.Outcome.Summary
			}
		}
		for _, line := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
			if line != "" {
				fmt.Fprintf(s.Out, "  %s\n", strings.ReplaceAll(line, "**", "")) // chat's bold
			}
		}
		for _, f := range m.Fields {
			fmt.Fprintf(s.Out, "  %s: %s\n", f.Name, f.Value)
		}
	}
}

// hasLine reports whether text holds line as one of its lines.
func hasLine(text, line string) bool {
	for _, l := range strings.Split(text, "\n") {
		if strings.TrimSpace(l) == strings.TrimSpace(line) {
			return true
		}
	}
	return false
}

// RenderView renders a view as plain text.
func RenderView(v *engine.View) string {
	var b strings.Builder
	fmt.Fprintf(&b, "\n== %s ==\n", v.Title)
	for _, sec := range v.Sections {
		if sec.Title != "" {
			fmt.Fprintf(&b, "-- %s --\n", sec.Title)
		}
		for _, l := range sec.Lines {
			fmt.Fprintf(&b, "  %s\n", l)
		}
		for _, f := range sec.Fields {
			fmt.Fprintf(&b, "  %-22s %s\n", f.Name+":", f.Value)
		}
	}
	return b.String()
}

// writeFiles saves a message's pictures and says where they are. A file
// that cannot be written is reported and the game goes on: the text has it all.
func (s *Session) writeFiles(files []chat.File) {
	if s.Pictures == "" {
		return
	}
	for _, f := range files {
		sum := sha256.Sum256(f.Data)
		if s.drawn[f.Name] == sum {
			continue // the same picture again: nothing new to look at
		}
		if s.drawn == nil {
			s.drawn = map[string][32]byte{}
		}
		s.drawn[f.Name] = sum
		path := filepath.Join(s.Pictures, filepath.Base(f.Name))
		if err := os.MkdirAll(s.Pictures, 0o755); err != nil {
			s.error("cannot write the pictures: " + err.Error())
			return
		}
		if err := os.WriteFile(path, f.Data, 0o644); err != nil {
			s.error("cannot write a picture: " + err.Error())
			continue
		}
		if s.JSONL {
			s.json(map[string]any{"type": "picture", "name": f.Name, "path": path})
		} else {
			fmt.Fprintf(s.Out, "  [picture: %s]\n", path)
		}
	}
}

// odds asks the advisor about the pending decision, as the player at the
// keyboard.
func (s *Session) odds(ctx context.Context) error {
	viewer := s.User
	if s.atKeyboard != "" {
		viewer = chat.User{ID: s.atKeyboard, Name: s.atKeyboard}
	}
	var r bot.Reply
	var err error
	ask := func() { r, err = s.Svc.Command(ctx, s.Place, viewer, s.Game, "odds", nil) }
	if s.JSONL {
		ask() // the protocol's lines are as they were: a program waits for its "odds" line
	} else {
		after := s.noticeAfter
		if after == 0 {
			after = NoticeAfter
		}
		WhileNoticed(s.Out, after, OddsNotice, ask)
	}
	if err != nil {
		return err
	}
	s.showOdds(r)
	s.shown = ""
	return nil
}

// showOdds prints the advisor's answer: as text, or in JSONL as one
// "odds" line carrying the answer whole and its text.
func (s *Session) showOdds(r bot.Reply) {
	msgs := append(r.Public, r.Private...)
	if s.JSONL {
		for _, m := range msgs {
			if o := m.Odds; o != nil {
				s.json(map[string]any{"type": "odds", "token": o.Token, "title": o.Title, "options": o.Options, "notes": o.Notes, "text": bot.OddsText(o)})
				return
			}
		}
	}
	for _, m := range msgs {
		s.show(m)
	}
}

// NoticeAfter is how long a terminal answer may take before the player is
// told it is coming: the odds of a decision simulate thousands of rollouts,
// and a silent second reads as a hang.
const NoticeAfter = 500 * time.Millisecond

// OddsNotice is what the player is told while his odds are worked out.
const OddsNotice = "working out the odds…"

// WhileNoticed runs work and, if it is still running after the delay,
// writes note to out on a line of its own meanwhile; nothing is written
// once work has returned, so the note never comes after work's results.
func WhileNoticed(out io.Writer, after time.Duration, note string, work func()) {
	var mu sync.Mutex
	done := false
	t := time.AfterFunc(after, func() {
		mu.Lock()
		defer mu.Unlock()
		if !done {
			fmt.Fprintln(out, note)
		}
	})
	work()
	mu.Lock()
	done = true
	mu.Unlock()
	t.Stop()
}
