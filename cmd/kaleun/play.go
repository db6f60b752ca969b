package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"github.com/kaleun/kaleun/internal/safefile"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/kaleun/kaleun/adapters/terminal"
	"github.com/kaleun/kaleun/bot"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
	"github.com/kaleun/kaleun/persist"
	"golang.org/x/term"
)

type playFlags struct {
	db, seed, diceFile, game        string
	jsonl, abandon, yes, pictures   bool
	boat, start, name, uboat, rules string
	opponent, end                   string
	campaign, length, draws         string
	packs                           packFlag
}

func runPlay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var f playFlags
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&f.db, "db", "./kaleun.db", "database file (created if missing), or a PostgreSQL URL (postgres://…)")
	fs.StringVar(&f.seed, "seed", "", "hex seed for a reproducible career")
	fs.StringVar(&f.diceFile, "dice", "", "file of die faces to force (whitespace-separated integers)")
	fs.BoolVar(&f.jsonl, "jsonl", false, "speak one JSON object per line")
	fs.BoolVar(&f.abandon, "abandon", false, "end the game in progress (with --yes)")
	fs.BoolVar(&f.yes, "yes", false, "confirm --abandon")
	fs.BoolVar(&f.pictures, "pictures", false, "draw the mats and the log sheet as PNGs in a folder next to the database")
	fs.StringVar(&f.game, "game", "hunters", "game to play")
	fs.StringVar(&f.boat, "boat", "", "U-boat type (VIIA VIIB VIIC VIID VIIC_Flak IXA IXB IXC)")
	fs.StringVar(&f.start, "start", "", "start date YYYY-MM (default: the boat's availability)")
	fs.StringVar(&f.name, "name", "", "Kommandant's name")
	fs.StringVar(&f.uboat, "uboat", "", "U-boat number, e.g. U-47, or 'historical' (14.4)")
	fs.StringVar(&f.rules, "rules", "", "optional rules and rulings, e.g. 14.6,14.7,diesel_repair=inoperable_at_once")
	fs.StringVar(&f.opponent, "opponent", "", "the second player's name (--game hunters-duel: two players at one keyboard)")
	fs.StringVar(&f.end, "end", "", "agreed end date YYYY-MM (--game hunters-duel, 13.1.1)")
	fs.StringVar(&f.campaign, "campaign", "", "the campaign (uboatleader)")
	fs.StringVar(&f.length, "length", "", "short, medium or long (uboatleader)")
	fs.StringVar(&f.draws, "draws", "", "deck (the pack's cards, shuffled by the dice) or physical (your own cards, entered as you draw them) (uboatleader)")
	fs.Var(&f.packs, "pack", "a content pack's directory, played instead of the house pack (uboatleader; a game played with one needs it to resume)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	// `kaleun play tonnagewar` names the game as --game does; flags may follow it.
	if fs.NArg() > 0 && f.game == "hunters" && !strings.HasPrefix(fs.Arg(0), "-") {
		f.game = fs.Arg(0)
		if err := fs.Parse(fs.Args()[1:]); err != nil {
			return 2
		}
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
	games, err := gamesWith(gameContent{UBoatLeaderPacks: f.packs})
	if err != nil {
		return err
	}
	store, err := openDB(context.Background(), f.db, false)
	if err != nil {
		return err
	}
	defer store.Close()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	opts, picturesDir, err := pictureOptions(f)
	if err != nil {
		return err
	}
	svc := bot.New(store, games, opts)
	defer svc.Wait()

	rec, err := store.Load(ctx, terminalPlace.Key())
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
		if err := store.Archive(ctx, terminalPlace.Key()); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "Game %s abandoned and archived.\n", rec.ID)
		return nil
	}
	in := bufio.NewReader(stdin)
	s := &terminal.Session{Svc: svc, Place: terminalPlace, User: terminalUser, In: in, Out: stdout, JSONL: f.jsonl, Pictures: picturesDir,
		ClearScreen: isTerminal(stdout)}
	if rec != nil && rec.Over {
		// A finished game an older kaleun left in its place: the session
		// shows its end as the bot archives it. A new game is for next time.
		s.Game = rec.Game
		return s.Run(ctx)
	}
	if rec != nil {
		if f.boat != "" || f.start != "" || f.name != "" || f.uboat != "" || f.rules != "" || f.seed != "" || f.diceFile != "" || f.opponent != "" || f.end != "" || f.campaign != "" || f.length != "" || f.draws != "" {
			return fmt.Errorf("a game is in progress in %s (%s): it resumes where it stopped; to start another, finish it, use another --db, or run `kaleun play --abandon --yes`", f.db, rec.ID)
		}
		if err := fitSession(ctx, s, games, rec); err != nil {
			if len(f.packs) == 0 {
				err = fmt.Errorf("%w (if it was played with a pack of your own, pass its directory with --pack)", err)
			}
			return err
		}
		s.Game = rec.Game
		if rec.OwnerName != "" {
			s.User.Name = rec.OwnerName
		}
		if !f.jsonl {
			fmt.Fprintf(stdout, "Resuming game %s (decision %d).\n", rec.ID, rec.Decisions)
		}
		return s.Run(ctx)
	}
	g := games[f.game]
	if g == nil {
		return fmt.Errorf("unknown game %q", f.game)
	}
	if again, err := lastCareerEnded(ctx, store, games, f, in, stdout); err != nil || !again {
		return err
	}
	d, err := diceRecord(f)
	if err != nil {
		return err
	}
	answers, err := setupAnswers(g, f, in, stdout)
	if err != nil {
		return err
	}
	if g.Outlook != nil && f.asks() {
		// The outlook at set-up: what careers set up so came to.
		raw, _ := json.Marshal(answers)
		var text string
		var err error
		terminal.WhileNoticed(stdout, terminal.NoticeAfter, terminal.OddsNotice, func() { text, err = g.Outlook.Outlook(raw) })
		if err == nil {
			fmt.Fprintf(stdout, "\n%s\n", text)
		}
	}
	first := terminalUser
	first.Name = g.Words.Player // what the game calls its player, until he is named
	asked := answers[firstPlayerKey]
	delete(answers, firstPlayerKey)
	switch {
	case f.name != "":
		first.Name = f.name // the first player's name, in games for several
	case asked != "":
		first.Name = asked
	case answers["kommandant"] != "":
		first.Name = answers["kommandant"] // the commander is named before the game says who commands
	}
	s.User = first
	r, err := svc.StartGame(ctx, terminalPlace, first, f.game, answers, d)
	if err != nil {
		return err
	}
	if len(r.Public) == 0 {
		for _, m := range r.Private {
			return errors.New(m.Text)
		}
	}
	s.Game = f.game
	if rec, err = store.Load(ctx, terminalPlace.Key()); err != nil {
		return err
	}
	if err := fitSession(ctx, s, games, rec); err != nil {
		return err
	}
	s.Show(r)
	return s.Run(ctx)
}

