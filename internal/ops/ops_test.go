package ops

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"
)

func TestCheckListen(t *testing.T) {
	for addr, want := range map[string]string{
		"127.0.0.1:9090": "", "[::1]:9090": "", "localhost:9090": "", "127.0.0.2:0": "",
		"0.0.0.0:9090": "loopback", ":9090": "loopback", "10.0.0.1:9090": "loopback", "metrics.example.org:9090": "loopback",
		"127.0.0.1": "host:port", "127.0.0.1:http": "port", "127.0.0.1:99999": "port",
	} {
		err := CheckListen(addr, false)
		if (want == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), want)) {
			t.Errorf("%s: %v, want %q", addr, err, want)
		}
		if want == "loopback" && CheckListen(addr, true) != nil {
			t.Errorf("%s refused though remote addresses are allowed", addr)
		}
	}
}

// /healthz is 200 only when the database answers and every platform is
// connected; otherwise 503, and the body names what is wrong.
func TestHealthNamesWhatIsDown(t *testing.T) {
	dbErr := error(nil)
	discordUp, slackUp := true, true
	h := Handler(prometheus.NewRegistry(), Health{
		Database: func(ctx context.Context) error { return dbErr },
		Adapters: map[string]func() bool{"discord": func() bool { return discordUp }, "slack": func() bool { return slackUp }},
	})
	get := func() (int, healthBody) {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("GET", "/healthz", nil))
		var b healthBody
		if err := json.Unmarshal(w.Body.Bytes(), &b); err != nil {
			t.Fatalf("not JSON: %s", w.Body)
		}
		return w.Code, b
	}
	if code, b := get(); code != 200 || b.Status != "ok" || !b.Database.OK || !b.Adapters["discord"].Connected || !b.Adapters["slack"].Connected {
		t.Fatalf("all up: %d %+v", code, b)
	}
	slackUp = false
	if code, b := get(); code != 503 || b.Status != "unavailable" || !b.Database.OK || !b.Adapters["discord"].Connected || b.Adapters["slack"].Connected {
		t.Fatalf("slack down: %d %+v", code, b)
	}
	slackUp, dbErr = true, errors.New("persist: ping: database damaged")
	if code, b := get(); code != 503 || b.Database.OK || !strings.Contains(b.Database.Error, "ping") {
		t.Fatalf("database down: %d %+v", code, b)
	}
	// A database that does not answer in time is down too.
	dbErr = nil
	slow := Handler(prometheus.NewRegistry(), Health{Database: func(ctx context.Context) error {
		<-ctx.Done()
		return ctx.Err()
	}})
	w := httptest.NewRecorder()
	began := time.Now()
	slow.ServeHTTP(w, httptest.NewRequest("GET", "/healthz", nil))
	if w.Code != http.StatusServiceUnavailable || time.Since(began) > healthTimeout+time.Second {
		t.Fatalf("a database that hangs: %d after %v", w.Code, time.Since(began))
	}
}

// The metrics count what they are told; a nil *Metrics records nothing and
// does not fail; a registry takes one set.
func TestMetricsRecordAndNilIsSilent(t *testing.T) {
	var none *Metrics
	none.Decision("hunters", ByPlayer, time.Millisecond)
	none.Answered("discord", 4*time.Second)
	none.Error(ErrStorage)
	none.Watch("discord", func() bool { return true })

	reg := prometheus.NewRegistry()
	m, err := NewMetrics(reg)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := NewMetrics(reg); err == nil {
		t.Fatal("a second set registered on the same registry")
	}
	m.Decision("hunters", ByPlayer, 3*time.Millisecond)
	m.Decision("hunters", ByDeadline, time.Millisecond)
	m.Answered("discord", time.Second)
	m.Answered("discord", 3*time.Second+time.Millisecond)
	m.Deferred("discord")
	m.Error(ErrPlatform)
	up := true
	m.Watch("discord", func() bool { return up })
	if v := counter(m.decisions.WithLabelValues("hunters", ByPlayer)); v != 1 {
		t.Errorf("decisions by players: %v", v)
	}
	if v := counter(m.late.WithLabelValues("discord")); v != 1 {
		t.Errorf("late answers: %v (one past 3 s)", v)
	}
	if v := counter(m.errors.WithLabelValues(ErrPlatform)); v != 1 {
		t.Errorf("platform errors: %v", v)
	}
	if v := counter(m.errors.WithLabelValues(ErrStorage)); v != 0 {
		t.Errorf("storage errors: %v", v)
	}
	up = false
	if v := gauge(t, reg, "kaleun_adapter_connected"); v != 0 {
		t.Errorf("connected while down: %v", v)
	}
}

func counter(c prometheus.Counter) float64 {
	var d dto.Metric
	c.Write(&d)
	return d.GetCounter().GetValue()
}

func gauge(t *testing.T, reg *prometheus.Registry, name string) float64 {
	fams, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range fams {
		if f.GetName() == name && len(f.Metric) == 1 {
			return f.Metric[0].GetGauge().GetValue()
		}
	}
	t.Fatalf("no single %s", name)
	return 0
}
