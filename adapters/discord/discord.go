// Package discord is Kaleun's Discord adapter: it registers the games as
// application commands, turns interactions (slash commands, buttons, select
// menus, autocomplete) into bot calls, and draws bot messages as embeds and
// components. It holds no game logic.
package discord

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"

	"github.com/kaleun/kaleun/bot"
	"github.com/kaleun/kaleun/bot/chat"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/internal/ops"
)

// Config is the adapter's part of the configuration.
type Config struct {
	Token         string
	ApplicationID string
	// Guilds, when set, get the commands registered to them only (fast, for
	// development); otherwise the commands are global.
	Guilds []string
	// APIBase redirects the REST API (and through it the gateway lookup) to
	// another base URL, e.g. a rate-limit proxy or a local test server.
	APIBase string
	// Metrics records how fast interactions are answered, deferrals and
	// failed Discord calls, and the gateway's connection; nil: none.
	Metrics *ops.Metrics
	// ShardID and ShardCount: past 2,500 servers Discord requires the
	// gateway split in shards, each server's events going to shard
	// (guild_id >> 22) % ShardCount. A replica connects shard ShardID of
	// ShardCount (0 of 0 or 1: unsharded). Only shard 0 registers the
	// commands: they are the application's, not a shard's.
	ShardID, ShardCount int
}

// Adapter connects one Discord application to the bot service.
type Adapter struct {
	cfg     Config
	svc     *bot.Service
	games   engine.Registry
	log     *slog.Logger
	session *discordgo.Session
	// handled, when set (by tests), hears of each interaction once
	// everything it brought has been posted.
	handled func(interactionID string)
	// deferAfter is how long a bot call may take before the interaction is
	// deferred (Discord wants an answer within three seconds); 0 defers at
	// once (tests of the deferred answers).
	deferAfter time.Duration
	// work is the context of the bot calls and REST calls the adapter makes
	// for interactions, given to Start: it outlives Close (calls in flight
	// finish after the gateway is closed) until the process gives them up.
	work    context.Context
	metrics *ops.Metrics
}

// New prepares the adapter; Start connects.
func New(cfg Config, svc *bot.Service, games engine.Registry, log *slog.Logger) (*Adapter, error) {
	if cfg.Token == "" {
		return nil, fmt.Errorf("discord: no bot token")
	}
	s, err := discordgo.New("Bot " + cfg.Token)
	if err != nil {
		return nil, fmt.Errorf("discord: %w", err)
	}
	if cfg.APIBase != "" {
		base, err := url.Parse(cfg.APIBase)
		if err != nil || base.Host == "" {
			return nil, fmt.Errorf("discord: api_base %q is not a URL", cfg.APIBase)
		}
		s.Client = &http.Client{Timeout: 20 * time.Second, Transport: rewrite{base: base, next: http.DefaultTransport}}
	}
	if cfg.ShardCount < 0 || cfg.ShardID < 0 || (cfg.ShardCount > 0 && cfg.ShardID >= cfg.ShardCount) || (cfg.ShardCount == 0 && cfg.ShardID != 0) {
		return nil, fmt.Errorf("discord: shard_id %d of shard_count %d: the id counts from 0 and is below the count", cfg.ShardID, cfg.ShardCount)
	}
	if cfg.ShardCount > 1 {
		s.ShardID, s.ShardCount = cfg.ShardID, cfg.ShardCount
	}
	s.Identify.Intents = discordgo.IntentsGuilds
	s.LogLevel = discordgo.LogWarning
	a := &Adapter{cfg: cfg, svc: svc, games: games, log: log, session: s, deferAfter: 2 * time.Second, metrics: cfg.Metrics}
	a.metrics.Watch("discord", a.Connected)
	s.AddHandler(a.onInteraction)
	return a, nil
}

// rewrite sends requests meant for discord.com to another base URL.
type rewrite struct {
	base *url.URL
	next http.RoundTripper
}

func (r rewrite) RoundTrip(req *http.Request) (*http.Response, error) {
	if strings.HasSuffix(req.URL.Host, "discord.com") {
		u := *req.URL
		u.Scheme, u.Host = r.base.Scheme, r.base.Host
		u.Path = strings.TrimSuffix(r.base.Path, "/") + req.URL.Path
		req = req.Clone(req.Context())
		req.URL = &u
		req.Host = u.Host
	}
	return r.next.RoundTrip(req)
}