var (
	terminalPlace = bot.Place{Platform: "terminal", Space: "local", Channel: "local"}
	terminalUser  = bot.User{ID: "local", Name: "Player"}
)

// fitSession tells a session what the saved game offers: its views, undo,
// and routine decisions for the autopilot (with the player's preference).
func fitSession(ctx context.Context, s *terminal.Session, games engine.Registry, rec *persist.GameRecord) error {
	g := games[rec.Game]
	if g == nil {
		return fmt.Errorf("the saved game is %q, which this kaleun does not know", rec.Game)
	}
	st, err := g.Rules.Decode(rec.State)
	if err != nil {
		return err
	}
	s.Views = st.Views()
	if pv := engine.PrivateViewOf(st); pv != "" {
		s.Views = append(s.Views, pv) // the player at the keyboard's own cards
	}
	if len(g.Views) > 0 {
		s.ViewHelp = map[string]string{}
		for _, v := range g.Views {
			s.ViewHelp[v.Name] = v.Help
		}
	}
	s.Undo = g.Undo != nil
	s.Routine = engine.HasRoutine(st)
	s.Odds = g.OddsHelp != ""
	return s.LoadAutopilot(ctx)
}

// diceRecord turns --seed and --dice into the game's dice; nil means a fresh secret seed.
func diceRecord(f playFlags) (*persist.DiceRecord, error) {
	switch {
	case f.diceFile != "":
		b, err := safefile.ReadFile(f.diceFile, safefile.DiceLimit)
		if err != nil {
			return nil, fmt.Errorf("--dice: %w", err)
		}
		faces, err := dice.ParseScript(bytes.NewReader(b))
		if err != nil {
			return nil, fmt.Errorf("--dice %s: %w", f.diceFile, err)
		}
		return &persist.DiceRecord{Kind: "scripted", Faces: faces}, nil
	case f.seed != "":
		seed, err := dice.ParseSeedHex(f.seed)
		if err != nil {
			return nil, fmt.Errorf("--seed: %w", err)
		}
		// A reproducible career needs the same game id in the derivation too.
		return &persist.DiceRecord{Kind: "auditable", Seed: hex.EncodeToString(seed), GameID: "seeded-" + dice.Commitment(seed)[:16]}, nil
	}
	// A fresh secret seed. The terminal's player holds the database and so
	// the seed: there is no one to take entropy from, and the game starts at
	// once rather than waiting for a Start as chat games do.
	seed, err := dice.NewSeed()
	if err != nil {
		return nil, err
	}
	return &persist.DiceRecord{Kind: "auditable", Seed: hex.EncodeToString(seed)}, nil
}

