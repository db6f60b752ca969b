// Package ops is what an operator watches a serving kaleun by: the
// Prometheus metrics the bot and its adapters record, and the HTTP server
// that answers /healthz and /metrics. The registry is made by the binary and
// handed down (bot.Options, the adapters' configs): nothing here is global,
// and a nil *Metrics records nothing, so the terminal and the tests that
// need none pass none.
package ops

import (
	"errors"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
)

// InteractionLimit is how long Discord and Slack wait for the first answer
// to an interaction (a slash command, a click) before telling the user the
// app did not respond.
const InteractionLimit = 3 * time.Second

// Error kinds counted by kaleun_errors_total.
const (
	ErrStorage   = "storage"   // a database operation failed
	ErrCancelled = "cancelled" // work given up (shutdown past its grace period)
	ErrPanic     = "panic"     // a game's rules or a handler panicked: nothing was saved
	ErrInternal  = "internal"  // any other failure of a bot call
	ErrPlatform  = "platform"  // a Discord or Slack API call failed
	ErrDelivery  = "delivery"  // a reminder or notice could not be delivered
	ErrBackup    = "backup"    // a backup could not be written
)

// ErrorKinds lists every kind, so each is exported at zero from the start.
var ErrorKinds = []string{ErrStorage, ErrCancelled, ErrPanic, ErrInternal, ErrPlatform, ErrDelivery, ErrBackup}

// Deadline actions counted by kaleun_deadlines_total.
const (
	DeadlineRolled    = "rolled"    // the bot answered for an absent player as the rules allow (an enemy roll, a pack's absent boat)
	DeadlineAutopilot = "autopilot" // the built-in commander took a routine decision for a player who asked for it
	DeadlineWaits     = "waits"     // the decision is the player's alone: the channel was told the game waits
	DeadlineStarted   = "started"   // a tournament career started without its player's Start
	DeadlineExpired   = "expired"   // an unanswered challenge was withdrawn
	IdleWarned        = "idle_warned"
	IdleEnded         = "idle_ended"
)

// What became of a due time taken again (its lease ran out, or its
// delivery failed), counted by kaleun_deliveries_retried_total.
const (
	DeliveryRetried = "retried"  // taken again and delivered anew under the same keys
	DeliveryGivenUp = "given_up" // refused by the platform too many times: dropped
)

// What one attempt at a webhook event came to, counted by
// kaleun_webhook_attempts_total.
const (
	WebhookSent    = "sent"    // the receiver answered 2xx
	WebhookRetry   = "retry"   // refused for now (5xx, 429, timeout): tried again later
	WebhookDropped = "dropped" // refused for good (4xx, redirect, refused address) or tried for too long
)

// Who took a decision, for kaleun_decisions_total.
const (
	ByPlayer   = "player"   // a player's command or click (and the autoroll it triggers)
	ByDeadline = "deadline" // the bot, at a deadline
)

// Metrics are the collectors the bot and the adapters record into.
type Metrics struct {
	decisions       *prometheus.CounterVec
	decisionSeconds *prometheus.HistogramVec
	deferred        *prometheus.CounterVec
	late            *prometheus.CounterVec
	ackSeconds      *prometheus.HistogramVec
	reminders       *prometheus.CounterVec
	deadlines       *prometheus.CounterVec
	retried         *prometheus.CounterVec
	webhooks        *prometheus.CounterVec
	errors          *prometheus.CounterVec
	tickSeconds     prometheus.Histogram
	connections     *connections
}

