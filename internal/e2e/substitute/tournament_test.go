package substitute

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/internal/discordfake"
)

// discordCup is a Top Tonnage tournament in channel c2 of the fake
// Discord: Dönitz (u4) organises, Prien (u1) and Kretschmer (u2) play,
// each his career in a thread; Kretschmer's passes to Lemp (u3).
type discordCup struct {
	s      *discordSide
	thread string // Kretschmer's career's thread
	n      int
}

func (c *discordCup) tournament(t *testing.T, by string, opts ...[2]string) {
	t.Helper()
	c.n++
	c.s.interactions++
	c.s.dispatch("cup"+string(rune('a'+c.n)), "c2", by, "hunters", "tournament", opts)
}

// before the kill: the tournament, its start, the handover by the
// organiser from the tournament's channel, which the standings show with
// both names and the career's thread tells, pinging Lemp.
func (c *discordCup) handOver(t *testing.T) {
	t.Helper()
	f := c.s.f
	c.tournament(t, "u4", [2]string{"action", "create"}, [2]string{"format", "top"}, [2]string{"length", "short"}, [2]string{"name", "Cup"})
	awaitCondition(t, "discord: the tournament's card", func() bool { return countIn(f, "c2", "Cup") > 0 })
	c.tournament(t, "u1", [2]string{"action", "join"})
	awaitCondition(t, "discord: Prien's entry", func() bool { return countIn(f, "", "You are in Cup (1 entrant)") == 1 })
	c.tournament(t, "u2", [2]string{"action", "join"})
	awaitCondition(t, "discord: Kretschmer's entry", func() bool { return countIn(f, "", "You are in Cup (2 entrants)") == 1 })
	c.tournament(t, "u4", [2]string{"action", "start"})
	awaitCondition(t, "discord: Kretschmer's career waiting for his Start", func() bool {
		for _, m := range f.Messages() {
			if strings.HasPrefix(m.Channel, "th-c2-") && m.Live() && strings.Contains(m.Content, "<@u2>") {
				c.thread = m.Channel
				return true
			}
		}
		return false
	})
	c.n++
	c.s.interactions++
	c.s.dispatch("cup-sub", "c2", "u4", "hunters", "substitute", [][2]string{{"seat", "u2"}, {"with", "u3"}})
	awaitCondition(t, "discord: the handover in the career's thread", func() bool { return countIn(f, c.thread, "takes over from") == 1 })
	for _, m := range f.Messages() {
		if m.Channel == c.thread && strings.Contains(m.Text(), "takes over from") {
			if got := c.s.pump.pingsOf(m.ID); len(got) != 1 || got[0] != "u3" {
				t.Errorf("discord: the career's handover pings %v, want Lemp", got)
			}
		}
	}
	awaitCondition(t, "discord: the standings with both names", func() bool { return countIn(f, "c2", "Lemp (for u2 from decision 0)") == 1 })
}

// after the restart: Kretschmer's Start is refused, Lemp's starts the
// career; its log verifies with the handover.
func (c *discordCup) playOn(t *testing.T) {
	t.Helper()
	f := c.s.f
	var start discordfake.Message
	for _, m := range f.Messages() {
		if m.Channel == c.thread && m.Live() {
			start = m
		}
	}
	if start.ID == "" {
		t.Fatal("discord: no Start left in the career's thread after the restart")
	}
	refused := c.s.refusals()
	c.s.interactions += 2
	if err := f.ClickOn("cup-old", start.ID, "u2", start.CustomIDs()[0]); err != nil {
		t.Fatal(err)
	}
	awaitCondition(t, "discord: Kretschmer's Start refused", func() bool { return c.s.refusals() > refused || countIn(f, "", "is for Lemp's game") > 0 })
	if err := f.ClickOn("cup-new", start.ID, "u3", start.CustomIDs()[0]); err != nil {
		t.Fatal(err)
	}
	awaitCondition(t, "discord: Lemp's Start", func() bool {
		m, _ := f.MessageByID(start.ID)
		return !m.Live()
	})
}

// verify checks the career's log, after the process has stopped.
func (c *discordCup) verify(t *testing.T, bin, db, dir string) {
	t.Helper()
	var game string
	for _, m := range c.s.f.Messages() {
		if m.Channel == c.thread {
			for _, id := range m.CustomIDs() {
				if g := gameOf(id); g != "" {
					game = g
				}
			}
		}
	}
	out, err := exec.Command(bin, "audit", "--db", db, "--game", game).Output()
	if err != nil {
		t.Fatalf("discord: kaleun audit of the career %q: %v", game, err)
	}
	file := filepath.Join(dir, "career.json")
	if err := os.WriteFile(file, out, 0o600); err != nil {
		t.Fatal(err)
	}
	if v, err := exec.Command(bin, "verify", file).CombinedOutput(); err != nil || !strings.Contains(string(v), "substitutes: 1 handover") {
		t.Errorf("discord: kaleun verify of the career: %v\n%s", err, v)
	}
}

func countIn(f *discordfake.Server, channel, text string) int {
	n := 0
	for _, m := range f.Messages() {
		if (channel == "" || m.Channel == channel) && strings.Contains(m.Text(), text) {
			n++
		}
	}
	return n
}
