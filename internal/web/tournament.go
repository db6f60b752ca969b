package web

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"
)

// Tournament is a tournament's page as the store and the bot give it: its
// standings as the channel shows them, each career linked to its page.
type Tournament struct {
	Name, Kind, Format, Status, Organiser string
	Started, Ended                        time.Time
	Standings                             []Standing
	// Teams are the teams' totals in the channel's words ("" for none).
	Teams string
	// Careers are the started careers' deadlines and scores over time, in
	// the entrants' order; Unit is the score's ("t").
	Careers []Career
	Unit    string
}

// Career is one started career's next deadline (zero: none pending for
// its player), what it waits for, and its score over time (a point for
// the start, then one per stage the game counts).
type Career struct {
	Name, Link string
	Deadline   time.Time
	Awaited    string
	Series     []Point
}

// Point is a career's score by one moment, labelled in the game's words.
type Point struct {
	Label string
	Score int
}

// Standing is one entrant's line: his place ("—" when his result does not
// count), name, score and status, and his career's link id ("" before it
// starts).
type Standing struct {
	Place, Name, Value, Link string
}

// Tournaments finds a tournament's page by its link; ErrNoGame when none.
type Tournaments interface {
	FindTournament(ctx context.Context, link string) (*Tournament, error)
}

// TournamentPath is the path of a tournament's page under the site's base.
func TournamentPath(link string) string { return "t/" + link + "/" }

type tournamentView struct {
	Root, Title string
	*Tournament
	Lines     []standingView
	Deadlines []deadlineView
	Chart     *chartView
}

type deadlineView struct {
	Name, When, Awaited string
	// At is When for machines (RFC 3339, UTC).
	At string
}

type standingView struct {
	Standing
	Href string
}

func (s *Site) serveTournament(w http.ResponseWriter, r *http.Request) {
	link, sub, slash := strings.Cut(strings.TrimPrefix(r.URL.Path, "/t/"), "/")
	if link == "" || s.tournaments == nil || slash && sub != "" {
		plain(w, http.StatusNotFound, "not found")
		return
	}
	if !slash {
		toSlashed(w, link)
		return
	}
	t, err := s.tournaments.FindTournament(r.Context(), link)
	if errors.Is(err, ErrNoGame) {
		plain(w, http.StatusNotFound, "not found")
		return
	}
	if err != nil {
		s.log.Warn("web: reading a tournament", "err", err)
		plain(w, http.StatusInternalServerError, "the tournament could not be read")
		return
	}
	v := tournamentView{Root: "../../", Title: t.Name, Tournament: t}
	for _, st := range t.Standings {
		sv := standingView{Standing: st}
		if st.Link != "" {
			sv.Href = "../../" + GamePath(st.Link)
		}
		v.Lines = append(v.Lines, sv)
	}
	for _, c := range t.Careers {
		d := deadlineView{Name: c.Name, Awaited: c.Awaited}
		if !c.Deadline.IsZero() {
			d.When = c.Deadline.UTC().Format("Mon 2 Jan 2006, 15:04 UTC")
			d.At = c.Deadline.UTC().Format(time.RFC3339)
		}
		v.Deadlines = append(v.Deadlines, d)
	}
	v.Chart = chartOf(t.Careers, t.Unit)
	s.render(w, "tournament.html", v)
}