// NewMetrics makes the collectors and registers them, with Go's runtime and
// process collectors, on reg.
func NewMetrics(reg prometheus.Registerer) (*Metrics, error) {
	m := &Metrics{
		decisions: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "kaleun_decisions_total",
			Help: "Decisions committed (each one transaction), by game and by who took them (player, deadline).",
		}, []string{"game", "by"}),
		decisionSeconds: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "kaleun_decision_duration_seconds",
			Help:    "Time from the start of the bot call that took a decision to its commit, by game.",
			Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5},
		}, []string{"game"}),
		deferred: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "kaleun_interactions_deferred_total",
			Help: "Interactions whose bot call was slow, so the adapter deferred the answer and followed up (Discord).",
		}, []string{"platform"}),
		late: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "kaleun_interactions_late_total",
			Help: "Interactions whose first answer (a response, a deferral, an ack) went out after the platform's 3-second limit.",
		}, []string{"platform"}),
		ackSeconds: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "kaleun_interaction_ack_seconds",
			Help:    "Time from an interaction's arrival to its first answer going out.",
			Buckets: []float64{.01, .05, .1, .25, .5, 1, 2, 2.5, 3, 5, 10},
		}, []string{"platform"}),
		reminders: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "kaleun_reminders_sent_total",
			Help: "Reminders delivered (a notice in the channel, a direct message, or both counts once).",
		}, []string{"platform"}),
		deadlines: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "kaleun_deadlines_total",
			Help: "Deadlines and idle limits acted on, by what the bot did.",
		}, []string{"action"}),
		retried: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "kaleun_deliveries_retried_total",
			Help: "Reminders and deadline results taken again because their first delivery was not confirmed (a replica died, a platform call failed), by outcome: retried, given_up.",
		}, []string{"outcome"}),
		webhooks: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "kaleun_webhook_attempts_total",
			Help: "Attempts at delivering a webhook event, by outcome: sent, retry, dropped.",
		}, []string{"outcome"}),
		errors: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "kaleun_errors_total",
			Help: "Failures, by kind: storage, cancelled, panic, internal, platform, delivery, backup.",
		}, []string{"kind"}),
		tickSeconds: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name:    "kaleun_tick_duration_seconds",
			Help:    "Time one reminder tick took to find and act on what was due (delivery included).",
			Buckets: []float64{.001, .005, .01, .05, .1, .5, 1, 5, 10, 30},
		}),
		connections: &connections{desc: prometheus.NewDesc("kaleun_adapter_connected",
			"1 while an enabled chat platform is connected (Discord's gateway, Slack's socket or HTTP listener), else 0.", []string{"platform"}, nil),
			up: map[string]func() bool{}},
	}
	for _, k := range ErrorKinds {
		m.errors.WithLabelValues(k)
	}
	for _, a := range []string{DeadlineRolled, DeadlineAutopilot, DeadlineWaits, DeadlineStarted, DeadlineExpired, IdleWarned, IdleEnded} {
		m.deadlines.WithLabelValues(a)
	}
	for _, o := range []string{DeliveryRetried, DeliveryGivenUp} {
		m.retried.WithLabelValues(o)
	}
	for _, o := range []string{WebhookSent, WebhookRetry, WebhookDropped} {
		m.webhooks.WithLabelValues(o)
	}
	cs := []prometheus.Collector{m.decisions, m.decisionSeconds, m.deferred, m.late, m.ackSeconds, m.reminders, m.deadlines, m.retried, m.webhooks, m.errors, m.tickSeconds, m.connections,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{})}
	var errs []error
	for _, c := range cs {
		errs = append(errs, reg.Register(c))
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return m, nil
}

// Platform starts a platform's series at zero, so a dashboard sees it from
// the start rather than after its first event.
func (m *Metrics) Platform(platform string) {
	if m == nil {
		return
	}
	m.deferred.WithLabelValues(platform)
	m.late.WithLabelValues(platform)
	m.reminders.WithLabelValues(platform)
}

// Watch exports whether a platform is connected, as up tells at each scrape.
func (m *Metrics) Watch(platform string, up func() bool) {
	if m == nil {
		return
	}
	m.Platform(platform)
	m.connections.mu.Lock()
	defer m.connections.mu.Unlock()
	m.connections.up[platform] = up
}

// Decision records a committed decision and how long its call took.
func (m *Metrics) Decision(game, by string, took time.Duration) {
	if m == nil {
		return
	}
	m.decisions.WithLabelValues(game, by).Inc()
	m.decisionSeconds.WithLabelValues(game).Observe(took.Seconds())
}

// Deferred records an interaction answered by deferral and follow-ups.
func (m *Metrics) Deferred(platform string) {
	if m != nil {
		m.deferred.WithLabelValues(platform).Inc()
	}
}

// Answered records when an interaction's first answer went out, after its
// arrival; past InteractionLimit it counts as late.
func (m *Metrics) Answered(platform string, after time.Duration) {
	if m == nil {
		return
	}
	m.ackSeconds.WithLabelValues(platform).Observe(after.Seconds())
	if after > InteractionLimit {
		m.late.WithLabelValues(platform).Inc()
	}
}

// ReminderSent records a reminder delivered.
func (m *Metrics) ReminderSent(platform string) {
	if m != nil {
		m.reminders.WithLabelValues(platform).Inc()
	}
}

// DeliveryRetried counts a due time taken again, by what became of it.
func (m *Metrics) DeliveryRetried(outcome string) {
	if m != nil {
		m.retried.WithLabelValues(outcome).Inc()
	}
}

// WebhookAttempt records what one attempt at a webhook event came to.
func (m *Metrics) WebhookAttempt(outcome string) {
	if m != nil {
		m.webhooks.WithLabelValues(outcome).Inc()
	}
}

// DeadlineActed records what the bot did at a deadline or an idle limit.
func (m *Metrics) DeadlineActed(action string) {
	if m != nil {
		m.deadlines.WithLabelValues(action).Inc()
	}
}

// Error records a failure of a kind.
func (m *Metrics) Error(kind string) {
	if m != nil {
		m.errors.WithLabelValues(kind).Inc()
	}
}

// Tick records how long a reminder tick took.
func (m *Metrics) Tick(took time.Duration) {
	if m != nil {
		m.tickSeconds.Observe(took.Seconds())
	}
}

// connections asks the adapters at each scrape whether they are connected,
// as /healthz does: the two never disagree.
type connections struct {
	desc *prometheus.Desc
	mu   sync.Mutex
	up   map[string]func() bool
}

func (c *connections) Describe(ch chan<- *prometheus.Desc) { ch <- c.desc }

func (c *connections) Collect(ch chan<- prometheus.Metric) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for platform, up := range c.up {
		v := 0.0
		if up() {
			v = 1
		}
		ch <- prometheus.MustNewConstMetric(c.desc, prometheus.GaugeValue, v, platform)
	}
}
