package bot

import (
	"context"
	"strings"

	"github.com/kaleun/kaleun/internal/web"
	"github.com/kaleun/kaleun/persist"
)

// webLine is the "View game ↗" link to a game's web page, as a Markdown
// link (the adapters draw it as a link), "" when the pages have no
// base_url. It rides on a message the channel gets anyway (a view, the
// end), never one of its own: the pages add no noise to the channel.
func (s *Service) webLine(ctx context.Context, rec *persist.GameRecord) string {
	if s.webBase == "" || rec == nil {
		return ""
	}
	link, err := s.store.Link(ctx, rec.ID)
	if err != nil {
		s.log.Warn("web: the link of a game's page", "game", rec.ID, "err", err)
		return ""
	}
	return "[View game ↗](" + s.webBase + web.GamePath(link) + ")"
}

// withWebLine adds the link as the message text's last line.
func (s *Service) withWebLine(ctx context.Context, rec *persist.GameRecord, m Message) Message {
	if l := s.webLine(ctx, rec); l != "" {
		m.Text = strings.TrimSpace(m.Text + "\n" + l)
	}
	return m
}

// playerLine is the link to a player's page on the server of place (his
// careers and his luck), "" without a base_url.
func (s *Service) playerLine(ctx context.Context, place Place, user string) string {
	if s.webBase == "" || user == "" {
		return ""
	}
	link, err := s.store.PlayerLink(ctx, place.Platform, place.Space, user)
	if err != nil {
		s.log.Warn("web: the link of a player's page", "err", err)
		return ""
	}
	return "[View player ↗](" + s.webBase + web.PlayerPath(link) + ")"
}

// tournamentLine is the link to a tournament's page (its standings,
// deadlines and chart), "" without a base_url.
func (s *Service) tournamentLine(ctx context.Context, id string) string {
	if s.webBase == "" {
		return ""
	}
	link, err := s.store.TournamentLink(ctx, id)
	if err != nil {
		s.log.Warn("web: the link of a tournament's page", "tournament", id, "err", err)
		return ""
	}
	return "[View tournament ↗](" + s.webBase + web.TournamentPath(link) + ")"
}
