package web

import (
	"context"
	"errors"
	"net/http"
	"strings"
)

// Board is a server's leaderboard of a game, in the words of the channel's
// leaderboard command: its sections (the server's careers, the historical
// list), each a title, a text and its lines.
type Board struct {
	Title    string
	Sections []BoardSection
}

// BoardSection is one of a board's lists.
type BoardSection struct {
	Title, Text string
	Lines       []BoardLine
}

// BoardLine is one line of a list: "1. Prien" and its score and rank, and
// the link id of the player's page ("" for none: the historical list).
type BoardLine struct{ Name, Value, Player string }

// Boards finds a leaderboard's page by its link; ErrNoGame when none.
type Boards interface {
	FindBoard(ctx context.Context, link string) (*Board, error)
}

// BoardPath is the path of a leaderboard's page under the site's base.
func BoardPath(link string) string { return "l/" + link + "/" }

type boardView struct {
	Root, Title string
	*Board
}

// PlayerHref is a line's link to its player's page, from the board's.
func (l BoardLine) PlayerHref() string {
	if l.Player == "" {
		return ""
	}
	return "../../" + PlayerPath(l.Player)
}

func (s *Site) serveBoard(w http.ResponseWriter, r *http.Request) {
	link, sub, slash := strings.Cut(strings.TrimPrefix(r.URL.Path, "/l/"), "/")
	if link == "" || s.boards == nil || slash && sub != "" {
		plain(w, http.StatusNotFound, "not found")
		return
	}
	if !slash {
		toSlashed(w, link)
		return
	}
	b, err := s.boards.FindBoard(r.Context(), link)
	if errors.Is(err, ErrNoGame) {
		plain(w, http.StatusNotFound, "not found")
		return
	}
	if err != nil {
		s.log.Warn("web: reading a leaderboard", "err", err)
		plain(w, http.StatusInternalServerError, "the leaderboard could not be read")
		return
	}
	s.render(w, "board.html", boardView{Root: "../../", Title: b.Title, Board: b})
}
