package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kaleun/kaleun/bot/audit"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
	"github.com/kaleun/kaleun/internal/chatread"
	"github.com/kaleun/kaleun/internal/discordfake"
	"github.com/kaleun/kaleun/internal/pgtest"
	"github.com/kaleun/kaleun/internal/slackfake"
	"github.com/kaleun/kaleun/persist"
)

// How the solo games are planned: a game runs under -short when every one
// of soloSimSeeds games played in-process with the test's own choices ends
// within soloShortDecisions; a game that does not end within soloSimCap
// decisions there is a finding, and so is one that does not end in chat
// within soloChatCap presses.
const (
	soloSimSeeds       = 12
	soloShortDecisions = 60
	soloSimCap         = 5000
	soloChatCap        = 3000
	soloKillAfter      = 50
	// soloOpenEndedAfter is when the test's player ends a game that the
	// players end by their word (an option marked engine.Option.Ends: an
	// outside app decides its end) and that does not end by itself under
	// its choices.
	soloOpenEndedAfter = 40
	// soloWait bounds every wait on the server: an answer, a button, a commit.
	soloWait = 30 * time.Second
)

// Every registered game a player starts alone (no seats, not tournament
// only) is played to its end in chat through the real clients: one real
// `kaleun serve` process with Discord and Slack enabled, the real discordgo
// and slack-go (Socket Mode) clients talking to the local fakes over
// loopback, each game in a channel of its own on each platform, all at
// once. Each starts with its slash command (the descriptor's defaults, the
// first option of a required choice), and its player presses the button of
// the game's routine choice where the state offers one, else the first
// safe option (a risky one through its confirmation). A few decisions in,
// once every game has had a button press acknowledged and shows its next
// prompt, the process is killed with SIGKILL and started again on the same
// database: every game must wait on the very prompt it waited on (same
// token, same options, same log head), its button still live in the
// channel, and play on from it to its end. Then each game's audit, as
// `kaleun audit --db` exports it, must pass `kaleun verify`, and each
// channel must read within issue 17's bounds (internal/chatread).
//
// A game the players end by their word (an option marked Ends, where an
// outside app decides the end) that does not end by itself under these
// choices is ended by that option after soloOpenEndedAfter decisions.
//
// The test names no game: a newly registered one is played by it as it is.
// Under -short only the games whose in-process games are all short run
// (the shortest, if none is).
func TestEverySoloGamePlaysToItsEndInChatAcrossAKill9(t *testing.T) {
	// Its own fakes, process and database: it runs beside the other
	// end-to-end tests (.ci/test).
	t.Parallel()
	began := time.Now()
	games, err := availableGames()
	if err != nil {
		t.Fatal(err)
	}
	plans := planSoloGames(t, games, testing.Short())
	db := pgtest.URL(t)
	bin := kaleunBinary(t)
	df, sf := discordfake.New(t), slackfake.New(t)
	dir := t.TempDir()
	proc := newServeProcess(t, bin, writeServeConfig(t, dir, fmt.Sprintf(`[database]
url = %q
[log]
format = "json"
[discord]
enabled = true
token = "test.bot.token"
application_id = "app"
guilds = ["g1"]
api_base = %q
[slack]
enabled = true
mode = "socket"
bot_token = "xoxb-e2e"
app_token = "xapp-e2e"
api_base = %q
`, db, df.URL, sf.APIURL())))
	store, err := persist.OpenPostgres(t.Context(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	dp, sp := newDiscordPump(df), newSlackPump(sf)
	defer dp.stop()
	defer sp.stop()

	proc.start()
	awaitDiscord(t, df)
	awaitSlackSocket(t, sf)
	started := time.Now()

	var runs []*soloRun
	for i, p := range plans {
		runs = append(runs,
			&soloRun{ctx: t.Context(), plan: p, store: store, side: &discordSide{f: df, pump: dp, channel: fmt.Sprintf("c%d", i+1), user: fmt.Sprintf("u%d", i+1)}},
			&soloRun{ctx: t.Context(), plan: p, store: store, side: &slackSide{f: sf, pump: sp, channel: fmt.Sprintf("C%d", i+1), user: fmt.Sprintf("U%d", i+1)}})
	}
	arrived := make(chan *soloRun, len(runs))
	resume := make(chan struct{})
	var resumed sync.Once
	release := func() { resumed.Do(func() { close(resume) }) }
	defer release() // should the test stop before the restart
	var wg sync.WaitGroup
	for _, r := range runs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var once sync.Once
			r.err = r.play(func() { once.Do(func() { arrived <- r }) }, resume)
			once.Do(func() { arrived <- r }) // ended or failed before the kill
		}()
	}
	// The kill, once every game waits at its point (or has stopped).
	for range runs {
		<-arrived
	}
	before := map[*soloRun]soloSnapshot{}
	for _, r := range runs {
		if r.atKill {
			before[r] = r.snapshot(t)
		}
	}
	killedAt := time.Now()
	proc.kill9()
	commands := len(df.Commands())
	proc.start()
	awaitDiscord(t, df)
	awaitCondition(t, "the restarted process registering its commands", soloWait, func() bool { return len(df.Commands()) > commands })
	awaitSlackSocket(t, sf)
	downFor := time.Since(killedAt)
	for _, r := range runs {
		if !r.atKill {
			continue
		}
		if after := r.snapshot(t); !after.equal(before[r]) {
			r.resumeErr = fmt.Errorf("after the restart the game waits on %s, before the kill it waited on %s", after, before[r])
		} else if _, ok := r.side.offering(r.next); !ok {
			r.resumeErr = fmt.Errorf("after the restart no message offers %s, the button it showed before the kill", r.next)
		}
	}
	release()
	wg.Wait()
	playTime := time.Since(started)
	proc.stop()

	for _, r := range runs {
		t.Run(r.side.platform()+"/"+r.plan.game.Name, func(t *testing.T) {
			r.report(t, bin, db)
		})
	}
	names := make([]string, len(plans))
	for i, p := range plans {
		names[i] = p.game.Name
	}
	t.Logf("%d games (%s) on Discord and Slack, played in %v; killed with SIGKILL %v after the start and serving again %v later; %v in all, the build included",
		len(plans), strings.Join(names, ", "), playTime.Round(time.Millisecond), killedAt.Sub(started).Round(time.Millisecond),
		downFor.Round(time.Millisecond), time.Since(began).Round(time.Millisecond))
}

