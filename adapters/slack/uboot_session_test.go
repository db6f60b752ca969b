package slack

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
	"github.com/kaleun/kaleun/internal/slackfake"
	"github.com/kaleun/kaleun/internal/ubootsession"
	"github.com/kaleun/kaleun/persist"
)

// Issue 31's done-when session through the real slack-go Socket Mode
// client against the local Slack, as adapters/discord's
// TestUbootScriptedSessionThroughDiscord plays it on Discord: the same
// entries by the same holders, the same refusals, and the same board
// (engine/uboot/scripted/testdata/board.txt), every draw in the audit, the
// audit verifying.
func TestUbootScriptedSessionThroughSlack(t *testing.T) {
	r := startUbootSlackRun(t)
	captain := scripted.HolderOf("captain")
	r.slash("C1", captain, "/uboot", "new players:3 captain:medium")
	rec := r.ubootRecord()
	r.press("C1", "", captain, "k1:"+rec.ID+":start:go")
	for _, h := range scripted.Holders {
		for _, role := range h.Roles {
			r.slash("C1", h.User, "/uboot", "claim "+role)
		}
	}
	if rec = r.ubootRecord(); len(rec.Seats) != 4 {
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
			// §5.1, §7.1: the Mobilization is the Captain's.
			for _, other := range []string{scripted.Stranger, scripted.HolderOf("fo")} {
				r.press("C1", "", other, "k1:"+rec.ID+":"+p.Token+":"+s.Key)
				if got := r.lastPrivate(other); !strings.Contains(got, "This entry is the Captain's (prien): your click changed nothing.") {
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
			r.press("C1", "", other, "k1:"+rec.ID+":"+p.Token+":"+s.Key)
			if got := r.lastPrivate(other); !strings.Contains(got, "("+s.User()+"): your click changed nothing.") {
				t.Errorf("step %d %q, %s's entry: a stranger's click: %q", i, s.Key, s.Role, got)
			}
			if again := r.ubootRecord(); again.Decisions != rec.Decisions || string(again.State) != string(rec.State) {
				t.Fatalf("step %d: a stranger's refused click changed the game", i)
			}
		}
		began := time.Now()
		if n, ok := strings.CutPrefix(s.Key, "t="); ok {
			// The seconds the app's timer shows, typed in the form's modal.
			r.press("C1", "", s.User(), "k1:"+rec.ID+":"+p.Token+":__form")
			views := r.f.Views()
			v := views[len(views)-1]
			r.send(func(env string) {
				r.f.Submit(env, s.User(), v, map[string]map[string]string{formBlock: {formField: n}})
			})
		} else if risky(p, s.Key) {
			r.press("C1", "", s.User(), "k1:"+rec.ID+":"+p.Token+":__sure."+s.Key)
			r.press("C1", "", s.User(), "k1:"+rec.ID+":"+p.Token+":__yes."+s.Key)
		} else {
			r.press("C1", "", s.User(), "k1:"+rec.ID+":"+p.Token+":"+s.Key)
		}
		took = append(took, time.Since(began))
		if again := r.ubootRecord(); again.Decisions != rec.Decisions+1 {
			t.Fatalf("step %d %q (§%s) by %s: not taken (%s)", i, s.Key, s.Case, s.User(), r.lastPrivate(s.User()))
		}
	}
	rec = r.ubootRecord()
	st := r.decode(rec)
	events := ubootsession.StoredEvents(t, r.store, rec.ID)
	for _, b := range scripted.Check(st, events) {
		t.Error(b)
	}
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
	r.slash("C1", captain, "/uboot", "reveal")
	r.slash("C1", scripted.HolderOf("nav"), "/uboot", "audit")
	var file []byte
	for done := false; !done; {
		select {
		case p := <-r.f.Posts():
			if p.Get("_method") == "/api/files.completeUploadExternal" && strings.Contains(p.Get("files"), "kaleun-"+rec.ID) {
				file = []byte(p.Get("_content"))
			}
		default:
			done = true
		}
	}
	ubootsession.CheckAudit(t, file, events)
	// The board is one picture edited in place (engine.Game.PinnedPicture):
	// one message of the channel shows it, in an image block naming a file
	// uploaded unshared, which each entry's chat.update replaces; no board
	// is shared as a file of its own; the last is the final board's.
	var boards []slackfake.Message
	for _, m := range r.f.Messages() {
		if m.Channel != "C1" || m.Ephemeral || m.Deleted {
			continue
		}
		if slices.Contains(m.Files, "board.png") {
			t.Errorf("a board shared as a file of its own: %s", m.TS)
		}
		if len(imageFiles(m)) > 0 {
			boards = append(boards, m)
		}
	}
	if len(boards) != 1 || boards[0].Edits < len(scripted.Script)/2 || len(r.f.Pictures()) < len(scripted.Script)/2 {
		t.Fatalf("the board picture: %d messages show it, %d pictures shown; want one message edited with the entries", len(boards), len(r.f.Pictures()))
	}
	ids := imageFiles(boards[0])
	if want, _ := ubootsession.Illustrator(t).Illustrate(st, "status", nil); len(ids) != 1 || len(want) != 1 || string(r.f.Picture(ids[0])) != string(want[0].Data) {
		t.Error("the board message's picture is not the final board's")
	}
	// Any player may read the board back at any moment (`status`).
	r.slash("C1", scripted.HolderOf("fo"), "/uboot", "status")
	ubootsession.LogTimes(t, "Slack", took)
}

func startUbootSlackRun(t *testing.T) *channelRun {
	t.Helper()
	games := ubootsession.Registry(t)
	r := &channelRun{t: t, f: slackfake.New(t), games: games, done: make(chan string, 64)}
	var err error
	r.store, err = persist.Open(filepath.Join(t.TempDir(), "k.db"))
	if err != nil {
		t.Fatal(err)
	}
	ids := 0
	r.svc = bot.New(r.store, games, bot.Options{NewSeed: fixedSeed,
		NewID:        func() (string, error) { ids++; return fmt.Sprintf("g%d", ids), nil },
		Illustrators: map[string]bot.Illustrator{"uboot": ubootsession.Illustrator(t)}})
	r.a, err = New(Config{Mode: "socket", BotToken: "xoxb-test", AppToken: "xapp-test", APIBase: r.f.APIURL()}, r.svc, games, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	r.a.handled = func(env string) { r.done <- env }
	if err := r.a.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	<-r.f.Open()
	r.svc.UseThreads("slack", r.a)
	t.Cleanup(func() { r.a.Close(); r.svc.Wait(); r.store.Close() })
	return r
}

func (r *channelRun) ubootRecord() *persist.GameRecord {
	r.t.Helper()
	rec, err := r.store.Load(r.t.Context(), "slack/T1/C1")
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

// lastPrivate is the text of the newest message shown to user alone.
func (r *channelRun) lastPrivate(user string) string {
	ms := r.f.Messages()
	for i := len(ms) - 1; i >= 0; i-- {
		if ms[i].Ephemeral && ms[i].User == user {
			return ms[i].AllText()
		}
	}
	return ""
}

func risky(p *engine.Prompt, key string) bool {
	for _, o := range p.Options {
		if o.Key == key {
			return o.Risk != ""
		}
	}
	return false
}

// imageFiles are the slack_file ids of a message's image blocks.
func imageFiles(m slackfake.Message) []string {
	var out []string
	for _, b := range m.Blocks {
		bm, _ := b.(map[string]any)
		if bm["type"] != "image" {
			continue
		}
		if sf, ok := bm["slack_file"].(map[string]any); ok {
			id, _ := sf["id"].(string)
			out = append(out, id)
		}
	}
	return out
}