// setupAnswers takes setup answers from flags, asking for the rest on the terminal.
func setupAnswers(g *engine.Game, f playFlags, in *bufio.Reader, out io.Writer) (map[string]string, error) {
	given := map[string]string{"boat": f.boat, "start": f.start, "kommandant": f.name, "uboat": f.uboat, "rules": f.rules, "b": f.opponent, "end": f.end,
		"campaign": f.campaign, "length": f.length, "draws": f.draws}
	if len(f.packs) > 0 {
		// The last pack given is the one played.
		p, err := loadPackDir(f.packs[len(f.packs)-1])
		if err != nil {
			return nil, err
		}
		given["pack"] = p.Meta.ID
	}
	answers := map[string]string{}
	if len(g.Setup) == 0 {
		return answers, nil
	}
	fields := g.Setup
	if len(g.Seats) > 0 {
		// A game for several at one keyboard: the first player, who creates
		// it, is asked his name like the others, in the game's words.
		fields = append([]engine.SetupField{{Key: firstPlayerKey, Label: g.Words.FirstSeat, Default: g.Words.FirstSeatName}}, fields...)
		given[firstPlayerKey] = f.name
	}
	for _, field := range fields {
		v := strings.TrimSpace(given[field.Key])
		// Ask on the terminal only when no setup flag was given at all.
		if v == "" && f.asks() {
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
		if v != "" && field.Type == engine.FieldUser {
			// Both players sit at this keyboard: the second gets a local id.
			v = bot.UserArg("seat"+field.Key, v)
		}
		if v != "" {
			answers[field.Key] = v
		}
	}
	return answers, nil
}

// asks says the set-up is asked at the keyboard: no setup flag was given
// at all, and no program speaks JSONL.
func (f playFlags) asks() bool {
	return !f.jsonl && f.boat == "" && f.start == "" && f.name == "" && f.uboat == "" && f.rules == "" && f.opponent == "" && f.end == "" && f.campaign == "" && f.length == "" && f.draws == "" && len(f.packs) == 0
}

// firstPlayerKey is the setup question of the first player's name, asked
// by the terminal itself (--name).
const firstPlayerKey = "first player"

func flagFor(key string) string {
	switch key {
	case firstPlayerKey:
		return "name"
	case "kommandant":
		return "name"
	case "b":
		return "opponent"
	}
	return key
}

func ask(field engine.SetupField, in *bufio.Reader, out io.Writer) (string, error) {
	if len(field.Menu) > 0 {
		// What the answer may combine, each in a phrase.
		fmt.Fprintf(out, "%s — any of these, or none:\n", field.Label)
		const keyWidth = 16 // a longer key has its phrase on the next line
		for _, o := range field.Menu {
			c := ""
			if o.Case != "" && o.Case != o.Key {
				c = " (" + o.Case + ")"
			}
			if len(o.Key) > keyWidth {
				fmt.Fprintf(out, "  %s\n  %-*s  %s%s\n", o.Key, keyWidth, "", o.Label, c)
				continue
			}
			fmt.Fprintf(out, "  %-*s  %s%s\n", keyWidth, o.Key, o.Label, c)
		}
		field.Help = "a ruling as name=value, the default first in its list above; empty: none"
	}
	for {
		fmt.Fprintf(out, "%s", field.Label)
		if len(field.Options) > 0 {
			var keys []string
			for i, o := range field.Options {
				keys = append(keys, fmt.Sprintf("%d %s", i+1, o.Key))
			}
			fmt.Fprintf(out, " [%s]", strings.Join(keys, ", "))
		}
		if field.Default != "" {
			fmt.Fprintf(out, " (default %s)", field.Default)
		}
		if field.Help != "" {
			fmt.Fprintf(out, " — %s", field.Help)
		}
		fmt.Fprint(out, ": ")
		line, err := terminal.ReadLine(in, terminal.MaxLine)
		var tooLong *terminal.LineTooLongError
		if errors.As(err, &tooLong) {
			fmt.Fprintf(out, "! %v\n", err)
			continue
		}
		line = strings.TrimSpace(line)
		if err != nil {
			if field.Required {
				return "", fmt.Errorf("setup: no answer for %s", field.Label)
			}
			return "", nil
		}
		if len(field.Options) == 0 || line == "" && !field.Required {
			return line, nil
		}
		var keys []string
		for _, o := range field.Options {
			keys = append(keys, o.Key)
		}
		key, why := terminal.Choose(line, keys)
		if why == "" {
			return key, nil
		}
		fmt.Fprintf(out, "! %s\n", why)
	}
}

// pictureOptions turns --pictures on: the illustrators draw, and the
// pictures go to DB-pictures/ beside the database (kaleun.db → kaleun-pictures).
func pictureOptions(f playFlags) (bot.Options, string, error) {
	if !f.pictures {
		return bot.Options{TextOnly: true}, "", nil
	}
	dir := strings.TrimSuffix(f.db, filepath.Ext(f.db)) + "-pictures"
	if persist.IsPostgresURL(f.db) {
		dir = "kaleun-pictures"
	}
	return bot.Options{}, dir, nil // the games' own illustrators draw
}

// isTerminal says w is a terminal, where escape codes clear the screen.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// lastCareerEnded says so when the last game played here has ended, shows
// its result, and asks before starting a new one (at the keyboard only: a
// program, or a player who gave the set-up as flags, has said what he
// wants). again is false when the player would rather not.
func lastCareerEnded(ctx context.Context, store *persist.Store, games engine.Registry, f playFlags, in *bufio.Reader, out io.Writer) (again bool, err error) {
	if !f.asks() {
		return true, nil
	}
	last, err := store.LastFinished(ctx, terminalPlace.Key())
	if errors.Is(err, persist.ErrNotFound) {
		return true, nil
	}
	if err != nil {
		return false, err
	}
	fmt.Fprintf(out, "Your last game here, %s, has ended.\n", last.ID)
	if rules := games.Rules(last.Game); rules != nil {
		if st, err := rules.Decode(last.State); err == nil && st.Outcome() != nil {
			o := st.Outcome()
			fmt.Fprintf(out, "  %s\n", o.Summary)
			for _, field := range engine.ShownFields(o.Fields) {
				fmt.Fprintf(out, "  %s: %s\n", field.Name, field.Value)
			}
		}
	}
	fmt.Fprint(out, "Start a new one? [y/N]: ")
	line, err := terminal.ReadLine(in, terminal.MaxLine)
	if err != nil {
		fmt.Fprintln(out)
	}
	switch strings.ToLower(strings.TrimSpace(line)) {
	case "y", "yes":
		return true, nil
	}
	fmt.Fprintf(out, "Nothing started. The finished game stays in %s (`kaleun audit --db %s` lists it); run `kaleun play` again for a new one.\n", f.db, f.db)
	return false, nil
}