// soloPlan is how the test plays one game: its setup answers, how long its
// in-process games were, and how many decisions (after the Start) come
// before the kill.
type soloPlan struct {
	game                       *engine.Game
	setup                      [][2]string
	minDecisions, maxDecisions int
	killAfter                  int
	// endAfter, when set, is when the player takes the option that ends
	// the game at his word (soloOpenEndedAfter): the game does not end by
	// itself under the test's choices.
	endAfter int
	// err says why the game is not played in chat: its in-process games
	// did not start or did not end.
	err error
}

// soloSetup answers a game's setup form as a player who takes the
// defaults would: each field's default, and for a required field without
// one its first option (or first suggestion). A player field is never
// asked: these are games a player starts alone.
func soloSetup(g *engine.Game) [][2]string {
	var out [][2]string
	for _, f := range g.Setup {
		switch {
		case f.Type == engine.FieldUser:
		case f.Default != "":
			out = append(out, [2]string{f.Key, f.Default})
		case f.Required && len(f.Options) > 0:
			out = append(out, [2]string{f.Key, f.Options[0].Key})
		case f.Required && len(f.Suggestions) > 0:
			out = append(out, [2]string{f.Key, f.Suggestions[0]})
		}
	}
	return out
}

func setupJSON(setup [][2]string) []byte {
	m := map[string]string{}
	for _, a := range setup {
		m[a[0]] = a[1]
	}
	b, _ := json.Marshal(m)
	return b
}