// Start opens the gateway and registers the commands. ctx is the context
// of the work done for interactions: when it is done, calls in flight are
// given up.
func (a *Adapter) Start(ctx context.Context) error {
	a.work = ctx
	if err := a.session.Open(); err != nil {
		return fmt.Errorf("discord: connecting to the gateway: %w", err)
	}
	cmds := a.commands()
	if a.cfg.ShardID != 0 {
		a.log.Info("discord connected", "shard", a.cfg.ShardID, "shards", a.cfg.ShardCount, "commands", "registered by shard 0")
		return nil
	}
	targets := a.cfg.Guilds
	if len(targets) == 0 {
		targets = []string{""}
	}
	for _, g := range targets {
		cmds := cmds
		if g != "" {
			cmds = guildScoped(cmds)
		}
		if _, err := a.session.ApplicationCommandBulkOverwrite(a.cfg.ApplicationID, g, cmds, discordgo.WithContext(ctx)); err != nil {
			return fmt.Errorf("discord: registering commands (guild %q): %w", g, err)
		}
	}
	a.log.Info("discord connected", "commands", len(cmds), "guilds", len(a.cfg.Guilds))
	if len(a.cfg.Guilds) == 0 {
		// Registered globally: say how to add the bot to a server.
		a.log.Info("discord: invite the bot to a server with this link", "url", InviteURL(a.cfg.ApplicationID))
		a.log.Info("discord: players may install the app to their own account (for /kaleun games in direct messages) with this link", "url", UserInstallURL(a.cfg.ApplicationID))
	}
	return nil
}

// workCtx is the context of work done for interactions (Background before
// Start, for tests that drive the handler directly).
func (a *Adapter) workCtx() context.Context {
	if a.work == nil {
		return context.Background()
	}
	return a.work
}

// Connected reports whether the gateway is connected (for /healthz): the
// session's own state, which discordgo sets once it has heartbeated on a
// new connection and clears when one closes (it reconnects by itself).
// Its Connect and Disconnect events would do, but discordgo delivers them
// on goroutines of their own, in no sure order.
func (a *Adapter) Connected() bool {
	a.session.RLock()
	defer a.session.RUnlock()
	return a.session.DataReady
}

// Close disconnects.
func (a *Adapter) Close() error { return a.session.Close() }

// commands is what this adapter registers with Discord.
func (a *Adapter) commands() []*discordgo.ApplicationCommand { return ApplicationCommands(a.games) }

// ApplicationCommands builds one slash command per game, with a subcommand
// per bot command; "new" takes the game's setup fields as options.
func ApplicationCommands(games engine.Registry) []*discordgo.ApplicationCommand {
	names := make([]string, 0, len(games))
	for n, g := range games {
		if g.TournamentOnly == "" {
			names = append(names, n) // a tournament-only game is reached through its tournament
		}
	}
	sort.Strings(names)
	var out []*discordgo.ApplicationCommand
	for _, name := range names {
		var newOpts []*discordgo.ApplicationCommandOption
		for _, f := range games[name].Setup {
			o := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: f.Key, Description: trim(f.Label, 100), Required: f.Required}
			switch {
			case f.Type == engine.FieldUser:
				o.Type = discordgo.ApplicationCommandOptionUser
			case len(f.Options) > 0 && len(f.Options) <= 25:
				for _, c := range f.Options {
					o.Choices = append(o.Choices, &discordgo.ApplicationCommandOptionChoice{Name: trim(c.Label, 100), Value: c.Key})
				}
			case len(f.Options) > 25 || len(f.Suggestions) > 0:
				o.Autocomplete = true
			}
			newOpts = append(newOpts, o)
		}
		// Discord lists required options first.
		sort.SliceStable(newOpts, func(i, j int) bool { return newOpts[i].Required && !newOpts[j].Required })
		opts := []*discordgo.ApplicationCommandOption{{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "new", Description: "Start a game in this channel", Options: newOpts}}
		for _, c := range bot.CommandsFor(games[name]) {
			sub := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand, Name: c.Name, Description: trim(c.Help, 100)}
			if c.Name == "challenge" {
				if len(games[name].Seats) == 0 {
					continue
				}
				sub.Options = newOpts // a challenge is a new game for two
			}
			for _, arg := range c.Args {
				o := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: arg.Name, Description: trim(arg.Help, 100), Required: arg.Required}
				if arg.User {
					o.Type = discordgo.ApplicationCommandOptionUser
				}
				for _, ch := range arg.Choices {
					if len(o.Choices) < 25 {
						o.Choices = append(o.Choices, &discordgo.ApplicationCommandOptionChoice{Name: ch, Value: ch})
					}
				}
				sub.Options = append(sub.Options, o)
			}
			opts = append(opts, sub)
		}
		out = append(out, &discordgo.ApplicationCommand{Name: name, Description: "Play " + name + " in this channel", Options: opts,
			IntegrationTypes: &serverOnly, Contexts: &inServers})
	}
	return append(out, FrameworkCommand())
}

// Where the commands may be used (issue 34, item 2). A game lives in a
// server's channel, where the bot posts its prompts and reminders: the
// games' commands come with the bot's install in a server, and are
// offered in servers only. `/kaleun games` reads the caller's games
// wherever he is: the app may also be installed by a user (his own
// commands, in every server and direct message), and it is offered in
// servers, in the bot's direct messages and in his other private
// channels (direct messages and group DMs with other people), answered
// to him alone. Discord documents both fields for global commands only:
// commands registered to a server carry neither (guildScoped).
var (
	serverOnly = []discordgo.ApplicationIntegrationType{discordgo.ApplicationIntegrationGuildInstall}
	inServers  = []discordgo.InteractionContextType{discordgo.InteractionContextGuild}
	everyone   = []discordgo.ApplicationIntegrationType{discordgo.ApplicationIntegrationGuildInstall, discordgo.ApplicationIntegrationUserInstall}
	everywhere = []discordgo.InteractionContextType{discordgo.InteractionContextGuild, discordgo.InteractionContextBotDM, discordgo.InteractionContextPrivateChannel}
)

