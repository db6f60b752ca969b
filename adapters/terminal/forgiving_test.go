package terminal

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/bot"
	"github.com/kaleun/kaleun/bot/audit"
	"github.com/kaleun/kaleun/bot/chat"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/hunters"
	"github.com/kaleun/kaleun/engine/hunters/duel"
	"github.com/kaleun/kaleun/persist"
)

// A keyboard line names an option by its number, by its key in any case,
// or by any unique beginning of its key or of a command; an ambiguous one
// lists what it could be; a program (JSONL) sends exact keys.
func TestResolveNumbersPrefixesCaseAndAmbiguity(t *testing.T) {
	p := &engine.Prompt{Options: []engine.Option{{Key: "e3"}, {Key: "e6"}, {Key: "sail"}, {Key: "save"}, {Key: "abort"}}}
	commands := []string{"status", "log", "rules", "history", "dice", "undo", "help", "quit"}
	for line, want := range map[string]pick{
		"2":         {option: "e6"},
		" 5 ":       {option: "abort"},
		"E6":        {option: "e6"},
		"e3":        {option: "e3"},
		"ab":        {option: "abort"},
		"ABORT":     {option: "abort"},
		"sai":       {option: "sail"},
		"sav":       {option: "save"},
		"st":        {command: "status"},
		"Status":    {command: "status"},
		"h":         {command: "help"}, // "help" and "history" both start with h...
		"hi":        {command: "history"},
		"un":        {command: "undo"},
		"autopilot": {},
	} {
		got, why := resolve(line, p, commands, false)
		if line == "h" {
			if !strings.Contains(why, `"h" could be history or help`) {
				t.Errorf("%q: want it ambiguous, got %+v %q", line, got, why)
			}
			continue
		}
		if line == "autopilot" {
			if !strings.Contains(why, "unknown command or option") || !strings.Contains(why, "1 to 5") || !strings.Contains(why, "undo, help, quit") {
				t.Errorf("%q: %q", line, why)
			}
			continue
		}
		if why != "" || got != want {
			t.Errorf("%q: got %+v %q, want %+v", line, got, why, want)
		}
	}
	for line, want := range map[string]string{
		"s":  `"s" could be sail, save or status`,
		"sa": `"sa" could be sail or save`,
		"9":  "there is no line 9 here: type a line's number, 1 to 5",
		"0":  "there is no line 0 here",
	} {
		if got, why := resolve(line, p, commands, false); !strings.Contains(why, want) {
			t.Errorf("%q: got %+v %q, want %q", line, got, why, want)
		}
	}
	// A program's line is a key or a command as it is.
	for line, ok := range map[string]bool{"e6": true, "status": true, "2": false, "E6": false, "sai": false, "st": false} {
		got, why := resolve(line, p, commands, true)
		if (why == "") != ok {
			t.Errorf("JSONL %q: got %+v %q", line, got, why)
		}
	}
}

// A number typed is the line's number as shown, even where the keys are
// numbers too (issue 28 item 4: "1) 0 U-47  2) 1 U-48", and "2" took the
// option keyed 2, the third line); JSONL takes the key as sent.
func TestNumberTypedIsTheLineNotADigitKey(t *testing.T) {
	p := &engine.Prompt{Options: []engine.Option{{Key: "0", Label: "Hold position"}, {Key: "1", Label: "Fall back 1"}, {Key: "2", Label: "Fall back 2: off the display"}}}
	for line, want := range map[string]string{"1": "0", "2": "1", "3": "2"} {
		if got, why := resolve(line, p, nil, false); why != "" || got.option != want {
			t.Errorf("keyboard %q: got %+v %q, want the line's key %q", line, got, why, want)
		}
	}
	if _, why := resolve("4", p, nil, false); !strings.Contains(why, "no line 4") {
		t.Errorf("keyboard 4: %q", why)
	}
	for line, want := range map[string]string{"0": "0", "2": "2"} {
		if got, why := resolve(line, p, nil, true); why != "" || got.option != want {
			t.Errorf("JSONL %q: got %+v %q, want the key itself", line, got, why)
		}
	}
}

// A value typed as its label shows it ("+2") is that option, at a prompt
// numbered by lines: the stress menu listed -5…-1 as lines 1-5 and +1…+5
// as 6-10, and "+2" could not be typed at all.
func TestSignedValueTypedIsItsLabel(t *testing.T) {
	p := &engine.Prompt{}
	for _, v := range []int{-5, -4, -3, -2, -1, 1, 2, 3, 4, 5} {
		p.Options = append(p.Options, engine.Option{Key: fmt.Sprintf("effect1.value=%d", v), Label: fmt.Sprintf("%+d", v)})
	}
	for line, want := range map[string]string{"+2": "effect1.value=2", "-4": "effect1.value=-4", "2": "effect1.value=-4", "7": "effect1.value=2"} {
		if got, why := resolve(line, p, nil, false); why != "" || got.option != want {
			t.Errorf("%q: got %+v %q, want %q", line, got, why, want)
		}
	}
}

