package bot

import (
	"context"
	"runtime"
	"sort"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/kaleun/kaleun/engine/hunters"
	"github.com/kaleun/kaleun/internal/ops"
	"github.com/kaleun/kaleun/persist"
)

// decidingGames is how many of a file's live games the benchmark plays,
// spread over the file: the same number in every file, so that each plays
// the same decisions of the same careers and only the file differs. Half
// of them (every other) record metrics.
const decidingGames = 100

// benchFile is one database of BenchmarkYear, opened as serve opens it.
type benchFile struct {
	name     string
	svc      *Service
	store    *persist.Store
	places   []Place // its live games
	deciding []Place
}

// benchFiles builds the files BenchmarkYear compares: "small" holds
// 100 live games; "live" 10,000; "year" 10,000 live games and 100,000
// finished ones, as a year of serving leaves a database (see yearFile).
func benchFiles(b *testing.B) []benchFile {
	b.Helper()
	tm := templates(b)
	var files []benchFile
	for _, size := range []struct {
		name           string
		live, finished int
	}{{"small", 100, 0}, {"live", 10000, 0}, {"year", 10000, 100000}} {
		svc, store, places := yearFile(b, b.TempDir(), tm, size.live, size.finished)
		f := benchFile{name: size.name, svc: svc, store: store, places: places, deciding: make([]Place, decidingGames)}
		for i := range f.deciding {
			f.deciding[i] = places[i*len(places)/decidingGames]
		}
		files = append(files, f)
	}
	return files
}

