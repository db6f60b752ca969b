package bot

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/kaleun/kaleun/internal/ops"
	"github.com/kaleun/kaleun/persist"
)

// call is what the bot knows of the call it serves, carried in its
// context: when it began and on whose behalf, so that a decision's latency
// is measured from the moment its player asked (or its deadline came).
type call struct {
	start time.Time
	by    string
}

type callKey struct{}

func beginCall(ctx context.Context, by string) context.Context {
	return context.WithValue(ctx, callKey{}, call{start: time.Now(), by: by})
}

func callOf(ctx context.Context) call {
	c, ok := ctx.Value(callKey{}).(call)
	if !ok {
		return call{start: time.Now(), by: ops.ByPlayer}
	}
	return c
}

// enter begins an entry point's call: it is counted in flight (so that a
// shutdown can wait for it) and timed. The function it returns, deferred,
// turns a panic in a game's rules into an error (nothing was committed, so
// the game stays as it was, and the bot keeps serving), counts the call's
// failure by kind, and ends the call.
func (s *Service) enter(ctx context.Context, by string) (context.Context, func(err *error)) {
	s.inflight.Add(1)
	return beginCall(ctx, by), func(err *error) {
		defer s.inflight.Done()
		if r := recover(); r != nil {
			s.log.Error("a game's rules panicked; nothing was saved", "panic", r)
			s.metrics.Error(ops.ErrPanic)
			*err = fmt.Errorf("internal error in the game's rules (%v); nothing was saved", r)
			return
		}
		if *err != nil {
			s.metrics.Error(errorKind(*err))
		}
	}
}

// errorKind sorts a failure for kaleun_errors_total.
func errorKind(err error) string {
	var storage *persist.OpError
	switch {
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return ops.ErrCancelled
	case errors.As(err, &storage):
		return ops.ErrStorage
	}
	return ops.ErrInternal
}