// At a prompt that asks for a number (engine.Entry) the number typed is
// the number, signed or not, and a number the options hold is checked
// here; one entered in steps (Walk) goes to the game as Key+n.
func TestEntryTakesTheNumberTyped(t *testing.T) {
	p := &engine.Prompt{Entry: &engine.Entry{Label: "Stress", Key: "v=", Min: -5, Max: 5}}
	for _, v := range []int{-5, -4, -3, -2, -1, 1, 2, 3, 4, 5} {
		p.Options = append(p.Options, engine.Option{Key: fmt.Sprintf("v=%d", v), Label: fmt.Sprintf("%+d", v)})
	}
	p.Options = append(p.Options, engine.Option{Key: "back", Label: "Back"})
	for line, want := range map[string]string{"2": "v=2", "+2": "v=2", "-4": "v=-4", "ba": "back"} {
		if got, why := resolve(line, p, nil, false); why != "" || got.option != want {
			t.Errorf("%q: got %+v %q, want %q", line, got, why, want)
		}
	}
	for _, line := range []string{"0", "6", "x"} {
		if got, why := resolve(line, p, nil, false); got.option != "" || !strings.Contains(why, "-5 to -1, +1 to +5") {
			t.Errorf("%q: got %+v %q, want a refusal naming the numbers", line, got, why)
		}
	}
	walk := &engine.Prompt{Entry: &engine.Entry{Label: "Number", Key: "number=", Min: 1, Max: 999, Walk: "n100="},
		Options: []engine.Option{{Key: "n100=0", Label: "1-99"}, {Key: "n100=1", Label: "100-199"}, {Key: "other", Label: "Cancel"}}}
	if got, why := resolve("123", walk, nil, false); why != "" || got.option != "number=123" {
		t.Errorf("123: got %+v %q", got, why)
	}
	if _, why := resolve("1000", walk, nil, false); !strings.Contains(why, "1 to 999") {
		t.Errorf("1000: %q", why)
	}
	if got, why := resolve("number=45", walk, nil, true); why != "" || got.option != "number=45" {
		t.Errorf("JSONL number=45: got %+v %q", got, why)
	}
	if _, why := resolve("45", walk, nil, true); !strings.Contains(why, "send an option's key (other), number= followed by a number (1 to 999)") {
		t.Errorf("JSONL 45: %q", why)
	}
}

// numberedOption matches a displayed option: its number and key.
var numberedOption = regexp.MustCompile(`(?m)^ +(\d+)\) (\S+) `)