// soloChoice is the key the test's player presses: once decided reaches
// endAfter (when set), the option that ends the game at his word; else the
// game's routine choice when the state offers one, else the first option
// the game marks safe, else the first that risks nothing, else the first.
func soloChoice(st engine.State, p *engine.Prompt, decided, endAfter int) string {
	if endAfter > 0 && decided >= endAfter {
		for _, o := range p.Options {
			if o.Ends {
				return o.Key
			}
		}
	}
	if k, ok := engine.RoutineChoice(st, p.Token); ok && p.HasOption(k) {
		return k
	}
	for _, o := range p.Options {
		if o.Safe {
			return o.Key
		}
	}
	for _, o := range p.Options {
		if o.Risk == "" {
			return o.Key
		}
	}
	return p.Options[0].Key
}

// soloPrompt is the prompt a solo game's player answers next: the first
// pending one that has options.
func soloPrompt(st engine.State) *engine.Prompt {
	for _, p := range engine.PendingAll(st) {
		if len(p.Options) > 0 {
			return p
		}
	}
	return nil
}

// planSoloGames plays each solo game in-process a few times with the
// test's choices (fixed seeds: the plan is the same on every run), to know
// how long it is and where to kill. short keeps the games whose every run
// was short, or the shortest game if none was.
func planSoloGames(t *testing.T, games engine.Registry, short bool) []soloPlan {
	t.Helper()
	var all []soloPlan
	for _, name := range games.Names() {
		g := games[name]
		if g.TournamentOnly != "" || len(g.Seats) > 0 {
			continue // started by a tournament, or by a challenge
		}
		p := soloPlan{game: g, setup: soloSetup(g), minDecisions: soloSimCap}
		for seed := uint64(1); seed <= soloSimSeeds; seed++ {
			n, err := simulateSolo(g, setupJSON(p.setup), seed, p.endAfter)
			if errors.Is(err, errNoEnd) && p.endAfter == 0 {
				// Ended at the players' word, if the game offers that.
				p.endAfter, seed = soloOpenEndedAfter, 0
				continue
			}
			if err != nil {
				// Its finding, reported in its subtests; the others play on.
				p.err = fmt.Errorf("played in-process as in chat (seed %d): %w", seed, err)
				break
			}
			p.minDecisions, p.maxDecisions = min(p.minDecisions, n), max(p.maxDecisions, n)
		}
		// A third of the shortest game in, so that the server's own dice
		// seldom end a game before its kill; at most soloKillAfter, the
		// games that reach their points first waiting there for the rest.
		p.killAfter = min(p.minDecisions/3, soloKillAfter)
		all = append(all, p)
	}
	if len(all) == 0 {
		t.Fatal("no registered game is started by a player alone")
	}
	if !short {
		return all
	}
	var out []soloPlan
	shortest := all[0]
	for _, p := range all {
		if p.err != nil || p.maxDecisions <= soloShortDecisions {
			out = append(out, p)
		}
		if p.err == nil && (shortest.err != nil || p.maxDecisions < shortest.maxDecisions) {
			shortest = p
		}
	}
	if shortest.err == nil && !slices.ContainsFunc(out, func(p soloPlan) bool { return p.err == nil }) {
		out = append(out, shortest) // at least one game plays in chat
	}
	return out
}

// errNoEnd is a game that did not end within soloSimCap decisions.
var errNoEnd = fmt.Errorf("no end after %d decisions", soloSimCap)

// simulateSolo plays a game in-process with soloChoice and says how many
// decisions it took to end.
func simulateSolo(g *engine.Game, setup []byte, seed uint64, endAfter int) (int, error) {
	d := dice.NewFast(seed)
	st, _, err := g.Rules.New(setup, d)
	if err != nil {
		return 0, err
	}
	for n := 0; n < soloSimCap; n++ {
		if st.Outcome() != nil {
			return n, nil
		}
		p := soloPrompt(st)
		if p == nil {
			return n, fmt.Errorf("after %d decisions the game waits for nobody and is not over", n)
		}
		if st, _, err = st.Apply(engine.Choice{Token: p.Token, Key: soloChoice(st, p, n, endAfter)}, d); err != nil {
			return n, fmt.Errorf("decision %d: %w", n+1, err)
		}
	}
	return soloSimCap, errNoEnd
}

