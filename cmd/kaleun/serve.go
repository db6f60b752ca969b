package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/kaleun/kaleun/adapters/discord"
	"github.com/kaleun/kaleun/adapters/slack"
	"github.com/kaleun/kaleun/bot"
	"github.com/kaleun/kaleun/internal/ops"
	"github.com/prometheus/client_golang/prometheus"
)

// adapter is a running chat platform connection.
type adapter interface {
	Start(ctx context.Context) error
	Close() error
}

func runServe(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	path := fs.String("config", "", "configuration file (see config.example.toml)")
	if err := fs.Parse(args); err != nil {
		return flagExit(err)
	}
	if *path == "" {
		fmt.Fprintln(stderr, "kaleun serve: --config FILE is required: copy config.example.toml, enable [discord] or [slack], and pass it")
		return 2
	}
	cfg, err := loadConfig(*path)
	if err != nil {
		fmt.Fprintln(stderr, "kaleun serve:", err)
		return 2
	}
	chat := cfg.Discord.Enabled || cfg.Slack.Enabled
	if !chat && !cfg.Web.Enabled {
		fmt.Fprintln(stderr, "kaleun serve: no chat platform is enabled in "+*path+": set enabled = true under [discord] (a bot token and application id from https://discord.com/developers) or [slack] (a bot token, and an app token for Socket Mode), or under [web] for the web pages alone. To play without a chat platform, run `kaleun play`.")
		return 2
	}
	if !chat && cfg.Ops.Listen != "" {
		fmt.Fprintln(stderr, "kaleun serve: ops.listen is set in "+*path+", but only [web] is enabled: a serve of the web pages alone only reads the database and runs no platform, so /healthz and /metrics would check nothing of the bots; leave ops.listen empty (and probe web.listen), or enable a platform")
		return 2
	}
	if cfg.exposed != "" {
		// On the console here, and in the log (serve) for who reads only that.
		fmt.Fprintln(stderr, "kaleun serve: warning:", cfg.exposed)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	run := serve
	if !chat {
		run = serveWeb
	}
	if err := run(ctx, cfg); err != nil {
		fmt.Fprintln(stderr, "kaleun serve:", err)
		return 1
	}
	return 0
}

// afterCancel is how long a shutdown waits for work it has cancelled: such
// work stops at its next step (before its next write, at its next platform
// call), which takes milliseconds; a call that does not is abandoned.
const afterCancel = 3 * time.Second

// serve runs every enabled adapter over one database until ctx ends. Then it
// stops taking work (the ticker, the backups, the adapters), gives the work
// in flight ops.shutdown_grace to finish, cancels what is left, and closes
// the database.
func serve(ctx context.Context, cfg *config) error {
	log := cfg.logger(os.Stderr)
	if cfg.exposed != "" {
		log.Warn("the configuration file's secrets are readable by others", "problem", cfg.exposed)
	}
	games, err := gamesWith(cfg.games.content())
	if err != nil {
		return err
	}
	store, err := openConfigured(ctx, cfg)
	if err != nil {
		return err
	}
	abandoned := false
	defer func() {
		if !abandoned {
			store.Close()
		}
	}()
	// work is the context of everything done for the players: decisions,
	// ticks, platform calls. It outlives the signal by the grace period.
	work, cancelWork := context.WithCancel(context.WithoutCancel(ctx))
	defer cancelWork()
	// The operator's endpoints: a registry of this process's own, handed
	// down to the bot and the adapters (nothing when ops.listen is off).
	var metrics *ops.Metrics
	var reg *prometheus.Registry
	health := ops.Health{Database: store.Ping, Adapters: map[string]func() bool{}}
	if cfg.Ops.Listen != "" {
		reg = prometheus.NewRegistry()
		if metrics, err = ops.NewMetrics(reg); err != nil {
			return err
		}
		reg.MustRegister(ops.NewStoreCollector(store.Stats, metrics))
	}
	opts := bot.Options{Logger: log, Metrics: metrics,
		Reminders: cfg.Reminders.every, Deadline: cfg.Reminders.deadline, VacationDays: cfg.Reminders.VacationDays, DeliveryLease: cfg.Reminders.lease,
		IdleWarn: cfg.Games.idleWarn, IdleEnd: cfg.Games.idleEnd, Webhooks: cfg.Webhooks.options()}
	if cfg.Web.Enabled && cfg.Web.BaseURL != "" {
		// Where readers reach the pages: chat posts a game's link there.
		opts.WebBase = cfg.Web.BaseURL
	}
	var bk *backups
	if cfg.Backup.Dir != "" {
		if err := os.MkdirAll(cfg.Backup.Dir, 0o700); err != nil {
			return fmt.Errorf("backup.dir: %w", err)
		}
		bk = &backups{store: store, dir: cfg.Backup.Dir, keep: cfg.Backup.Keep, log: log, now: time.Now, metrics: metrics}
		opts.Backup = bk.asked
	}
	svc := bot.New(store, games, opts)
	// The idle limits in force, for the games that lack them.
	if n, err := svc.PlanIdle(work); err != nil {
		return fmt.Errorf("laying out the idle limits: %w", err)
	} else if n > 0 {
		log.Info("idle limits laid out", "games", n, "warn", cfg.Games.idleWarn.String(), "end", cfg.Games.idleEnd.String())
	}
	// Games that ended without showing their prompts' results in place
	// leave where those were posted behind; a failure here costs nothing
	// but a little room.
	if n, err := svc.PrunePosted(work); err != nil {
		log.Warn("forgetting the messages of finished games", "err", err)
	} else if n > 0 {
		log.Info("forgot the messages of finished games", "games", n)
	}
	notifiers := map[string]notifier{}
	var running []adapter
	closeAll := func() {
		for _, a := range running {
			if err := a.Close(); err != nil {
				log.Warn("closing an adapter", "err", err)
			}
		}
	}
	if cfg.Discord.Enabled {
		a, err := discord.New(discord.Config{Token: cfg.Discord.Token, ApplicationID: cfg.Discord.ApplicationID, Guilds: cfg.Discord.Guilds, APIBase: cfg.Discord.APIBase,
			Metrics: metrics, ShardID: cfg.Discord.ShardID, ShardCount: cfg.Discord.ShardCount}, svc, games, log)
		if err != nil {
			return err
		}
		if err := a.Start(work); err != nil {
			return startFailure(err, "discord", "discord.token (the portal's Bot page) and discord.application_id", discord.TokenRefused)
		}
		running = append(running, a)
		notifiers["discord"] = a
		svc.UseThreads("discord", a)
		svc.UseSessions("discord", a)
		health.Adapters["discord"] = a.Connected
	}
	if cfg.Slack.Enabled {
		a, err := slack.New(slack.Config{Mode: cfg.Slack.Mode, BotToken: cfg.Slack.BotToken, AppToken: cfg.Slack.AppToken,
			SigningSecret: cfg.Slack.SigningSecret, Listen: cfg.Slack.Listen, APIBase: cfg.Slack.APIBase, Metrics: metrics,
			// HTTP mode's requests seen are kept with the games, on either
			// backend: replicas behind a load balancer share them, and a
			// restarted process still knows what it acted upon.
			Seen: store}, svc, games, log)
		if err != nil {
			closeAll()
			return err
		}
		if err := a.Start(work); err != nil {
			closeAll()
			return startFailure(err, "slack", "slack.bot_token and slack.app_token", slack.TokenRefused)
		}
		if a.Addr != "" {
			log.Info("slack: serving Slack's requests over HTTP", "addr", a.Addr, "paths", "/slack/commands /slack/interactions")
		}
		running = append(running, a)
		notifiers["slack"] = a
		svc.UseThreads("slack", a)
		svc.UseSessions("slack", a)
		health.Adapters["slack"] = a.Connected
	}
	if reg != nil {
		// Served once the adapters are known (health names each), until the
		// very end, so /healthz tells of a shutdown as it goes.
		srv, err := ops.Listen(cfg.Ops.Listen, ops.Handler(reg, health), log)
		if err != nil {
			closeAll()
			return fmt.Errorf("ops.listen: %w", err)
		}
		defer srv.Close()
		log.Info("serving /healthz and /metrics", "addr", srv.Addr())
	}
	if cfg.Web.Enabled {
		srv, err := startWeb(cfg, log, store, games, svc)
		if err != nil {
			closeAll()
			return err
		}
		defer srv.Close()
	}
	stopTicker := startTicker(work, svc, cfg.Reminders.tick, notifiers, log, metrics)
	stopWebhooks := func() {}
	if cfg.Webhooks.Enabled {
		stopWebhooks = startWebhooks(work, svc, cfg.Webhooks.poll, log)
	}
	stopBackups := func() {}
	if bk != nil {
		stopBackups = bk.start(work, cfg.Backup.every)
	}
	log.Info("kaleun is serving", "version", versionLine(), "database", store.Path(), "adapters", len(running), "backups", cfg.Backup.Dir)
	<-ctx.Done()
	grace := cfg.Ops.shutdownGrace
	log.Info("shutting down: finishing work in flight", "grace", grace.String())
	giveUp := time.AfterFunc(grace, func() {
		log.Warn("shutdown: the grace period is over; cancelling the work still in flight (it stops before its next write)", "grace", grace.String())
		cancelWork()
	})
	defer giveUp.Stop()
	finished := make(chan struct{})
	go func() {
		stopTicker()
		stopWebhooks()
		stopBackups()
		closeAll()
		svc.Wait()
		close(finished)
	}()
	select {
	case <-finished:
	case <-time.After(grace + afterCancel):
		// bbolt commits whole or not at all: exiting now loses no commit.
		abandoned = true
		return fmt.Errorf("work in flight did not stop within %s of its cancellation; exiting without it", afterCancel)
	}
	log.Info("stopped")
	return nil
}
