// Package discord is Kaleun's Discord adapter: it registers the games as
// application commands, turns interactions (slash commands, buttons, select
// menus, autocomplete) into bot calls, and draws bot messages as embeds and
// components. It holds no game logic.
package discord

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/kaleun/kaleun/bot"
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
}

// Adapter connects one Discord application to the bot service.
type Adapter struct {
	cfg     Config
	svc     *bot.Service
	games   map[string]engine.Rules
	log     *slog.Logger
	session *discordgo.Session
	// sticky remembers the messages kept up to date (standings).
	sticky bot.Stickies
	// work is the context of the bot calls and REST calls the adapter makes
	// for interactions, given to Start: it outlives Close (calls in flight
	// finish after the gateway is closed) until the process gives them up.
	work    context.Context
	metrics *ops.Metrics
}

// New prepares the adapter; Start connects.
func New(cfg Config, svc *bot.Service, games map[string]engine.Rules, log *slog.Logger) (*Adapter, error) {
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
	s.Identify.Intents = discordgo.IntentsGuilds
	s.LogLevel = discordgo.LogWarning
	a := &Adapter{cfg: cfg, svc: svc, games: games, log: log, session: s, metrics: cfg.Metrics}
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
	targets := a.cfg.Guilds
	if len(targets) == 0 {
		targets = []string{""}
	}
	for _, g := range targets {
		if _, err := a.session.ApplicationCommandBulkOverwrite(a.cfg.ApplicationID, g, cmds, discordgo.WithContext(ctx)); err != nil {
			return fmt.Errorf("discord: registering commands (guild %q): %w", g, err)
		}
	}
	a.log.Info("discord connected", "commands", len(cmds), "guilds", len(a.cfg.Guilds))
	if len(a.cfg.Guilds) == 0 {
		// Registered globally: say how to add the bot to a server.
		a.log.Info("discord: invite the bot to a server with this link", "url", InviteURL(a.cfg.ApplicationID))
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
func ApplicationCommands(games map[string]engine.Rules) []*discordgo.ApplicationCommand {
	names := make([]string, 0, len(games))
	for n, g := range games {
		if _, only := g.(engine.TournamentOnly); !only {
			names = append(names, n) // a tournament-only game is reached through its tournament
		}
	}
	sort.Strings(names)
	var out []*discordgo.ApplicationCommand
	for _, name := range names {
		var newOpts []*discordgo.ApplicationCommandOption
		if form, ok := games[name].(engine.SetupForm); ok {
			for _, f := range form.SetupFields() {
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
		}
		// Discord lists required options first.
		sort.SliceStable(newOpts, func(i, j int) bool { return newOpts[i].Required && !newOpts[j].Required })
		opts := []*discordgo.ApplicationCommandOption{{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "new", Description: "Start a game in this channel", Options: newOpts}}
		for _, c := range bot.CommandsFor(games[name]) {
			sub := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand, Name: c.Name, Description: trim(c.Help, 100)}
			if c.Name == "challenge" {
				if _, seated := games[name].(engine.Seated); !seated {
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
		out = append(out, &discordgo.ApplicationCommand{Name: name, Description: "Play " + name + " in this channel", Options: opts})
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

func (a *Adapter) onInteraction(s *discordgo.Session, i *discordgo.InteractionCreate) {
	received := time.Now() // Discord's 3 seconds run from about now
	defer func() {
		if r := recover(); r != nil {
			a.log.Error("discord: interaction handler panicked", "panic", r)
			a.metrics.Error(ops.ErrPanic)
		}
	}()
	user, place := a.who(i)
	switch i.Type {
	case discordgo.InteractionApplicationCommandAutocomplete:
		a.autocomplete(i, received)
	case discordgo.InteractionApplicationCommand:
		data := i.ApplicationCommandData()
		if len(data.Options) == 0 {
			a.respond(a.workCtx(), i, received, bot.Reply{Private: []bot.Message{{Text: "Pick a subcommand: new, " + subcommandNames() + "."}}})
			return
		}
		sub := data.Options[0]
		args := map[string]string{}
		for _, o := range sub.Options {
			args[o.Name] = fmt.Sprint(o.Value)
			if o.Type == discordgo.ApplicationCommandOptionUser {
				args[o.Name] = userArg(data.Resolved, fmt.Sprint(o.Value))
			}
		}
		a.answer(i, received, func(ctx context.Context) (bot.Reply, error) {
			return a.svc.Command(ctx, place, user, data.Name, sub.Name, args)
		})
	case discordgo.InteractionMessageComponent:
		data := i.MessageComponentData()
		id := data.CustomID
		if len(data.Values) > 0 {
			id = data.Values[0] // a select menu's values are option ids
		}
		a.answer(i, received, func(ctx context.Context) (bot.Reply, error) { return a.svc.Click(ctx, place, user, id) })
	}
}

func (a *Adapter) who(i *discordgo.InteractionCreate) (bot.User, bot.Place) {
	var u bot.User
	if i.Member != nil && i.Member.User != nil {
		u = bot.User{ID: i.Member.User.ID, Name: displayName(i.Member), Manager: i.Member.Permissions&discordgo.PermissionManageChannels != 0}
	} else if i.User != nil {
		u = bot.User{ID: i.User.ID, Name: i.User.Username}
	}
	return u, bot.Place{Platform: "discord", Space: i.GuildID, Channel: i.ChannelID}
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

// deferAfter is how long a bot call may take before its interaction is
// deferred, leaving a second of Discord's three for the deferral itself.
const deferAfter = 2 * time.Second

// answer runs the bot call and responds within Discord's 3-second limit: if
// the call is slow, the interaction is deferred first and answered by follow-ups.
func (a *Adapter) answer(i *discordgo.InteractionCreate, received time.Time, call func(ctx context.Context) (bot.Reply, error)) {
	type result struct {
		r   bot.Reply
		err error
	}
	ctx := a.workCtx()
	done := make(chan result, 1)
	go func() {
		r, err := call(ctx)
		done <- result{r, err}
	}()
	select {
	case res := <-done:
		if res.err != nil {
			a.log.Error("discord: bot call failed", "err", res.err)
			res.r = bot.Reply{Private: []bot.Message{{Text: "Kaleun could not do that (an internal error was logged); your game is as it was."}}}
		}
		a.respond(ctx, i, received, res.r)
	case <-time.After(deferAfter - time.Since(received)):
		a.metrics.Deferred("discord")
		if err := a.session.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}, discordgo.WithContext(ctx)); err != nil {
			a.log.Error("discord: deferring", "err", err)
			a.metrics.Error(ops.ErrPlatform)
		} else {
			a.metrics.Answered("discord", time.Since(received))
		}
		res := <-done
		if res.err != nil {
			a.log.Error("discord: bot call failed", "err", res.err)
			res.r = bot.Reply{Private: []bot.Message{{Text: "Kaleun could not do that (an internal error was logged); your game is as it was."}}}
		}
		a.followups(ctx, i, res.r, true)
	}
}

// respond answers the interaction with the first message and follows up with the rest.
func (a *Adapter) respond(ctx context.Context, i *discordgo.InteractionCreate, received time.Time, r bot.Reply) {
	var first *discordgo.InteractionResponseData
	switch {
	case len(r.Public) > 0:
		first = messageData(r.Public[0], false)
		r.Public = r.Public[1:]
	case len(r.Private) > 0:
		first = messageData(r.Private[0], true)
		r.Private = r.Private[1:]
	default:
		first = &discordgo.InteractionResponseData{Content: "Done.", Flags: discordgo.MessageFlagsEphemeral}
	}
	if err := a.session.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: first}, discordgo.WithContext(ctx)); err != nil {
		a.log.Error("discord: responding", "err", err)
		a.metrics.Error(ops.ErrPlatform)
		return
	}
	a.metrics.Answered("discord", time.Since(received))
	a.followups(ctx, i, r, false)
}

func (a *Adapter) followups(ctx context.Context, i *discordgo.InteractionCreate, r bot.Reply, all bool) {
	send := func(m bot.Message, ephemeral bool) {
		d := messageData(m, ephemeral)
		p := &discordgo.WebhookParams{Content: d.Content, Embeds: d.Embeds, Components: d.Components, Flags: d.Flags, Files: d.Files}
		if _, err := a.session.FollowupMessageCreate(i.Interaction, true, p, discordgo.WithContext(ctx)); err != nil {
			a.log.Error("discord: follow-up", "err", err)
			a.metrics.Error(ops.ErrPlatform)
		}
	}
	for _, m := range r.Public {
		send(m, false)
	}
	for _, m := range r.Private {
		send(m, true)
	}
	for _, n := range r.Elsewhere {
		if err := a.Notify(ctx, n); err != nil {
			a.log.Error("discord: delivering elsewhere", "channel", n.Place.Channel, "err", err)
			a.metrics.Error(ops.ErrDelivery)
		}
	}
}

// messageData draws a bot message: an embed, and buttons or a select menu.
func messageData(m bot.Message, ephemeral bool) *discordgo.InteractionResponseData {
	d := &discordgo.InteractionResponseData{}
	if ephemeral {
		d.Flags = discordgo.MessageFlagsEphemeral
	}
	for _, id := range m.Pings() {
		d.Content = strings.TrimSpace(d.Content + " <@" + id + ">")
	}
	if m.Title == "" && len(m.Fields) == 0 && len(m.Options) == 0 {
		text := m.Text
		if m.Footer != "" {
			text = strings.TrimRight(text, "\n") + "\n-# " + m.Footer // Discord's subtext line
		}
		d.Content = strings.TrimSpace(d.Content + "\n" + trim(text, 1990))
	} else {
		e := &discordgo.MessageEmbed{Title: trim(m.Title, 256), Description: trim(m.Text, 4000)}
		if m.Footer != "" {
			e.Footer = &discordgo.MessageEmbedFooter{Text: trim(m.Footer, 2048)}
		}
		for _, f := range m.Fields {
			if len(e.Fields) == 25 {
				break
			}
			e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: trim(f.Name, 256), Value: trim(f.Value, 1024), Inline: true})
		}
		d.Embeds = []*discordgo.MessageEmbed{e}
	}
	d.Components = components(m)
	for _, f := range m.Files {
		d.Files = append(d.Files, &discordgo.File{Name: f.Name, ContentType: f.ContentType, Reader: bytes.NewReader(f.Data)})
	}
	return d
}

func components(m bot.Message) []discordgo.MessageComponent {
	if len(m.Options) == 0 {
		return nil
	}
	if m.Select || len(m.Options) > 25 {
		menu := discordgo.SelectMenu{CustomID: "k1:select", Placeholder: "Choose…"}
		for i, o := range m.Options {
			if i == 25 {
				break
			}
			menu.Options = append(menu.Options, discordgo.SelectMenuOption{Label: trim(o.Label, 100), Value: o.ID, Description: trim(o.Case, 100)})
		}
		return []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{menu}}}
	}
	var rows []discordgo.MessageComponent
	var row discordgo.ActionsRow
	for _, o := range m.Options {
		row.Components = append(row.Components, discordgo.Button{Label: trim(o.Label, 80), Style: discordgo.PrimaryButton, CustomID: o.ID})
		if len(row.Components) == 5 {
			rows = append(rows, row)
			row = discordgo.ActionsRow{}
		}
	}
	if len(row.Components) > 0 {
		rows = append(rows, row)
	}
	return rows
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
		if form, ok := a.games[data.Name].(engine.SetupForm); ok {
			for _, f := range form.SetupFields() {
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