// chatSide is one platform's side of a game's channel: its player's slash
// command and presses, and what the channel shows.
type chatSide interface {
	platform() string
	// key is the place's key in the store.
	key() string
	command(id, game string, setup [][2]string) error
	// offering finds the newest message the player sees offering a button
	// (or menu option) of the value; press presses it there.
	offering(value string) (any, bool)
	press(id string, on any, value string) error
	acked(id string) bool
	// figures measure the channel as chatread does, with the pictures
	// counted by file name.
	figures(gameIDs []string, interactions int) (chatread.Figures, map[string]int)
	// last describes the channel's last n messages, for a failure's report.
	last(n int) string
	// shows reports whether a public message of the channel says text.
	shows(text string) bool
	// others are the public messages of the channel that are neither a
	// prompt nor a prompt's result (the opening, the end, notes), each
	// told in a line: what a channel above one message per interaction
	// has to show for it.
	others() []string
	// first is the text of the channel's first public message.
	first() string
}

// soloRun is one game on one platform.
type soloRun struct {
	ctx   context.Context
	plan  soloPlan
	side  chatSide
	store *persist.Store

	ids, interactions int
	gameID            string
	decided           int
	// atKill: the run waited at its point when the process was killed,
	// pressing next after the restart; resumeErr is what was wrong then.
	atKill    bool
	next      string
	resumeErr error
	err       error
	outcome   string
	// opening is the channel's first message when the first prompt came.
	opening string
}

func (r *soloRun) nextID() string {
	r.ids++
	// Unique among all the runs' interactions, and a path segment (Discord's
	// callbacks carry it in their URL).
	return fmt.Sprintf("%s-%d", strings.ReplaceAll(r.side.key(), "/", "-"), r.ids)
}

// load reads the run's game: running, or finished once it has ended.
func (r *soloRun) load() (rec *persist.GameRecord, over bool, err error) {
	ctx := r.ctx
	rec, err = r.store.Load(ctx, r.side.key())
	if errors.Is(err, persist.ErrNotFound) && r.gameID != "" {
		if rec, err = r.store.LastFinished(ctx, r.side.key()); err == nil && rec.ID != r.gameID {
			return nil, false, fmt.Errorf("the channel's last finished game is %s, not %s", rec.ID, r.gameID)
		}
		return rec, true, err
	}
	if err != nil {
		return nil, false, err
	}
	return rec, rec.Over, nil
}

func (r *soloRun) await(what string, cond func() (bool, error)) error {
	for end := time.Now().Add(soloWait); ; time.Sleep(5 * time.Millisecond) {
		ok, err := cond()
		if err != nil || ok {
			return err
		}
		if time.Now().After(end) {
			return fmt.Errorf("%s: not within %v", what, soloWait)
		}
	}
}

// send presses value where it is offered and waits for the platform's
// acknowledgement of the interaction.
func (r *soloRun) send(on any, value string) error {
	id := r.nextID()
	r.interactions++
	if err := r.side.press(id, on, value); err != nil {
		return err
	}
	return r.await("the acknowledgement of the press of "+value, func() (bool, error) { return r.side.acked(id), nil })
}

