package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kaleun/kaleun/bot/audit"
	"github.com/kaleun/kaleun/engine/hunters/wolfpack"
	"github.com/kaleun/kaleun/internal/discordfake"
	"github.com/kaleun/kaleun/persist"
)

// The reminder settings of the wolfpack run: seconds, not days (the
// configuration takes any duration; see config.example.toml).
const (
	e2eFirstReminder  = 2 * time.Second
	e2eSecondReminder = 4 * time.Second
	e2eDeadline       = 6 * time.Second
	e2eTick           = time.Second
	// e2eDelivery is what a due time may take beyond its tick to reach the
	// fake Discord: the tick's own work and the HTTP posts.
	e2eDelivery = 400 * time.Millisecond
	// packmatePace is how long a player takes to answer while a packmate is away.
	packmatePace = 700 * time.Millisecond
)

// Issue 16: a Wolfpack tournament of twelve (two packs of six) played
// through the real discordgo client inside the real `kaleun serve` binary,
// against a fake Discord served by this test, with reminders after 2 s and
// 4 s, a deadline at 6 s and a tick of 1 s. Ten players answer every prompt
// of theirs at once; one is away for his first two prompts, and in each pack
// the first player offered a battle round (13.5.4-13.5.5) is away for it (in
// the second pack for one more prompt). In the middle of the battles the
// process is killed with SIGKILL and started again on the same database.
// Checked: every reminder is sent once per prompt (the last also as a
// direct message) and names what it waits for; every deadline acts once,
// within one tick of its time (or of the restart, for a time that fell while
// the bot was down); an absent boat sits a battle round out; the standings
// message lists everyone correctly each time it changes and agrees with
// the boats' tonnage at quiet moments; both packs finish, their logs verify,
// and the database holds what the channel was told.
func TestWolfpackTournamentThroughDiscordSurvivesKill9(t *testing.T) {
	// Its own files, fake platform, ports and database: it runs beside the
	// other end-to-end tests, which spend most of their time waiting on
	// timers and processes (.ci/test).
	t.Parallel()
	began := time.Now()
	bin := kaleunBinary(t)
	built := time.Since(began)
	f := discordfake.New(t)
	dir := t.TempDir()
	db := filepath.Join(dir, "kaleun.db")
	cfg := discordServeConfig(t, dir, f, fmt.Sprintf(`[reminders]
every = [%q, %q]
deadline = %q
tick = %q
`, e2eFirstReminder, e2eSecondReminder, e2eDeadline, e2eTick))
	proc := newServeProcess(t, bin, cfg)
	d := newPackDriver(t, f, 12, 2)
	proc.start()
	d.awaitConnection()
	played := time.Now()

	d.startTournament()

	limit := time.Now().Add(100 * time.Second)
	for !d.allFinished() {
		if time.Now().After(limit) {
			t.Fatalf("the packs did not finish in time: %d decisions, finished %v", d.clicks+d.deadlineActs, d.finished)
		}
		d.pump(200 * time.Millisecond)
		if d.killDue && !d.killed {
			d.killed = true
			d.paused = true
			d.settle()
			d.checkStandingsNow("before the kill")
			d.betweenTicks()
			proc.kill9()
			d.killedAt = time.Now()
			// bbolt's lock went with the process; the file opens whole.
			store, err := persist.Open(db)
			if err != nil {
				t.Fatalf("the database after SIGKILL: %v", err)
			}
			store.Close()
			proc.start()
			d.awaitConnection()
			d.upAgain = time.Now()
			d.paused = false
			d.flush()
		}
	}
	if !d.killed {
		t.Fatal("the packs finished before the kill: no absent prompt got its first reminder during the battles")
	}
	d.settle()
	d.checkStandingsNow("when both packs are home")
	final := d.command("bdu", "end")
	if e, ok := discordfake.FirstEmbed(final); !ok || !strings.HasPrefix(e.Title, "Final standings") {
		t.Fatalf("tournament end: %s", discordfake.Text(final))
	} else {
		d.checkStandings(e)
	}
	d.checkStandingsNow("in the final standings")
	playTime := time.Since(played)
	proc.stop()

	d.checkReminders()
	d.checkDatabase(db)
	if len(d.errs) > 0 {
		t.Fatalf("%d problems, the first: %s", len(d.errs), strings.Join(d.errs[:min(len(d.errs), 10)], "\n"))
	}
	t.Logf("built in %v; played in %v (%d decisions clicked, %d taken at deadlines, %d battle rounds sat out); %d standings messages checked",
		built.Round(time.Millisecond), playTime.Round(time.Millisecond), d.clicks, d.deadlineActs, d.sitOuts, len(d.snapshots))
	t.Logf("killed with SIGKILL %v after the start, serving again %v later", d.killedAt.Sub(played).Round(time.Millisecond), d.upAgain.Sub(d.killedAt).Round(time.Millisecond))

	// The database a tournament made in chat moves to PostgreSQL and back
	// with every game's audit unchanged (issue 21's migration).
	t.Run("migrated", func(t *testing.T) { migrateRoundTrip(t, bin, dir, db) })
}

