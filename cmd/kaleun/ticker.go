package main

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/robfig/cron/v3"

	"github.com/kaleun/kaleun/bot"
	"github.com/kaleun/kaleun/internal/ops"
)

// notifier is an adapter that can post unprompted (reminders, deadlines).
type notifier interface {
	Notify(ctx context.Context, n bot.Notice) error
}

// startTicker asks the bot what is due on a cron schedule and hands the
// notices to the adapters. The due times live in the database, so the
// ticker owns nothing: robfig/cron drops runs it misses (while down, or
// while a slow tick runs, which SkipIfStillRunning makes explicit) and the
// next tick simply finds everything due up to now; cron.Recover keeps a
// panicking tick from killing the schedule. One tick runs at once, for what
// came due while the bot was down. stop waits for a running tick, which
// gives up when ctx is done.
func startTicker(ctx context.Context, svc *bot.Service, every time.Duration, notifiers map[string]notifier, log *slog.Logger, m *ops.Metrics) (stop func()) {
	clog := cronLogger{log}
	c := cron.New(cron.WithLogger(clog))
	tick := func() { runTick(ctx, svc, notifiers, log, m) }
	// Recover goes inside SkipIfStillRunning: that wrapper hands its token
	// back only when the job returns, so a panic through it would skip
	// every later tick.
	job := cron.NewChain(cron.SkipIfStillRunning(clog), cron.Recover(clog)).Then(cron.FuncJob(tick))
	c.Schedule(cron.Every(every), job)
	c.Start()
	go job.Run()
	return func() { <-c.Stop().Done() }
}

// runTick sends one tick's notices. A notice that cannot be delivered is
// logged and stays due: the bot takes it again when its lease runs out
// (the game itself has already moved on or waits).
func runTick(ctx context.Context, svc *bot.Service, notifiers map[string]notifier, log *slog.Logger, m *ops.Metrics) {
	began := time.Now()
	defer func() { m.Tick(time.Since(began)) }()
	platforms := make([]string, 0, len(notifiers))
	for p := range notifiers {
		platforms = append(platforms, p)
	}
	sent, err := svc.RunTick(ctx, time.Now().UTC(), platforms, func(ctx context.Context, n bot.Notice) error {
		to := notifiers[n.Place.Platform]
		if to == nil {
			return fmt.Errorf("platform %s is not running", n.Place.Platform) // (not taken: see RunTick)
		}
		if err := to.Notify(ctx, n); err != nil {
			log.Error("sending a reminder", "platform", n.Place.Platform, "channel", n.Place.Channel, "retry", n.Retry, "err", err)
			m.Error(ops.ErrDelivery)
			return err
		}
		if n.Reminder {
			m.ReminderSent(n.Place.Platform)
		}
		return nil
	})
	if err != nil {
		log.Error("reminder tick", "err", err)
	}
	if sent > 0 {
		log.Info("reminder tick", "notices", sent)
	}
}

// cronLogger speaks robfig/cron's logger interface in slog.
type cronLogger struct{ log *slog.Logger }

func (l cronLogger) Info(msg string, kv ...any) { l.log.Debug("cron: "+msg, kv...) }

func (l cronLogger) Error(err error, msg string, kv ...any) {
	l.log.Error("cron: "+msg, append(kv, "err", fmt.Sprint(err))...)
}
