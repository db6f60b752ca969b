// Package slack is Kaleun's Slack adapter: slash commands (/hunters <sub>
// key=value ...), Block Kit buttons and menus, and the App Home tab (the
// Events API's app_home_opened), over Socket Mode (no public URL) or over
// HTTP with Slack's request signatures verified. It holds no
// game logic.
package slack

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/slack-go/slack"
	"github.com/slack-go/slack/slackevents"
	"github.com/slack-go/slack/socketmode"

	"github.com/kaleun/kaleun/bot"
	"github.com/kaleun/kaleun/bot/chat"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/internal/ops"
)

// Config is the adapter's part of the configuration.
type Config struct {
	Mode          string // "socket" or "http"
	BotToken      string
	AppToken      string
	SigningSecret string
	Listen        string
	// APIBase replaces https://slack.com/api/ (tests, proxies).
	APIBase string
	// HTTPClient calls Slack's Web API; nil is a client that gives up after
	// 30 s, so a call that hangs cannot hold a reply forever.
	HTTPClient *http.Client
	// Metrics records how fast requests are acknowledged, failed Web API
	// calls, and the connection (or the listener); nil: none.
	Metrics *ops.Metrics
	// Seen is where HTTP mode remembers the requests it has acted upon, to
	// act on none twice: the database (kaleun serve gives its store), which
	// every replica behind a load balancer shares and a restart keeps; nil
	// keeps them in this process's memory.
	Seen SeenStore
}

// Adapter connects one Slack app to the bot service.
type Adapter struct {
	cfg   Config
	svc   *bot.Service
	games engine.Registry
	log   *slog.Logger
	api   *slack.Client
	// client sends files to the upload URLs Slack gives.
	client *http.Client
	cancel context.CancelFunc
	done   chan struct{}
	// work is the context of the bot calls and Web API calls made for
	// requests, given to Start: it outlives Close (requests in flight finish
	// after the connection closes) until the process gives them up. It is
	// not the HTTP request's context: a client that hangs up must not cancel
	// a decision half-way, for Slack's retry of it would be refused as a
	// request already acted upon.
	work context.Context
	http *http.Server
	// Addr is the HTTP mode's listening address once started.
	Addr string
	// handled, when set (by tests), hears of each Socket Mode envelope once
	// everything it brought has been posted.
	handled func(envelopeID string)
	// HTTP mode: the server's limits, the requests already acted upon (to
	// refuse replays) when they are kept in memory, the replies still being
	// posted, and the sweeper of the requests kept in the database.
	limits   httpLimits
	seen     *seenRequests
	posting  sync.WaitGroup
	sweeping sync.WaitGroup
	// connected is whether the socket is up, or the HTTP listener serving.
	connected atomic.Bool
	metrics   *ops.Metrics
	// deferAfter is how long a slash command may take before it is
	// acknowledged empty and answered through its response_url (Slack wants
	// an answer within three seconds); 0 acknowledges at once (tests).
	deferAfter time.Duration
}

// New prepares the adapter; Start connects.
func New(cfg Config, svc *bot.Service, games engine.Registry, log *slog.Logger) (*Adapter, error) {
	client := cfg.HTTPClient
	if client == nil {
		client = &http.Client{Timeout: 30 * time.Second}
	}
	opts := []slack.Option{slack.OptionHTTPClient(client)}
	if cfg.AppToken != "" {
		opts = append(opts, slack.OptionAppLevelToken(cfg.AppToken))
	}
	if cfg.APIBase != "" {
		opts = append(opts, slack.OptionAPIURL(strings.TrimSuffix(cfg.APIBase, "/")+"/"))
	}
	switch cfg.Mode {
	case "socket", "http":
	default:
		return nil, fmt.Errorf("slack: mode %q: use socket or http", cfg.Mode)
	}
	a := &Adapter{cfg: cfg, svc: svc, games: games, log: log, api: slack.New(cfg.BotToken, opts...), client: client, limits: defaultHTTPLimits, metrics: cfg.Metrics, deferAfter: 2 * time.Second}
	cfg.Metrics.Watch("slack", a.Connected)
	return a, nil
}

// setConnected follows the connection: Socket Mode's events come in order
// on one goroutine, the HTTP listener's start and end on another.
func (a *Adapter) setConnected(up bool) { a.connected.Store(up) }

// Connected reports whether the Socket Mode connection is up, or the HTTP
// mode's listener serving (for /healthz).
func (a *Adapter) Connected() bool { return a.connected.Load() }

// acked records the first answer to a request, received at received.
func (a *Adapter) acked(received time.Time) { a.metrics.Answered("slack", time.Since(received)) }