// play starts the game and presses its buttons to its end; at its kill
// point (a press acknowledged and committed, the next prompt shown) it
// calls arrive and waits for resume.
func (r *soloRun) play(arrive func(), resume <-chan struct{}) error {
	if r.plan.err != nil {
		return r.plan.err
	}
	id := r.nextID()
	r.interactions++
	if err := r.side.command(id, r.plan.game.Name, r.plan.setup); err != nil {
		return err
	}
	if err := r.await("the answer to the slash command", func() (bool, error) { return r.side.acked(id), nil }); err != nil {
		return err
	}
	if err := r.await("the game the slash command started", func() (bool, error) {
		rec, err := r.store.Load(r.ctx, r.side.key())
		if errors.Is(err, persist.ErrNotFound) {
			return false, nil
		}
		if err == nil {
			r.gameID = rec.ID
		}
		return err == nil, err
	}); err != nil {
		return err
	}
	pressed, startPressed := 0, false
	for {
		rec, over, err := r.load()
		if err != nil {
			return err
		}
		if over {
			st, err := r.plan.game.Rules.Decode(rec.State)
			if err != nil {
				return fmt.Errorf("the finished game's state: %w", err)
			}
			if out := st.Outcome(); out != nil {
				r.outcome = out.Summary
			}
			return nil
		}
		if pressed == soloChatCap {
			return fmt.Errorf("no end after %d presses", pressed)
		}
		token, key := "start", "go"
		if !rec.AwaitingStart {
			st, err := r.plan.game.Rules.Decode(rec.State)
			if err != nil {
				return fmt.Errorf("decision %d: the state: %w", rec.Decisions, err)
			}
			p := soloPrompt(st)
			if p == nil {
				return fmt.Errorf("after %d decisions the game waits for nobody and is not over", rec.Decisions)
			}
			token, key = p.Token, soloChoice(st, p, rec.Decisions, r.plan.endAfter)
		}
		value := "k1:" + rec.ID + ":" + token + ":"
		plain, sure := value+key, value+"__sure."+key
		var on any
		press := plain
		if err := r.await("a message offering "+plain, func() (bool, error) {
			var ok bool
			if on, ok = r.side.offering(plain); ok {
				press = plain
				return true, nil
			}
			on, ok = r.side.offering(sure)
			press = sure
			return ok, nil
		}); err != nil {
			return err
		}
		if pressed == 0 {
			// Before a press edits it: the opening, which names the game.
			r.opening = r.side.first()
		}
		// The kill point: a press acknowledged and committed before (the
		// Start at least), and its next prompt in the channel; in a game of
		// one decision and no Start, its slash command answered.
		if !r.atKill && (pressed > 0 || r.plan.maxDecisions <= 1) && r.decided >= r.plan.killAfter {
			r.atKill, r.next = true, press
			arrive()
			<-resume
			if r.resumeErr != nil {
				return r.resumeErr
			}
			if on, _ = r.side.offering(press); on == nil {
				return fmt.Errorf("no message offers %s after the restart", press)
			}
		}
		if err := r.send(on, press); err != nil {
			return err
		}
		if press == sure {
			// A risky option asks first, privately; its second button takes it.
			yes := value + "__yes." + key
			if err := r.await("the confirmation offering "+yes, func() (bool, error) {
				var ok bool
				on, ok = r.side.offering(yes)
				return ok, nil
			}); err != nil {
				return err
			}
			if err := r.send(on, yes); err != nil {
				return err
			}
		}
		pressed++
		if err := r.await("the commit of "+plain, func() (bool, error) {
			now, over, err := r.load()
			if err != nil || over {
				return over, err
			}
			if now.Decisions > rec.Decisions+1 {
				return false, fmt.Errorf("one press of %s made %d decisions", plain, now.Decisions-rec.Decisions)
			}
			return now.Decisions == rec.Decisions+1 || now.AwaitingStart != rec.AwaitingStart, nil
		}); err != nil {
			return err
		}
		if token == "start" && !startPressed {
			startPressed = true
		} else {
			r.decided++
		}
	}
}

// soloSnapshot is where a game stands: its decisions, log head, and the
// prompts it waits on with their options.
type soloSnapshot struct {
	decisions int
	head      string
	prompts   []string
}

func (s soloSnapshot) equal(o soloSnapshot) bool {
	return s.decisions == o.decisions && s.head == o.head && slices.Equal(s.prompts, o.prompts)
}

func (s soloSnapshot) String() string {
	return fmt.Sprintf("decision %d, head %.12s, %v", s.decisions, s.head, s.prompts)
}

func (r *soloRun) snapshot(t *testing.T) soloSnapshot {
	t.Helper()
	rec, err := r.store.Load(t.Context(), r.side.key())
	if err != nil {
		t.Fatalf("%s on %s: %v", r.plan.game.Name, r.side.platform(), err)
	}
	s := soloSnapshot{decisions: rec.Decisions, head: rec.Head}
	if rec.AwaitingStart {
		s.prompts = []string{"start"}
		return s
	}
	st, err := r.plan.game.Rules.Decode(rec.State)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range engine.PendingAll(st) {
		keys := make([]string, len(p.Options))
		for i, o := range p.Options {
			keys[i] = o.Key
		}
		s.prompts = append(s.prompts, p.Token+"["+strings.Join(keys, " ")+"]")
	}
	return s
}

