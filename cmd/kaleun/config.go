package main

import (
	"errors"
	"fmt"
	"github.com/kaleun/kaleun/bot"
	"log/slog"
	"net"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/BurntSushi/toml"
	"github.com/kaleun/kaleun/bot/webhook"
	"github.com/kaleun/kaleun/internal/ops"
	"github.com/kaleun/kaleun/internal/safefile"
	"github.com/kaleun/kaleun/persist"
)

// config is kaleun serve's configuration file (see config.example.toml).
type config struct {
	Database struct {
		Path string `toml:"path"`
		// URL names a PostgreSQL database (postgres://…) shared by any
		// number of replicas; set, it is used instead of Path.
		URL    string `toml:"url"`
		URLEnv string `toml:"url_env"`
	} `toml:"database"`
	Log struct {
		Format string `toml:"format"`
		Level  string `toml:"level"`
	} `toml:"log"`
	Discord   discordConfig   `toml:"discord"`
	Slack     slackConfig     `toml:"slack"`
	Reminders remindersConfig `toml:"reminders"`
	Backup    backupConfig    `toml:"backup"`
	Ops       opsConfig       `toml:"ops"`
	Games     gamesConfig     `toml:"games"`
	Web       webConfig       `toml:"web"`
	Webhooks  webhooksConfig  `toml:"webhooks"`
	// games are the games' own sections (gamesections.go), decoded
	// from what the sections above leave.
	games gameSections

	// exposed, when set, warns that the file holds a secret inline and is
	// readable by its group or by everyone (see exposedSecrets).
	exposed string
}

// gamesConfig is when an idle game is warned, then ended.
type gamesConfig struct {
	IdleWarn string `toml:"idle_warn"`
	IdleEnd  string `toml:"idle_end"`

	idleWarn, idleEnd time.Duration
}

func (g *gamesConfig) check(path string, r *remindersConfig) error {
	parse := func(key, v string) (time.Duration, error) {
		d, err := time.ParseDuration(v)
		if err != nil || d < 0 {
			return 0, fmt.Errorf("%s: %s is %q: give a duration like \"720h\" (30 days), or \"0s\" for none", path, key, v)
		}
		return d, nil
	}
	var err error
	if g.idleWarn, err = parse("games.idle_warn", g.IdleWarn); err != nil {
		return err
	}
	if g.idleEnd, err = parse("games.idle_end", g.IdleEnd); err != nil {
		return err
	}
	switch {
	case g.idleEnd == 0 && g.idleWarn > 0:
		return fmt.Errorf("%s: games.idle_warn is %q but games.idle_end is not set: a warning must say when the game ends", path, g.IdleWarn)
	case g.idleEnd > 0 && g.idleWarn == 0:
		return fmt.Errorf("%s: games.idle_end is %q but games.idle_warn is not set: players are warned before their game ends", path, g.IdleEnd)
	case g.idleEnd > 0 && g.idleWarn >= g.idleEnd:
		return fmt.Errorf("%s: games.idle_warn (%q) must come before games.idle_end (%q)", path, g.IdleWarn, g.IdleEnd)
	case g.idleEnd > 0 && r.deadline > 0 && g.idleWarn <= r.deadline:
		return fmt.Errorf("%s: games.idle_warn (%q) must come after reminders.deadline (%q): a game is idle only once its deadline has passed", path, g.IdleWarn, r.Deadline)
	}
	return nil
}

// opsConfig is how the serving bot is operated: where /healthz and
// /metrics listen, and how long a shutdown waits for work in flight.
type opsConfig struct {
	Listen        string `toml:"listen"`
	AllowRemote   bool   `toml:"allow_remote"`
	ShutdownGrace string `toml:"shutdown_grace"`

	shutdownGrace time.Duration
}

func (o *opsConfig) check(path string) error {
	if o.Listen != "" {
		if err := ops.CheckListen(o.Listen, o.AllowRemote); errors.Is(err, ops.ErrRemote) {
			return fmt.Errorf("%s: ops.listen %v: /healthz and /metrics ask no one who calls, and /metrics tells how busy the bot is and what fails; listen on 127.0.0.1 (scrape through a proxy or a tunnel), or set ops.allow_remote = true", path, err)
		} else if err != nil {
			return fmt.Errorf("%s: ops.listen: %v", path, err)
		}
	}
	d, err := time.ParseDuration(o.ShutdownGrace)
	if err != nil || d < 0 || d > 10*time.Minute {
		return fmt.Errorf("%s: ops.shutdown_grace is %q: give a duration from \"0s\" to \"10m\", like \"5s\"", path, o.ShutdownGrace)
	}
	o.shutdownGrace = d
	return nil
}