// Start connects (Socket Mode) or starts listening (HTTP mode). ctx is the
// context of the work done for requests: when it is done, calls in flight
// are given up; Close ends the connection.
func (a *Adapter) Start(ctx context.Context) error {
	a.work = ctx
	ctx, a.cancel = context.WithCancel(ctx)
	a.done = make(chan struct{})
	if a.cfg.Mode == "http" {
		ln, err := net.Listen("tcp", a.cfg.Listen)
		if err != nil {
			return fmt.Errorf("slack: listening on %s: %w", a.cfg.Listen, err)
		}
		a.Addr = ln.Addr().String()
		mux := http.NewServeMux()
		mux.HandleFunc("POST /slack/commands", a.httpCommand)
		mux.HandleFunc("POST /slack/interactions", a.httpInteraction)
		mux.HandleFunc("POST /slack/events", a.httpEvent)
		if a.cfg.Seen == nil {
			a.seen = newSeenRequests(a.limits.replayWindow, a.limits.maxRemembered)
		} else {
			a.sweeping.Add(1)
			go func() {
				defer a.sweeping.Done()
				a.sweepSeen(ctx)
			}()
		}
		a.http = &http.Server{Handler: mux,
			ReadHeaderTimeout: a.limits.readHeader, ReadTimeout: a.limits.read, WriteTimeout: a.limits.write, IdleTimeout: a.limits.idle,
			MaxHeaderBytes: 64 << 10, ErrorLog: slog.NewLogLogger(a.log.Handler(), slog.LevelWarn)}
		a.setConnected(true)
		go func() {
			defer close(a.done)
			defer a.setConnected(false)
			if err := a.http.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
				a.log.Error("slack: http server", "err", err)
			}
		}()
		return nil
	}
	smc := socketmode.New(a.api)
	connected := make(chan error, 1)
	go func() {
		defer close(a.done)
		a.socketLoop(ctx, smc, connected)
	}()
	go func() {
		defer a.setConnected(false)
		if err := smc.RunContext(ctx); err != nil && ctx.Err() == nil {
			a.log.Error("slack: socket mode", "err", err)
			select {
			case connected <- err:
			default:
			}
		}
	}()
	select {
	case err := <-connected:
		if err != nil {
			a.cancel()
			return fmt.Errorf("slack: socket mode: %w", err)
		}
	case <-time.After(20 * time.Second):
		a.cancel()
		return errors.New("slack: socket mode did not connect within 20 s")
	}
	a.log.Info("slack connected (socket mode)")
	return nil
}

// workCtx is the context of work done for requests (Background before
// Start, for tests that drive the handlers directly).
func (a *Adapter) workCtx() context.Context {
	if a.work == nil {
		return context.Background()
	}
	return a.work
}

// Close stops the adapter.
func (a *Adapter) Close() error {
	if a.cancel != nil {
		a.cancel()
	}
	if a.http != nil {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		a.http.Shutdown(ctx)
	}
	if a.done != nil {
		<-a.done
	}
	a.sweeping.Wait()
	a.posting.Wait()
	return nil
}

func (a *Adapter) socketLoop(ctx context.Context, smc *socketmode.Client, connected chan<- error) {
	for {
		select {
		case <-ctx.Done():
			return
		case evt, ok := <-smc.Events:
			if !ok {
				return
			}
			a.handle(smc, evt, connected)
		}
	}
}

// handle serves one Socket Mode event; a panic is logged, not fatal.
func (a *Adapter) handle(smc *socketmode.Client, evt socketmode.Event, connected chan<- error) {
	received := time.Now()
	defer func() {
		if r := recover(); r != nil {
			a.log.Error("slack: event handler panicked", "panic", r)
			a.metrics.Error(ops.ErrPanic)
		}
		if a.handled != nil && evt.Request != nil && evt.Request.EnvelopeID != "" {
			a.handled(evt.Request.EnvelopeID)
		}
	}()
	switch evt.Type {
	case socketmode.EventTypeConnecting, socketmode.EventTypeConnectionError, socketmode.EventTypeInvalidAuth, socketmode.EventTypeDisconnect:
		a.setConnected(false)
	case socketmode.EventTypeConnected:
		a.setConnected(true)
		select {
		case connected <- nil:
		default:
		}
	case socketmode.EventTypeSlashCommand:
		cmd, ok := evt.Data.(slack.SlashCommand)
		if !ok || evt.Request == nil {
			return
		}
		ctx := a.workCtx()
		place := chat.Place{Platform: "slack", Space: cmd.TeamID, Channel: cmd.ChannelID}
		rest := a.slash(ctx, received, cmd, place, true, func(first any) {
			if first == nil {
				smc.Ack(*evt.Request)
			} else {
				smc.Ack(*evt.Request, first)
			}
		})
		a.post(ctx, place, cmd.UserID, rest, nil)
	case socketmode.EventTypeEventsAPI:
		// app_home_opened: acknowledged first (Slack wants it within 3 s),
		// then his Home tab published. A retried envelope publishes it
		// again, which changes nothing: the page is built the same.
		ev, ok := evt.Data.(slackevents.EventsAPIEvent)
		if !ok || evt.Request == nil {
			return
		}
		smc.Ack(*evt.Request)
		a.acked(received)
		a.homeOpened(a.workCtx(), ev)
	case socketmode.EventTypeInteractive:
		cb, ok := evt.Data.(slack.InteractionCallback)
		if !ok || evt.Request == nil {
			return
		}
		smc.Ack(*evt.Request)
		a.acked(received)
		ctx := a.workCtx()
		a.post(ctx, interactionPlace(cb), cb.User.ID, a.interaction(ctx, cb), clickOf(cb))
	}
}