func player(i int) string { return fmt.Sprintf("kaleun%02d", i) }

// packPrompt is one decision the bot posted for a boat, as the channel saw it.
type packPrompt struct {
	game, token, user, channel string
	options                    []string
	firstSeen                  time.Time
	absent                     bool // its player was away: only the bot could answer it
	answered                   bool
	reminders                  map[int][]time.Time
	dms                        map[int]int
	deadlines                  []time.Time
}

// interaction is one slash command or click the test sent.
type interaction struct {
	user, channel string
	click         bool
	answered      bool
}

// laterClick is an answer a player gives after a while.
type laterClick struct {
	at                    time.Time
	user, channel, choice string
}

// standingsSnapshot is one standings message: each entrant's tonnage.
type standingsSnapshot struct {
	at     time.Time
	scores map[string]int
}

// packDriver plays the players' side through the fake Discord and keeps
// what the test asserts.
type packDriver struct {
	t *testing.T
	f *discordfake.Server
	// entrants join the tournament, and make packs packs of at most six.
	entrants, packCount int
	// survivor: another replica keeps ticking while the killed one is
	// down, so a due time falling then is not put off to the restart.
	survivor bool

	ids        int
	inter      map[string]*interaction
	prompts    map[string]*packPrompt // by game and token
	promptAt   map[string]*packPrompt // by the message that offered it
	pending    map[string]*packPrompt // each player's unanswered prompt
	reminded   map[string]*packPrompt // each player's last reminded prompt (for the DM that follows)
	absentLeft map[string]int
	// battleAbsent: per pack, the player away for its first battle round.
	battleAbsent map[string]string
	packs        map[string][]string // pack name → members
	packOf       map[string]string   // member → pack name
	packThread   map[string]string   // thread channel → pack name
	noticeActor  map[string]string   // thread → the player whose deadline notice is being posted there
	finished     map[string]bool     // pack name → its game ended
	totals       map[string]int      // tonnage by player, from the sinkings posted
	history      map[string]map[int]bool
	snapshots    []standingsSnapshot
	last         *standingsSnapshot
	paused       bool
	queued       [][3]string
	later        []laterClick
	clicks       int
	deadlineActs int
	sitOuts      int
	killDue      bool
	killed       bool
	killedAt     time.Time
	upAgain      time.Time
	errs         []string
}

func newPackDriver(t *testing.T, f *discordfake.Server, entrants, packCount int) *packDriver {
	return &packDriver{t: t, f: f, entrants: entrants, packCount: packCount, inter: map[string]*interaction{}, prompts: map[string]*packPrompt{}, promptAt: map[string]*packPrompt{}, pending: map[string]*packPrompt{},
		reminded: map[string]*packPrompt{}, absentLeft: map[string]int{}, battleAbsent: map[string]string{}, packs: map[string][]string{},
		packOf: map[string]string{}, packThread: map[string]string{}, noticeActor: map[string]string{}, finished: map[string]bool{},
		totals: map[string]int{}, history: map[string]map[int]bool{}}
}

