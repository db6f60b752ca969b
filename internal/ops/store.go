package ops

import (
	"context"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/kaleun/kaleun/persist"
)

// storeCollector reads the database's counts at each scrape, in one read
// transaction that walks the buckets' pages (not their values).
type storeCollector struct {
	stats                       func(ctx context.Context) (persist.Stats, error)
	metrics                     *Metrics
	active, finished, due, size *prometheus.Desc
}

// NewStoreCollector exports what the database holds: games running and
// finished, due times waiting, and the file's size.
func NewStoreCollector(stats func(ctx context.Context) (persist.Stats, error), m *Metrics) prometheus.Collector {
	return &storeCollector{stats: stats, metrics: m,
		active:   prometheus.NewDesc("kaleun_games_active", "Running games: waiting for a decision, or for their Start.", nil, nil),
		finished: prometheus.NewDesc("kaleun_games_finished", "Finished games in the archive (ended, abandoned, ended for idleness).", nil, nil),
		due:      prometheus.NewDesc("kaleun_due_entries", "Reminders, deadlines and idle limits waiting in the due index.", nil, nil),
		size:     prometheus.NewDesc("kaleun_database_size_bytes", "The size of the database file on disk.", nil, nil),
	}
}

func (c *storeCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- c.active
	ch <- c.finished
	ch <- c.due
	ch <- c.size
}

func (c *storeCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	st, err := c.stats(ctx)
	if err != nil {
		c.metrics.Error(ErrStorage)
		ch <- prometheus.NewInvalidMetric(c.active, err)
		return
	}
	ch <- prometheus.MustNewConstMetric(c.active, prometheus.GaugeValue, float64(st.Running))
	ch <- prometheus.MustNewConstMetric(c.finished, prometheus.GaugeValue, float64(st.Finished))
	ch <- prometheus.MustNewConstMetric(c.due, prometheus.GaugeValue, float64(st.Due))
	ch <- prometheus.MustNewConstMetric(c.size, prometheus.GaugeValue, float64(st.Bytes))
}
