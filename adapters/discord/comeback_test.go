package discord

import (
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/internal/discordfake"
	"github.com/kaleun/kaleun/persist"
)

// Issue 34, items 1 and 2, through the real discordgo client against the
// local Discord: a duel's pings open with what happened since the pinged
// player last acted (at most 10 lines, never on a prompt to the player who
// goes on), the channel's noise bounds hold with them, and `/kaleun games`
// answers its caller alone (ephemeral), his games oldest waiting first,
// each with a link to its prompt's own message.
func TestSinceYourLastTurnAndKaleunGamesOnDiscord(t *testing.T) {
	r := startChannelRun(t)
	// First, funker's own career in another server, waiting for his Start.
	r.f.SetGuild("g2")
	r.command("c5", "funker", "hunters", "new", discordfake.Option{Name: "boat", Value: "VIIC"}, discordfake.Option{Name: "start", Value: "1941-06"})
	r.f.SetGuild("g1")
	career, err := r.store.Load(t.Context(), "discord/g2/c5")
	if err != nil || !career.AwaitingStart {
		t.Fatalf("funker's career: %+v %v", career, err)
	}
	startMsg := ""
	for _, m := range r.f.Messages() {
		if m.Channel == "c5" || m.Interaction == "i1" {
			startMsg = m.ID
		}
	}

	// The duel, played until a ping to funker opens with a summary.
	r.challenge("c1", "kapitaen", "hunters-duel", "funker", discordfake.Option{Name: "boat", Value: "VIIC"},
		discordfake.Option{Name: "start", Value: "1941-03"}, discordfake.Option{Name: "end", Value: "1941-08"})
	rec, err := r.store.Load(t.Context(), "discord/g1/c1")
	if err != nil {
		t.Fatal(err)
	}
	r.press("c1", "funker", "k1:"+rec.ID+":start:go")
	summaries, stopAt := 0, ""
	seen := map[string]bool{}
	for step := 0; step < 1000 && stopAt == ""; step++ {
		for _, m := range r.f.Messages() {
			if m.Channel != "c1" || !m.Live() || seen[m.ID] {
				continue
			}
			seen[m.ID] = true
			text := m.Text()
			if !strings.Contains(text, "📰 **Since your last turn**") {
				continue
			}
			summaries++
			ping := m.Mentions()
			block, _, _ := strings.Cut(text[strings.Index(text, "📰"):], "\n\n")
			lines := strings.Split(block, "\n")
			if len(ping) != 1 || len(lines) > 10 || !strings.Contains(lines[len(lines)-1], "Full log") {
				t.Fatalf("a summary on a message that pings %v, %d lines:\n%s", ping, len(lines), block)
			}
			if ping[0] == "funker" && summaries >= 2 {
				stopAt = m.ID
				t.Logf("funker's ping, %d lines:\n%s", len(lines), block)
			}
		}
		if stopAt != "" || !r.step("c1") {
			break
		}
	}
	if stopAt == "" {
		t.Fatalf("no ping to funker opened with a summary (%d summaries)", summaries)
	}

	// /kaleun games, by funker, from a third channel: for him alone, the
	// career (waiting since before the duel) first, then the duel, each
	// linking to its prompt's message.
	before := len(r.f.Messages())
	r.command("c9", "funker", "kaleun", "games")
	var reply []discordfake.Message
	for _, m := range r.f.Messages()[before:] {
		reply = append(reply, m)
	}
	if len(reply) != 1 || !reply[0].Ephemeral {
		t.Fatalf("/kaleun games: %d messages, ephemeral %v", len(reply), len(reply) > 0 && reply[0].Ephemeral)
	}
	text := reply[0].Text()
	t.Logf("/kaleun games:\n%s", text)
	link := regexp.MustCompile(`\[Jump to game\]\(https://discord\.com/channels/([^/]+)/([^/]+)/([^)]+)\)`)
	var links [][]string
	for _, line := range strings.Split(text, "\n") {
		if m := link.FindStringSubmatch(line); m != nil {
			links = append(links, m[1:])
		}
	}
	if len(links) != 2 || !strings.Contains(text, "2 games and tournaments, 2 waiting on you.") {
		t.Fatalf("want the career and the duel, both waiting on funker, each with a link: %q", text)
	}
	if links[0][0] != "g2" || links[0][1] != "c5" || links[0][2] != startMsg {
		t.Errorf("the career's line links to %v, not to its Start message %s in g2/c5", links[0], startMsg)
	}
	if links[1][0] != "g1" || links[1][1] != "c1" || links[1][2] != stopAt {
		t.Errorf("the duel's line links to %v, not to funker's prompt %s in g1/c1", links[1], stopAt)
	}
	if i, j := strings.Index(text, "waits on you: _Start_"), strings.Index(text, "(hunters-duel) waits on you"); i < 0 || j < i {
		t.Errorf("the career, waiting longest, comes first: %q", text)
	}

	// The rest of the duel, and the channel reads as before.
	for r.step("c1") {
	}
	c := r.measure(rec.ID)
	t.Logf("interactions %d, public messages %d, pictures %d, mentions %d, live answered %d, summaries %d",
		c.Interactions, c.Messages, c.Pictures, c.Mentions, c.LiveAnswered, summaries)
	c.Check(t)
}

// step answers the game at a place's next prompt as play does; false once
// the game is over.
func (r *channelRun) step(channel string) bool {
	r.t.Helper()
	rec, err := r.store.Load(r.t.Context(), "discord/g1/"+channel)
	if errors.Is(err, persist.ErrNotFound) {
		return false
	}
	if err != nil {
		r.t.Fatal(err)
	}
	if rec.Over {
		return false
	}
	st, err := r.games[rec.Game].Rules.Decode(rec.State)
	if err != nil {
		r.t.Fatal(err)
	}
	pending := engine.PendingAll(st)
	if len(pending) == 0 || st.Outcome() != nil {
		return false
	}
	p := pending[0]
	user := rec.Owner
	for _, s := range rec.Seats {
		if s.Seat == p.Seat {
			user = s.ID
		}
	}
	key := choose(st, p)
	if risky(p, key) {
		r.press(channel, user, "k1:"+rec.ID+":"+p.Token+":__sure."+key)
		r.press(channel, user, "k1:"+rec.ID+":"+p.Token+":__yes."+key)
		return true
	}
	r.press(channel, user, "k1:"+rec.ID+":"+p.Token+":"+key)
	return true
}
