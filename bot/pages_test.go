package bot

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/persist"
)

// manyRules is a game of one decision among 250 choices: more than one chat
// message holds.
type manyRules struct{}

type manyState struct {
	Chosen string `json:"chosen"`
}

const manyChoices = 250

func (manyRules) Name() string { return "many" }
func (manyRules) New([]byte, engine.Dice) (engine.State, []engine.Event, error) {
	return &manyState{}, nil, nil
}
func (manyRules) Decode(b []byte) (engine.State, error) {
	var s manyState
	return &s, json.Unmarshal(b, &s)
}

func (s *manyState) Pending() *engine.Prompt {
	if s.Chosen != "" {
		return nil
	}
	p := &engine.Prompt{Token: "t1", Actor: engine.Commander, Kind: "many.pick", Text: "Pick one."}
	for i := 1; i <= manyChoices; i++ {
		p.Options = append(p.Options, engine.Option{Key: fmt.Sprintf("o%d", i), Label: fmt.Sprintf("Choice %d", i)})
	}
	return p
}

func (s *manyState) Apply(c engine.Choice, _ engine.Dice) (engine.State, []engine.Event, error) {
	if !s.Pending().HasOption(c.Key) {
		return nil, nil, fmt.Errorf("%w: %q", engine.ErrIllegalChoice, c.Key)
	}
	return &manyState{Chosen: c.Key}, []engine.Event{{Kind: engine.KindNote, Text: "chose " + c.Key}}, nil
}

func (s *manyState) Outcome() *engine.Outcome {
	if s.Chosen == "" {
		return nil
	}
	return &engine.Outcome{Summary: "chose " + s.Chosen, Level: "done"}
}
func (s *manyState) Encode() ([]byte, error) { return json.Marshal(s) }
func (s *manyState) Views() []string         { return []string{"help"} }
func (s *manyState) View(string) (*engine.View, error) {
	return &engine.View{Title: "Help"}, nil
}

// A decision of more choices than a message holds shows them in pages: the
// prompt's message the first 100 and a More choices button, which answers
// privately with the next page; a choice of a later page takes the decision
// as a click on the prompt does. None is cut.
func TestAPromptOfManyChoicesShowsThemAllInPages(t *testing.T) {
	store, err := persist.Open(filepath.Join(t.TempDir(), "bot.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	svc := New(store, engine.Described(map[string]engine.Rules{"many": manyRules{}}), Options{
		Now:     func() time.Time { return time.Unix(1700000000, 0).UTC() },
		NewSeed: func() ([]byte, error) { return []byte("fixed seed for tests"), nil },
		NewID:   func() (string, error) { return "g1", nil },
	})
	r, err := svc.Command(t.Context(), here, prien, "many", "new", nil)
	if err != nil {
		t.Fatal(err)
	}
	if m := r.Public[len(r.Public)-1]; len(m.Options) == 1 && m.Prompt == nil {
		if r, err = svc.Click(t.Context(), here, prien, m.Options[0].ID); err != nil {
			t.Fatal(err)
		}
	}
	prompt := lastPrompt(t, r)
	var choices []string
	var more *Option
	for i, o := range prompt.Options {
		switch {
		case strings.HasPrefix(o.Label, "More choices"):
			more = &prompt.Options[i]
		case o.Style != StyleQuiet:
			choices = append(choices, o.Label)
		}
	}
	if len(choices) != choicesPerPage || more == nil || more.Label != "More choices (101–200 of 250)" {
		t.Fatalf("the prompt's message: %d choices and %+v", len(choices), more)
	}
	seen := map[string]bool{}
	for _, c := range choices {
		seen[c] = true
	}
	var last Option
	for page := 0; more != nil; page++ {
		if page > 3 {
			t.Fatal("More choices never ends")
		}
		r, err := svc.Click(t.Context(), here, prien, more.ID)
		if err != nil || len(r.Private) != 1 || len(r.Public) != 0 {
			t.Fatalf("More choices: %+v %v", r, err)
		}
		more = nil
		for i, o := range r.Private[0].Options {
			if strings.HasPrefix(o.Label, "More choices") {
				more = &r.Private[0].Options[i]
				continue
			}
			seen[o.Label], last = true, o
		}
	}
	if len(seen) != manyChoices {
		t.Fatalf("the pages show %d of %d choices", len(seen), manyChoices)
	}
	if r, err = svc.Click(t.Context(), here, stranger, last.ID); err != nil || len(r.Public) != 0 {
		t.Fatalf("another player's click on a page's choice: %+v %v", r, err)
	}
	if r, err = svc.Click(t.Context(), here, prien, last.ID); err != nil {
		t.Fatal(err)
	}
	if len(r.Answered) != 1 || r.Answered[0].Ref != prompt.Ref || !strings.Contains(r.Answered[0].Message.Text, "Choice 250") || r.Update == nil {
		t.Fatalf("the last page's last choice takes the decision, its result replacing the prompt's message: %+v", r)
	}
	if r, err = svc.Click(t.Context(), here, prien, last.ID); err != nil || len(r.Public) != 0 {
		t.Fatalf("a second click on it: %+v %v", r, err)
	}
}
