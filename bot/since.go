package bot

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/persist"
)

// "Since your last turn" (issue 34, item 1): when a player's turn comes — the
// prompt that pings him, a reminder, `turn` — the message opens with what
// happened since he last acted himself, read from the log between his last
// own decision (persist.Acted) and now and from how each career's score moved
// (engine.SummariesOf): the game is never named, so every game gets it. It
// holds to sinceMaxLines however long the gap, reads only the public log (a
// ping and a reminder are public), and says nothing when nothing happened
// that he has not seen: a solitaire career's next prompt, or the prompt that
// follows the result just shown above it.

// sinceMaxLines bounds the summary: one screen of a phone, whatever the gap.
const sinceMaxLines = 10

// sinceMaxCareers bounds the careers' lines among them, and sinceWindow the
// log entries read for the latest events (the rest are counted, not read:
// a gap of thousands of decisions costs what one of two hundred entries
// does).
const (
	sinceMaxCareers = 4
	sinceWindow     = 200
	sinceLineRunes  = 120
)

// A ping's summary waits for a gap worth it: a player who answers within
// the hour, a decision or two after his last, has their results right
// above the prompt in the channel, and a summary of them on every ping
// would be the noise the channel is kept free of. A reminder and `turn`
// come when he comes back: they always have it.
const (
	pingAfterDecisions = 3
	pingAfter          = time.Hour
)

// sinceOnPing is the summary for the player a new prompt pings, of what
// came before the decision whose result (stored) is just above it.
func (s *Service) sinceOnPing(ctx context.Context, rec *persist.GameRecord, st engine.State, user string, stored []persist.EventRecord) []string {
	acted, ok := rec.Acted[user]
	if !ok || len(stored) == 0 {
		return nil
	}
	gap := stored[0].Decision - 1 - acted.Decision
	if gap < pingAfterDecisions && s.now().Sub(acted.At) < pingAfter {
		return nil
	}
	return s.sinceLastTurn(ctx, rec, st, user, rec.Seq-uint64(len(stored)))
}

// summarizes says whether a place's games get the summary: chat places,
// not the terminal, whose players see every line scroll by.
func summarizes(key string) bool { return !strings.HasPrefix(key, "terminal/") }

// careerKey names a career of a state's summaries, as Acted.Scores keeps it.
func careerKey(i int, sm engine.Summary) string {
	switch {
	case sm.Seat != "":
		return sm.Seat
	case sm.Label != "":
		return sm.Label
	}
	return "#" + strconv.Itoa(i)
}

// scoresOf is each career's score in a state, by its key; nil when the
// state cannot say.
func scoresOf(st engine.State) map[string]int {
	if st == nil {
		return nil
	}
	sums, ok := engine.SummariesOf(st)
	if !ok {
		return nil
	}
	out := make(map[string]int, len(sums))
	for i, sm := range sums {
		out[careerKey(i, sm)] = sm.Score
	}
	return out
}

// actedNow is the record's players after a decision: the one who took it
// himself (not the bot at his deadline, nor his autopilot: he has not seen
// what they did) is noted as having acted at the log's new end. The map is
// copied, so a commit that fails leaves the record it came from as it was.
//
// The players noted at the game's start (actedAtStart, before it had a
// state) get the scores its start gave, from its first commit.
func actedNow(rec *persist.GameRecord, st engine.State, h how, seqAfter uint64) map[string]persist.Acted {
	if !summarizes(rec.Key) {
		return rec.Acted
	}
	var out map[string]persist.Acted
	own := func() {
		if out == nil {
			out = maps.Clone(rec.Acted)
		}
		if out == nil {
			out = map[string]persist.Acted{}
		}
	}
	for id, a := range rec.Acted {
		if a.Decision < 0 && a.Scores == nil && st != nil {
			own()
			a.Scores = scoresOf(st)
			out[id] = a
		}
	}
	if h.by != "" && !h.atDeadline && !h.autopilot {
		own()
		out[h.by] = persist.Acted{Seq: seqAfter, Decision: rec.Decisions, At: rec.Updated, Scores: scoresOf(st)}
	}
	if out == nil {
		return rec.Acted
	}
	return out
}

// actedAtStart notes every player of a new game as having acted at its
// start, so that his first turn tells what the others did before it.
func actedAtStart(rec *persist.GameRecord) {
	if !summarizes(rec.Key) {
		return
	}
	rec.Acted = map[string]persist.Acted{}
	ids := []string{rec.Owner}
	for _, seat := range rec.Seats {
		ids = append(ids, seat.ID)
	}
	for _, id := range ids {
		if id != "" {
			rec.Acted[id] = persist.Acted{Decision: -1, At: rec.Created}
		}
	}
}

