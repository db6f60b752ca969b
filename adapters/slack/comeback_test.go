package slack

import (
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/persist"
)

// Issue 34, items 1 and 2, through the real slack-go Socket Mode client
// against the local Slack: a duel's pings open with what happened since the
// pinged player last acted (at most 10 lines), the channel's noise bounds
// hold with them, and `/kaleun games` is ephemeral, its caller's games oldest
// waiting first, each with a permalink to its prompt.
func TestSinceYourLastTurnAndKaleunGamesOnSlack(t *testing.T) {
	r := startChannelRun(t)
	r.slash("C5", "funker", "/hunters", "new boat:VIIC start:1941-06")
	if rec, err := r.store.Load(t.Context(), "slack/T1/C5"); err != nil || !rec.AwaitingStart {
		t.Fatalf("funker's career: %+v %v", rec, err)
	}
	r.slash("C1", "kapitaen", "/hunters-duel", "new b:<@funker|funker> boat:VIIC start:1941-03 end:1941-08")
	rec, err := r.store.Load(t.Context(), "slack/T1/C1")
	if err != nil {
		t.Fatal(err)
	}
	r.press("C1", "", "funker", "k1:"+rec.ID+":start:go")
	summaries, stopAt := 0, ""
	seen := map[string]bool{}
	for step := 0; step < 1000 && stopAt == ""; step++ {
		for _, m := range r.f.Messages() {
			if m.Channel != "C1" || !m.Live() || seen[m.TS] {
				continue
			}
			seen[m.TS] = true
			text := m.AllText()
			at := strings.Index(text, "📰 *Since your last turn*")
			if at < 0 {
				continue
			}
			summaries++
			block, _, _ := strings.Cut(text[at:], "\n\n")
			lines := strings.Split(block, "\n")
			if len(m.Pinged) != 1 || len(lines) > 10 || !strings.Contains(lines[len(lines)-1], "Full log") {
				t.Fatalf("a summary on a message that pings %v, %d lines:\n%s", m.Pinged, len(lines), block)
			}
			if m.Pinged[0] == "funker" && summaries >= 2 {
				stopAt = m.TS
				t.Logf("funker's ping, %d lines:\n%s", len(lines), block)
			}
		}
		if stopAt != "" || !r.step("C1") {
			break
		}
	}
	if stopAt == "" {
		t.Fatalf("no ping to funker opened with a summary (%d summaries)", summaries)
	}

	before := len(r.f.Messages())
	r.slash("C9", "funker", "/kaleun", "games")
	reply := r.f.Messages()[before:]
	if len(reply) != 1 || !reply[0].Ephemeral || reply[0].User != "funker" {
		t.Fatalf("/kaleun games: %+v", reply)
	}
	text := reply[0].AllText()
	t.Logf("/kaleun games:\n%s", text)
	if !strings.Contains(text, "2 games and tournaments, 2 waiting on you.") {
		t.Fatalf("want the career and the duel, both waiting on funker: %q", text)
	}
	career, duel := strings.Index(text, "waits on you: _Start_"), strings.Index(text, "(hunters-duel) waits on you")
	if career < 0 || duel < career {
		t.Fatalf("the career, waiting longest, comes first: %q", text)
	}
	duelLine, _, _ := strings.Cut(text[duel:], "\n")
	want := "<https://fake.slack.com/archives/C1/p" + strings.ReplaceAll(stopAt, ".", "") + "|Jump to game>"
	if !strings.Contains(duelLine, want) {
		t.Errorf("the duel's line %q does not link to funker's prompt (%s)", duelLine, want)
	}
	careerLine, _, _ := strings.Cut(text[career:], "\n")
	if !regexp.MustCompile(`<https://fake\.slack\.com/archives/C5/p\d+\|Jump to game>|<#C5>`).MatchString(careerLine) {
		t.Errorf("the career's line %q does not link to C5", careerLine)
	}

	for r.step("C1") {
	}
	c := r.measure(rec.ID)
	t.Logf("interactions %d, public messages %d, pictures %d, mentions %d, live answered %d, summaries %d",
		c.Interactions, c.Messages, c.Pictures, c.Mentions, c.LiveAnswered, summaries)
	c.Check(t)
}

// step answers the game at a channel's next prompt as play does; false once
// the game is over.
func (r *channelRun) step(channel string) bool {
	r.t.Helper()
	rec, err := r.store.Load(r.t.Context(), "slack/T1/"+channel)
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
	r.press(channel, "", user, "k1:"+rec.ID+":"+p.Token+":"+choose(st, p))
	return true
}
