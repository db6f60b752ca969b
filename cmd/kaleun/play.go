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
	"runtime"
	"slices"
	"sort"
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
	db, seed, diceFile, game      string
	jsonl, abandon, yes, pictures bool
	// gameNamed says the game was named (kaleun play GAME, --game): a
	// saved game of another is then not resumed in its stead.
	gameNamed bool
	// sets are the --set key=value answers, and aliases the set-up flags
	// the games declare (engine.SetupField.Flag: --boat, --name, ...) that
	// were given, by flag name.
	sets    setFlag
	aliases map[string]string
	packs   packFlag
}

// nameFlag is the flag of the player's own name (--name): a game marks the
// question that names its player with it (engine.SetupField.Flag), and a
// game for several at one keyboard asks it of its first player.
const nameFlag = "name"

func runPlay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var f playFlags
	games, err := availableGames()
	if err != nil {
		fmt.Fprintln(stderr, "kaleun play:", err)
		return 1
	}
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&f.db, "db", "./kaleun.db", "database file (created if missing), or a PostgreSQL URL (postgres://…)")
	fs.StringVar(&f.seed, "seed", "", "seed for a reproducible game: 0x and hex digits, e.g. 0x2a (hex digits without 0x are read as hex too)")
	fs.StringVar(&f.diceFile, "dice", "", "file of die faces to force (whitespace-separated integers)")
	fs.BoolVar(&f.jsonl, "jsonl", false, "speak one JSON object per line")
	fs.BoolVar(&f.abandon, "abandon", false, "end the game in progress (with --yes)")
	fs.BoolVar(&f.yes, "yes", false, "confirm --abandon")
	fs.BoolVar(&f.pictures, "pictures", false, "draw the game's pictures as PNGs in a folder next to the database")
	fs.StringVar(&f.game, "game", defaultGame, "game to play (or name it first: kaleun play GAME)")
	fs.Var(&f.sets, "set", "a set-up answer, key=value, repeated for several (kaleun play GAME --set help lists the game's questions)")
	fs.Var(&f.packs, "pack", "a content pack's directory, played instead of the game's built-in content (a game played with one needs it to resume)")
	aliases := map[string]*string{}
	for _, a := range setupFlags(games) {
		if fs.Lookup(a.name) != nil {
			continue // a framework flag keeps its name; the game's answer has --set
		}
		aliases[a.name] = fs.String(a.name, "", a.usage)
	}
	usageWithGames(fs, "kaleun play [GAME] [--set key=value ...] [flags]", games, nil)
	if err := fs.Parse(args); err != nil {
		return flagExit(err)
	}
	// `kaleun play tonnagewar` names the game as --game does; flags may follow it.
	named := false
	fs.Visit(func(fl *flag.Flag) { named = named || fl.Name == "game" })
	if fs.NArg() > 0 && !named && !strings.HasPrefix(fs.Arg(0), "-") {
		f.game, named = fs.Arg(0), true
		if err := fs.Parse(fs.Args()[1:]); err != nil {
			return flagExit(err)
		}
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "kaleun play: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	f.gameNamed = named
	f.aliases = map[string]string{}
	fs.Visit(func(fl *flag.Flag) {
		if v, ok := aliases[fl.Name]; ok {
			f.aliases[fl.Name] = *v
		}
	})
	if slices.Contains(f.sets, "help") {
		return listQuestions(games, f.game, stdout, stderr)
	}
	if err := play(f, stdin, stdout, stderr); err != nil {
		var fe *flagError
		if f.jsonl {
			b, _ := json.Marshal(map[string]string{"type": "error", "message": err.Error()})
			fmt.Fprintln(stdout, string(b))
		}
		fmt.Fprintln(stderr, "kaleun play:", err)
		if errors.As(err, &fe) {
			return 2 // a flag the game cannot take, as the flag package answers one
		}
		return 1
	}
	return 0
}

