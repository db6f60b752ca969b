package bot

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"sort"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/hunters"
	"github.com/kaleun/kaleun/internal/pgtest"
	"github.com/kaleun/kaleun/internal/testsize"
	"github.com/kaleun/kaleun/persist"
)

// envReplica makes the test binary a replica of the load test: a Service
// over the PostgreSQL database it names, taking clicks and ticks as JSON
// lines on stdin and answering each on stdout, many at once.
const envReplica = "KALEUN_LOAD_REPLICA_DB"

// loadT0 is the replicas' clock: decisions are taken at it, reminders fall
// an hour and two after it.
var loadT0 = time.Unix(1700000000, 0).UTC()

type loadRequest struct {
	N       int    `json:"n"`
	Op      string `json:"op"` // "click" or "tick"
	Channel string `json:"channel,omitempty"`
	ID      string `json:"id,omitempty"`
	At      int64  `json:"at,omitempty"`
}

type loadAnswer struct {
	N       int    `json:"n"`
	Applied bool   `json:"applied,omitempty"`
	Err     string `json:"err,omitempty"`
	// Sent is a notice a tick hands the platform as it goes (the test
	// plays the platform): its delivery key and, for a reminder, what it
	// says; Done ends the tick's answer.
	Sent *loadSent `json:"sent,omitempty"`
	Done bool      `json:"done,omitempty"`
}

type loadSent struct {
	Key      string `json:"key"`
	Reminder string `json:"reminder,omitempty"`
	Retry    bool   `json:"retry,omitempty"`
}

func loadOptions(now func() time.Time) Options {
	return Options{
		Now:       now,
		NewSeed:   func() ([]byte, error) { return []byte("fixed seed for tests"), nil },
		Reminders: []time.Duration{time.Hour, 2 * time.Hour},
		Deadline:  72 * time.Hour,
	}
}

// runReplica is a replica process's life.
func runReplica(url string) int {
	store, err := persist.OpenPostgres(context.Background(), url)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	h, err := hunters.NewRules()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	svc := New(store, engine.Described(map[string]engine.Rules{"hunters": h}), loadOptions(func() time.Time { return loadT0 }))
	var mu sync.Mutex
	out := json.NewEncoder(os.Stdout)
	answer := func(a loadAnswer) {
		mu.Lock()
		defer mu.Unlock()
		out.Encode(a)
	}
	sem := make(chan struct{}, 16)
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		var r loadRequest
		if json.Unmarshal(in.Bytes(), &r) != nil {
			continue
		}
		sem <- struct{}{}
		go func() {
			defer func() { <-sem }()
			a := loadAnswer{N: r.N}
			switch r.Op {
			case "click":
				rep, err := svc.Click(context.Background(), loadPlace(r.Channel), prien, r.ID)
				a.Applied = err == nil && len(rep.Public) > 0
				if err != nil {
					a.Err = err.Error()
				}
			case "tick":
				// The platform is the test: each notice goes to it as a line
				// before it counts as delivered (a replica killed after the
				// line and before its delivery is recorded leaves it to be
				// taken over, under the same key).
				_, err := svc.RunTick(context.Background(), time.Unix(0, r.At).UTC(), []string{"discord"}, func(_ context.Context, n Notice) error {
					sent := &loadSent{Key: n.Delivery, Retry: n.Retry}
					if n.Reminder && len(n.Channel) > 0 {
						sent.Reminder = n.Place.Key() + " " + n.Channel[0].Text
					}
					answer(loadAnswer{N: r.N, Sent: sent})
					return nil
				})
				if err != nil {
					a.Err = err.Error()
				}
				a.Done = true
			}
			answer(a)
		}()
	}
	return 0
}

func loadPlace(channel string) Place {
	return Place{Platform: "discord", Space: "load", Channel: channel}
}

// sentBy is a notice a replica handed the platform.
type sentBy struct {
	by   *replicaProc
	sent loadSent
}

// replicaProc is a running replica, seen from the test.
type replicaProc struct {
	cmd  *exec.Cmd
	in   io.WriteCloser
	mu   sync.Mutex
	sent map[int]time.Time // requests not yet answered
}