// sinceLastTurn is the summary for user, of the log after his last own
// decision up to entry upto (the record's end, or where the decision whose
// result is just above began); nil when there is nothing to say.
func (s *Service) sinceLastTurn(ctx context.Context, rec *persist.GameRecord, st engine.State, user string, upto uint64) []string {
	if !summarizes(rec.Key) {
		return nil
	}
	acted, ok := rec.Acted[user]
	if !ok || acted.Seq >= upto {
		return nil
	}
	from := acted.Seq + 1
	if upto-acted.Seq > sinceWindow {
		from = upto - sinceWindow + 1
	}
	entries, err := s.store.Events(ctx, rec.ID, from, int(upto-from+1))
	if err != nil {
		s.log.Warn("reading the log for since-your-last-turn", "game", rec.ID, "err", err)
		return nil
	}
	var shown []loggedEvent
	for _, e := range readEntries(publicEntries(entries)) {
		if e.seed == nil && (e.Kind == engine.KindRoll || e.Kind == engine.KindNote || e.Kind == engine.KindEnd) {
			shown = append(shown, e)
		}
	}
	careers := s.careersMoved(rec, st, acted)
	var events []string
	for _, l := range chatLines(s.games[rec.Game], st, shown) {
		if t := strings.TrimSpace(l.Text); t != "" {
			events = append(events, cut(t, sinceLineRunes))
		}
	}
	// The decisions up to upto: those of the entries read, whose last is
	// entry upto (a ping leaves out the decision whose result is above).
	last := rec.Decisions
	if n := len(entries); n > 0 {
		last = entries[n-1].Decision
	}
	decisions := last - acted.Decision
	if decisions < 0 {
		decisions = 0
	}
	if len(careers) == 0 && len(events) == 0 {
		return nil
	}
	head := "📰 **Since your last turn**"
	if !acted.At.IsZero() {
		// A date, not "3 hours ago": a reminder delivered again reads as
		// it first did.
		head += " (" + acted.At.UTC().Format("2 Jan 15:04 UTC") + ")"
	}
	var by []string
	for _, seat := range rec.Seats {
		if a, ok := rec.Acted[seat.ID]; ok && seat.ID != user && a.Decision > acted.Decision && !slices.Contains(by, seat.Name) {
			by = append(by, seat.Name)
		}
	}
	head += ": " + plural(decisions, "decision", "decisions")
	if len(by) > 0 {
		head += " (" + strings.Join(by, ", ") + ")"
	}
	out := []string{head}
	if len(careers) > sinceMaxCareers {
		careers = append(careers[:sinceMaxCareers-1], fmt.Sprintf("· and %d more careers moved", len(careers)-sinceMaxCareers+1))
	}
	out = append(out, careers...)
	room := sinceMaxLines - len(out) - 1 // the link closes it
	if len(events) > room {
		skipped := len(events) - room + 1
		if from > acted.Seq+1 {
			events = append([]string{"· … and earlier events"}, events[len(events)-room+1:]...)
		} else {
			events = append([]string{fmt.Sprintf("· … %d earlier lines", skipped)}, events[len(events)-room+1:]...)
		}
	} else if from > acted.Seq+1 && len(events) > 0 && len(events) < room {
		events = append([]string{"· … and earlier events"}, events...)
	}
	for _, e := range events {
		if !strings.HasPrefix(e, "· ") {
			e = "· " + e
		}
		out = append(out, e)
	}
	out = append(out, s.fullLog(ctx, rec))
	return out
}

// fullLog says where the whole log is: the game's page where the operator
// serves the web pages (Options.WebBase), else the commands that show it.
func (s *Service) fullLog(ctx context.Context, rec *persist.GameRecord) string {
	if l := s.webLine(ctx, rec); l != "" {
		return "📜 Full log: " + l
	}
	return "📜 Full log: `history` (the rolls), " + s.auditHint(rec.ID)
}

// careersMoved are lines for the careers whose score moved since acted,
// the largest move first.
func (s *Service) careersMoved(rec *persist.GameRecord, st engine.State, acted persist.Acted) []string {
	if st == nil {
		return nil
	}
	sums, ok := engine.SummariesOf(st)
	if !ok {
		return nil
	}
	g := s.games[rec.Game]
	type moved struct {
		line  string
		delta int
	}
	var ms []moved
	for i, sm := range sums {
		then, known := acted.Scores[careerKey(i, sm)]
		if known && then == sm.Score || !known && sm.Score == 0 {
			continue
		}
		who := strings.TrimSpace(sm.Name)
		if sm.Label != "" {
			who = strings.TrimSpace(who + " · " + sm.Label)
		}
		if sm.Seat != "" {
			if seat := seatOf(rec, sm.Seat); seat != nil && !strings.Contains(who, seat.Name) {
				who = seat.Name + " · " + who
			}
		}
		score := scoreText(g, sm.Score)
		if known {
			score = thousands(then) + " → " + score
		}
		line := "· " + who + ": **" + score + "**"
		if sm.Fate != "" {
			line += " · " + sm.Fate
		}
		ms = append(ms, moved{cut(line, sinceLineRunes), abs(sm.Score - then)})
	}
	slices.SortStableFunc(ms, func(a, b moved) int { return b.delta - a.delta })
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.line
	}
	return out
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// cut shortens a line to n runes.
func cut(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// withSince opens a message with the summary.
func withSince(m Message, since []string) Message {
	if len(since) == 0 {
		return m
	}
	m.Text = strings.Join(since, "\n") + "\n\n" + m.Text
	return m
}
