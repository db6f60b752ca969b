// Package terminal plays any Kaleun game in a terminal: it shows the pending
// prompt, reads an option key per line, applies it, saves after every
// decision, and prints each roll with its chart and rule case. It knows only
// the engine's game-agnostic types, so every game plays here unchanged.
package terminal

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/persist"
)

// CursorDice is a dice source that knows how many dice it has handed out.
type CursorDice interface {
	engine.Dice
	Cursor() int64
}

// Session is one terminal game.
type Session struct {
	Rules engine.Rules
	Store *persist.Store
	Rec   *persist.GameRecord
	State engine.State
	// Dice rebuilds the game's dice at a cursor (after a failed decision the
	// source is rebuilt so nothing rolled for it counts).
	Dice  func(cursor int64) (CursorDice, error)
	In    io.Reader
	Out   io.Writer
	JSONL bool
	Now   func() time.Time
}

// ErrDice means the dice could not roll (a script ran out or held an
// impossible face): the game was left as it was before that decision.
var ErrDice = errors.New("the dice could not roll")

// Run plays until the game ends, the input ends, "quit", or ctx is done.
func (s *Session) Run(ctx context.Context) error {
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(s.In)
		sc.Buffer(make([]byte, 64*1024), 1024*1024)
		for sc.Scan() {
			select {
			case lines <- sc.Text():
			case <-ctx.Done():
				return
			}
		}
		close(lines)
	}()
	shown := ""
	for {
		if out := s.State.Outcome(); out != nil {
			return s.finish(out)
		}
		p := s.State.Pending()
		if p == nil {
			return fmt.Errorf("game %s waits for nothing and is not over", s.Rec.ID)
		}
		if p.Token != shown || s.JSONL {
			s.showPrompt(p)
			shown = p.Token
		} else if !s.JSONL {
			fmt.Fprint(s.Out, "> ")
		}
		var line string
		var ok bool
		select {
		case <-ctx.Done():
			return nil
		case line, ok = <-lines:
			if !ok {
				return nil
			}
		}
		line = strings.TrimSpace(line)
		switch {
		case line == "":
			continue
		case line == "quit" || line == "exit":
			return nil
		case isView(s.State, line):
			s.showView(line)
			shown = "" // show the prompt again under the view
			continue
		case !p.HasOption(line):
			s.error(fmt.Sprintf("unknown command or option %q: type one of %s, or status, log, help, quit", line, keys(p)))
			continue
		}
		if err := s.decide(p, line); err != nil {
			return err
		}
	}
}

func isView(st engine.State, name string) bool {
	for _, v := range st.Views() {
		if v == name {
			return true
		}
	}
	return false
}

func keys(p *engine.Prompt) string {
	k := make([]string, len(p.Options))
	for i, o := range p.Options {
		k[i] = o.Key
	}
	return strings.Join(k, ", ")
}

// decide applies one choice and commits it before showing anything.
func (s *Session) decide(p *engine.Prompt, key string) error {
	d, err := s.Dice(s.Rec.Dice.Cursor)
	if err != nil {
		return err
	}
	next, events, err := s.State.Apply(engine.Choice{Token: p.Token, Key: key}, d)
	if err != nil {
		var de *engine.DiceError
		if errors.As(err, &de) {
			s.error(err.Error() + " — the game is unchanged")
			return fmt.Errorf("%w: %v", ErrDice, err)
		}
		s.error(err.Error())
		return nil
	}
	state, err := next.Encode()
	if err != nil {
		return err
	}
	raw := make([]json.RawMessage, 0, len(events))
	for _, e := range events {
		b, err := json.Marshal(e)
		if err != nil {
			return fmt.Errorf("encoding an event: %w", err)
		}
		raw = append(raw, b)
	}
	rec := *s.Rec
	rec.State = state
	rec.Dice.Cursor = d.Cursor()
	rec.Decisions++
	rec.Updated = s.Now()
	rec.Over = next.Outcome() != nil
	if err := s.Store.Commit(&rec, raw); err != nil {
		return err
	}
	*s.Rec = rec
	s.State = next
	for _, e := range events {
		s.showEvent(e)
	}
	return nil
}

func (s *Session) finish(out *engine.Outcome) error {
	if s.JSONL {
		s.json(map[string]any{"type": "end", "score": out.Score, "level": out.Level, "summary": out.Summary, "fields": out.Fields})
	} else {
		fmt.Fprintf(s.Out, "\n== The end ==\n%s\n", out.Summary)
		for _, f := range out.Fields {
			fmt.Fprintf(s.Out, "  %s: %s\n", f.Name, f.Value)
		}
	}
	if err := s.Store.Archive(s.Rec.Key); err != nil && !errors.Is(err, persist.ErrNotFound) {
		return err
	}
	return nil
}

func (s *Session) json(v any) {
	b, err := json.Marshal(v)
	if err != nil {
		b = []byte(`{"type":"error","message":"cannot encode output"}`)
	}
	s.Out.Write(append(b, '\n'))
}

func (s *Session) error(msg string) {
	if s.JSONL {
		s.json(map[string]any{"type": "error", "message": msg})
		return
	}
	fmt.Fprintf(s.Out, "! %s\n", msg)
}

func (s *Session) showPrompt(p *engine.Prompt) {
	if s.JSONL {
		s.json(map[string]any{"type": "prompt", "token": p.Token, "kind": p.Kind, "actor": p.Actor, "text": p.Text, "case": p.Case, "options": p.Options})
		return
	}
	fmt.Fprintf(s.Out, "\n-- decision (%s) --\n%s\n", p.Case, p.Text)
	for _, o := range p.Options {
		c := ""
		if o.Case != "" {
			c = " (" + o.Case + ")"
		}
		fmt.Fprintf(s.Out, "  %-10s %s%s\n", o.Key, o.Label, c)
	}
	fmt.Fprint(s.Out, "> ")
}

func (s *Session) showEvent(e engine.Event) {
	if s.JSONL {
		s.json(map[string]any{"type": "event", "kind": e.Kind, "case": e.Case, "text": e.String(), "roll": e.Roll})
		return
	}
	switch e.Kind {
	case engine.KindChoice:
		fmt.Fprintf(s.Out, "» %s\n", e.Text)
	case engine.KindRoll:
		fmt.Fprintf(s.Out, "  [roll] %s\n", e.String())
	default:
		fmt.Fprintf(s.Out, "  %s\n", e.String())
	}
}

func (s *Session) showView(name string) {
	v, err := s.State.View(name)
	if err != nil {
		s.error(err.Error())
		return
	}
	if s.JSONL {
		s.json(map[string]any{"type": "view", "name": name, "view": v})
		return
	}
	fmt.Fprint(s.Out, RenderView(v))
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

// ShowStart prints the events of a new game.
func (s *Session) ShowStart(events []engine.Event) {
	for _, e := range events {
		s.showEvent(e)
	}
}
