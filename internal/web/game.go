package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"net/http"
	"path"
	"strconv"
	"strings"

	"github.com/kaleun/kaleun/bot/audit"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/persist/record"
)

// Games is what the game pages read of the database (*persist.Store).
// Nothing lists the games: a page is reached only by its link, which chat
// posts where the game is played and `kaleun link` prints.
type Games interface {
	// FindLink is the game a link id names; ErrNoGame (or an error that
	// wraps the store's not-found) when none does.
	FindLink(ctx context.Context, link string) (*record.GameRecord, error)
	Events(ctx context.Context, gameID string, from uint64, limit int) ([]record.EventRecord, error)
}

// ErrNoGame is what a Games answers for a link that names no game.
var ErrNoGame = errors.New("no such game")

// GamePath is the path of a game's page under the site's base, from its
// link id (persist's Store.Link).
func GamePath(link string) string { return "g/" + link + "/" }

// game is one request's game: its record, its log and its rules.
type game struct {
	link    string
	rec     *record.GameRecord
	rules   *engine.Game
	entries []record.EventRecord
	// now is the state as it stands; withheld why its log is not shown yet.
	now      engine.State
	withheld string
}

// serveGame answers the paths under /g/LINK/.
func (s *Site) serveGame(w http.ResponseWriter, r *http.Request) {
	rest := strings.TrimPrefix(r.URL.Path, "/g/")
	link, sub, slash := strings.Cut(rest, "/")
	if link == "" || s.games == nil {
		plain(w, http.StatusNotFound, "not found")
		return
	}
	if !slash {
		toSlashed(w, link)
		return
	}
	g, err := s.loadGame(r.Context(), link)
	if errors.Is(err, ErrNoGame) {
		plain(w, http.StatusNotFound, "not found")
		return
	}
	if err != nil {
		s.log.Warn("web: reading a game", "err", err)
		plain(w, http.StatusInternalServerError, "the game could not be read")
		return
	}
	switch sub {
	case "":
		s.gamePage(w, r, g)
	case "picture":
		s.picture(w, r, g)
	case "audit":
		s.auditPage(w, r, g)
	case "audit.json":
		s.auditFile(w, r, g)
	default:
		plain(w, http.StatusNotFound, "not found")
	}
}

func (s *Site) loadGame(ctx context.Context, link string) (*game, error) {
	rec, err := s.games.FindLink(ctx, link)
	if err != nil {
		return nil, err
	}
	rules := s.rules[rec.Game]
	if rules == nil {
		return nil, fmt.Errorf("game %s: this kaleun does not know its kind %q", rec.ID, rec.Game)
	}
	entries, err := s.games.Events(ctx, rec.ID, 1, 0)
	if err != nil {
		return nil, fmt.Errorf("game %s: reading its log: %w", rec.ID, err)
	}
	g := &game{link: link, rec: rec, rules: rules, entries: entries}
	if len(rec.State) > 0 && !rec.AwaitingStart {
		if g.now, err = rules.Rules.Decode(rec.State); err != nil {
			return nil, fmt.Errorf("game %s: reading its state: %w", rec.ID, err)
		}
	}
	g.withheld = audit.Withheld(g.now)
	return g, nil
}

// steps are the log's decisions in the order they were logged: each run of
// entries of one decision (the start is step 0), a void among them.
func steps(entries []record.EventRecord) [][2]int {
	var out [][2]int
	for i, e := range entries {
		if i == 0 || e.Decision != entries[i-1].Decision {
			out = append(out, [2]int{i, i + 1})
			continue
		}
		out[len(out)-1][1] = i + 1
	}
	return out
}

// stateAt is the game's state after step n, rebuilt from the log by the
// replay kaleun verify and undo use (audit.Rebuild).
func (g *game) stateAt(n int) (engine.State, error) {
	st := steps(g.entries)
	if n < 0 || n >= len(st) {
		return nil, fmt.Errorf("there is no step %d: the log has steps 0 to %d", n, len(st)-1)
	}
	t, err := audit.Rebuild(g.rules, g.rec.Setup, g.entries[:st[n][1]])
	if err != nil {
		return nil, fmt.Errorf("the replay of the log to step %d fails: %w", n, err)
	}
	return t.State, nil
}