// listQuestions answers --set help: the game's set-up questions, each with
// its key, its flag and what it takes.
func listQuestions(games engine.Registry, game string, stdout, stderr io.Writer) int {
	g := games[game]
	if g == nil {
		fmt.Fprintf(stderr, "kaleun play: unknown game %q: the games are %s\n", game, strings.Join(games.Names(), ", "))
		return 2
	}
	fmt.Fprintf(stdout, "%s (%s) asks, each answered by --set KEY=VALUE (or the flag named):\n", g.Title, g.Name)
	for _, field := range playFields(g) {
		if field.Key == firstPlayerKey {
			fmt.Fprintf(stdout, "  --%s NAME  %s\n", nameFlag, field.Label)
			continue
		}
		fmt.Fprintf(stdout, "  %s  %s", describeQuestion(field), field.Label)
		if field.Default != "" {
			fmt.Fprintf(stdout, " (default %s)", field.Default)
		}
		if field.Required {
			fmt.Fprint(stdout, " (required)")
		}
		fmt.Fprintln(stdout)
	}
	if len(g.Setup) == 0 {
		fmt.Fprintln(stdout, "  nothing: it starts at once")
	}
	return 0
}

// flagError is a set-up flag the game cannot take: an unknown question or
// a bad answer, said in one line naming the key and what it accepts.
type flagError struct{ msg string }

func (e *flagError) Error() string { return e.msg }

// setupFlag is a flag some game declares for one of its set-up questions.
type setupFlag struct{ name, usage string }

// setupFlags are the flags the games declare for their set-up questions
// (engine.SetupField.Flag), each with the games that take it, by name.
func setupFlags(games engine.Registry) []setupFlag {
	label := map[string]string{}
	takers := map[string][]string{}
	var names []string
	for _, n := range games.Names() {
		for _, field := range playFields(games[n]) {
			if field.Flag == "" {
				continue
			}
			if _, ok := label[field.Flag]; !ok {
				label[field.Flag] = field.Label
				if field.Flag == nameFlag {
					label[field.Flag] = "your name, the player who starts the game"
				}
				names = append(names, field.Flag)
			}
			taker := n + ": --set " + field.Key + "=…"
			if field.Key == firstPlayerKey {
				taker = n + ": the first player's name"
			}
			takers[field.Flag] = append(takers[field.Flag], taker)
		}
	}
	sort.Strings(names)
	out := make([]setupFlag, 0, len(names))
	for _, name := range names {
		out = append(out, setupFlag{name, fmt.Sprintf("%s (%s)", label[name], strings.Join(takers[name], "; "))})
	}
	return out
}

// playFields is a game's set-up form as kaleun play asks it: a game for
// several at one keyboard first asks its first player's name, in the
// game's words.
func playFields(g *engine.Game) []engine.SetupField {
	if len(g.Seats) == 0 {
		return g.Setup
	}
	first := engine.SetupField{Key: firstPlayerKey, Label: g.Words.FirstSeat, Default: g.Words.FirstSeatName, Flag: nameFlag}
	return append([]engine.SetupField{first}, g.Setup...)
}

