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
	"github.com/kaleun/kaleun/persist"
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
		return 2
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
	if !cfg.Discord.Enabled && !cfg.Slack.Enabled {
		fmt.Fprintln(stderr, "kaleun serve: no chat platform is enabled in "+*path+": set enabled = true under [discord] (a bot token and application id from https://discord.com/developers) or [slack] (a bot token, and an app token for Socket Mode). To play without a chat platform, run `kaleun play`.")
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := serve(ctx, cfg); err != nil {
		fmt.Fprintln(stderr, "kaleun serve:", err)
		return 1
	}
	return 0
}

// serve runs every enabled adapter over one database until ctx ends, then
// lets in-flight decisions finish and closes the database.
func serve(ctx context.Context, cfg *config) error {
	log := cfg.logger(os.Stderr)
	games, err := gamesWith(gameContent{UBoatLeaderPacks: cfg.UBoatLeader.Packs})
	if err != nil {
		return err
	}
	store, err := persist.Open(cfg.Database.Path)
	if err != nil {
		return err
	}
	defer store.Close()
	ills, err := illustrators()
	if err != nil {
		return err
	}
	opts := bot.Options{Logger: log, Illustrators: ills,
		Reminders: cfg.Reminders.every, Deadline: cfg.Reminders.deadline, VacationDays: cfg.Reminders.VacationDays}
	var bk *backups
	if cfg.Backup.Dir != "" {
		if err := os.MkdirAll(cfg.Backup.Dir, 0o700); err != nil {
			return fmt.Errorf("backup.dir: %w", err)
		}
		bk = &backups{store: store, dir: cfg.Backup.Dir, keep: cfg.Backup.Keep, log: log, now: time.Now}
		opts.Backup = bk.asked
	}
	svc := bot.New(store, games, opts)
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
		a, err := discord.New(discord.Config{Token: cfg.Discord.Token, ApplicationID: cfg.Discord.ApplicationID, Guilds: cfg.Discord.Guilds, APIBase: cfg.Discord.APIBase}, svc, games, log)
		if err != nil {
			return err
		}
		if err := a.Start(ctx); err != nil {
			return fmt.Errorf("%w: check discord.token and discord.application_id", err)
		}
		running = append(running, a)
		notifiers["discord"] = a
		svc.UseThreads("discord", a)
	}
	if cfg.Slack.Enabled {
		a, err := slack.New(slack.Config{Mode: cfg.Slack.Mode, BotToken: cfg.Slack.BotToken, AppToken: cfg.Slack.AppToken,
			SigningSecret: cfg.Slack.SigningSecret, Listen: cfg.Slack.Listen, APIBase: cfg.Slack.APIBase}, svc, games, log)
		if err != nil {
			closeAll()
			return err
		}
		if err := a.Start(ctx); err != nil {
			closeAll()
			return fmt.Errorf("%w: check slack.bot_token and slack.app_token", err)
		}
		running = append(running, a)
		notifiers["slack"] = a
		svc.UseThreads("slack", a)
	}
	stopTicker := startTicker(svc, cfg.Reminders.tick, notifiers, log)
	stopBackups := func() {}
	if bk != nil {
		stopBackups = bk.start(ctx, cfg.Backup.every)
	}
	log.Info("kaleun is serving", "database", cfg.Database.Path, "adapters", len(running), "backups", cfg.Backup.Dir)
	<-ctx.Done()
	log.Info("shutting down: finishing decisions in flight")
	stopTicker()
	stopBackups()
	closeAll()
	svc.Wait()
	return nil
}
