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
	Lines []standingView
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
	s.render(w, "tournament.html", v)
}