func play(f playFlags, stdin io.Reader, stdout, stderr io.Writer) (err error) {
	games, err := gamesWith(gameContent{Packs: f.packs})
	if err != nil {
		return err
	}
	g := games[f.game]
	if g == nil {
		return &flagError{fmt.Sprintf("unknown game %q: the games are %s", f.game, strings.Join(games.Names(), ", "))}
	}
	if g.TournamentOnly != "" && !f.abandon {
		// Said before a question is asked: no answer would start it here.
		return &flagError{fmt.Sprintf("%s is not played at the keyboard: %s", g.Title, g.TournamentOnly)}
	}
	// The flags are read before the database is touched: a bad one
	// changes nothing, and creates nothing. Without a game named, they may
	// be meant for the game saved there, which is read first.
	created := !persist.IsPostgresURL(f.db) && !exists(f.db)
	given, givenErr := givenAnswers(g, f)
	if givenErr != nil && (f.gameNamed || created) {
		return givenErr
	}
	store, err := openDB(context.Background(), f.db, false)
	if err != nil {
		return err
	}
	started := false // a game was started (or resumed) in a database this run created
	defer func() {
		store.Close()
		if created && !started {
			// Nothing was played: leave no empty database behind.
			if rerr := os.Remove(f.db); rerr != nil && !errors.Is(rerr, os.ErrNotExist) && err == nil {
				err = fmt.Errorf("removing the unused %s: %w", f.db, rerr)
			}
		}
	}()
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
	if rec != nil && !f.gameNamed && games[rec.Game] != nil && games[rec.Game] != g {
		g = games[rec.Game] // kaleun play --name Prien means the game saved here, whichever it is
		given, givenErr = givenAnswers(g, f)
	}
	if givenErr != nil {
		return givenErr
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
		// The same command that started a game resumes it; one that asks
		// for something else says what is saved, and changes nothing.
		if err := sameGame(f, games, rec, given); err != nil {
			return err
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
	if again, err := lastCareerEnded(ctx, store, games, f, len(given) > 0, in, stdout); err != nil || !again {
		return err
	}
	d, err := diceRecord(f)
	if err != nil {
		return err
	}
	if !f.jsonl {
		fmt.Fprintf(stdout, "Kaleun: a new game of %s. Type help at any question to hear what it asks, and during the game for its commands.\n", g.Title)
	}
	answers, err := setupAnswers(g, f, given, in, stdout)
	if errors.Is(err, errNoAnswer) {
		fmt.Fprintf(stdout, "\nNothing started: run `kaleun play %s` again when you want to play.\n", g.Name)
		return nil
	}
	if err != nil {
		return err
	}
	if g.Outlook != nil && !f.jsonl && len(given) == 0 {
		// The outlook at set-up: what careers set up so came to.
		raw, _ := json.Marshal(answers)
		var text string
		var err error
		terminal.WhileNoticed(stdout, terminal.NoticeAfter, terminal.OddsNotice, func() { text, err = g.Outlook.Outlook(raw, runtime.NumCPU()) })
		if err == nil {
			fmt.Fprintf(stdout, "\n%s\n", text)
		}
	}
	first := terminalUser
	first.Name = g.Words.Player // what the game calls its player, until he is named
	asked := answers[firstPlayerKey]
	delete(answers, firstPlayerKey)
	if asked != "" {
		first.Name = asked // the first player's name, in games for several
	} else if v := answers[nameKey(g)]; v != "" {
		first.Name = v // the player is named before the game says who plays
	}
	s.User = first
	r, err := svc.StartGame(ctx, terminalPlace, first, g.Name, answers, d)
	if err != nil {
		return err
	}
	if len(r.Public) == 0 {
		for _, m := range r.Private {
			return errors.New(m.Text)
		}
	}
	started = true
	s.Game = g.Name
	if rec, err = store.Load(ctx, terminalPlace.Key()); err != nil {
		return err
	}
	if err := fitSession(ctx, s, games, rec); err != nil {
		return err
	}
	s.Show(r)
	return s.Run(ctx)
}

// exists says a file is there.
func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// nameKey is the key of the question that names a game's player (its
// field with the --name flag), "" when it has none.
func nameKey(g *engine.Game) string {
	for _, field := range g.Setup {
		if field.Flag == nameFlag {
			return field.Key
		}
	}
	return ""
}

// givenAnswers are the set-up answers the command line gives, by question
// key: the games' own flags (--boat), --set key=value, and what --pack
// names. A flag the game does not take, or an answer it cannot, is a
// flagError naming the key and what it accepts.
func givenAnswers(g *engine.Game, f playFlags) (map[string]string, error) {
	fields := playFields(g)
	byKey := map[string]engine.SetupField{}
	byFlag := map[string]engine.SetupField{}
	var keys []string
	for _, field := range fields {
		byKey[field.Key] = field
		if field.Flag != "" {
			byFlag[field.Flag] = field
		}
		if field.Key != firstPlayerKey {
			keys = append(keys, describeQuestion(field))
		}
	}
	questions := "it asks nothing"
	if len(keys) > 0 {
		questions = "its questions: " + strings.Join(keys, "; ")
	}
	given := map[string]string{}
	from := map[string]string{} // key -> the flag that gave it, for messages
	flagNames := make([]string, 0, len(f.aliases))
	for name := range f.aliases {
		flagNames = append(flagNames, name)
	}
	sort.Strings(flagNames)
	for _, name := range flagNames {
		field, ok := byFlag[name]
		if !ok {
			return nil, &flagError{fmt.Sprintf("--%s is not a question of %s (%s); %s", name, g.Name, g.Title, questions)}
		}
		given[field.Key], from[field.Key] = f.aliases[name], "--"+name+" "+f.aliases[name]
	}
	for _, kv := range f.sets {
		k, v, ok := strings.Cut(kv, "=")
		k = strings.TrimSpace(k)
		if !ok || k == "" {
			return nil, &flagError{fmt.Sprintf("--set %q: want key=value; %s", kv, questions)}
		}
		field, known := byKey[k]
		if !known || k == firstPlayerKey {
			return nil, &flagError{fmt.Sprintf("--set %s: %s has no question %q; %s", kv, g.Name, k, questions)}
		}
		if prev, twice := from[k]; twice && strings.TrimSpace(given[k]) != strings.TrimSpace(v) {
			return nil, &flagError{fmt.Sprintf("--set %s: %s already answers %s with %q", kv, prev, field.Key, given[k])}
		}
		given[k], from[k] = v, "--set "+kv
	}
	content, err := contentAnswers(g, f.packs)
	if err != nil {
		return nil, err
	}
	for k, v := range content {
		if _, asked := byKey[k]; asked {
			given[k], from[k] = v, "--pack"
		}
	}
	// Each answer is checked as the game reads it, against the answers
	// given before it in the form's order.
	earlier := map[string]string{}
	for _, field := range fields {
		v, ok := given[field.Key]
		if !ok {
			continue
		}
		key, err := field.CheckAnswer(v, earlier)
		if err != nil {
			return nil, &flagError{fmt.Sprintf("%s: %v", from[field.Key], err)}
		}
		if key != "" {
			given[field.Key] = key
		}
		earlier[field.Key] = given[field.Key]
	}
	return given, nil
}

// describeQuestion is a question's key with what it accepts, for a flag
// the game cannot take.
func describeQuestion(field engine.SetupField) string {
	out := field.Key
	if field.Flag != "" {
		out += " (--" + field.Flag + ")"
	}
	if len(field.Options) > 0 {
		var keys []string
		for _, o := range field.Options {
			keys = append(keys, o.Key)
		}
		out += " = " + strings.Join(keys, "|")
	}
	return out
}

// sameGame says whether the saved game is the one the command asks for:
// the game named, each set-up answer given, the seed or dice given. One
// that is not gets one line saying what is saved and what was asked.
func sameGame(f playFlags, games engine.Registry, rec *persist.GameRecord, given map[string]string) error {
	if f.gameNamed && f.game != rec.Game {
		return fmt.Errorf("%s holds a game of %s in progress (%s), not of %s: `kaleun play --db %s` resumes it; to play %s too, give it a database of its own: kaleun play %s --db %s",
			f.db, rec.Game, rec.ID, f.game, f.db, f.game, f.game, otherDB(f.db, f.game))
	}
	g := games[rec.Game]
	saved := map[string]string{}
	if len(rec.Setup) > 0 {
		if err := json.Unmarshal(rec.Setup, &saved); err != nil {
			return fmt.Errorf("reading the saved game's set-up: %w", err)
		}
	}
	if g != nil && len(g.Seats) > 0 {
		saved[firstPlayerKey] = saved[g.Seats[0]] // the first player's name, as the bot seats him
	}
	var differ []string
	keys := make([]string, 0, len(given))
	for k := range given {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		want, have := strings.TrimSpace(given[k]), strings.TrimSpace(saved[k])
		name := "--set " + k + "="
		if g != nil {
			for _, field := range playFields(g) {
				if field.Key != k {
					continue
				}
				if have == "" {
					have = field.Default
				}
				if field.Flag != "" {
					name = "--" + field.Flag + " "
				}
			}
		}
		if !strings.EqualFold(want, have) {
			differ = append(differ, fmt.Sprintf("saved %s%s, asked %s%s", name, have, name, want))
		}
	}
	if f.seed != "" || f.diceFile != "" {
		d, err := diceRecord(f)
		if err != nil {
			return err
		}
		if d.Kind != rec.Dice.Kind || d.Seed != rec.Dice.Seed || !slices.Equal(d.Faces, rec.Dice.Faces) {
			differ = append(differ, "its dice are not the ones --seed or --dice give")
		}
	}
	if len(differ) == 0 {
		return nil
	}
	return fmt.Errorf("the game in progress in %s (%s, %s, decision %d) was set up otherwise: %s. Nothing changed: run the command without those flags to resume it, or give another --db for a new game (or end it: kaleun play --db %s --abandon --yes)",
		f.db, rec.ID, rec.Game, rec.Decisions, strings.Join(differ, "; "), f.db)
}

// otherDB suggests a database for another game beside db: kaleun.db ->
// kaleun-GAME.db.
func otherDB(db, game string) string {
	if persist.IsPostgresURL(db) {
		return "FILE.db"
	}
	return strings.TrimSuffix(db, filepath.Ext(db)) + "-" + game + ".db"
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
		seed, err := parsePlaySeed(f.seed)
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

// errNoAnswer is the end of the input at a set-up question (Ctrl-D):
// the player would rather not start now.
var errNoAnswer = errors.New("no answer at set-up")

// parsePlaySeed reads --seed: 0x and hex digits, the form sim takes too
// (an odd count gets a leading 0), or hex digits alone, as before.
func parsePlaySeed(v string) ([]byte, error) {
	v = strings.TrimSpace(v)
	if h, ok := strings.CutPrefix(strings.ToLower(v), "0x"); ok {
		if len(h)%2 == 1 {
			h = "0" + h
		}
		v = h
	}
	return dice.ParseSeedHex(v)
}

// setupAnswers completes the answers the command line gave: at the
// keyboard, with none given it asks every question; with some given, it
// asks only for a required one without a default, and the rest take their
// defaults. Each answer typed is checked at once and asked again if the
// game cannot take it. A program (JSONL) is asked nothing.
func setupAnswers(g *engine.Game, f playFlags, given map[string]string, in *bufio.Reader, out io.Writer) (map[string]string, error) {
	answers := map[string]string{}
	for _, field := range playFields(g) {
		v, ok := given[field.Key]
		v = strings.TrimSpace(v)
		if ok && v != "" {
			// Given: checked again now that the answers before it are known.
			if _, err := field.CheckAnswer(v, answers); err != nil {
				return nil, &flagError{fmt.Sprintf("%s: %v", field.Key, err)}
			}
		}
		missing := field.Required && field.Default == ""
		if !ok && !f.jsonl && (len(given) == 0 || missing) {
			var err error
			if v, err = ask(field, answers, in, out); err != nil {
				return nil, err
			}
		}
		if v == "" {
			v = field.Default
		}
		if v == "" && field.Required {
			how := "--set " + field.Key + "=…"
			if field.Flag != "" {
				how = "--" + field.Flag
			}
			return nil, &flagError{fmt.Sprintf("set-up: %s is required (%s)", field.Label, how)}
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

// firstPlayerKey is the setup question of the first player's name, asked
// by the terminal itself (--name).
const firstPlayerKey = "first player"

// ask asks one set-up question until the answer is one the game takes
// (SetupField.CheckAnswer, given the earlier answers); `help` explains the
// question. The end of the input is errNoAnswer.
func ask(field engine.SetupField, earlier map[string]string, in *bufio.Reader, out io.Writer) (string, error) {
	if len(field.Menu) > 0 {
		showMenu(field, out)
		field.Help = "a ruling as name=value, the default first in its list above; empty: none"
	}
	var keys []string
	for _, o := range field.Options {
		keys = append(keys, o.Key)
	}
	for {
		fmt.Fprintf(out, "%s", field.Label)
		if len(field.Options) > 0 {
			var shown []string
			for i, o := range field.Options {
				shown = append(shown, fmt.Sprintf("%d %s", i+1, o.Key))
			}
			fmt.Fprintf(out, " [%s]", strings.Join(shown, ", "))
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
		if err != nil && line == "" || strings.EqualFold(line, "quit") {
			return "", errNoAnswer // Ctrl-D, or quit as during a game
		}
		if strings.EqualFold(line, "help") || line == "?" {
			explain(field, out)
			continue
		}
		if line == "" {
			if field.Required && field.Default == "" {
				fmt.Fprintf(out, "! %s needs an answer (help says what it takes)\n", field.Label)
				continue
			}
			return "", nil
		}
		if len(keys) > 0 {
			key, why := terminal.Choose(line, keys)
			if why != "" {
				fmt.Fprintf(out, "! %s\n", why)
				continue
			}
			line = key
		}
		if _, err := field.CheckAnswer(line, earlier); err != nil {
			fmt.Fprintf(out, "! %v — try again, or type help\n", err)
			continue
		}
		return line, nil
	}
}

// showMenu lists what a free answer may combine, each in a phrase.
func showMenu(field engine.SetupField, out io.Writer) {
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
}

// explain answers `help` at a set-up question: what it asks, what it
// takes, and what an empty answer does.
func explain(field engine.SetupField, out io.Writer) {
	fmt.Fprintf(out, "%s", field.Label)
	if field.Help != "" {
		fmt.Fprintf(out, ": %s", field.Help)
	}
	fmt.Fprintln(out)
	if len(field.Options) > 0 {
		fmt.Fprintln(out, "  Type an option's number or its name:")
		for i, o := range field.Options {
			label := o.Label
			if label == "" {
				label = o.Key
			}
			fmt.Fprintf(out, "  %d) %-12s %s\n", i+1, o.Key, label)
		}
	}
	if len(field.Menu) > 0 {
		showMenu(field, out)
	}
	if len(field.Suggestions) > 0 {
		n := min(len(field.Suggestions), 3)
		fmt.Fprintf(out, "  For example: %s\n", strings.Join(field.Suggestions[:n], ", "))
	}
	switch {
	case field.Default != "":
		fmt.Fprintf(out, "  Empty takes the default, %s.\n", field.Default)
	case field.Required:
		fmt.Fprintln(out, "  It needs an answer.")
	default:
		fmt.Fprintln(out, "  Empty leaves it out.")
	}
	if field.Flag != "" {
		fmt.Fprintf(out, "  On the command line: --%s VALUE (or --set %s=VALUE).\n", field.Flag, field.Key)
	} else {
		fmt.Fprintf(out, "  On the command line: --set %s=VALUE.\n", field.Key)
	}
	fmt.Fprintln(out, "  quit (or Ctrl-D) starts nothing and leaves.")
}

// pictureOptions turns --pictures on: the illustrators draw, and the
// pictures go to DB-pictures/ beside the database (kaleun.db → kaleun-pictures).
func pictureOptions(f playFlags) (bot.Options, string, error) {
	// At the keyboard the whole log is exported by a shell command.
	hint := func(id string) string {
		return fmt.Sprintf("the whole log: kaleun audit --db %s --game %s > %s.json", f.db, id, id)
	}
	if !f.pictures {
		return bot.Options{TextOnly: true, AuditHint: hint, OddsWorkers: runtime.NumCPU()}, "", nil
	}
	dir := strings.TrimSuffix(f.db, filepath.Ext(f.db)) + "-pictures"
	if persist.IsPostgresURL(f.db) {
		dir = "kaleun-pictures"
	}
	// One player at the keyboard: the advisor may use every core.
	return bot.Options{AuditHint: hint, OddsWorkers: runtime.NumCPU()}, dir, nil // the games' own illustrators draw
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
func lastCareerEnded(ctx context.Context, store *persist.Store, games engine.Registry, f playFlags, answered bool, in *bufio.Reader, out io.Writer) (again bool, err error) {
	if f.jsonl || answered {
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