// keyboard plays a session as a person at the keyboard: at each "> " it
// asks type for the line to type, given the screen since the last one.
func keyboard(t *testing.T, s *Session, typeLine func(screen string) string) string {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	s.In, s.Out, s.shown, s.prompted = inR, outW, "", false // nothing shown on this screen yet
	done := make(chan error, 1)
	go func() { done <- s.Run(context.Background()); outW.Close() }()
	var all strings.Builder
	screen := ""
	buf := make([]byte, 64<<10)
	for {
		n, err := outR.Read(buf)
		all.Write(buf[:n])
		screen += string(buf[:n])
		if err != nil {
			break
		}
		if strings.HasSuffix(screen, "> ") {
			line := typeLine(screen)
			screen = ""
			go io.WriteString(inW, line+"\n")
		}
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	return all.String()
}

// A whole patrol at the keyboard, every decision typed as the number of
// the built-in commander's choice in the list shown: the career comes home
// (or is lost), and no prompt is ever printed twice in a row ("> > ").
func TestKeyboardPlaysAPatrolByNumbers(t *testing.T) {
	path := filepath.Join(t.TempDir(), "k.db")
	s, store := sessionWith(t, path, false, "", io.Discard, nil, bot.Options{})
	s.Undo, s.Routine = true, true
	h, _ := hunters.NewRules()
	typed := 0
	out := keyboard(t, s, func(screen string) string {
		rec, err := store.Load(t.Context(), place.Key())
		if err != nil {
			return "quit"
		}
		st, _ := h.Decode(rec.State)
		hs := st.(*hunters.State)
		if hs.Career.Patrols == 1 || typed > 400 {
			return "quit"
		}
		want := hunters.Command(hs)
		for _, m := range numberedOption.FindAllStringSubmatch(screen, -1) {
			if m[2] == want {
				typed++
				return m[1]
			}
		}
		t.Fatalf("the commander's %q is not among the numbered options:\n%s", want, screen)
		return ""
	})
	if typed < 10 {
		t.Fatalf("only %d decisions typed", typed)
	}
	if strings.Contains(out, "> > ") || strings.Contains(out, "> \n> ") {
		t.Fatalf("a prompt printed twice in a row:\n%s", out)
	}
	if !strings.Contains(out, "Saved — run the same command to resume.") {
		t.Fatal("quit does not say the game is saved")
	}
	if strings.Contains(out, "\n! ") || strings.Contains(out, "> ! ") {
		t.Fatalf("a number was refused:\n%s", out)
	}
	if rec, err := store.Load(t.Context(), place.Key()); err == nil {
		st, _ := h.Decode(rec.State)
		if st.(*hunters.State).Career.Patrols != 1 {
			t.Fatalf("the patrol is not over after %d decisions", typed)
		}
	}
}

// Undo at the keyboard: a free one brings the prompt back, one after dice
// says what it discarded and marks the career; in JSONL the void is an
// event line of kind "void" and the prompt comes again with a new token.
func TestKeyboardUndo(t *testing.T) {
	path := filepath.Join(t.TempDir(), "k.db")
	var out strings.Builder
	// The second undo comes after dice: it asks first, and "undo" confirms.
	s, store := session(t, path, false, "e3\nundo\ne6\n1\n1\nundo\nundo\nstatus\nquit\n", &out, nil)
	s.Undo = true
	before, _ := store.Load(t.Context(), place.Key())
	if err := s.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	for _, want := range []string{
		"Undo 1: Kommandant took back decision 1 (Decision: 11 G7a + 3 G7e). No die had been rolled since: a free undo.",
		"Undo 2: Kommandant took back decision 4",
		"The dice seen since are discarded, never rolled again: #1 (",
		"Marked: 1 decision undone after dice were seen.",
		"Undone:                1 decision undone after dice were seen",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("output lacks %q\n%s", want, text)
		}
	}
	after, _ := store.Load(t.Context(), place.Key())
	if after.Decisions != before.Decisions+4 || after.Dice.Cursor <= before.Dice.Cursor {
		t.Fatalf("decisions %d → %d, cursor %d → %d", before.Decisions, after.Decisions, before.Dice.Cursor, after.Dice.Cursor)
	}
	// The same in JSONL.
	store.Close()
	var jout strings.Builder
	js, store := session(t, path, true, "", &jout, nil)
	js.Undo = true
	js.In = strings.NewReader("z1\n{\"key\":\"undo\"}\n{\"token\":\"question\",\"key\":\"undo\"}\nquit\n") // undo, and yes
	if err := js.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	var tokens []string
	voids := 0
	for _, l := range jsonlLines(t, jout.String()) {
		switch {
		case l["type"] == "prompt":
			tokens = append(tokens, l["token"].(string))
		case l["type"] == "event" && l["kind"] == "void":
			voids++
		case l["type"] == "error":
			t.Fatalf("error: %v", l["message"])
		}
	}
	if voids != 1 || len(tokens) < 2 || tokens[len(tokens)-1] == tokens[len(tokens)-2] {
		t.Fatalf("JSONL undo: %d voids, tokens %v\n%s", voids, tokens, jout.String())
	}
	rec, _ := store.Load(t.Context(), place.Key())
	x, err := audit.Build(t.Context(), store, rec, true)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := json.Marshal(x)
	h, _ := hunters.NewRules()
	rep := audit.Verify(data, engine.Described(map[string]engine.Rules{"hunters": h}))
	if !rep.OK() || rep.Undos != 3 || rep.UndoneAfterDice != 2 {
		t.Fatalf("verify: %v, %d undos, %d after dice", rep.Problems, rep.Undos, rep.UndoneAfterDice)
	}
}

// The autopilot takes the routine decisions (the loading, sailing on) with
// one line each, stops where the player is needed, and gives back the
// prompt an undo brings back.
func TestKeyboardAutopilot(t *testing.T) {
	path := filepath.Join(t.TempDir(), "k.db")
	var out strings.Builder
	s, store := session(t, path, false, "autopilot on\nquit\n", &out, nil)
	s.Undo, s.Routine = true, true
	if err := s.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	if !strings.Contains(text, "Autopilot on") || strings.Count(text, "autopilot » ") < 4 {
		t.Fatalf("the autopilot took too little:\n%s", text)
	}
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "» Decision") {
			t.Fatalf("an autopilot decision is said twice: %q", line)
		}
	}
	rec, _ := store.Load(t.Context(), place.Key())
	h, _ := hunters.NewRules()
	st, _ := h.Decode(rec.State)
	if _, routine := st.(engine.Routine).RoutineChoice(); routine {
		t.Fatalf("the autopilot stopped at a routine decision: %s", st.Pending().Kind)
	}
	// Resumed, the preference holds; an undo gives the routine prompt back.
	store.Close()
	var out2 strings.Builder
	s2, store2 := session(t, path, false, "undo\nundo\nquit\n", &out2, nil)
	s2.Undo, s2.Routine = true, true
	if err := s2.LoadAutopilot(t.Context()); err != nil || !s2.autopilot {
		t.Fatalf("the preference was not kept: %v", err)
	}
	if err := s2.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	rec2, _ := store2.Load(t.Context(), place.Key())
	st2, _ := h.Decode(rec2.State)
	if _, routine := st2.(engine.Routine).RoutineChoice(); !routine || !strings.Contains(out2.String(), "-- decision") {
		t.Fatalf("after the undo the routine prompt waits for the player:\n%s", out2.String())
	}
}

