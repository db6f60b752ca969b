package bot

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"

	"github.com/kaleun/kaleun/internal/ops"
)

// metricValue reads one series of a registry: a counter's or gauge's value,
// or a histogram's count.
func metricValue(t *testing.T, reg *prometheus.Registry, name string, labels ...string) float64 {
	t.Helper()
	fams, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range fams {
		if f.GetName() != name {
			continue
		}
	next:
		for _, m := range f.Metric {
			for i := 0; i+1 < len(labels); i += 2 {
				if !hasLabel(m, labels[i], labels[i+1]) {
					continue next
				}
			}
			switch {
			case m.Counter != nil:
				return m.Counter.GetValue()
			case m.Histogram != nil:
				return float64(m.Histogram.GetSampleCount())
			}
			return m.Gauge.GetValue()
		}
	}
	return 0
}

func hasLabel(m *dto.Metric, name, value string) bool {
	for _, l := range m.Label {
		if l.GetName() == name && l.GetValue() == value {
			return true
		}
	}
	return false
}

// The bot counts what it does: decisions by players and by the bot at a
// deadline, with their latency; deadlines by what it did; and failures by
// kind — a call given up (cancelled) and a database that fails (storage).
func TestTheBotCountsDecisionsDeadlinesAndFailures(t *testing.T) {
	clock := (&fakeClock{}).set("2026-06-10T10:00:00Z")
	svc, store := clockedService(t, filepath.Join(t.TempDir(), "k.db"), clock)
	reg := prometheus.NewRegistry()
	m, err := ops.NewMetrics(reg)
	if err != nil {
		t.Fatal(err)
	}
	svc.metrics = m
	acceptedDuel(t, svc) // Prien plays until Kretschmer must roll for the enemy
	byPlayer := metricValue(t, reg, "kaleun_decisions_total", "game", "hunters-duel", "by", "player")
	if byPlayer < 2 || metricValue(t, reg, "kaleun_decision_duration_seconds", "game", "hunters-duel") != byPlayer {
		t.Fatalf("%v decisions by players, %v timed", byPlayer, metricValue(t, reg, "kaleun_decision_duration_seconds", "game", "hunters-duel"))
	}
	clock.pass(3 * time.Hour)
	if _, err := tickDelivered(t, svc, clock.now()); err != nil {
		t.Fatal(err)
	}
	if v := metricValue(t, reg, "kaleun_deadlines_total", "action", ops.DeadlineRolled); v != 1 {
		t.Fatalf("deadlines rolled: %v", v)
	}
	if v := metricValue(t, reg, "kaleun_decisions_total", "game", "hunters-duel", "by", "deadline"); v < 1 {
		t.Fatalf("decisions at the deadline: %v", v)
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := svc.Command(ctx, here, prien, "hunters-duel", "turn", nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("a call with a done context: %v", err)
	}
	if v := metricValue(t, reg, "kaleun_errors_total", "kind", ops.ErrCancelled); v != 1 {
		t.Fatalf("cancelled calls: %v", v)
	}
	store.Close()
	if _, err := svc.Command(t.Context(), here, prien, "hunters-duel", "turn", nil); err == nil {
		t.Fatal("a closed database answered")
	}
	if v := metricValue(t, reg, "kaleun_errors_total", "kind", ops.ErrStorage); v != 1 {
		t.Fatalf("storage errors: %v", v)
	}
	if v := metricValue(t, reg, "kaleun_errors_total", "kind", ops.ErrInternal); v != 0 {
		t.Fatalf("internal errors: %v", v)
	}
}