// report checks one run once every game has ended: its play, its resume,
// how its channel reads, and its audit through the built binary.
func (r *soloRun) report(t *testing.T, bin, db string) {
	if r.err != nil {
		t.Fatalf("setup %s, after %d decisions: %v\nthe channel's last messages:\n%s", setupJSON(r.plan.setup), r.decided, r.err, r.side.last(6))
	}
	t.Logf("setup %s: %d decisions (in-process %d to %d), killed after %d; %s", setupJSON(r.plan.setup), r.decided,
		r.plan.minDecisions, r.plan.maxDecisions, r.plan.killAfter, r.outcome)
	// Three findings apart, so that one failing says which part of the
	// game's way through chat it is.
	t.Run("resumed and ended", func(t *testing.T) {
		if !r.atKill {
			t.Errorf("the game ended after %d decisions, before its kill point (%d decisions): the kill tested nothing of it", r.decided, r.plan.killAfter)
		}
		if r.outcome == "" || !r.side.shows(r.outcome) {
			t.Errorf("the channel was not told the game's result %q\nits last messages:\n%s", r.outcome, r.side.last(3))
		}
	})
	t.Run("reads", func(t *testing.T) {
		// The opening names the game: read from the top, the channel
		// begins with it, not with a prompt posted past it.
		if !strings.Contains(r.opening, r.gameID) {
			t.Errorf("when its first prompt was shown, the channel's first message was not the game's opening: %s", oneLine(r.opening))
		}
		figures, pictures := r.side.figures([]string{r.gameID}, r.interactions)
		if len(pictures) > 0 {
			t.Logf("pictures by name: %v", pictures)
		}
		if figures.Messages > figures.Interactions {
			t.Logf("the public messages that are neither a prompt nor its result:\n%s", strings.Join(r.side.others(), "\n"))
		}
		figures.Check(t)
	})
	t.Run("verifies", func(t *testing.T) {
		export, err := exec.Command(bin, "audit", "--db", db, "--game", r.gameID).Output()
		if err != nil {
			t.Fatalf("kaleun audit --db … --game %s: %v", r.gameID, err)
		}
		var x audit.Export
		if err := json.Unmarshal(export, &x); err != nil || !x.Over || x.Head == "" {
			t.Fatalf("the audit of %s: %v (over %v)\n%.300s", r.gameID, err, x.Over, export)
		}
		file := filepath.Join(t.TempDir(), r.gameID+".json")
		if err := os.WriteFile(file, export, 0o600); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command(bin, "verify", file).CombinedOutput(); err != nil || !strings.HasPrefix(string(out), "ok: game "+r.gameID) {
			t.Errorf("kaleun verify of game %s: %v\n%s", r.gameID, err, out)
		}
	})
}

// awaitSlackSocket waits until a serve process has opened its Socket Mode
// connection to the fake Slack.
func awaitSlackSocket(t *testing.T, f *slackfake.Server) {
	t.Helper()
	select {
	case <-f.Open():
	case <-time.After(soloWait):
		t.Fatal("kaleun serve did not open its Socket Mode connection")
	}
}

// discordPump reads what the process posts to the fake Discord: the
// interactions answered (acknowledged), and the users each new message's
// content pinged.
type discordPump struct {
	mu    sync.Mutex
	acks  map[string]bool
	pings map[string]int
	done  chan struct{}
	wg    sync.WaitGroup
}

var interactionPath = regexp.MustCompile(`/interactions/([^/]+)/`)

func newDiscordPump(f *discordfake.Server) *discordPump {
	p := &discordPump{acks: map[string]bool{}, pings: map[string]int{}, done: make(chan struct{})}
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		for {
			select {
			case post := <-f.Posts():
				p.read(f, post)
			case <-p.done:
				return
			}
		}
	}()
	return p
}

