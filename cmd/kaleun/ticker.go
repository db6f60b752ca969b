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

// runTick sends one tick's notices; a notice that cannot be delivered is
// logged (the game itself has already moved on or waits).
func runTick(ctx context.Context, svc *bot.Service, notifiers map[string]notifier, log *slog.Logger, m *ops.Metrics) {
	began := time.Now()
	defer func() { m.Tick(time.Since(began)) }()
	notices, err := svc.Tick(ctx, time.Now().UTC())
	if err != nil {
		log.Error("reminder tick", "err", err)
		return
	}
	for _, n := range notices {
		to := notifiers[n.Place.Platform]
		if to == nil {
			log.Warn("a reminder for a platform that is not running", "platform", n.Place.Platform, "channel", n.Place.Channel)
			m.Error(ops.ErrDelivery)
			continue
		}
		if err := to.Notify(ctx, n); err != nil {
			log.Error("sending a reminder", "platform", n.Place.Platform, "channel", n.Place.Channel, "err", err)
			m.Error(ops.ErrDelivery)
			continue
		}
		if n.Reminder {
			m.ReminderSent(n.Place.Platform)
		}
	}
	if len(notices) > 0 {
		log.Info("reminder tick", "notices", len(notices))
	}
}

// cronLogger speaks robfig/cron's logger interface in slog.
type cronLogger struct{ log *slog.Logger }

func (l cronLogger) Info(msg string, kv ...any) { l.log.Debug("cron: "+msg, kv...) }

func (l cronLogger) Error(err error, msg string, kv ...any) {
	l.log.Error("cron: "+msg, append(kv, "err", fmt.Sprint(err))...)
}
