package bot

import (
	"fmt"
	"runtime"
	"sort"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kaleun/kaleun/persist"
)

// BenchmarkPostedPerDecision is what keeping the prompts' messages in the
// store adds to a decision: what an adapter does for each reply that
// answers a prompt and posts the next — read where the answered prompt's
// messages are, then, once the result and the new prompt are out, one
// write forgetting the one and recording the other. 500 running games
// among 10,000 prompts' entries. "serial" replies one at a time;
// "concurrent" sixteen at once, whose writes a bbolt file commits together
// (one sync for those waiting).
//
//	go test -run '^$' -bench PostedPerDecision -benchtime 2000x ./bot/
func BenchmarkPostedPerDecision(b *testing.B) {
	for _, backend := range []struct {
		name string
		open func(testing.TB) (*Service, *persist.Store)
	}{{"bbolt", newService}, {"postgres", newPostgresService}} {
		for _, par := range []int{1, 16} {
			name := backend.name + "/serial"
			if par > 1 {
				name = fmt.Sprintf("%s/concurrent-%d", backend.name, par)
			}
			b.Run(name, func(b *testing.B) {
				svc, _ := backend.open(b)
				benchPosted(b, svc, par)
			})
		}
	}
}

func benchPosted(b *testing.B, svc *Service, par int) {
	const games, entries = 500, 10000
	ids := make([]string, games)
	var fill Posts
	for i := range ids {
		p := Place{Platform: "discord", Space: "g", Channel: fmt.Sprint(i)}
		if _, err := started(b, svc, p, prien, map[string]string{"boat": "VIIC"}); err != nil {
			b.Fatal(err)
		}
		rec, err := svc.store.Load(b.Context(), p.Key())
		if err != nil {
			b.Fatal(err)
		}
		ids[i] = rec.ID
		fill.Prompt(rec.ID+":1", MessageAt{Channel: p.Channel, ID: fmt.Sprint("m", i)})
	}
	for i := games; i < entries; i++ {
		fill.Prompt(fmt.Sprintf("other%05d:1", i), MessageAt{Channel: fmt.Sprint("c", i), ID: fmt.Sprint("m", i)})
	}
	if err := svc.RecordPosts(b.Context(), &fill); err != nil {
		b.Fatal(err)
	}
	var next atomic.Int64
	var mu sync.Mutex
	var lat, cpu []time.Duration
	b.ResetTimer()
	var wg sync.WaitGroup
	for w := 0; w < par; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Alone, the worker's thread does the whole write (a bbolt
			// file's commit runs on its caller): its CPU time is the cost.
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			for {
				i := int(next.Add(1)) - 1
				if i >= b.N {
					return
				}
				// Each game's prompts follow one another: token t answered, t+1 posted.
				game, token := i%games, 1+i/games
				ref := fmt.Sprintf("%s:%d", ids[game], token)
				start := time.Now()
				cpu0, cpuOK := threadCPU()
				at, err := svc.PromptMessages(b.Context(), ref)
				if err != nil || len(at) != 1 {
					b.Errorf("prompt %s: %v %v", ref, at, err)
					return
				}
				var p Posts
				p.Answered(ref, false)
				p.Prompt(fmt.Sprintf("%s:%d", ids[game], token+1), MessageAt{Channel: at[0].Channel, ID: fmt.Sprint("m", i+entries)})
				if err := svc.RecordPosts(b.Context(), &p); err != nil {
					b.Error(err)
					return
				}
				d := time.Since(start)
				cpu1, _ := threadCPU()
				mu.Lock()
				lat = append(lat, d)
				if cpuOK && par == 1 {
					cpu = append(cpu, cpu1-cpu0)
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	b.StopTimer()
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	if len(lat) > 0 {
		b.ReportMetric(float64(lat[len(lat)/2].Microseconds()), "p50-µs")
		b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds()), "p99-µs")
	}
	if len(cpu) > 0 {
		sort.Slice(cpu, func(i, j int) bool { return cpu[i] < cpu[j] })
		b.ReportMetric(float64(cpu[len(cpu)/2].Microseconds()), "cpu-p50-µs")
	}
}
