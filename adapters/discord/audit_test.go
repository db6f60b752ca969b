package discord

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/bot/audit"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/hunters"
	"github.com/kaleun/kaleun/internal/discordfake"
)

// The dice audit through discordgo: a friend mixes in entropy before the
// Start, rolls name their dice and the log's hash, history shows the head,
// `audit` attaches a file that verifies clean, `reveal` shows the seed, and
// `dice` answers "the bot hates me".
func TestDiscordDiceAudit(t *testing.T) {
	f := discordfake.New(t)
	a, store := startAdapter(t, f, filepath.Join(t.TempDir(), "k.db"))
	defer a.Close()
	defer store.Close()
	f.Slash("i1", "u1", false, "new", map[string]string{"boat": "VIIC"})
	posts := f.Drain(t)
	start := buttons(posts[len(posts)-1])
	if len(start) != 1 || !strings.Contains(text(posts), "Dice seed committed: `") {
		t.Fatalf("want the commitment and a Start button: %s", text(posts))
	}
	// Entry 1 is the log's genesis, entry 2 the commitment, 3 the entropy.
	f.Slash("i2", "u2", false, "seed", map[string]string{"text": "Schepke rolls too"})
	if got := text(f.Drain(t)); !strings.Contains(got, "Schepke rolls too") || !strings.Contains(got, "log entry 3") {
		t.Fatalf("entropy: %s", got)
	}
	f.Click("c0", "u1", start[0])
	posts = f.Drain(t)
	// The Start's message becomes its result: the rolls name their dice.
	if got := text(posts); !strings.Contains(got, "-# 11.2.2: 1d6 = ") || !strings.Contains(got, " · die #0") {
		t.Fatalf("rolls must name their chart, case and dice: %s", got)
	}
	for i := 1; i < 12; i++ {
		b := buttons(posts[len(posts)-1])
		if len(b) == 0 {
			t.Fatalf("no prompt: %s", text(posts))
		}
		f.Click("c"+string(rune('a'+i)), "u1", b[0])
		posts = f.Drain(t)
	}
	f.Slash("i3", "u2", false, "seed", map[string]string{"text": "too late"})
	if p := f.Next(t); !ephemeral(p) || !strings.Contains(text([]discordfake.Post{p}), "already rolled") {
		t.Fatalf("late entropy must be refused privately: %s", text([]discordfake.Post{p}))
	}
	f.Slash("i4", "u2", false, "history", nil)
	if got := text(f.Drain(t)); !strings.Contains(got, "head ") {
		t.Fatalf("history must show the head hash: %s", got)
	}
	f.Slash("i5", "u2", false, "reveal", nil)
	if p := f.Next(t); !ephemeral(p) {
		t.Fatalf("a stranger may not reveal the seed: %s", text([]discordfake.Post{p}))
	}
	f.Slash("i6", "u1", false, "reveal", nil)
	if got := text(f.Drain(t)); !strings.Contains(got, "Dice seed revealed") || !strings.Contains(got, "6b616c65756e") {
		t.Fatalf("reveal: %s", got)
	}
	f.Slash("i7", "u2", false, "audit", nil)
	posts = f.Drain(t)
	file := posts[0].Files["kaleun-adaptertest.json"]
	if len(file) == 0 {
		t.Fatalf("no audit file attached: %s", text(posts))
	}
	h, _ := hunters.NewRules()
	r := audit.Verify(file, engine.Described(map[string]engine.Rules{"hunters": h}))
	if !r.OK() || r.Checked == 0 || r.Decisions < 11 {
		t.Fatalf("the attached log: %+v", r)
	}
	f.Slash("i8", "u2", false, "dice", nil)
	if got := text(f.Drain(t)); !strings.Contains(got, "d6") || !strings.Contains(got, "This server (1 game)") {
		t.Fatalf("dice statistics: %s", got)
	}
}
