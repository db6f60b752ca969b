package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/kaleun/kaleun/bot/luck"
)

// Player is a player's page: his careers on one server (the games the
// server's leaderboard lists), each linked to its game's page, and his
// luck, his rolls against fair dice (package luck).
type Player struct {
	Name, Server string
	Careers      []PlayerCareer
	Luck         luck.Report
	// Games is how many of his games his rolls come from; Withheld how
	// many were left out, their log not shown yet; Unreplayed how many
	// could not be replayed.
	Games, Withheld, Unreplayed int
}

// PlayerCareer is one career's line, in the leaderboard's words, with its
// game's link id.
type PlayerCareer struct {
	Kind, Label, Name, Line, Link string
}

// Players finds a player's page by its link; ErrNoGame when none.
type Players interface {
	FindPlayer(ctx context.Context, link string) (*Player, error)
}

// PlayerPath is the path of a player's page under the site's base.
func PlayerPath(link string) string { return "p/" + link + "/" }

type (
	playerView struct {
		Root, Title string
		*Player
		Lines   []playerCareerView
		Summary string
		Charts  []chartLuckView
	}
	playerCareerView struct {
		PlayerCareer
		Href string
	}
	chartLuckView struct {
		ID, Title, Verdict string
		Rows               []luckRow
	}
	luckRow struct {
		Value, Count, Expected string
	}
)

func (s *Site) servePlayer(w http.ResponseWriter, r *http.Request) {
	link, sub, slash := strings.Cut(strings.TrimPrefix(r.URL.Path, "/p/"), "/")
	if link == "" || s.players == nil || slash && sub != "" {
		plain(w, http.StatusNotFound, "not found")
		return
	}
	if !slash {
		w.Header().Set("Location", link+"/")
		w.WriteHeader(http.StatusMovedPermanently)
		return
	}
	p, err := s.players.FindPlayer(r.Context(), link)
	if errors.Is(err, ErrNoGame) {
		plain(w, http.StatusNotFound, "not found")
		return
	}
	if err != nil {
		s.log.Warn("web: reading a player", "err", err)
		plain(w, http.StatusInternalServerError, "the player could not be read")
		return
	}
	name := p.Name
	if name == "" {
		name = "A player"
	}
	v := playerView{Root: "../../", Title: name + "'s careers", Player: p, Summary: p.Luck.Summary()}
	for _, c := range p.Careers {
		cv := playerCareerView{PlayerCareer: c}
		if c.Link != "" {
			cv.Href = "../../" + GamePath(c.Link)
		}
		v.Lines = append(v.Lines, cv)
	}
	for i, c := range p.Luck.Charts {
		title := c.Key
		if c.Purpose != "" {
			title += ": " + c.Purpose
		}
		title += " (" + c.Dice
		if c.Highest {
			title += ", highest die"
		}
		title += ")"
		cv := chartLuckView{ID: fmt.Sprintf("chart-%d", i+1), Title: title, Verdict: c.Verdict()}
		for _, res := range c.Results {
			cv.Rows = append(cv.Rows, luckRow{Value: fmt.Sprint(res.Value), Count: fmt.Sprint(res.Count), Expected: fmt.Sprintf("%.1f", res.Expected)})
		}
		v.Charts = append(v.Charts, cv)
	}
	s.render(w, "player.html", v)
}
