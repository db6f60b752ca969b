package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"

	"github.com/kaleun/kaleun/internal/discordfake"
)

// health is /healthz's JSON body, as kaleun healthcheck reads it.
type health = healthBody

// awaitHealth polls /healthz until it answers with status code want.
func awaitHealth(t *testing.T, base string, want int, within time.Duration) health {
	t.Helper()
	var last string
	for end := time.Now().Add(within); time.Now().Before(end); time.Sleep(50 * time.Millisecond) {
		resp, err := http.Get(base + "/healthz")
		if err != nil {
			last = err.Error()
			continue
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		last = fmt.Sprintf("%d %s", resp.StatusCode, body)
		if resp.StatusCode != want {
			continue
		}
		var h health
		if err := json.Unmarshal(body, &h); err != nil {
			t.Fatalf("/healthz is not JSON: %s", body)
		}
		return h
	}
	t.Fatalf("/healthz did not answer %d within %v; last: %s", want, within, last)
	return health{}
}

// scrape reads /metrics in Prometheus' text format.
func scrape(t *testing.T, base string) map[string]*dto.MetricFamily {
	t.Helper()
	resp, err := http.Get(base + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	p := expfmt.NewTextParser(model.UTF8Validation)
	fams, err := p.TextToMetricFamilies(resp.Body)
	if err != nil {
		t.Fatalf("/metrics: %v", err)
	}
	return fams
}

// value is a metric's value (counter, gauge, or a histogram's count) for
// the labels given as name=value pairs; -1 when there is none.
func value(fams map[string]*dto.MetricFamily, name string, labels ...string) float64 {
	f := fams[name]
	if f == nil {
		return -1
	}
next:
	for _, m := range f.Metric {
		for i := 0; i+1 < len(labels); i += 2 {
			found := false
			for _, l := range m.Label {
				found = found || (l.GetName() == labels[i] && l.GetValue() == labels[i+1])
			}
			if !found {
				continue next
			}
		}
		switch {
		case m.Counter != nil:
			return m.Counter.GetValue()
		case m.Gauge != nil:
			return m.Gauge.GetValue()
		case m.Histogram != nil:
			return float64(m.Histogram.GetSampleCount())
		}
	}
	return -1
}

// A real `kaleun serve` answers /healthz and /metrics on loopback. A game is
// created (its Start waits: a reminder after 1 s, the deadline at 3 s says
// it still waits), started and one decision taken, all through the real
// discordgo client against the fake Discord; the metrics count each of
// those. When Discord drops the gateway, /healthz says so (503, the
// adapter named) until discordgo has resumed. Every metric the process
// exports is documented in the table of docs/operators/serve.md.
func TestServeAnswersHealthAndMetricsOnLoopback(t *testing.T) {
	// Its own files, fake platform, ports and database: it runs beside the
	// other end-to-end tests, which spend most of their time waiting on
	// timers and processes (.ci/test).
	t.Parallel()
	bin := kaleunBinary(t)
	f := discordfake.New(t)
	dir := t.TempDir()
	addr := freePort(t)
	base := "http://" + addr
	proc := newServeProcess(t, bin, discordServeConfig(t, dir, f, fmt.Sprintf(`[reminders]
every = ["1s"]
deadline = "3s"
tick = "1s"
[ops]
listen = %q
`, addr)))
	proc.start()
	awaitDiscord(t, f)
	h := awaitHealth(t, base, http.StatusOK, 10*time.Second)
	if h.Status != "ok" || !h.Database.OK || len(h.Adapters) != 1 || !h.Adapters["discord"].Connected {
		t.Fatalf("/healthz: %+v", h)
	}

	if err := f.Slash("i1", "u1", false, "new", map[string]string{"boat": "VIIC"}); err != nil {
		t.Fatal(err)
	}
	start := discordfake.Buttons(answerTo(t, f, "i1"))
	if len(start) != 1 {
		t.Fatalf("no Start button: %v", start)
	}
	// The reminder at 1 s, then the deadline's notice at 3 s.
	for seen, end := "", time.After(15*time.Second); !strings.Contains(seen, "still waits"); {
		select {
		case p := <-f.Posts():
			seen += discordfake.Text(p)
		case <-end:
			t.Fatalf("no reminder and deadline for the Start; posted: %s", seen)
		}
	}
	if err := f.Click("i2", "u1", start[0]); err != nil {
		t.Fatal(err)
	}
	var prompt []string
	for len(prompt) == 0 {
		prompt = discordfake.Buttons(answerTo(t, f, "i2")) // the prompt follows the rolls
	}
	if err := f.Click("i3", "u1", prompt[0]); err != nil {
		t.Fatal(err)
	}
	answerTo(t, f, "i3")

	// The process counts an answer once Discord has taken it: a moment
	// after the fake has it.
	m := scrape(t, base)
	for end := time.Now().Add(5 * time.Second); value(m, "kaleun_interaction_ack_seconds", "platform", "discord") < 3 && time.Now().Before(end); {
		time.Sleep(20 * time.Millisecond)
		m = scrape(t, base)
	}
	for _, c := range []struct {
		name   string
		labels []string
		ok     func(float64) bool
		want   string
	}{
		{"kaleun_decisions_total", []string{"game", "hunters", "by", "player"}, func(v float64) bool { return v == 2 }, "2 (the Start, one decision)"},
		{"kaleun_decision_duration_seconds", []string{"game", "hunters"}, func(v float64) bool { return v == 2 }, "2 observations"},
		{"kaleun_reminders_sent_total", []string{"platform", "discord"}, func(v float64) bool { return v == 1 }, "1"},
		{"kaleun_deadlines_total", []string{"action", "waits"}, func(v float64) bool { return v == 1 }, "1"},
		{"kaleun_deadlines_total", []string{"action", "rolled"}, func(v float64) bool { return v == 0 }, "0"},
		{"kaleun_interaction_ack_seconds", []string{"platform", "discord"}, func(v float64) bool { return v == 3 }, "3 answers"},
		{"kaleun_interactions_late_total", []string{"platform", "discord"}, func(v float64) bool { return v == 0 }, "0"},
		{"kaleun_interactions_deferred_total", []string{"platform", "discord"}, func(v float64) bool { return v == 0 }, "0"},
		{"kaleun_errors_total", []string{"kind", "storage"}, func(v float64) bool { return v == 0 }, "0"},
		{"kaleun_errors_total", []string{"kind", "platform"}, func(v float64) bool { return v == 0 }, "0"},
		{"kaleun_tick_duration_seconds", nil, func(v float64) bool { return v >= 3 }, "a tick a second"},
		{"kaleun_adapter_connected", []string{"platform", "discord"}, func(v float64) bool { return v == 1 }, "1"},
		{"kaleun_games_active", nil, func(v float64) bool { return v == 1 }, "1"},
		{"kaleun_games_finished", nil, func(v float64) bool { return v == 0 }, "0"},
		{"kaleun_due_entries", nil, func(v float64) bool { return v == 2 }, "2 (the prompt's reminder and deadline)"},
		{"kaleun_database_size_bytes", nil, func(v float64) bool { return v >= 32<<10 }, "the file's size"},
		{"go_goroutines", nil, func(v float64) bool { return v > 0 }, "Go's runtime collector"},
		{"process_resident_memory_bytes", nil, func(v float64) bool { return v > 0 }, "the process collector"},
	} {
		if v := value(m, c.name, c.labels...); !c.ok(v) {
			t.Errorf("%s%v = %v, want %s", c.name, c.labels, v, c.want)
		}
	}
	readme, err := os.ReadFile(filepath.Join("..", "..", "docs", "operators", "serve.md"))
	if err != nil {
		t.Fatal(err)
	}
	for name := range m {
		if strings.HasPrefix(name, "go_") || strings.HasPrefix(name, "process_") || strings.HasPrefix(name, "promhttp_") {
			continue // the client library's standard collectors, documented as a group
		}
		if !regexp.MustCompile("\\| `" + name + "` \\|").Match(readme) {
			t.Errorf("metric %s is not in the table of metrics in docs/operators/serve.md", name)
		}
	}

	// Discord drops the gateway: unavailable, naming the adapter, until
	// discordgo has resumed the session.
	f.DropGateway(3 * time.Second)
	h = awaitHealth(t, base, http.StatusServiceUnavailable, 10*time.Second)
	if h.Status != "unavailable" || !h.Database.OK || h.Adapters["discord"].Connected {
		t.Fatalf("/healthz with the gateway down: %+v", h)
	}
	if v := value(scrape(t, base), "kaleun_adapter_connected", "platform", "discord"); v != 0 {
		t.Errorf("kaleun_adapter_connected with the gateway down: %v", v)
	}
	awaitHealth(t, base, http.StatusOK, 15*time.Second)
	proc.stop()
}