// End of input at the prompt ends the line and says the game is saved.
func TestEndOfInputSaysSaved(t *testing.T) {
	var out strings.Builder
	s, _ := session(t, filepath.Join(t.TempDir(), "k.db"), false, "", &out, nil)
	if err := s.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(out.String(), "> \nSaved — run the same command to resume.\n") {
		t.Fatalf("end of input:\n%q", out.String()[max(0, out.Len()-80):])
	}
}

// Two players at one keyboard: an undo after dice asks the other player
// there, and his "allow" (typed by number or word) takes the decision back.
func TestHotSeatDuelUndoAsksTheOtherPlayer(t *testing.T) {
	store, err := persist.Open(filepath.Join(t.TempDir(), "duel.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	h, _ := hunters.NewRules()
	games := engine.Described(map[string]engine.Rules{"hunters": h, "hunters-duel": duel.NewRules(h)})
	svc := bot.New(store, games, bot.Options{})
	prien := chat.User{ID: me.ID, Name: "Prien"}
	d := &persist.DiceRecord{Kind: "auditable", Seed: hex.EncodeToString([]byte("hot seat duel")), GameID: "duel"}
	r, err := svc.StartGame(t.Context(), place, prien, "hunters-duel", map[string]string{"boat": "VIIC", "start": "1941-06", "b": bot.UserArg("seatb", "Kretschmer")}, d)
	if err != nil {
		t.Fatal(err)
	}
	s := &Session{Svc: svc, Place: place, User: prien, Game: "hunters-duel", Views: []string{"status", "log", "score", "help", "rules"}, Undo: true, Out: io.Discard}
	s.Show(r)
	sure, asked, answered := false, false, false
	out := keyboard(t, s, func(screen string) string {
		switch {
		case strings.Contains(screen, "-- undo, and mark the career --") && !sure:
			// The undo will mark Prien's career: he is asked first.
			sure = true
			if !strings.Contains(screen, "The other player is then asked") || !strings.Contains(screen, "1) undo") {
				t.Fatalf("the confirmation:\n%s", screen)
			}
			return "1"
		case strings.Contains(screen, "-- undo --"):
			asked = true
			if !strings.Contains(screen, "Prien asks to undo decision") || !strings.Contains(screen, "1) allow") {
				t.Fatalf("the question:\n%s", screen)
			}
			answered = true
			return "1"
		case answered:
			return "quit"
		}
		rec, _ := store.Load(t.Context(), place.Key())
		if rec.Dice.Cursor > 12 && !asked {
			return "undo"
		}
		st, _ := games["hunters-duel"].Rules.Decode(rec.State)
		want := hunters.Command(st.(*duel.State).Career())
		for _, m := range numberedOption.FindAllStringSubmatch(screen, -1) {
			if m[2] == want {
				return m[2]
			}
		}
		return "1"
	})
	if !sure || !asked {
		t.Fatalf("confirmation asked %v, consent asked %v:\n%s", sure, asked, out)
	}
	rec, _ := store.Load(t.Context(), place.Key())
	es, _ := store.Events(t.Context(), rec.ID, rec.Seq, 0)
	var v audit.VoidEvent
	json.Unmarshal(es[0].Event, &v)
	if v.Kind != audit.KindVoid || v.Void.Consent != "Kretschmer" || !v.Void.AfterDice() {
		t.Fatalf("the last entry: %s\n%s", es[0].Event, out)
	}
}

// A picture is written and announced when it changed, not again when a
// decision brings the same one.
func TestPictureLineOnlyWhenThePictureChanged(t *testing.T) {
	var out strings.Builder
	s := &Session{Out: &out, Pictures: t.TempDir()}
	mat := chat.File{Name: "mat.png", Data: []byte("first")}
	s.writeFiles([]chat.File{mat})
	s.writeFiles([]chat.File{mat})
	s.writeFiles([]chat.File{{Name: "mat.png", Data: []byte("second")}, {Name: "log.png", Data: []byte("first")}})
	if n := strings.Count(out.String(), "[picture: "); n != 3 || strings.Count(out.String(), "mat.png]") != 2 {
		t.Fatalf("%d picture lines:\n%s", n, out.String())
	}
}
