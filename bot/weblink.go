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
