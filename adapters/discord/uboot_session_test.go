package discord

import (
	"encoding/hex"
	"fmt"
	"log/slog"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kaleun/kaleun/bot"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
	"github.com/kaleun/kaleun/engine/uboot"
	"github.com/kaleun/kaleun/engine/uboot/scripted"
	"github.com/kaleun/kaleun/internal/discordfake"
	"github.com/kaleun/kaleun/internal/ubootsession"
	"github.com/kaleun/kaleun/persist"
)

// Issue 31's done-when session through the real discordgo client against
// the local Discord (engine/uboot/scripted has the script and what the
// rulebook says the board must show after it): the roles claimed, every
// entry pressed by its role's holder (the breach's countdown typed in the
// prompt's form), a click by anyone else refused with nothing changed;
// then the board read back equals the script's, on the board alone and on
// Slack (testdata/board.txt), every draw is a roll event of the audit, and
// the audit the channel's `audit` attaches verifies.
func TestUbootScriptedSessionThroughDiscord(t *testing.T) {
	r := startUbootRun(t)
	r.command("c1", scripted.HolderOf("captain"), "uboot", "new", discordfake.Option{Name: "players", Value: "3"}, discordfake.Option{Name: "captain", Value: "medium"})
	rec := r.ubootRecord()
	r.press("c1", scripted.HolderOf("captain"), "k1:"+rec.ID+":start:go")
	for _, h := range scripted.Holders {
		for _, role := range h.Roles {
			r.command("c1", h.User, "uboot", "claim", discordfake.Option{Name: "role", Value: role})
		}
	}
	rec = r.ubootRecord()
	if len(rec.Seats) != 4 {
		t.Fatalf("the four roles claimed: %+v", rec.Seats)
	}
	var took []time.Duration
	refusedFor := map[string]bool{"captain": true} // step 0 below
	for i, s := range scripted.Script {
		rec = r.ubootRecord()
		p := r.pending(rec)
		if p == nil {
			t.Fatalf("step %d %q: the game is over", i, s.Key)
		}
		if i == 0 {
			// §5.1, §7.1: the Mobilization is the Captain's: a stranger's
			// click and the First Officer's are refused, and change nothing.
			for _, other := range []string{scripted.Stranger, scripted.HolderOf("fo")} {
				r.press("c1", other, "k1:"+rec.ID+":"+p.Token+":"+s.Key)
				if got := r.lastPrivate(); !strings.Contains(got, "This entry is the Captain's (prien): your click changed nothing.") {
					t.Errorf("%s's click on the Captain's %q: %q", other, s.Key, got)
				}
				if again := r.ubootRecord(); again.Decisions != rec.Decisions || string(again.State) != string(rec.State) {
					t.Fatalf("%s's refused click changed the game", other)
				}
			}
		}
		if i > 0 && s.Role != "" && !refusedFor[s.Role] && !strings.HasPrefix(s.Key, "t=") {
			// The first entry of each role: a stranger's click is refused,
			// the holder named, and changes nothing (§5.1).
			refusedFor[s.Role] = true
			other := scripted.Stranger
			r.press("c1", other, "k1:"+rec.ID+":"+p.Token+":"+s.Key)
			if got := r.lastPrivate(); !strings.Contains(got, "("+s.User()+"): your click changed nothing.") {
				t.Errorf("step %d %q, %s's entry: a stranger's click: %q", i, s.Key, s.Role, got)
			}
			if again := r.ubootRecord(); again.Decisions != rec.Decisions || string(again.State) != string(rec.State) {
				t.Fatalf("step %d: a stranger's refused click changed the game", i)
			}
		}
		began := time.Now()
		if n, ok := strings.CutPrefix(s.Key, "t="); ok {
			// The seconds the app's timer shows, typed in the form (bot/form.go).
			r.press("c1", s.User(), "k1:"+rec.ID+":"+p.Token+":__form")
			msg, _ := r.f.Offering([]string{"c1"}, "k1:"+rec.ID+":"+p.Token+":__form")
			r.send(s.User(), func(id string) error {
				return r.f.SubmitOn(id, msg.ID, s.User(), "k1:"+rec.ID+":"+p.Token+":__form", map[string]string{"n": n})
			})
		} else if risky(p, s.Key) {
			r.press("c1", s.User(), "k1:"+rec.ID+":"+p.Token+":__sure."+s.Key)
			r.press("c1", s.User(), "k1:"+rec.ID+":"+p.Token+":__yes."+s.Key)
		} else {
			r.press("c1", s.User(), "k1:"+rec.ID+":"+p.Token+":"+s.Key)
		}
		took = append(took, time.Since(began))
		if again := r.ubootRecord(); again.Decisions != rec.Decisions+1 {
			t.Fatalf("step %d %q (§%s) by %s: not taken (%s)", i, s.Key, s.Case, s.User(), r.lastPrivate())
		}
	}
	rec = r.ubootRecord()
	st := r.decode(rec)
	events := ubootsession.StoredEvents(t, r.store, rec.ID)
	for _, b := range scripted.Check(st, events) {
		t.Error(b)
	}
	// The same board as the script played alone with the game's dice, and
	// as testdata/board.txt (which the Slack test holds its board to).
	seed, _ := hex.DecodeString(rec.Dice.Seed)
	alone, _, err := scripted.Play(dice.NewAuditable(dice.Mix(seed, rec.Dice.Entropy), rec.Dice.GameID, 0))
	if err != nil {
		t.Fatal(err)
	}
	mine, _ := st.Encode()
	theirs, _ := alone.Encode()
	if string(mine) != string(theirs) {
		t.Error("the board in chat is not the board of the same entries and dice played alone")
	}
	ubootsession.CompareBoard(t, st)
	// Every draw is a roll event in the audit, and the audit verifies.
	// The seed revealed mid-game (the game's starter may), so the audit
	// checks every die against it, then exported.
	r.command("c1", scripted.HolderOf("captain"), "uboot", "reveal")
	r.command("c1", scripted.HolderOf("nav"), "uboot", "audit")
	var file, lastBoard []byte
	made, edits := 0, 0
	for done := false; !done; {
		select {
		case p := <-r.f.Posts():
			for name, b := range p.Files {
				if strings.HasPrefix(name, "kaleun-"+rec.ID) {
					file = b
				}
				if name == "board.png" && p.Channel == "c1" {
					lastBoard = b
					if strings.HasPrefix(p.Route, "PATCH") {
						edits++
					} else {
						made++
					}
				}
			}
		default:
			done = true
		}
	}
	// The board is one picture edited in place (engine.Game.PinnedPicture):
	// one message carries board.png, posted once and replaced by each
	// entry's edit; no result carries a picture; the last is the final
	// board's.
	var boards []string
	for _, m := range r.f.Messages() {
		if m.Channel == "c1" && !m.Ephemeral && slices.Contains(m.Files, "board.png") {
			boards = append(boards, m.ID)
			if len(m.Files) != 1 {
				t.Errorf("the board's message holds %v: its picture replaced, not added to", m.Files)
			}
		}
	}
	if len(boards) != 1 || made != 1 || edits < len(scripted.Script)/2 {
		t.Errorf("the board picture: %d messages carry it, posted %d times, edited in %d; want one message, posted once, edited with the entries", len(boards), made, edits)
	}
	if want, _ := ubootsession.Illustrator(t).Illustrate(st, "status", nil); len(want) != 1 || string(lastBoard) != string(want[0].Data) {
		t.Error("the board picture's last edit is not the final board's")
	}
	ubootsession.CheckAudit(t, file, events)
	// Any player may read the board back at any moment (`status`).
	r.command("c1", scripted.HolderOf("fo"), "uboot", "status")
	ubootsession.LogTimes(t, "Discord", took)
}