// TestLoadThreeReplicasWithAKill: three replica processes over one
// database, 1,000 channels, every click sent to two random replicas (so
// often twice to one), one replica killed with SIGKILL mid-round and
// started again. No decision is lost and none applied twice, each click
// applies once; then the three tick together and every reminder is sent
// once; every game's log chain holds. It reports decisions/s and the p99 of
// a click's answer.
func TestLoadThreeReplicasWithAKill(t *testing.T) {
	// Under -race (testsize) 200 channels: the same replicas, kill and
	// double clicks for the detector to watch, at a fifth of the cost;
	// .ci/test runs it again without -race at 1,000.
	channels, rounds := testsize.Scale(1000, 200), 2
	if testing.Short() {
		channels = 100
	}
	url := pgtest.URL(t)
	store, err := persist.OpenPostgres(t.Context(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	h, _ := hunters.NewRules()
	setup := New(store, engine.Described(map[string]engine.Rules{"hunters": h}), loadOptions(func() time.Time { return loadT0 }))
	base := make([]int, channels)
	var wg sync.WaitGroup
	sem := make(chan struct{}, 8)
	for c := 0; c < channels; c++ {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			if _, err := started(t, setup, loadPlace(fmt.Sprint(c)), prien, map[string]string{"boat": "VIIC"}); err != nil {
				t.Error(err)
			}
			rec, err := store.Load(t.Context(), loadPlace(fmt.Sprint(c)).Key())
			if err != nil {
				t.Error(err)
				return
			}
			base[c] = rec.Decisions
		}()
	}
	wg.Wait()
	if t.Failed() {
		t.FailNow()
	}

	answers := make(chan loadAnswer, 1<<16)
	platform := make(chan sentBy, 1<<16)
	var latMu sync.Mutex
	var lat []time.Duration
	start := func() *replicaProc {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), envReplica+"="+url)
		cmd.Stderr = os.Stderr
		in, _ := cmd.StdinPipe()
		out, _ := cmd.StdoutPipe()
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		p := &replicaProc{cmd: cmd, in: in, sent: map[int]time.Time{}}
		go func() {
			sc := bufio.NewScanner(out)
			// (Lines of any length: the reader must never stop short.)
			sc.Buffer(nil, 64<<20)
			defer func() {
				// (A killed replica's pipe ends closed: that is no error.)
				if err := sc.Err(); errors.Is(err, bufio.ErrTooLong) {
					t.Errorf("a replica's answers unreadable: %v", err)
				}
			}()
			for sc.Scan() {
				var a loadAnswer
				if json.Unmarshal(sc.Bytes(), &a) != nil {
					continue
				}
				if a.Sent != nil {
					platform <- sentBy{p, *a.Sent} // what the platform received, answer or not
					continue
				}
				p.mu.Lock()
				at, ok := p.sent[a.N]
				delete(p.sent, a.N)
				p.mu.Unlock()
				if !ok {
					continue // counted lost when its replica was killed
				}
				latMu.Lock()
				lat = append(lat, time.Since(at))
				latMu.Unlock()
				answers <- a
			}
		}()
		return p
	}
	procs := []*replicaProc{start(), start(), start()}
	defer func() {
		for _, p := range procs {
			p.in.Close()
			p.cmd.Process.Kill()
			p.cmd.Wait()
		}
	}()
	send := func(p *replicaProc, r loadRequest) {
		b, _ := json.Marshal(r)
		p.mu.Lock()
		p.sent[r.N] = time.Now()
		p.mu.Unlock()
		p.in.Write(append(b, '\n'))
	}

	n := 0
	applied := map[int]int{} // request number's channel → applies, per round
	killed, clickedAgain := 0, 0
	began := time.Now()
	decisions := 0
	for round := 0; round < rounds; round++ {
		// The click of each channel: its current prompt's first option.
		ids := make([]string, channels)
		for c := range ids {
			r, err := setup.Command(t.Context(), loadPlace(fmt.Sprint(c)), prien, "hunters", "turn", nil)
			if err != nil || len(r.Public) == 0 || len(r.Public[0].Options) == 0 {
				t.Fatalf("channel %d: no prompt to click (%v)", c, err)
			}
			ids[c] = r.Public[0].Options[0].ID
		}
		channelOf := map[int]int{}
		pending := 0
		for c := 0; c < channels; c++ {
			for d := 0; d < 2; d++ {
				n++
				channelOf[n] = c
				pending++
				send(procs[rand.IntN(len(procs))], loadRequest{N: n, Op: "click", Channel: fmt.Sprint(c), ID: ids[c]})
			}
			if round == 1 && c == channels/2 {
				// SIGKILL a replica mid-round, with clicks in flight, and
				// start it again: what it had not answered is lost in
				// transit (as a dropped interaction is) and answered by the
				// click's other copy, or found committed below.
				victim := procs[2]
				victim.cmd.Process.Signal(syscall.SIGKILL)
				victim.cmd.Wait()
				victim.mu.Lock()
				pending -= len(victim.sent)
				victim.sent = map[int]time.Time{}
				victim.mu.Unlock()
				killed++
				procs[2] = start()
			}
		}
		roundApplied := map[int]int{}
		deadline := time.After(5 * time.Minute)
		for pending > 0 {
			select {
			case a := <-answers:
				if _, ok := channelOf[a.N]; !ok {
					continue // an answer from before the kill, counted there
				}
				pending--
				if a.Err != "" {
					t.Errorf("click %d: %s", a.N, a.Err)
				}
				if a.Applied {
					roundApplied[channelOf[a.N]]++
				}
				delete(channelOf, a.N)
			case <-deadline:
				t.Fatalf("round %d: %d clicks unanswered", round, pending)
			}
		}
		// A click both of whose copies died with the killed replica, before
		// it committed, is clicked again (as a player whose click went
		// unanswered does).
		for c := 0; c < channels; c++ {
			rec, err := store.Load(t.Context(), loadPlace(fmt.Sprint(c)).Key())
			if err != nil {
				t.Fatal(err)
			}
			if rec.Decisions == base[c]+round {
				n++
				clickedAgain++
				send(procs[0], loadRequest{N: n, Op: "click", Channel: fmt.Sprint(c), ID: ids[c]})
				select {
				case a := <-answers:
					if a.Applied {
						roundApplied[c]++
					}
				case <-time.After(time.Minute):
					t.Fatalf("channel %d: the click again unanswered", c)
				}
			}
		}
		for c := 0; c < channels; c++ {
			if roundApplied[c] > 1 {
				t.Errorf("round %d, channel %d: one click applied %d times", round, c, roundApplied[c])
			}
			applied[c] += roundApplied[c]
		}
		decisions += channels
	}
	elapsed := time.Since(began)

	// No decision lost, none twice: each game moved exactly once a round,
	// and every answered apply is among them.
	for c := 0; c < channels; c++ {
		rec, err := store.Load(t.Context(), loadPlace(fmt.Sprint(c)).Key())
		if err != nil {
			t.Fatal(err)
		}
		if rec.Decisions != base[c]+rounds || applied[c] > rounds {
			t.Errorf("channel %d: %d decisions for %d rounds (%d answered as applied)", c, rec.Decisions-base[c], rounds, applied[c])
		}
		checkChain(t, store, rec, engine.Described(map[string]engine.Rules{"hunters": h}))
	}

	// The three tick together, and one is SIGKILLed in the middle of
	// delivering its batch: what it had handed the platform without
	// recording it delivered, and what it had taken and not sent, are
	// taken over once its leases run out, under the same keys. The
	// platform (the test) shows a key once, as Discord's enforce_nonce
	// and the Slack adapter's check do: every reminder is shown exactly
	// once, none is lost.
	shown := map[string]string{} // delivery key → reminder
	raw, retried, killedAt := 0, 0, 0
	receive := func(s sentBy) {
		raw++
		if s.sent.Retry {
			retried++
		}
		if r, ok := shown[s.sent.Key]; ok && r != s.sent.Reminder {
			t.Errorf("one key for two notices: %q and %q", r, s.sent.Reminder)
		}
		shown[s.sent.Key] = s.sent.Reminder
	}
	// tickAll ticks the three at once; with kill set, the first replica to
	// hand the platform that many notices is SIGKILLed there, and returned.
	tickAll := func(at time.Time, kill int) (victim *replicaProc) {
		t.Helper()
		for i, p := range procs {
			send(p, loadRequest{N: 1_000_000 + i, Op: "tick", At: at.UnixNano()})
		}
		from := map[*replicaProc]int{}
		for got := 0; got < len(procs); {
			select {
			case sb := <-platform:
				receive(sb)
				if from[sb.by]++; kill > 0 && victim == nil && from[sb.by] == kill {
					victim = sb.by
					victim.cmd.Process.Signal(syscall.SIGKILL)
					killedAt = raw
					got++ // its tick will not answer
				}
			case a := <-answers:
				if a.N < 1_000_000 {
					continue
				}
				got++
				if a.Err != "" {
					t.Errorf("tick: %s", a.Err)
				}
			case <-time.After(5 * time.Minute):
				t.Fatal("a tick unanswered")
			}
		}
		for drained := false; !drained; {
			select {
			case sb := <-platform:
				receive(sb) // what reached the platform before the kill
			case <-time.After(200 * time.Millisecond):
				drained = true
			}
		}
		return victim
	}
	victim := tickAll(loadT0.Add(3*time.Hour), tickBatch/4)
	if victim == nil {
		t.Fatal("no replica delivered enough to be killed mid-tick")
	}
	victim.cmd.Wait()
	for i := range procs {
		if procs[i] == victim {
			procs[i] = start()
		}
	}
	beforeTakeover := raw
	tickAll(loadT0.Add(3*time.Hour+DefaultDeliveryLease+time.Second), 0)
	reminders := map[string]int{}
	for _, r := range shown {
		if r != "" {
			reminders[r]++
		}
	}
	if len(reminders) != 2*channels {
		t.Errorf("%d reminders shown, want %d", len(reminders), 2*channels)
	}
	for r, k := range reminders {
		if k != 1 {
			t.Errorf("%s shown under %d keys", r, k)
		}
	}
	if retried == 0 || raw == beforeTakeover {
		t.Errorf("nothing was taken over from the killed replica (%d notices, %d after the kill)", raw, raw-beforeTakeover)
	}
	t.Logf("ticks: %d reminders shown once each; the replica killed mid-delivery after %d notices had reached the platform, %d taken over after its lease (%d of them handed again under a key the platform had, so shown once)",
		len(reminders), killedAt, raw-beforeTakeover, raw-len(shown))
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	if len(lat) > 0 {
		t.Logf("3 replicas, %d channels, %d rounds, each click sent twice, one replica SIGKILLed mid-round (%d clicks lost with it clicked again): %d decisions in %s (%.0f decisions/s), a click answered in p50 %s, p99 %s",
			channels, rounds, clickedAgain, decisions, elapsed.Round(time.Millisecond), float64(decisions)/elapsed.Seconds(),
			lat[len(lat)/2].Round(time.Microsecond), lat[len(lat)*99/100].Round(time.Microsecond))
	}
}