func (d *packDriver) fail(format string, a ...any) {
	d.errs = append(d.errs, fmt.Sprintf(format, a...))
}

// awaitConnection waits for the gateway's READY and the command registration.
func (d *packDriver) awaitConnection() {
	d.t.Helper()
	before := len(d.f.Commands())
	select {
	case <-d.f.Ready():
	case <-time.After(20 * time.Second):
		d.t.Fatal("kaleun serve did not connect to the gateway")
	}
	for end := time.Now().Add(10 * time.Second); len(d.f.Commands()) == before; {
		if time.Now().After(end) {
			d.t.Fatal("kaleun serve did not register its commands")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func (d *packDriver) nextID() string {
	d.ids++
	return "i" + strconv.Itoa(d.ids)
}

// command sends /hunters tournament action:... in the tournament channel and
// returns the answer once it has come.
// startTournament creates the tournament, has the entrants join in order
// (each six make a pack, 13.5.1) with the sixth away for his first two
// prompts, and starts it.
func (d *packDriver) startTournament() {
	d.t.Helper()
	d.command("bdu", "create", discordfake.Option{Name: "format", Value: "wolfpack"}, discordfake.Option{Name: "name", Value: "Drumbeat"})
	for i := 1; i <= d.entrants; i++ {
		d.command(player(i), "join")
	}
	d.absentLeft[player(6)] = 2 // away for his first two prompts
	d.command("bdu", "start")
	if len(d.packOf) != d.entrants || len(d.packs) != d.packCount {
		d.t.Fatalf("the start dealt %d boats into %d packs: %v", len(d.packOf), len(d.packs), d.packs)
	}
}

func (d *packDriver) command(user, action string, opts ...discordfake.Option) discordfake.Post {
	d.t.Helper()
	id := d.nextID()
	d.inter[id] = &interaction{user: user, channel: "c1"}
	if err := d.f.Command(id, "c1", user, false, "hunters", "tournament", append([]discordfake.Option{{Name: "action", Value: action}}, opts...)...); err != nil {
		d.t.Fatal(err)
	}
	var answer discordfake.Post
	end := time.Now().Add(20 * time.Second)
	for answer.Seq == 0 {
		if time.Now().After(end) {
			d.t.Fatalf("no answer to tournament %s", action)
		}
		select {
		case p := <-d.f.Posts():
			d.handle(p)
			if interactionOf(p) == id {
				answer = p
			}
		case <-time.After(100 * time.Millisecond):
		}
	}
	d.pump(300 * time.Millisecond) // what the command set off elsewhere
	return answer
}

// click answers a prompt for its player, or queues the click while the bot
// is being killed and restarted.
func (d *packDriver) click(user, channel, customID string) {
	if d.paused {
		d.queued = append(d.queued, [3]string{user, channel, customID})
		return
	}
	id := d.nextID()
	d.inter[id] = &interaction{user: user, channel: channel, click: true}
	if err := d.f.ClickIn(id, channel, user, customID); err != nil {
		d.fail("clicking %s for %s: %v", customID, user, err)
		return
	}
	d.clicks++
}

func (d *packDriver) flush() {
	q := d.queued
	d.queued = nil
	for _, c := range q {
		d.click(c[0], c[1], c[2])
	}
}

// pump handles posts, and sends the answers players give after a while,
// until nothing has happened for quiet.
func (d *packDriver) pump(quiet time.Duration) {
	for {
		wait := quiet
		if len(d.later) > 0 {
			wait = min(wait, time.Until(d.later[0].at))
		}
		select {
		case p := <-d.f.Posts():
			d.handle(p)
		case <-time.After(max(wait, 0)):
			if len(d.later) == 0 || time.Now().Before(d.later[0].at) {
				return
			}
			c := d.later[0]
			d.later = d.later[1:]
			d.click(c.user, c.channel, c.choice)
		}
	}
}

// packmateAway reports whether someone in user's pack is away.
func (d *packDriver) packmateAway(user string) bool {
	for _, u := range d.packs[d.packOf[user]] {
		if u != user && d.absentLeft[u] > 0 {
			return true
		}
	}
	return false
}

// settle waits until every interaction sent has been answered and the bot is quiet.
func (d *packDriver) settle() {
	d.t.Helper()
	end := time.Now().Add(15 * time.Second)
	for {
		open := 0
		for _, in := range d.inter {
			if !in.answered {
				open++
			}
		}
		if open == 0 {
			break
		}
		if time.Now().After(end) {
			d.t.Fatalf("%d interactions unanswered", open)
		}
		d.pump(50 * time.Millisecond)
	}
	d.pump(300 * time.Millisecond)
}

// betweenTicks waits, handling posts, until the middle of a second: the
// ticker runs on whole seconds, so no tick is sending then. (A reminder is
// taken from the database before it is sent — a deadline stays until it has
// acted — so a kill in the middle of a tick's sending could lose one.)
func (d *packDriver) betweenTicks() {
	now := time.Now()
	target := now.Truncate(time.Second).Add(500 * time.Millisecond)
	if target.Sub(now) < 50*time.Millisecond {
		target = target.Add(time.Second)
	}
	for time.Now().Before(target) {
		select {
		case p := <-d.f.Posts():
			d.handle(p)
		case <-time.After(time.Until(target)):
		}
	}
}

func (d *packDriver) allFinished() bool {
	return len(d.packs) == d.packCount && len(d.finished) == d.packCount
}

var (
	tokenOf       = regexp.MustCompile(`tok-(i\d+)`)
	mentionOf     = regexp.MustCompile(`^<@([^>]+)>`)
	ownerOf       = regexp.MustCompile(`(?m)^(\S+) \(U-\d+\): `) // after what happened since his last turn, if any
	jumpOf        = regexp.MustCompile(`\[Jump to game\]\(https://discord\.com/channels/[^/]+/[^/)]+(?:/([^)]+))?\)`)
	sailsOf       = regexp.MustCompile(`Wolfpack (.+?) sails: (.+)\.`)
	sunkOf        = regexp.MustCompile(`\*\*SUNK\*\* ([\d,]+) t \(career ([\d,]+) t\)`)
	deadlineOf    = regexp.MustCompile(`^⌛ (\S+)'s deadline passed: `)
	reminderOf    = regexp.MustCompile(`⏰ (U-\d+) waits on you: _(.*?)_ \(reminder (\d+)\)`)
	standingOf    = regexp.MustCompile(`^(\d+)\. (\S+)$`)
	packTotalOf   = regexp.MustCompile(`^(\d+)\. (.+): ([\d,]+) t$`)
	scoreOfValues = regexp.MustCompile(`^([\d,]+) t · `)
)

// withoutSince is a message's text without its "Since your last turn"
// summary: the block from its heading to its full log's line.
func withoutSince(text string) string {
	from := strings.Index(text, "Since your last turn")
	if from < 0 {
		return text
	}
	to := strings.Index(text[from:], "📜 Full log")
	if to < 0 {
		return text[:from]
	}
	rest := text[from+to:]
	if nl := strings.IndexByte(rest, '\n'); nl >= 0 {
		return text[:from] + rest[nl+1:]
	}
	return text[:from]
}

// interactionOf is the id of the interaction a callback or follow-up answers.
func interactionOf(p discordfake.Post) string {
	if !strings.Contains(p.Path, "/interactions/") && !strings.Contains(p.Path, "/webhooks/") {
		return ""
	}
	m := tokenOf.FindStringSubmatch(p.Path)
	if m == nil {
		return ""
	}
	return m[1]
}

// handle reads one post as the players would.
func (d *packDriver) handle(p discordfake.Post) {
	channel, actor := p.Channel, ""
	if id := interactionOf(p); id != "" {
		in := d.inter[id]
		if in == nil {
			d.fail("an answer to an interaction never sent: %s", p.Path)
			return
		}
		in.answered = true
		channel, actor = in.channel, in.user
		if in.click && discordfake.Ephemeral(p) {
			d.fail("%s's click was refused: %s", in.user, discordfake.Text(p))
		}
	} else if strings.HasPrefix(channel, "dm-") {
		d.directMessage(strings.TrimPrefix(channel, "dm-"), p)
		return
	} else {
		actor = d.noticeActor[channel]
	}
	text := discordfake.Text(p)
	embed, hasEmbed := discordfake.FirstEmbed(p)
	if channel == "c1" && hasEmbed && strings.HasPrefix(embed.Title, "Standings") {
		d.checkStandings(embed)
		return
	}
	if m := sailsOf.FindStringSubmatch(text); m != nil {
		members := strings.Split(m[2], ", ")
		d.packs[m[1]] = members
		d.packThread[channel] = m[1]
		for _, u := range members {
			d.packOf[u] = m[1]
			if d.history[u] == nil {
				d.history[u] = map[int]bool{0: true}
			}
		}
	}
	if content, _ := discordfake.Data(p)["content"].(string); interactionOf(p) == "" {
		if m := deadlineOf.FindStringSubmatch(content); m != nil {
			d.deadlineActed(m[1], channel, content, p.At)
			actor = m[1]
		}
	}
	// A summary of what happened since a player's last turn repeats the
	// pack's sinkings, each already booked when it was posted.
	for _, m := range sunkOf.FindAllStringSubmatch(withoutSince(text), -1) {
		tons, _ := strconv.Atoi(strings.ReplaceAll(m[1], ",", ""))
		total, _ := strconv.Atoi(strings.ReplaceAll(m[2], ",", ""))
		d.sinking(actor, channel, tons, total)
	}
	if strings.Contains(text, "has finished its patrol") {
		d.finished[d.packThread[channel]] = true
	}
	buttons := discordfake.Buttons(p)
	if reminderOf.MatchString(text) {
		if len(buttons) > 0 {
			d.fail("a reminder carries a second set of buttons (issue 17.6): %s", text)
		}
		d.reminder(text, p.At)
		return
	}
	if strings.Contains(text, "deadline passed. This decision is theirs alone") {
		d.fail("a deadline left the game waiting, where the built-in commander should act: %s", text)
		return
	}
	if len(buttons) == 0 {
		return
	}
	d.prompt(p, channel, buttons)
}

// prompt takes a posted decision: its player answers it at once, unless he
// is away.
func (d *packDriver) prompt(p discordfake.Post, channel string, buttons []string) {
	parts := strings.Split(buttons[0], ":")
	if len(parts) != 4 || parts[0] != "k1" {
		return // not a game's decision
	}
	key := parts[1] + "|" + parts[2]
	if d.prompts[key] != nil {
		return // posted again
	}
	// Every prompt names its player and boat (issue 17.3); it pings him
	// only when the turn has passed to him.
	e, _ := discordfake.FirstEmbed(p)
	m := ownerOf.FindStringSubmatch(e.Description)
	if m == nil {
		d.fail("a prompt names nobody: %s", discordfake.Text(p))
		return
	}
	user := m[1]
	content, _ := discordfake.Data(p)["content"].(string)
	if ping := mentionOf.FindStringSubmatch(content); ping != nil && ping[1] != user {
		d.fail("%s's prompt pings %s", user, ping[1])
	}
	pr := &packPrompt{game: parts[1], token: parts[2], user: user, channel: channel, options: buttons, firstSeen: p.At,
		reminders: map[int][]time.Time{}, dms: map[int]int{}}
	d.prompts[key] = pr
	d.promptAt[p.ID] = pr
	if old := d.pending[user]; old != nil && !old.answered {
		d.fail("%s has two prompts at once: %s and %s", user, old.token, pr.token)
	}
	d.pending[user] = pr
	pack := d.packOf[user]
	battle := false
	for _, b := range buttons {
		battle = battle || strings.HasSuffix(b, ":sit_out")
	}
	if battle && d.absentLeft[user] == 0 && d.battleAbsent[pack] == "" && user != player(6) {
		// The first player of the pack offered a battle round is away for it
		// (and in the second pack for one more prompt).
		d.battleAbsent[pack] = user
		d.absentLeft[user] = 1
		if len(d.packs[pack]) > 0 && d.packs[pack][0] == player(7) {
			d.absentLeft[user] = 2
		}
	}
	if d.absentLeft[user] > 0 {
		pr.absent = true
		return
	}
	pr.answered = true
	if d.packmateAway(user) {
		// While a packmate is away the others take their time, so the pack
		// keeps moving around his waiting prompt (issue 16.1: their moves
		// must neither restart his clock nor bring a reminder back).
		d.later = append(d.later, laterClick{at: time.Now().Add(packmatePace), user: user, channel: channel, choice: buttons[0]})
		return
	}
	d.click(user, channel, buttons[0])
}

// deadlineActed books a deadline notice against its player's pending prompt.
func (d *packDriver) deadlineActed(user, channel, text string, at time.Time) {
	d.noticeActor[channel] = user
	pr := d.pending[user]
	if pr == nil {
		d.fail("a deadline acted for %s, who had no prompt pending: %s", user, text)
		return
	}
	pr.deadlines = append(pr.deadlines, at)
	if !pr.absent {
		d.fail("a deadline acted on %s's prompt %s, which he answered at once", user, pr.token)
	}
	pr.answered = true
	d.deadlineActs++
	if strings.Contains(text, "sits this round of the pack's battle out") {
		d.sitOuts++
	}
	if d.absentLeft[user] > 0 {
		d.absentLeft[user]--
	}
}

// reminder counts a reminder against the prompt it links to.
func (d *packDriver) reminder(text string, at time.Time) {
	m := reminderOf.FindStringSubmatch(text)
	jump := jumpOf.FindStringSubmatch(text)
	if m == nil || jump == nil {
		d.fail("a reminder reads %q", text)
		return
	}
	if strings.Contains(text, "()") || !strings.Contains(text, ", due <t:") {
		d.fail("a reminder with an empty rule reference (issue 16.5) or no due time: %q", text)
	}
	// The link leads to the prompt's message; a bot restarted since it was
	// posted knows only the game's thread, and the reminder is his whose
	// mention it carries.
	pr := d.promptAt[jump[1]]
	if ping := mentionOf.FindStringSubmatch(text); jump[1] == "" && ping != nil {
		pr = d.pending[ping[1]]
	}
	if pr == nil {
		d.fail("a reminder of a prompt never posted: %q", text)
		return
	}
	n, _ := strconv.Atoi(m[3])
	pr.reminders[n] = append(pr.reminders[n], at)
	d.reminded[pr.user] = pr
	// The kill comes in the middle of the battles: at the first reminder of
	// a prompt the player is away for, once a battle round has been sat out
	// (with one pack, at the first reminder of its battle absentee's round).
	battle := d.packCount == 1 && d.battleAbsent[d.packOf[pr.user]] == pr.user
	if n == 1 && pr.absent && !d.killed && (d.sitOuts > 0 || len(d.finished) > 0 || battle) {
		d.killDue = true
	}
}

// directMessage counts the direct message that comes with a last reminder.
func (d *packDriver) directMessage(user string, p discordfake.Post) {
	text := discordfake.Text(p)
	m := reminderOf.FindStringSubmatch(text)
	pr := d.reminded[user]
	if m == nil || pr == nil || strings.Contains(text, "<@") {
		d.fail("a direct message to %s: %q", user, text)
		return
	}
	n, _ := strconv.Atoi(m[3])
	pr.dms[n]++
}

// sinking books a ship sunk: to the player who decided, when his total says
// so, else to the one packmate whose total it continues.
func (d *packDriver) sinking(actor, channel string, tons, total int) {
	pack := d.packThread[channel]
	candidates := []string{actor}
	if actor == "" || d.totals[actor]+tons != total {
		candidates = nil
		for _, u := range d.packs[pack] {
			if d.totals[u]+tons == total {
				candidates = append(candidates, u)
			}
		}
	}
	if len(candidates) != 1 {
		d.fail("a sinking of %d t (total %d t) in pack %s fits %v", tons, total, pack, candidates)
		return
	}
	u := candidates[0]
	d.totals[u] = total
	d.history[u][total] = true
}

// checkStandings checks one standings message on its own: every entrant
// once, ranked by tonnage, the packs' totals their members' sums, nobody
// waiting for a Start; and keeps it to check each tonnage against the
// boats' histories at the end.
func (d *packDriver) checkStandings(e discordfake.Embed) {
	if len(e.Fields) != d.entrants {
		d.fail("standings with %d entrants: %v", len(e.Fields), e.Fields)
		return
	}
	snap := standingsSnapshot{at: time.Now(), scores: map[string]int{}}
	prev := -1
	for i, f := range e.Fields {
		m := standingOf.FindStringSubmatch(f[0])
		v := scoreOfValues.FindStringSubmatch(f[1])
		if m == nil || v == nil {
			d.fail("a standings line reads %q: %q", f[0], f[1])
			return
		}
		if m[1] != strconv.Itoa(i+1) {
			d.fail("standings line %d is ranked %s", i+1, m[1])
		}
		score, _ := strconv.Atoi(strings.ReplaceAll(v[1], ",", ""))
		if prev >= 0 && score > prev {
			d.fail("standings out of order: %v", e.Fields)
		}
		prev = score
		if strings.Contains(f[1], "Start") {
			d.fail("the standings say %q (issue 16.2)", f[1])
		}
		snap.scores[m[2]] = score
	}
	if len(snap.scores) != d.entrants {
		d.fail("standings name %d entrants: %v", len(snap.scores), e.Fields)
	}
	packTotals := 0
	for _, line := range strings.Split(e.Description, "\n") {
		m := packTotalOf.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		packTotals++
		want := 0
		for _, u := range d.packs[m[2]] {
			want += snap.scores[u]
		}
		if got, _ := strconv.Atoi(strings.ReplaceAll(m[3], ",", "")); got != want {
			d.fail("pack %s's total reads %d t, its boats' make %d t", m[2], got, want)
		}
	}
	if packTotals != d.packCount {
		d.fail("standings without the %d packs' totals: %q", d.packCount, e.Description)
	}
	d.snapshots = append(d.snapshots, snap)
	d.last = &d.snapshots[len(d.snapshots)-1]
}

// checkStandingsNow: at a quiet moment, the last standings posted say what
// the channel has been told of every boat's tonnage.
func (d *packDriver) checkStandingsNow(when string) {
	if d.last == nil {
		d.fail("%s: no standings posted", when)
		return
	}
	for u := range d.packOf {
		if d.last.scores[u] != d.totals[u] {
			d.fail("%s the standings give %s %d t; his sinkings make %d t", when, u, d.last.scores[u], d.totals[u])
		}
	}
}

// checkReminders holds every prompt to its reminders and deadline.
func (d *packDriver) checkReminders() {
	type lateness struct {
		what string
		late time.Duration
	}
	var lates []lateness
	absent, reminders, dms := 0, 0, 0
	due := func(pr *packPrompt, after time.Duration) time.Time {
		at := pr.firstSeen.Add(after)
		if !d.survivor && at.After(d.killedAt) && at.Before(d.upAgain) {
			at = d.upAgain // due while the bot was down: the first tick after the restart
		}
		return at
	}
	for _, pr := range d.prompts {
		for n, times := range pr.reminders {
			reminders += len(times)
			if len(times) > 1 {
				d.fail("%s's prompt %s got reminder %d %d times, at %v", pr.user, pr.token, n, len(times), times)
			}
		}
		for n, c := range pr.dms {
			dms += c
			if c > 1 || n != 2 {
				d.fail("%s's prompt %s got %d direct messages for reminder %d", pr.user, pr.token, c, n)
			}
		}
		if !pr.absent {
			if len(pr.deadlines) > 0 {
				d.fail("a deadline acted on %s's prompt %s, which he answered", pr.user, pr.token)
			}
			continue
		}
		absent++
		if len(pr.reminders[1]) != 1 || len(pr.reminders[2]) != 1 || pr.dms[2] != 1 || len(pr.deadlines) != 1 {
			d.fail("%s's prompt %s, which he left to the deadline: reminders %v, direct messages %v, deadlines %v", pr.user, pr.token, pr.reminders, pr.dms, pr.deadlines)
			continue
		}
		lates = append(lates,
			lateness{"reminder 1", pr.reminders[1][0].Sub(due(pr, e2eFirstReminder))},
			lateness{"reminder 2", pr.reminders[2][0].Sub(due(pr, e2eSecondReminder))},
			lateness{"deadline", pr.deadlines[0].Sub(due(pr, e2eDeadline))})
	}
	// Player 6 is away twice, and each pack's first battle absentee once
	// (the second pack's twice).
	if absent < 2*d.packCount+1 {
		d.fail("only %d prompts were left to their deadline", absent)
	}
	if d.sitOuts == 0 {
		d.fail("no absent boat sat a battle round out (13.5)")
	}
	sort.Slice(lates, func(i, j int) bool { return lates[i].late < lates[j].late })
	var deadlines []string
	for _, l := range lates {
		// Measured from when the prompt reached the fake, a little after the
		// bot set its due times: a due time is never early by more than that.
		if l.late < -300*time.Millisecond || l.late > e2eTick+e2eDelivery {
			d.fail("%s came %v after its time (one tick is %v)", l.what, l.late, e2eTick)
		}
		if l.what == "deadline" {
			deadlines = append(deadlines, l.late.Round(10*time.Millisecond).String())
		}
	}
	d.t.Logf("%d prompts, %d left to their deadline; %d reminders in the channel and %d direct messages; deadlines acted late by %s (one tick is %v); lateness of all %d due times from %v to %v",
		len(d.prompts), absent, reminders, dms, strings.Join(deadlines, " "), e2eTick, len(lates), lates[0].late.Round(time.Millisecond), lates[len(lates)-1].late.Round(time.Millisecond))
}

// checkDatabase reads the stopped bot's database: both packs' games are
// finished, each boat's tonnage is what the channel was told, every
// standings message gave each boat a tonnage it had, and the logs verify.
func (d *packDriver) checkDatabase(db string) {
	store, err := openDB(d.t.Context(), db, false) // a file, or a postgres:// URL
	if err != nil {
		d.t.Fatal(err)
	}
	defer store.Close()
	games, err := availableGames()
	if err != nil {
		d.t.Fatal(err)
	}
	fin, err := store.Finished(d.t.Context())
	if err != nil {
		d.t.Fatal(err)
	}
	boats := 0
	for i := range fin {
		if fin[i].Game != "hunters-wolfpack" {
			continue
		}
		rec, err := store.Find(d.t.Context(), fin[i].ID) // the archive's list leaves the states out
		if err != nil {
			d.t.Fatal(err)
		}
		st, err := games["hunters-wolfpack"].Rules.Decode(rec.State)
		if err != nil {
			d.t.Fatal(err)
		}
		ws := st.(*wolfpack.State)
		for j, m := range ws.Members {
			boats++
			if tons := ws.Career(j).Career.Tons; tons != d.totals[m.Name] {
				d.fail("%s sank %d t in the database, %d t in the channel", m.Name, tons, d.totals[m.Name])
			}
		}
		x, err := audit.Build(d.t.Context(), store, &fin[i], true)
		if err != nil {
			d.t.Fatal(err)
		}
		data, _ := json.Marshal(x)
		if rep := audit.Verify(data, games); len(rep.Problems) > 0 {
			d.fail("pack game %s's log does not verify: %v", fin[i].ID, rep.Problems[0])
		}
	}
	if boats != d.entrants {
		d.fail("%d boats in finished pack games, want %d", boats, d.entrants)
	}
	for _, s := range d.snapshots {
		for u, score := range s.scores {
			if !d.history[u][score] {
				d.fail("a standings message gave %s %d t, a total he never had", u, score)
			}
		}
	}
}