// FrameworkCommand is Kaleun's own command, beside the games': its
// subcommands (`/kaleun games`) reach the caller's games everywhere.
func FrameworkCommand() *discordgo.ApplicationCommand {
	var opts []*discordgo.ApplicationCommandOption
	for _, c := range bot.FrameworkCommands() {
		opts = append(opts, &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand, Name: c.Name, Description: trim(c.Help, 100)})
	}
	return &discordgo.ApplicationCommand{Name: bot.FrameworkName, Description: trim(bot.FrameworkSummary, 100), Options: opts,
		IntegrationTypes: &everyone, Contexts: &everywhere}
}

// guildScoped are commands as registered to one server (development's
// fast registration): without the install types and contexts, which only
// a global command has.
func guildScoped(cmds []*discordgo.ApplicationCommand) []*discordgo.ApplicationCommand {
	out := make([]*discordgo.ApplicationCommand, len(cmds))
	for i, c := range cmds {
		cc := *c
		cc.IntegrationTypes, cc.Contexts = nil, nil
		out[i] = &cc
	}
	return out
}

func trim(s string, n int) string {
	if len([]rune(s)) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

func (a *Adapter) who(i *discordgo.InteractionCreate) (chat.User, chat.Place) {
	var u chat.User
	if i.Member != nil && i.Member.User != nil {
		u = chat.User{ID: i.Member.User.ID, Name: displayName(i.Member), Manager: i.Member.Permissions&discordgo.PermissionManageChannels != 0}
	} else if i.User != nil {
		// A direct message: a user, no member.
		u = chat.User{ID: i.User.ID, Name: cmp.Or(i.User.GlobalName, i.User.Username)}
	}
	return u, chat.Place{Platform: "discord", Space: i.GuildID, Channel: i.ChannelID}
}

// userArg writes a user option as the bot reads players, with the name the
// interaction resolved for it.
func userArg(res *discordgo.ApplicationCommandInteractionDataResolved, id string) string {
	name := ""
	if res != nil {
		if u := res.Users[id]; u != nil {
			name = u.Username
			if u.GlobalName != "" {
				name = u.GlobalName
			}
		}
		if m := res.Members[id]; m != nil && m.Nick != "" {
			name = m.Nick
		}
	}
	return bot.UserArg(id, name)
}

func displayName(m *discordgo.Member) string {
	if m.Nick != "" {
		return m.Nick
	}
	if m.User.GlobalName != "" {
		return m.User.GlobalName
	}
	return m.User.Username
}

// autocomplete suggests values for the focused option of "new".
func (a *Adapter) autocomplete(i *discordgo.InteractionCreate, received time.Time) {
	data := i.ApplicationCommandData()
	var focused *discordgo.ApplicationCommandInteractionDataOption
	if len(data.Options) > 0 {
		for _, o := range data.Options[0].Options {
			if o.Focused {
				focused = o
			}
		}
	}
	var choices []*discordgo.ApplicationCommandOptionChoice
	if focused != nil {
		typed := strings.ToLower(fmt.Sprint(focused.Value))
		if g := a.games[data.Name]; g != nil {
			for _, f := range g.Setup {
				if f.Key != focused.Name {
					continue
				}
				values := f.Suggestions
				for _, o := range f.Options {
					values = append(values, o.Key)
				}
				for _, v := range values {
					if strings.Contains(strings.ToLower(v), typed) && len(choices) < 25 {
						choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: v, Value: v})
					}
				}
			}
		}
	}
	err := a.session.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
		Type: discordgo.InteractionApplicationCommandAutocompleteResult,
		Data: &discordgo.InteractionResponseData{Choices: choices},
	}, discordgo.WithContext(a.workCtx()))
	if err != nil {
		a.log.Error("discord: autocomplete", "err", err)
		a.metrics.Error(ops.ErrPlatform)
		return
	}
	a.metrics.Answered("discord", time.Since(received))
}

func subcommandNames() string {
	var names []string
	for _, c := range bot.Commands() {
		names = append(names, c.Name)
	}
	return strings.Join(names, ", ")
}

// TokenRefused tells whether err is Discord refusing the bot's token: a
// 401 or 403 from its API, or the gateway's close 4004 (authentication
// failed). Anything else (DNS, a connection, TLS) is not the token's fault.
func TokenRefused(err error) bool {
	var re *discordgo.RESTError
	if errors.As(err, &re) && re.Response != nil && (re.Response.StatusCode == http.StatusUnauthorized || re.Response.StatusCode == http.StatusForbidden) {
		return true
	}
	var ce *websocket.CloseError
	return errors.Is(err, discordgo.ErrUnauthorized) || errors.As(err, &ce) && ce.Code == 4004
}