// step reads ?step=N: -1 when absent (the game as it stands); false when
// it is not a step of this log, or the log is withheld.
func (g *game) step(r *http.Request) (int, bool) {
	v := r.URL.Query().Get("step")
	if v == "" {
		return -1, true
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 || n >= len(steps(g.entries)) || g.withheld != "" {
		return 0, false
	}
	return n, true
}

// The page's model.
type (
	gameView struct {
		Root, Title, Kind, ID, State, Score, Players, Head string
		Outcome                                            *engine.Outcome
		Withheld, Problem                                  string
		// NotStarted: the step shown comes before the game's start.
		NotStarted bool
		// Step is the step shown (-1: as it stands), Prev and Next its
		// neighbours' (-1: none), Steps the log.
		Step, Prev, Next, Last int
		Pictures               []pictureRef
		Views                  []*engine.View
		Steps                  []stepView
	}
	pictureRef struct{ Src, Alt string }
	stepView   struct {
		N, Decision int
		Shown       bool
		Lines       []lineView
	}
	lineView struct {
		Kind, Case, Text string
		Private          bool
	}
)

func (s *Site) gamePage(w http.ResponseWriter, r *http.Request, g *game) {
	n, ok := g.step(r)
	if !ok {
		plain(w, http.StatusNotFound, "no such step")
		return
	}
	v := gameView{Root: "../../", Kind: g.rules.Title, ID: g.rec.ID, Head: g.rec.Head, Withheld: g.withheld, Step: n, Prev: -1, Next: -1}
	if v.Kind == "" {
		v.Kind = g.rec.Game
	}
	v.Title = v.Kind + " · game " + g.rec.ID
	v.Players = players(g.rec)
	switch {
	case g.rec.AwaitingStart:
		v.State = "waiting for its commander to start it"
	case g.rec.Over:
		v.State = "finished"
	default:
		v.State = "running"
	}
	st := g.now
	if g.now != nil {
		if o := g.now.Outcome(); o != nil {
			v.Outcome = o
			v.Score = strconv.Itoa(o.Score) + g.rules.ScoreUnit
		}
	}
	if g.withheld == "" {
		all := steps(g.entries)
		v.Last = len(all) - 1
		for i, se := range all {
			sv := stepView{N: i, Decision: g.entries[se[0]].Decision, Shown: i == n}
			for _, e := range g.entries[se[0]:se[1]] {
				if l, ok := line(e, g.rec.Over); ok {
					sv.Lines = append(sv.Lines, l)
				}
			}
			v.Steps = append(v.Steps, sv)
		}
		if n >= 0 {
			if n > 0 {
				v.Prev = n - 1
			}
			if n < v.Last {
				v.Next = n + 1
			}
			var err error
			st, err = g.stateAt(n)
			switch {
			case errors.Is(err, audit.ErrNotStarted):
				v.NotStarted = true // nothing to draw yet, and nothing wrong
			case err != nil:
				v.Problem = err.Error()
				st = nil
			}
		}
	}
	if st != nil {
		v.Views = publicViews(st)
		pics, _ := pictures(g.rules, st)
		for i, p := range pics {
			src := "picture?n=" + strconv.Itoa(i)
			if n >= 0 {
				src += "&step=" + strconv.Itoa(n)
			}
			v.Pictures = append(v.Pictures, pictureRef{Src: src, Alt: pictureAlt(p, v.Kind, n)})
		}
	}
	s.render(w, "game.html", v)
}

// players names the game's players as the channel saw them.
func players(rec *record.GameRecord) string {
	var names []string
	for _, seat := range rec.Seats {
		names = append(names, seat.Name)
	}
	if len(names) == 0 && rec.OwnerName != "" {
		names = append(names, rec.OwnerName)
	}
	if len(names) == 0 {
		return "one player at a terminal"
	}
	return strings.Join(names, ", ")
}

// line is one log entry as the page shows it; false for one the page does
// not show: an event for one seat's eyes, or hidden from all, before the
// game ends.
func line(e record.EventRecord, over bool) (lineView, bool) {
	var ev engine.Event
	if json.Unmarshal(e.Event, &ev) != nil {
		return lineView{}, false
	}
	private := ev.Seat != "" || ev.Hidden
	if private && !over {
		return lineView{}, false
	}
	// A roll reads with its chart, case, dice, modifiers and result
	// (engine.Roll's String).
	return lineView{Kind: string(ev.Kind), Case: ev.Case, Text: ev.String(), Private: private}, true
}

// publicViews are the state's sheets as the channel sees them: every view
// but the one a seat alone may see.
func publicViews(st engine.State) []*engine.View {
	private := engine.PrivateViewOf(st)
	var out []*engine.View
	for _, name := range st.Views() {
		if name == private || name == "" {
			continue
		}
		if v, err := st.View(name); err == nil && v != nil {
			out = append(out, v)
		}
	}
	return out
}

// pictures are the game's pictures of a state: its illustrator's board,
// the picture a player asks for with Show board.
func pictures(rules *engine.Game, st engine.State) ([]engine.Picture, error) {
	if rules.Illustrator == nil || st == nil {
		return nil, nil
	}
	return rules.Illustrator.Illustrate(st, "board", nil)
}

func pictureAlt(p engine.Picture, kind string, step int) string {
	name := strings.TrimSuffix(p.Name, path.Ext(p.Name))
	at := "as it stands"
	if step >= 0 {
		at = "at step " + strconv.Itoa(step)
	}
	return kind + ": the " + strings.NewReplacer("-", " ", "_", " ").Replace(name) + ", " + at + " (the same state is in words below)"
}

// imageTypes are the pictures a page shows: raster images only (an SVG
// may carry script).
var imageTypes = map[string]bool{"image/png": true, "image/jpeg": true, "image/gif": true, "image/webp": true}

// picture serves one of the game's pictures at a step (?step=N) or as it
// stands, n-th of the illustrator's (?n=I).
func (s *Site) picture(w http.ResponseWriter, r *http.Request, g *game) {
	n, ok := g.step(r)
	i, err := strconv.Atoi(r.URL.Query().Get("n"))
	if !ok || err != nil || i < 0 {
		plain(w, http.StatusNotFound, "no such picture")
		return
	}
	st := g.now
	if n >= 0 {
		if st, err = g.stateAt(n); err != nil {
			plain(w, http.StatusNotFound, "no such picture")
			return
		}
	}
	pics, err := pictures(g.rules, st)
	if err != nil {
		s.log.Warn("web: drawing a game's picture", "game", g.rec.ID, "err", err)
		plain(w, http.StatusInternalServerError, "the picture could not be drawn")
		return
	}
	if i >= len(pics) || !imageTypes[pics[i].ContentType] {
		plain(w, http.StatusNotFound, "no such picture")
		return
	}
	w.Header().Set("Content-Type", pics[i].ContentType)
	w.Header().Set("Cache-Control", "no-cache")
	w.Write(pics[i].Data)
}

// render writes a page from its template.
func (s *Site) render(w http.ResponseWriter, name string, data any) {
	var b strings.Builder
	if err := s.pages.ExecuteTemplate(&b, name, data); err != nil {
		s.log.Warn("web: rendering a page", "page", name, "err", err)
		plain(w, http.StatusInternalServerError, "the page could not be made")
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.Write([]byte(b.String()))
}

// pageFuncs are the templates' helpers.
var pageFuncs = template.FuncMap{
	"short": func(h string) string {
		if len(h) > 12 {
			return h[:12]
		}
		return h
	},
}
