package bot

import (
	"context"
	"fmt"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/persist"
)

// endedError says that the game in a place had ended but was still there.
// Earlier versions of kaleun saved a game's end and moved it to the finished
// games in two transactions; a kill between them left the finished game in
// its place, waiting for no decision and keeping the place taken. load
// archives such a game and returns this error: to a caller that only asks
// whether there is a game it reads as persist.ErrNotFound, and it carries
// the game's end, which was never shown.
type endedError struct {
	gameID string
	end    Message
}

func (e *endedError) Error() string { return "game " + e.gameID + " had ended" }
func (e *endedError) Unwrap() error { return persist.ErrNotFound }

// archiveEnded archives a finished game found in its place, in one
// transaction, and returns its end as an *endedError.
func (s *Service) archiveEnded(ctx context.Context, place Place, rec *persist.GameRecord, st engine.State) error {
	if err := s.store.Archive(ctx, place.Key()); err != nil {
		return err
	}
	s.log.Warn("a finished game was still in its place (an older kaleun stopped between saving its end and archiving it): archived now",
		"game", rec.ID, "place", place.Key())
	m := Message{Title: "The end", Text: fmt.Sprintf("Game %s had ended; it is now among the finished games.", rec.ID)}
	if st != nil {
		if out := st.Outcome(); out != nil {
			m = Message{Title: "The end", Text: out.Summary, Fields: engine.ShownFields(out.Fields), Outcome: out}
		}
	}
	return &endedError{gameID: rec.ID, end: m}
}