// BenchmarkYear measures what a year of serving does to the bot's speed.
//
// "decision" is one decision through bot and persist (a player's click:
// lock, load, the rules, the commit with its due times, the reply) in real
// bbolt files, on services configured as serve runs (reminders and a
// deadline), and reports p50 and p99 by file (see benchFiles) and with or
// without metrics ("+m": recorded into a Prometheus registry, as serve
// does with ops.listen set), each beside the thread's CPU time ("-cpu").
// The built-in commander picks each answer. The decisions go round the
// files, and in each file round its deciding games, one with metrics then
// one without: a shared machine's slow moments fall on every file alike,
// and each career plays the same decisions in every file, with and without
// metrics. ns/op is the mean of all.
//
// "tick" is one reminder tick with 1,000 reminders due among 10,000 live
// games (found, taken from the index and rendered); "bare-commit" a commit
// of a game's record alone; "leaderboard" a server's leaderboard (the
// files spread their games over 500 servers); "scrape" what /metrics
// reads of the database (persist.Stats).
//
//	go test -run '^$' -bench Year -benchtime 3s ./bot/
func BenchmarkYear(b *testing.B) {
	files := benchFiles(b)
	m, err := ops.NewMetrics(prometheus.NewRegistry())
	if err != nil {
		b.Fatal(err)
	}
	// The tick first: the decisions lay out new due times.
	b.Run("tick", func(b *testing.B) {
		var ticking []reminderTick
		for _, f := range files {
			if len(f.places) >= 1000 {
				ticking = append(ticking, dueReminders(b, f, 1000))
			}
		}
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		lat := map[string][]time.Duration{}
		for i := 0; b.Loop(); i++ {
			t := ticking[i%len(ticking)]
			start := time.Now()
			cpu0, cpuOK := threadCPU()
			// The whole tick: what is due taken, acted on, handed to a
			// platform that takes it at once, and recorded delivered.
			notices, err := t.svc.RunTick(b.Context(), t.at, []string{"discord"}, func(context.Context, Notice) error { return nil })
			took := time.Since(start)
			if err != nil || notices != t.due {
				b.Fatalf("%s: %d notices, %d due: %v", t.name, notices, t.due, err)
			}
			lat[t.name] = append(lat[t.name], took)
			if cpu1, ok := threadCPU(); ok && cpuOK {
				lat[t.name+"-cpu"] = append(lat[t.name+"-cpu"], cpu1-cpu0)
			}
			b.StopTimer()
			if err := t.store.PutSchedules(b.Context(), t.schedules); err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
		}
		for series, l := range lat {
			reportLatency(b, series, l)
		}
	})
	b.Run("decision", func(b *testing.B) {
		// The thread's CPU time is the decision's own (its commit and
		// fsync are on this goroutine), not the waits a busy machine adds.
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		lat, cpu := map[string][]time.Duration{}, map[string][]time.Duration{}
		for i := 0; b.Loop(); i++ {
			b.StopTimer()
			f := files[i%len(files)]
			n := i / len(files)
			p := f.deciding[n%len(f.deciding)]
			series := f.name
			f.svc.metrics = nil
			if n%2 == 0 {
				series += "+m"
				f.svc.metrics = m
			}
			rec, err := f.store.Load(b.Context(), p.Key())
			if err != nil {
				b.StartTimer()
				continue // its career ended
			}
			st, err := f.svc.games["hunters"].Rules.Decode(rec.State)
			if err != nil {
				b.Fatal(err)
			}
			id := optionID(rec.ID, st.Pending().Token, hunters.Command(st.(*hunters.State)))
			b.StartTimer()
			start := time.Now()
			cpu0, cpuOK := threadCPU()
			if _, err := f.svc.Click(b.Context(), p, prien, id); err != nil {
				b.Fatal(err)
			}
			lat[series] = append(lat[series], time.Since(start))
			if cpu1, ok := threadCPU(); ok && cpuOK {
				cpu[series+"-cpu"] = append(cpu[series+"-cpu"], cpu1-cpu0)
			}
		}
		for series, l := range lat {
			reportLatency(b, series, l)
		}
		for series, l := range cpu {
			reportLatency(b, series, l)
		}
	})
	b.Run("bare-commit", func(b *testing.B) {
		lat := map[string][]time.Duration{}
		for i := 0; b.Loop(); i++ {
			b.StopTimer()
			f := files[i%len(files)]
			rec, err := f.store.Load(b.Context(), f.deciding[(i/len(files))%len(f.deciding)].Key())
			if err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
			start := time.Now()
			if err := f.store.Commit(b.Context(), rec, nil); err != nil {
				b.Fatal(err)
			}
			lat[f.name] = append(lat[f.name], time.Since(start))
		}
		for series, l := range lat {
			reportLatency(b, series, l)
		}
	})
	for _, f := range files {
		b.Run("leaderboard/"+f.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := f.svc.Command(b.Context(), f.places[0], prien, "hunters", "leaderboard", nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	for _, f := range files {
		b.Run("scrape/"+f.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := f.store.Stats(b.Context()); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// reminderTick is a tick at which a file's first games have their first
// reminder due, and their schedules, put back after each tick.
type reminderTick struct {
	benchFile
	at        time.Time
	due       int
	schedules map[string][]persist.Due
}

// dueReminders finds the time at which the first n live games of f (whose
// due times are yearSpread apart) have their first reminder due.
func dueReminders(b *testing.B, f benchFile, n int) reminderTick {
	b.Helper()
	t := reminderTick{benchFile: f, schedules: map[string][]persist.Due{}}
	first, err := f.store.Schedule(b.Context(), f.places[n-1].Key())
	if err != nil {
		b.Fatal(err)
	}
	for _, d := range first {
		if d.Kind == persist.DueReminder && d.N == 1 {
			t.at = d.At
		}
	}
	if t.at.IsZero() {
		b.Fatalf("%s: game %d has no first reminder: %+v", f.name, n-1, first)
	}
	for _, p := range f.places {
		due, err := f.store.Schedule(b.Context(), p.Key())
		if err != nil {
			b.Fatal(err)
		}
		for _, d := range due {
			if !d.At.After(t.at) {
				t.due++
				t.schedules[p.Key()] = due
			}
		}
	}
	if t.due != n {
		b.Fatalf("%s: %d due at %v, want %d", f.name, t.due, t.at, n)
	}
	return t
}

// reportLatency reports the p50 and p99 of a series of latencies.
func reportLatency(b *testing.B, series string, lat []time.Duration) {
	if len(lat) == 0 {
		return
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds()), series+"-p50-µs")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds()), series+"-p99-µs")
}

// BenchmarkMetricsOfADecision is what the metrics add to a player's
// decision: the bot's count and latency of the decision, and the adapter's
// time to answer the interaction, against nil metrics (serve without
// ops.listen). Compare with BenchmarkYear's decisions: the budget is 1% of it.
func BenchmarkMetricsOfADecision(b *testing.B) {
	m, err := ops.NewMetrics(prometheus.NewRegistry())
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name string
		m    *ops.Metrics
	}{{"none", nil}, {"registry", m}} {
		b.Run(c.name, func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				took := time.Duration(i%1000) * time.Microsecond
				c.m.Decision("hunters", ops.ByPlayer, took)
				c.m.Answered("discord", took)
			}
		})
	}
}