// backupConfig is where and how often the serving bot copies its database.
type backupConfig struct {
	Dir   string `toml:"dir"`
	Every string `toml:"every"`
	Keep  int    `toml:"keep"`

	every time.Duration
}

func (b *backupConfig) check(path string) error {
	d, err := time.ParseDuration(b.Every)
	if err != nil || d < time.Minute {
		return fmt.Errorf("%s: backup.every is %q: give a duration of at least \"1m\", like \"6h\"", path, b.Every)
	}
	b.every = d
	if b.Keep < 1 {
		return fmt.Errorf("%s: backup.keep is %d: keep at least 1 backup", path, b.Keep)
	}
	return nil
}

type remindersConfig struct {
	Every        []string `toml:"every"`
	Deadline     string   `toml:"deadline"`
	Tick         string   `toml:"tick"`
	VacationDays int      `toml:"vacation_days"`
	// DeliveryLease is how long a replica has to deliver what a tick took
	// before another takes it over (docs/operators/postgresql.md).
	DeliveryLease string `toml:"delivery_lease"`

	every                 []time.Duration
	deadline, tick, lease time.Duration
}

// check reads the durations; every problem names its key.
func (r *remindersConfig) check(path string) error {
	parse := func(key, v string) (time.Duration, error) {
		d, err := time.ParseDuration(v)
		if err != nil || d < 0 {
			return 0, fmt.Errorf("%s: %s is %q: give a duration like \"24h\" or \"90m\"", path, key, v)
		}
		return d, nil
	}
	r.every = nil
	for _, v := range r.Every {
		d, err := parse("reminders.every", v)
		if err != nil {
			return err
		}
		if len(r.every) > 0 && d <= r.every[len(r.every)-1] {
			return fmt.Errorf("%s: reminders.every must grow: %q comes after a later or equal one", path, v)
		}
		r.every = append(r.every, d)
	}
	var err error
	if r.deadline, err = parse("reminders.deadline", r.Deadline); err != nil {
		return err
	}
	if r.tick, err = parse("reminders.tick", r.Tick); err != nil {
		return err
	}
	if r.tick < time.Second {
		return fmt.Errorf("%s: reminders.tick is %q: at least \"1s\"", path, r.Tick)
	}
	if r.lease, err = parse("reminders.delivery_lease", r.DeliveryLease); err != nil {
		return err
	}
	if r.lease < time.Second {
		return fmt.Errorf("%s: reminders.delivery_lease is %q: at least \"1s\" (a replica needs the time to deliver a tick's batch)", path, r.DeliveryLease)
	}
	if r.VacationDays < 0 {
		return fmt.Errorf("%s: reminders.vacation_days is %d: give 0 or more days", path, r.VacationDays)
	}
	return nil
}

type discordConfig struct {
	Enabled       bool     `toml:"enabled"`
	Token         string   `toml:"token"`
	TokenEnv      string   `toml:"token_env"`
	ApplicationID string   `toml:"application_id"`
	Guilds        []string `toml:"guilds"`
	APIBase       string   `toml:"api_base"`
	// ShardID of ShardCount is this replica's gateway shard (docs/operators/postgresql.md); 0 of 0 is unsharded.
	ShardID    int `toml:"shard_id"`
	ShardCount int `toml:"shard_count"`
}

type slackConfig struct {
	Enabled          bool   `toml:"enabled"`
	Mode             string `toml:"mode"`
	BotToken         string `toml:"bot_token"`
	BotTokenEnv      string `toml:"bot_token_env"`
	AppToken         string `toml:"app_token"`
	AppTokenEnv      string `toml:"app_token_env"`
	SigningSecret    string `toml:"signing_secret"`
	SigningSecretEnv string `toml:"signing_secret_env"`
	Listen           string `toml:"listen"`
	APIBase          string `toml:"api_base"`
}