// command runs a slash command: "/hunters new boat=VIIC start=1940-10".
func (a *Adapter) command(ctx context.Context, c slack.SlashCommand) bot.Reply {
	game := strings.TrimPrefix(c.Command, "/")
	sub, args, err := ParseCommandText(c.Text)
	if err != nil {
		return bot.Reply{Private: []chat.Message{{Text: err.Error()}}}
	}
	if sub == "" && game == bot.FrameworkName {
		return bot.Reply{Private: []chat.Message{{Text: "Usage: " + c.Command + " " + bot.FrameworkUsage}}}
	}
	if sub == "" {
		return bot.Reply{Private: []chat.Message{{Text: "Usage: " + c.Command + " " + usage(a.games[game])}}}
	}
	words := []string{sub}
	user := chat.User{ID: c.UserID, Name: c.UserName}
	for _, spec := range bot.Commands() {
		if spec.Name == words[0] && spec.ManagerMatters {
			user.Manager = a.isAdmin(ctx, c.UserID)
		}
	}
	place := chat.Place{Platform: "slack", Space: c.TeamID, Channel: c.ChannelID}
	r, err := a.svc.Command(ctx, place, user, game, words[0], args)
	if err != nil {
		a.log.Error("slack: command failed", "err", err)
		return bot.Reply{Private: []chat.Message{{Text: "Kaleun could not do that (an internal error was logged); your game is as it was."}}}
	}
	return r
}

// interaction answers a button or menu choice, or a form submitted.
func (a *Adapter) interaction(ctx context.Context, cb slack.InteractionCallback) bot.Reply {
	if cb.Type == slack.InteractionTypeViewSubmission {
		return a.submitted(ctx, cb)
	}
	if len(cb.ActionCallback.BlockActions) == 0 {
		return bot.Reply{}
	}
	act := cb.ActionCallback.BlockActions[0]
	id := act.Value
	if act.SelectedOption.Value != "" {
		id = act.SelectedOption.Value
	}
	user := chat.User{ID: cb.User.ID, Name: cb.User.Name}
	if strings.Contains(id, ":abandon:") {
		user.Manager = a.isAdmin(ctx, cb.User.ID)
	}
	place := interactionPlace(cb)
	r, err := a.svc.Click(ctx, place, user, id)
	if err != nil {
		a.log.Error("slack: click failed", "err", err)
		return bot.Reply{Private: []chat.Message{{Text: "Kaleun could not do that (an internal error was logged); your game is as it was."}}}
	}
	if r.Form != nil {
		return a.openForm(ctx, cb.TriggerID, place, r.Form)
	}
	return r
}

// formBlock and formField name a form's one input (its block and action).
const (
	formBlock = "form"
	formField = "n"
)

