package main

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/kaleun/kaleun/adapters/terminal"
	"github.com/kaleun/kaleun/bot"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
	"github.com/kaleun/kaleun/persist"
)

const terminalKey = "terminal/local"

type playFlags struct {
	db, seed, diceFile, game        string
	jsonl, abandon, yes             bool
	boat, start, name, uboat, rules string
}

func runPlay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var f playFlags
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&f.db, "db", "./kaleun.db", "database file (created if missing)")
	fs.StringVar(&f.seed, "seed", "", "hex seed for a reproducible career")
	fs.StringVar(&f.diceFile, "dice", "", "file of die faces to force (whitespace-separated integers)")
	fs.BoolVar(&f.jsonl, "jsonl", false, "speak one JSON object per line")
	fs.BoolVar(&f.abandon, "abandon", false, "end the game in progress (with --yes)")
	fs.BoolVar(&f.yes, "yes", false, "confirm --abandon")
	fs.StringVar(&f.game, "game", "hunters", "game to play")
	fs.StringVar(&f.boat, "boat", "", "U-boat type (VIIA VIIB VIIC VIID VIIC_Flak IXA IXB IXC)")
	fs.StringVar(&f.start, "start", "", "start date YYYY-MM (default: the boat's availability)")
	fs.StringVar(&f.name, "name", "", "Kommandant's name")
	fs.StringVar(&f.uboat, "uboat", "", "U-boat number, e.g. U-47, or 'historical' (14.4)")
	fs.StringVar(&f.rules, "rules", "", "optional rules and rulings, e.g. 14.6,14.7,diesel_repair=inoperable_at_once")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "kaleun play: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	if err := play(f, stdin, stdout, stderr); err != nil {
		if f.jsonl {
			b, _ := json.Marshal(map[string]string{"type": "error", "message": err.Error()})
			fmt.Fprintln(stdout, string(b))
		}
		fmt.Fprintln(stderr, "kaleun play:", err)
		return 1
	}
	return 0
}

func play(f playFlags, stdin io.Reader, stdout, stderr io.Writer) error {
	games, err := availableGames()
	if err != nil {
		return err
	}
	store, err := persist.Open(f.db)
	if err != nil {
		return err
	}
	defer store.Close()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	rec, err := store.Load(terminalKey)
	switch {
	case errors.Is(err, persist.ErrNotFound):
		rec = nil
	case err != nil:
		return err
	}
	if f.abandon {
		if rec == nil {
			return errors.New("there is no game in progress in " + f.db)
		}
		if !f.yes {
			return fmt.Errorf("abandoning game %s ends it for good: run again with --abandon --yes", rec.ID)
		}
		if err := store.Archive(terminalKey); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "Game %s abandoned and archived.\n", rec.ID)
		return nil
	}
	in := bufio.NewReader(stdin)
	var state engine.State
	var rules engine.Rules
	if rec != nil {
		if f.boat != "" || f.start != "" || f.name != "" || f.uboat != "" || f.rules != "" || f.seed != "" || f.diceFile != "" {
			return fmt.Errorf("a game is in progress in %s (%s): it resumes where it stopped; to start another, finish it, use another --db, or run `kaleun play --abandon --yes`", f.db, rec.ID)
		}
		rules = games[rec.Game]
		if rules == nil {
			return fmt.Errorf("the saved game is %q, which this kaleun does not know", rec.Game)
		}
		if state, err = rules.Decode(rec.State); err != nil {
			return err
		}
		if !f.jsonl {
			fmt.Fprintf(stdout, "Resuming game %s (decision %d).\n", rec.ID, rec.Decisions)
		}
	} else {
		rules = games[f.game]
		if rules == nil {
			return fmt.Errorf("unknown game %q", f.game)
		}
		rec, err = newRecord(f, rules.Name())
		if err != nil {
			return err
		}
		answers, err := setupAnswers(rules, f, in, stdout)
		if err != nil {
			return err
		}
		setup, _ := json.Marshal(answers)
		d, err := diceFor(rec.Dice)
		if err != nil {
			return err
		}
		var events []engine.Event
		state, events, err = rules.New(setup, d)
		if err != nil {
			return err
		}
		if err := commitNew(store, rec, state, events, d); err != nil {
			return err
		}
		s := session(rules, store, rec, state, in, stdout, f.jsonl)
		s.ShowStart(events)
		return s.Run(ctx)
	}
	return session(rules, store, rec, state, in, stdout, f.jsonl).Run(ctx)
}

func session(rules engine.Rules, store *persist.Store, rec *persist.GameRecord, state engine.State, in io.Reader, out io.Writer, jsonl bool) *terminal.Session {
	return &terminal.Session{
		Rules: rules, Store: store, Rec: rec, State: state, In: in, Out: out, JSONL: jsonl,
		Now:  func() time.Time { return time.Now().UTC() },
		Dice: func(cursor int64) (terminal.CursorDice, error) { r := rec.Dice; r.Cursor = cursor; return diceFor(r) },
	}
}