// loadConfig reads and checks a configuration file. Every problem is one line
// that names the key and says what to do.
func loadConfig(path string) (*config, error) {
	var c config
	c.Database.Path = "./kaleun.db"
	c.Log.Format, c.Log.Level = "text", "info"
	c.Slack.Mode = "socket"
	c.Slack.Listen = "127.0.0.1:8080"
	c.Reminders = remindersConfig{Every: []string{"24h", "48h"}, Deadline: "72h", Tick: "1m", VacationDays: 30, DeliveryLease: bot.DefaultDeliveryLease.String()}
	c.Backup = backupConfig{Every: "6h", Keep: 28}
	c.Ops = opsConfig{ShutdownGrace: "5s"}
	c.Games = gamesConfig{IdleWarn: "0s", IdleEnd: "0s"}
	c.Web = webConfig{Listen: "127.0.0.1:8090"}
	c.Webhooks = webhooksConfig{Timeout: webhook.DefaultTimeout.String(), Poll: "5s",
		RetryFirst: webhook.DefaultSchedule.First.String(), RetryMaxWait: webhook.DefaultSchedule.MaxWait.String(), RetryFor: webhook.DefaultSchedule.For.String()}
	md, text, err := decodeConfigFile(path, &c)
	if err != nil {
		var perr toml.ParseError
		if errors.As(err, &perr) {
			return nil, fmt.Errorf("%s: line %d: %s", path, perr.Position.Line, perr.Message)
		}
		if errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("config file %s not found: copy config.example.toml and edit it", path)
		}
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	games, und, err := decodeGameSections(text, md.Undecoded())
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	c.games = games
	if len(und) > 0 {
		return nil, fmt.Errorf("%s: unknown key %q: check its spelling against config.example.toml", path, und[0].String())
	}
	switch c.Log.Format {
	case "text", "json":
	default:
		return nil, fmt.Errorf("%s: log.format is %q: use \"text\" or \"json\"", path, c.Log.Format)
	}
	var lvl slog.Level
	if err := lvl.UnmarshalText([]byte(c.Log.Level)); err != nil {
		return nil, fmt.Errorf("%s: log.level is %q: use debug, info, warn or error", path, c.Log.Level)
	}
	// The secrets given inline, for the warning on a readable file.
	var inline []string
	if c.Database.URL != "" && c.Database.URLEnv == "" && hasPassword(c.Database.URL) {
		inline = append(inline, "database.url")
	}
	if c.Database.URL != "" || c.Database.URLEnv != "" {
		if c.Database.URL, err = secret(path, "database.url", c.Database.URL, c.Database.URLEnv); err != nil {
			return nil, err
		}
		if !persist.IsPostgresURL(c.Database.URL) {
			return nil, fmt.Errorf("%s: database.url is not a PostgreSQL URL: give one like \"postgres://kaleun@db.example:5432/kaleun\" (without it, the bbolt file at database.path is used)", path)
		}
	}
	if c.Database.Path == "" {
		return nil, fmt.Errorf("%s: database.path is empty: name the bbolt file, e.g. \"/data/kaleun.db\"", path)
	}
	if err := c.Reminders.check(path); err != nil {
		return nil, err
	}
	if err := c.Backup.check(path); err != nil {
		return nil, err
	}
	if err := c.Ops.check(path); err != nil {
		return nil, err
	}
	if err := c.Games.check(path, &c.Reminders); err != nil {
		return nil, err
	}
	if err := c.Web.check(path); err != nil {
		return nil, err
	}
	if err := c.Webhooks.check(path); err != nil {
		return nil, err
	}
	if err := c.games.check(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if c.Discord.Enabled {
		if c.Discord.Token != "" {
			inline = append(inline, "discord.token")
		}
		if c.Discord.Token, err = secret(path, "discord.token", c.Discord.Token, c.Discord.TokenEnv); err != nil {
			return nil, err
		}
		if d := c.Discord; d.ShardCount < 0 || d.ShardID < 0 || (d.ShardCount > 0 && d.ShardID >= d.ShardCount) || (d.ShardCount == 0 && d.ShardID != 0) {
			return nil, fmt.Errorf("%s: discord.shard_id is %d of discord.shard_count %d: give each replica an id from 0 to shard_count-1 (both 0: unsharded)", path, d.ShardID, d.ShardCount)
		}
		if c.Discord.ApplicationID == "" {
			return nil, fmt.Errorf("%s: discord.application_id is empty: copy it from the Discord developer portal (General Information)", path)
		}
		if strings.Count(c.Discord.Token, ".") != 2 && !strings.HasPrefix(c.Discord.APIBase, "http://127.") {
			return nil, fmt.Errorf("%s: discord.token does not look like a bot token (three dot-separated parts): copy it from the portal's Bot page", path)
		}
	}
	if c.Slack.Enabled {
		for _, k := range []struct{ key, v string }{{"slack.bot_token", c.Slack.BotToken}, {"slack.app_token", c.Slack.AppToken}, {"slack.signing_secret", c.Slack.SigningSecret}} {
			if k.v != "" {
				inline = append(inline, k.key)
			}
		}
		if c.Slack.BotToken, err = secret(path, "slack.bot_token", c.Slack.BotToken, c.Slack.BotTokenEnv); err != nil {
			return nil, err
		}
		if !strings.HasPrefix(c.Slack.BotToken, "xoxb-") {
			return nil, fmt.Errorf("%s: slack.bot_token must be a bot token starting with xoxb-", path)
		}
		switch c.Slack.Mode {
		case "socket":
			if c.Slack.AppToken, err = secret(path, "slack.app_token", c.Slack.AppToken, c.Slack.AppTokenEnv); err != nil {
				return nil, err
			}
			if !strings.HasPrefix(c.Slack.AppToken, "xapp-") {
				return nil, fmt.Errorf("%s: slack.app_token must be an app-level token starting with xapp- (Socket Mode)", path)
			}
		case "http":
			// An empty address would bind every interface on a random port.
			if strings.TrimSpace(c.Slack.Listen) == "" {
				return nil, fmt.Errorf("%s: slack.listen is empty: give the address Slack's requests come to, e.g. \"127.0.0.1:8080\" behind a proxy (\"0.0.0.0:8080\" in a container, its port published)", path)
			}
			if _, _, err := net.SplitHostPort(c.Slack.Listen); err != nil {
				return nil, fmt.Errorf("%s: slack.listen is %q: give host:port, e.g. \"127.0.0.1:8080\"", path, c.Slack.Listen)
			}
			if c.Slack.SigningSecret, err = secret(path, "slack.signing_secret", c.Slack.SigningSecret, c.Slack.SigningSecretEnv); err != nil {
				return nil, err
			}
		default:
			return nil, fmt.Errorf("%s: slack.mode is %q: use \"socket\" or \"http\"", path, c.Slack.Mode)
		}
	}
	c.exposed = exposedSecrets(path, inline)
	return &c, nil
}

// exposedSecrets is the warning for a configuration file that holds secrets
// inline (keys) and that its group or everyone may read: whoever reads it
// can act as the bot. It names the keys, never their values. "" when
// there is nothing to warn of.
func exposedSecrets(path string, keys []string) string {
	if len(keys) == 0 {
		return ""
	}
	fi, err := os.Stat(path)
	if err != nil || fi.Mode().Perm()&0o077 == 0 {
		return ""
	}
	envs := make([]string, len(keys))
	for i, k := range keys {
		envs[i] = k + "_env"
	}
	return fmt.Sprintf("%s holds %s inline and is readable by its group or by everyone (mode %04o): anyone who can read it can act as the bot. Run chmod 600 %s, or better move each secret into the environment and name it with %s (e.g. token_env = \"KALEUN_DISCORD_TOKEN\"; docs/operators/serve.md)",
		path, strings.Join(keys, ", "), fi.Mode().Perm(), path, strings.Join(envs, ", "))
}

// hasPassword tells whether a database URL carries a password.
func hasPassword(u string) bool {
	p, err := url.Parse(u)
	if err != nil || p.User == nil {
		return false
	}
	_, set := p.User.Password()
	return set
}

// decodeConfigFile reads the file through safefile (a regular file of at
// most safefile.ConfigLimit: a FIFO or a device named as the config does
// not hang or exhaust the process) and decodes it.
func decodeConfigFile(path string, c *config) (toml.MetaData, string, error) {
	b, err := safefile.ReadFile(path, safefile.ConfigLimit)
	if err != nil {
		return toml.MetaData{}, "", err
	}
	md, err := toml.Decode(string(b), c)
	return md, string(b), err
}

// secret takes a value given inline or through the named environment variable.
func secret(path, key, inline, env string) (string, error) {
	if inline != "" && env != "" {
		return "", fmt.Errorf("%s: %s and %s_env are both set: keep one", path, key, key)
	}
	if env != "" {
		v := strings.TrimSpace(os.Getenv(env))
		if v == "" {
			return "", fmt.Errorf("%s: %s_env names %s, which is not set in the environment", path, key, env)
		}
		return v, nil
	}
	if inline == "" {
		return "", fmt.Errorf("%s: %s is missing: set it, or %s_env to the name of an environment variable holding it", path, key, key)
	}
	return inline, nil
}

func (c *config) logger(w *os.File) *slog.Logger {
	var lvl slog.Level
	lvl.UnmarshalText([]byte(c.Log.Level))
	opts := &slog.HandlerOptions{Level: lvl}
	if c.Log.Format == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}