func (p *discordPump) read(f *discordfake.Server, post discordfake.Post) {
	n, counted := 0, false
	if m, ok := f.MessageByID(post.ID); ok && !m.Ephemeral && m.Created == post.Seq {
		// As the channel tests count them: a mention pings unless
		// allowed_mentions silences it.
		d := discordfake.Data(post)
		content, _ := d["content"].(string)
		n, counted = len(discordfake.Message{Content: content}.Mentions()), true
		if am, ok := d["allowed_mentions"].(map[string]any); ok {
			parse, _ := am["parse"].([]any)
			users, _ := am["users"].([]any)
			if !slices.Contains(parse, any("users")) {
				n = min(n, len(users))
			}
		}
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if m := interactionPath.FindStringSubmatch(post.Path); m != nil && strings.HasSuffix(post.Path, "/callback") {
		p.acks[m[1]] = true
	}
	if counted {
		p.pings[post.ID] += n
	}
}

func (p *discordPump) stop() { close(p.done); p.wg.Wait() }

type discordSide struct {
	f             *discordfake.Server
	pump          *discordPump
	channel, user string
}

func (s *discordSide) platform() string { return "discord" }
func (s *discordSide) key() string      { return "discord/g1/" + s.channel }

func (s *discordSide) command(id, game string, setup [][2]string) error {
	var opts []discordfake.Option
	for _, a := range setup {
		opts = append(opts, discordfake.Option{Name: a[0], Value: a[1]})
	}
	return s.f.Command(id, s.channel, s.user, false, game, "new", opts...)
}

func (s *discordSide) offering(value string) (any, bool) {
	m, ok := s.f.Offering([]string{s.channel, "dm-" + s.user}, value)
	return m, ok
}

func (s *discordSide) press(id string, on any, value string) error {
	return s.f.ClickOn(id, on.(discordfake.Message).ID, s.user, value)
}

func (s *discordSide) acked(id string) bool {
	s.pump.mu.Lock()
	defer s.pump.mu.Unlock()
	return s.pump.acks[id]
}

func (s *discordSide) figures(gameIDs []string, interactions int) (chatread.Figures, map[string]int) {
	c, names := chatread.Figures{Interactions: interactions}, map[string]int{}
	s.pump.mu.Lock()
	defer s.pump.mu.Unlock()
	for _, m := range s.f.Messages() {
		if m.Channel != s.channel && m.Channel != "dm-"+s.user {
			continue
		}
		for _, id := range m.CustomIDs() {
			if chatread.OfGame(id, gameIDs) {
				c.LiveAnswered++
				break
			}
		}
		if m.Ephemeral || m.Channel != s.channel {
			continue
		}
		c.Messages++
		for _, f := range m.Files {
			if strings.HasSuffix(f, ".png") {
				c.Pictures++
				names[f]++
			}
		}
		c.Mentions += s.pump.pings[m.ID]
	}
	return c, names
}

// slackPump reads the Socket Mode acknowledgements the process sends, and
// drains its posts (the fake keeps the messages).
type slackPump struct {
	mu   sync.Mutex
	acks map[string]bool
	done chan struct{}
	wg   sync.WaitGroup
}

func newSlackPump(f *slackfake.Server) *slackPump {
	p := &slackPump{acks: map[string]bool{}, done: make(chan struct{})}
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		for {
			select {
			case a := <-f.Acks():
				p.mu.Lock()
				p.acks[fmt.Sprint(a["envelope_id"])] = true
				p.mu.Unlock()
			case <-f.Posts():
			case <-p.done:
				return
			}
		}
	}()
	return p
}

func (p *slackPump) stop() { close(p.done); p.wg.Wait() }

type slackSide struct {
	f             *slackfake.Server
	pump          *slackPump
	channel, user string
}

func (s *slackSide) platform() string { return "slack" }
func (s *slackSide) key() string      { return "slack/T1/" + s.channel }

func (s *slackSide) command(id, game string, setup [][2]string) error {
	words := []string{"new"}
	for _, a := range setup {
		words = append(words, a[0]+":"+a[1])
	}
	s.f.SlashIn(id, s.channel, s.user, "/"+game, strings.Join(words, " "))
	return nil
}

func (s *slackSide) offering(value string) (any, bool) {
	for _, ch := range []string{s.channel, "D-" + s.user} {
		if m, ok := s.f.Offering(ch, "", s.user, value); ok {
			return m, true
		}
	}
	return nil, false
}