func newRecord(f playFlags, game string) (*persist.GameRecord, error) {
	id := make([]byte, 8)
	if _, err := rand.Read(id); err != nil {
		return nil, err
	}
	rec := &persist.GameRecord{ID: hex.EncodeToString(id), Game: game, Key: terminalKey, Created: time.Now().UTC()}
	rec.Updated = rec.Created
	rec.Dice = persist.DiceRecord{Kind: "auditable", GameID: rec.ID}
	switch {
	case f.diceFile != "":
		file, err := os.Open(f.diceFile)
		if err != nil {
			return nil, fmt.Errorf("--dice: %w", err)
		}
		defer file.Close()
		faces, err := dice.ParseScript(file)
		if err != nil {
			return nil, fmt.Errorf("--dice %s: %w", f.diceFile, err)
		}
		rec.Dice = persist.DiceRecord{Kind: "scripted", Faces: faces}
	case f.seed != "":
		seed, err := dice.ParseSeedHex(f.seed)
		if err != nil {
			return nil, fmt.Errorf("--seed: %w", err)
		}
		rec.Dice.Seed = hex.EncodeToString(seed)
		// A reproducible career needs the same game id too: derive it from the seed.
		rec.Dice.GameID = "seeded-" + dice.Commitment(seed)[:16]
	default:
		seed, err := dice.NewSeed()
		if err != nil {
			return nil, err
		}
		rec.Dice.Seed = hex.EncodeToString(seed)
	}
	return rec, nil
}

func diceFor(r persist.DiceRecord) (terminal.CursorDice, error) { return bot.DiceFor(r) }

func commitNew(store *persist.Store, rec *persist.GameRecord, state engine.State, events []engine.Event, d terminal.CursorDice) error {
	b, err := state.Encode()
	if err != nil {
		return err
	}
	raw := make([]json.RawMessage, 0, len(events))
	for _, e := range events {
		eb, err := json.Marshal(e)
		if err != nil {
			return err
		}
		raw = append(raw, eb)
	}
	rec.State = b
	rec.Dice.Cursor = d.Cursor()
	return store.Commit(rec, raw)
}

// setupAnswers takes setup answers from flags, asking for the rest on the terminal.
func setupAnswers(rules engine.Rules, f playFlags, in *bufio.Reader, out io.Writer) (map[string]string, error) {
	given := map[string]string{"boat": f.boat, "start": f.start, "kommandant": f.name, "uboat": f.uboat, "rules": f.rules}
	answers := map[string]string{}
	form, ok := rules.(engine.SetupForm)
	if !ok {
		return answers, nil
	}
	for _, field := range form.SetupFields() {
		v := strings.TrimSpace(given[field.Key])
		// Ask on the terminal only when no setup flag was given at all.
		interactive := !f.jsonl && f.boat == "" && f.start == "" && f.name == "" && f.uboat == "" && f.rules == ""
		if v == "" && interactive {
			var err error
			v, err = ask(field, in, out)
			if err != nil {
				return nil, err
			}
		}
		if v == "" {
			v = field.Default
		}
		if v == "" && field.Required {
			return nil, fmt.Errorf("setup: %s is required (flag --%s)", field.Label, flagFor(field.Key))
		}
		if v != "" {
			answers[field.Key] = v
		}
	}
	return answers, nil
}

func flagFor(key string) string {
	if key == "kommandant" {
		return "name"
	}
	return key
}

func ask(field engine.SetupField, in *bufio.Reader, out io.Writer) (string, error) {
	for {
		fmt.Fprintf(out, "%s", field.Label)
		if len(field.Options) > 0 {
			var keys []string
			for _, o := range field.Options {
				keys = append(keys, o.Key)
			}
			fmt.Fprintf(out, " [%s]", strings.Join(keys, " "))
		}
		if field.Default != "" {
			fmt.Fprintf(out, " (default %s)", field.Default)
		}
		if field.Help != "" {
			fmt.Fprintf(out, " — %s", field.Help)
		}
		fmt.Fprint(out, ": ")
		line, err := in.ReadString('\n')
		line = strings.TrimSpace(line)
		if err != nil && line == "" {
			if field.Required {
				return "", fmt.Errorf("setup: no answer for %s", field.Label)
			}
			return "", nil
		}
		if len(field.Options) == 0 || line == "" && !field.Required {
			return line, nil
		}
		for _, o := range field.Options {
			if strings.EqualFold(o.Key, line) {
				return o.Key, nil
			}
		}
		fmt.Fprintf(out, "! %q is not one of the choices\n", line)
	}
}