// ubootRun is a channelRun of U-BOOT with its board picture.
func startUbootRun(t *testing.T) *channelRun {
	t.Helper()
	games := ubootsession.Registry(t)
	r := &channelRun{t: t, f: discordfake.New(t), games: games, done: make(chan string, 64), users: map[string]string{}}
	var err error
	r.store, err = persist.Open(filepath.Join(t.TempDir(), "k.db"))
	if err != nil {
		t.Fatal(err)
	}
	ids := 0
	r.svc = bot.New(r.store, games, bot.Options{NewSeed: fixedSeed,
		NewID:        func() (string, error) { ids++; return fmt.Sprintf("g%d", ids), nil },
		Illustrators: map[string]bot.Illustrator{"uboot": ubootsession.Illustrator(t)}})
	r.a, err = New(Config{Token: "test-token", ApplicationID: "app", Guilds: []string{"g1"}, APIBase: r.f.URL}, r.svc, games, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	r.a.handled = func(id string) { r.done <- id }
	if err := r.a.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	select {
	case <-r.f.Ready():
	case <-time.After(5 * time.Second):
		t.Fatal("no READY")
	}
	r.svc.UseThreads("discord", r.a)
	t.Cleanup(func() { r.a.Close(); r.svc.Wait(); r.store.Close() })
	return r
}

func (r *channelRun) ubootRecord() *persist.GameRecord {
	r.t.Helper()
	rec, err := r.store.Load(r.t.Context(), "discord/g1/c1")
	if err != nil {
		r.t.Fatal(err)
	}
	return rec
}

func (r *channelRun) decode(rec *persist.GameRecord) *uboot.State {
	r.t.Helper()
	st, err := r.games[rec.Game].Rules.Decode(rec.State)
	if err != nil {
		r.t.Fatal(err)
	}
	return st.(*uboot.State)
}

func (r *channelRun) pending(rec *persist.GameRecord) *engine.Prompt {
	if rec.Over {
		return nil
	}
	return r.decode(rec).Pending()
}

// lastPrivate is the text of the newest ephemeral message.
func (r *channelRun) lastPrivate() string {
	ms := r.f.Messages()
	for i := len(ms) - 1; i >= 0; i-- {
		if ms[i].Ephemeral {
			return ms[i].Text()
		}
	}
	return ""
}