func (s *slackSide) press(id string, on any, value string) error {
	s.f.ClickOn(id, on.(slackfake.Message), s.user, value)
	return nil
}

func (s *slackSide) acked(id string) bool {
	s.pump.mu.Lock()
	defer s.pump.mu.Unlock()
	return s.pump.acks[id]
}

// figures read the channel as the Slack channel tests do: a picture is a
// shared file, a message of its own, and Messages counts the rest.
func (s *slackSide) figures(gameIDs []string, interactions int) (chatread.Figures, map[string]int) {
	c, names := chatread.Figures{Interactions: interactions}, map[string]int{}
	for _, m := range s.f.Messages() {
		if m.Channel != s.channel && m.Channel != "D-"+s.user {
			continue
		}
		for _, v := range m.Values() {
			if chatread.OfGame(v, gameIDs) && !m.Deleted {
				c.LiveAnswered++
				break
			}
		}
		if m.Ephemeral || m.Deleted || m.Channel != s.channel {
			continue
		}
		if len(m.Files) > 0 {
			for _, f := range m.Files {
				if strings.HasSuffix(f, ".png") {
					c.Pictures++
					names[f]++
				}
			}
		} else {
			c.Messages++
		}
		c.Mentions += len(m.Pinged)
	}
	return c, names
}

func (s *discordSide) last(n int) string {
	var out []string
	for _, m := range s.f.Messages() {
		if m.Channel == s.channel || m.Channel == "dm-"+s.user {
			out = append(out, fmt.Sprintf("  %s (ephemeral %v): %.200q %v", m.ID, m.Ephemeral, m.Text(), m.CustomIDs()))
		}
	}
	return strings.Join(out[max(0, len(out)-n):], "\n")
}

func (s *slackSide) last(n int) string {
	var out []string
	for _, m := range s.f.Messages() {
		if m.Channel == s.channel || m.Channel == "D-"+s.user {
			out = append(out, fmt.Sprintf("  %s thread %q (ephemeral %v, deleted %v): %.200q %v", m.TS, m.Thread, m.Ephemeral, m.Deleted, m.AllText(), m.Values()))
		}
	}
	return strings.Join(out[max(0, len(out)-n):], "\n")
}

func (s *discordSide) shows(text string) bool {
	for _, m := range s.f.Messages() {
		if m.Channel == s.channel && !m.Ephemeral && strings.Contains(m.Text(), text) {
			return true
		}
	}
	return false
}

func (s *slackSide) shows(text string) bool {
	for _, m := range s.f.Messages() {
		if m.Channel == s.channel && !m.Ephemeral && !m.Deleted && strings.Contains(m.AllText(), text) {
			return true
		}
	}
	return false
}

// oneLine is a message's text cut to a line for a report.
func oneLine(text string) string {
	text = strings.Join(strings.Fields(text), " ")
	if len(text) > 120 {
		text = text[:120] + "…"
	}
	return "  " + text
}

func (s *discordSide) others() []string {
	var out []string
	for _, m := range s.f.Messages() {
		text := strings.TrimSpace(m.Text())
		if m.Channel == s.channel && !m.Ephemeral && !m.Live() && !strings.HasPrefix(text, "✅") {
			out = append(out, oneLine(text))
		}
	}
	return out
}

func (s *slackSide) others() []string {
	var out []string
	for _, m := range s.f.Messages() {
		text := strings.TrimSpace(m.AllText())
		if m.Channel == s.channel && !m.Ephemeral && !m.Deleted && len(m.Files) == 0 && !m.Live() && !strings.HasPrefix(text, "✅") {
			out = append(out, oneLine(text))
		}
	}
	return out
}

func (s *discordSide) first() string {
	for _, m := range s.f.Messages() {
		if m.Channel == s.channel && !m.Ephemeral {
			return m.Text()
		}
	}
	return ""
}

func (s *slackSide) first() string {
	for _, m := range s.f.Messages() {
		if m.Channel == s.channel && !m.Ephemeral && !m.Deleted {
			return m.AllText()
		}
	}
	return ""
}
