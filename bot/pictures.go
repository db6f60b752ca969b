package bot

import (
	"encoding/json"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/persist"
)

// Illustrator draws a game's pictures (see engine.Illustrator).
type Illustrator = engine.Illustrator

// pictures asks the game's illustrator for its pictures. A picture that
// fails to draw is logged and left out: the text says it all anyway.
func (s *Service) pictures(rec *persist.GameRecord, st engine.State, view string, stored []persist.EventRecord) []File {
	if s.textOnly {
		return nil
	}
	il := s.illustrators[rec.Game]
	if g := s.games[rec.Game]; il == nil && g != nil {
		il = g.Illustrator
	}
	if il == nil {
		return nil
	}
	var events []engine.Event
	for _, e := range stored {
		var ev engine.Event
		if json.Unmarshal(e.Event, &ev) == nil {
			events = append(events, ev)
		}
	}
	pics, err := il.Illustrate(st, view, events)
	if err != nil {
		s.log.Error("drawing a picture", "game", rec.ID, "view", view, "err", err)
		return nil
	}
	out := make([]File, 0, len(pics))
	for _, p := range pics {
		out = append(out, File{Name: p.Name, ContentType: p.ContentType, Data: p.Data})
	}
	return out
}