// openForm shows the form a click opened as a modal view (views.open, with
// the click's trigger, which Slack honours for 3 seconds). The view keeps
// the click's place, where the prompt is answered when it is submitted.
func (a *Adapter) openForm(ctx context.Context, trigger string, place chat.Place, f *chat.Form) bot.Reply {
	meta, err := json.Marshal(place)
	if err != nil {
		return bot.Reply{Private: []chat.Message{{Text: "Kaleun could not open the form (an internal error was logged); your game is as it was."}}}
	}
	input := slack.NewPlainTextInputBlockElement(slack.NewTextBlockObject(slack.PlainTextType, trim(f.Hint, 150), false, false), formField)
	view := slack.ModalViewRequest{
		Type:            slack.VTModal,
		Title:           slack.NewTextBlockObject(slack.PlainTextType, trim(f.Title, 24), false, false),
		Submit:          slack.NewTextBlockObject(slack.PlainTextType, "Enter", false, false),
		Close:           slack.NewTextBlockObject(slack.PlainTextType, "Cancel", false, false),
		CallbackID:      f.ID,
		PrivateMetadata: string(meta),
		Blocks:          slack.Blocks{BlockSet: []slack.Block{slack.NewInputBlock(formBlock, slack.NewTextBlockObject(slack.PlainTextType, trim(f.Label, 2000), false, false), nil, input)}},
	}
	if _, err := a.api.OpenViewContext(ctx, trigger, view); err != nil {
		a.log.Error("slack: views.open", "err", err)
		a.metrics.Error(ops.ErrPlatform)
		return bot.Reply{Private: []chat.Message{{Text: "The form could not open (Slack allows 3 seconds): press ⌨ Type it again."}}}
	}
	return bot.Reply{}
}

// submitted answers a form's submission: the number typed, for the prompt
// of the form's place.
func (a *Adapter) submitted(ctx context.Context, cb slack.InteractionCallback) bot.Reply {
	value := ""
	if st := cb.View.State; st != nil {
		value = st.Values[formBlock][formField].Value
	}
	user := chat.User{ID: cb.User.ID, Name: cb.User.Name}
	r, err := a.svc.Submit(ctx, interactionPlace(cb), user, cb.View.CallbackID, value)
	if err != nil {
		a.log.Error("slack: form failed", "err", err)
		return bot.Reply{Private: []chat.Message{{Text: "Kaleun could not do that (an internal error was logged); your game is as it was."}}}
	}
	return r
}

// interactionPlace is where a click happened: a channel, or a thread of it;
// for a form submitted, the place of the click that opened it.
func interactionPlace(cb slack.InteractionCallback) chat.Place {
	if cb.Type == slack.InteractionTypeViewSubmission {
		var p chat.Place
		if json.Unmarshal([]byte(cb.View.PrivateMetadata), &p) == nil && p.Platform == "slack" {
			return p
		}
	}
	return chat.Place{Platform: "slack", Space: cb.Team.ID, Channel: cb.Channel.ID, Thread: cb.Container.ThreadTs}
}

// isAdmin: Slack workspace admins and owners count as channel managers.
func (a *Adapter) isAdmin(ctx context.Context, userID string) bool {
	u, err := a.api.GetUserInfoContext(ctx, userID)
	if err != nil {
		a.log.Warn("slack: users.info", "err", err)
		return false
	}
	return u.IsAdmin || u.IsOwner
}

// tokenize splits command text into words, keeping "quoted words" together.
func tokenize(s string) ([]string, error) {
	var out []string
	var cur strings.Builder
	inQuote := false
	has := false
	for _, r := range s {
		switch {
		case r == '"':
			inQuote = !inQuote
			has = true
		case (r == ' ' || r == '\t') && !inQuote:
			if has {
				out = append(out, cur.String())
				cur.Reset()
				has = false
			}
		default:
			cur.WriteRune(r)
			has = true
		}
	}
	if inQuote {
		return nil, errors.New("a quote is not closed")
	}
	if has {
		out = append(out, cur.String())
	}
	return out, nil
}

// usage lists the commands with their arguments: `new` with the game's own
// set-up fields, then the bot's commands.
func usage(g *engine.Game) string {
	var parts []string
	if g != nil && len(g.Setup) > 0 {
		p := "new"
		for _, f := range g.Setup {
			if f.Required {
				p += " " + f.Key + "=..."
			} else {
				p += " [" + f.Key + "=...]"
			}
		}
		parts = append(parts, p)
	}
	for _, c := range bot.CommandsFor(g) {
		p := c.Name
		for _, arg := range c.Args {
			if arg.Required {
				p += " " + arg.Name + "=..."
			} else {
				p += " [" + arg.Name + "=...]"
			}
		}
		parts = append(parts, p)
	}
	return strings.Join(parts, " | ")
}

// TokenRefused tells whether err is Slack refusing a token (its API's
// invalid_auth, not_authed, token_revoked and the like). Anything else
// (DNS, a connection, TLS) is not the token's fault.
func TokenRefused(err error) bool {
	if err == nil {
		return false
	}
	for _, code := range []string{"invalid_auth", "not_authed", "token_revoked", "token_expired", "account_inactive", "not_allowed_token_type"} {
		if strings.Contains(err.Error(), code) {
			return true
		}
	}
	return false
}
