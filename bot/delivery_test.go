package bot

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kaleun/kaleun/internal/pgtest"
	"github.com/kaleun/kaleun/persist"
)

// twoReplicas are two Services on a fake clock over one PostgreSQL
// database, each with a connection pool of its own, as two processes have.
func twoReplicas(t *testing.T, clock *fakeClock) (a, b *Service, store *persist.Store) {
	t.Helper()
	url := pgtest.URL(t)
	var stores [2]*persist.Store
	for i := range stores {
		s, err := persist.OpenPostgres(t.Context(), url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		stores[i] = s
	}
	a, _ = clockedServiceOn(t, stores[0], clock)
	b, _ = clockedServiceOn(t, stores[1], clock)
	return a, b, stores[0]
}

// shown is what a notice shows, for comparing two deliveries of it.
func shown(n Notice) string {
	var b strings.Builder
	for _, a := range n.Answered {
		b.WriteString("answer " + a.Ref + ": " + a.Message.Text + "\n")
		for _, l := range a.Message.Lines {
			b.WriteString("  " + l.Text + " | " + l.Detail + "\n")
		}
	}
	for _, m := range append(append([]Message(nil), n.Channel...), n.Direct...) {
		b.WriteString("post " + m.Ref + " @" + m.Mention + ": " + m.Title + " " + m.Text + "\n")
		for _, o := range m.Options {
			b.WriteString("  [" + o.Label + "]\n")
		}
	}
	return b.String()
}

// A replica that takes a reminder and dies before the platform has it
// (killed, its Discord call cut) leaves it leased: the other replica does
// not send it during the lease, then sends it — once, as a retry under the
// same delivery key, so the platform can tell it from a new message. The
// same for the deadline's decision: the replica that took it committed the
// decision and what it delivers in one transaction, then died; the other
// renders the result and the next prompt again from the log, the same as
// the first rendering, and the game is decided once.
func TestAReplicaTakesOverWhatADeadReplicaDidNotDeliver(t *testing.T) {
	clock := (&fakeClock{}).set("2026-06-10T10:00:00Z")
	a, b, store := twoReplicas(t, clock)
	r := acceptedDuel(t, a)
	waiting := lastPrompt(t, r)

	clock.pass(time.Hour)
	first, err := a.Tick(t.Context(), clock.now())
	if err != nil || len(first) != 1 || !first[0].Reminder || first[0].Retry || first[0].Delivery == "" {
		t.Fatalf("the first reminder, taken by a: %+v %v", first, err)
	}
	// a dies here: nothing delivered, nothing recorded.
	if n, _ := tickDelivered(t, b, clock.now().Add(time.Minute)); len(n) != 0 {
		t.Fatalf("b sends what a holds the lease of: %+v", n)
	}
	clock.pass(DefaultDeliveryLease + time.Second)
	again, err := tickDelivered(t, b, clock.now())
	if err != nil || len(again) != 1 || !again[0].Retry || again[0].Delivery != first[0].Delivery || shown(again[0]) != shown(first[0]) {
		t.Fatalf("b takes the reminder over as a retry under a's key:\n%+v\nwas\n%+v (%v)", again, first, err)
	}
	if n, _ := tickDelivered(t, a, clock.now().Add(30*time.Minute)); len(n) != 0 {
		t.Fatalf("a delivered reminder is sent again: %+v", n)
	}

	// The second reminder goes as usual; then the deadline.
	clock.set("2026-06-10T12:00:00Z")
	if n, _ := tickDelivered(t, a, clock.now()); len(n) != 1 || !strings.Contains(shown(n[0]), "reminder 2") {
		t.Fatalf("the second reminder: %+v", n)
	}
	before, _ := store.Load(t.Context(), here.Key())
	clock.set("2026-06-10T13:00:00Z")
	acted, err := a.Tick(t.Context(), clock.now())
	if err != nil || len(acted) == 0 || len(acted[0].Answered) != 1 || acted[0].Answered[0].Ref != waiting.Ref {
		t.Fatalf("a acts at the deadline: %+v %v", acted, err)
	}
	after, _ := store.Load(t.Context(), here.Key())
	if after.Decisions <= before.Decisions {
		t.Fatal("the deadline's decision is not committed")
	}
	// a dies before posting anything of it.
	if n, _ := tickDelivered(t, b, clock.now().Add(time.Minute)); len(n) != 0 {
		t.Fatalf("b delivers during a's lease: %+v", n)
	}
	clock.pass(DefaultDeliveryLease + time.Second)
	taken, err := tickDelivered(t, b, clock.now())
	if err != nil || len(taken) != len(acted) {
		t.Fatalf("b takes the deadline's result over: %d notices for %d (%v)", len(taken), len(acted), err)
	}
	for i := range acted {
		if !taken[i].Retry || taken[i].Delivery != acted[i].Delivery {
			t.Errorf("notice %d: not a retry under the first key: %q retry %v, was %q", i, taken[i].Delivery, taken[i].Retry, acted[i].Delivery)
		}
		if got, want := shown(taken[i]), shown(acted[i]); got != want {
			t.Errorf("notice %d rendered again differs:\n%s\nwas\n%s", i, got, want)
		}
	}
	if !strings.Contains(shown(taken[0]), "did not roll for the enemy in time") {
		t.Errorf("the result taken over does not say why the bot rolled:\n%s", shown(taken[0]))
	}
	if again, _ := store.Load(t.Context(), here.Key()); again.Decisions != after.Decisions {
		t.Fatalf("the takeover decided again: %d decisions, were %d", again.Decisions, after.Decisions)
	}
	if n, _ := tickDelivered(t, a, clock.now().Add(30*time.Minute)); len(n) != 0 {
		t.Fatalf("the deadline's result is delivered twice: %+v", n)
	}
}

// A deadline that leaves the game waiting says so once, even if the replica
// that dropped it died before saying it: the notice was committed with the
// drop, and a restarted replica (the same bbolt file) delivers it.
func TestADeadlineThatWaitsIsSaidAfterARestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "k.db")
	clock := (&fakeClock{}).set("2026-06-10T10:00:00Z")
	svc, store := clockedService(t, path, clock)
	if _, err := started(t, svc, here, prien, map[string]string{"boat": "VIIC"}); err != nil {
		t.Fatal(err)
	}
	for _, at := range []string{"2026-06-10T11:00:00Z", "2026-06-10T12:00:00Z"} {
		clock.set(at)
		if _, err := tickDelivered(t, svc, clock.now()); err != nil {
			t.Fatal(err)
		}
	}
	clock.set("2026-06-10T13:00:00Z")
	said, err := svc.Tick(t.Context(), clock.now())
	if err != nil || len(said) != 1 || !strings.Contains(shown(said[0]), "the game waits for it") {
		t.Fatalf("the deadline: %+v %v", said, err)
	}
	store.Close() // killed before posting
	svc, store = clockedService(t, path, clock)
	defer store.Close()
	clock.pass(DefaultDeliveryLease + time.Second)
	again, err := tickDelivered(t, svc, clock.now())
	if err != nil || len(again) != 1 || !again[0].Retry || shown(again[0]) != shown(said[0]) || again[0].Delivery != said[0].Delivery {
		t.Fatalf("after the restart: %+v %v", again, err)
	}
	clock.pass(24 * time.Hour)
	if n, _ := tickDelivered(t, svc, clock.now()); len(n) != 0 {
		t.Fatalf("said twice, or the waiting deadline came back: %+v", n)
	}
}

// A platform that refuses a notice (the channel deleted, the bot removed)
// is asked again, each lease twice the last, and after
// maxDeliveryAttempts no more: nothing is left due.
func TestARefusedNoticeIsRetriedThenGivenUp(t *testing.T) {
	clock := (&fakeClock{}).set("2026-06-10T10:00:00Z")
	svc, store := clockedService(t, filepath.Join(t.TempDir(), "k.db"), clock)
	defer store.Close()
	if _, err := started(t, svc, here, prien, map[string]string{"boat": "VIIC"}); err != nil {
		t.Fatal(err)
	}
	tries := map[string][]string{} // by delivery key: when
	send := func(_ context.Context, n Notice) error {
		tries[n.Delivery] = append(tries[n.Delivery], clock.now().Format("15:04"))
		if len(tries[n.Delivery]) > 1 && !n.Retry {
			t.Errorf("try %d of %s is not marked a retry", len(tries[n.Delivery]), n.Delivery)
		}
		return errors.New("403 Missing Access")
	}
	clock.set("2026-06-10T11:00:00Z")
	for clock.now().Before(utc("2026-06-12T11:00:00Z")) {
		if _, err := svc.RunTick(t.Context(), clock.now(), []string{"discord"}, send); err != nil {
			t.Fatal(err)
		}
		clock.pass(time.Minute)
	}
	// Reminder 1 (11:00), reminder 2 (12:00) and the deadline's notice
	// (13:00), each tried maxDeliveryAttempts times, leases of 2, 4, 8...
	// minutes up to 64.
	if len(tries) != 3 {
		t.Fatalf("notices tried: %v", tries)
	}
	for key, at := range tries {
		if len(at) != maxDeliveryAttempts {
			t.Errorf("%s tried %d times: %v", key, len(at), at)
		}
	}
	var first []string
	for _, at := range tries {
		if at[0] == "11:00" {
			first = at
		}
	}
	if got := strings.Join(first, " "); got != "11:00 11:02 11:06 11:14 11:30 12:02 13:06 14:10" {
		t.Errorf("reminder 1 tried at %s", got)
	}
	left, err := store.TakeDue(t.Context(), clock.now(), persist.Take{Limit: 10, Lease: svc.leaseFor})
	if err != nil || len(left) != 0 {
		t.Fatalf("left due after giving up: %+v %v", left, err)
	}
}

// A game ended for idleness by a replica that died before saying so is
// said to have ended by the next one, from the entries its end logged (the
// seed's reveal), as the first would have said it.
func TestAnIdleEndIsSaidAfterARestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "k.db")
	clock := (&fakeClock{}).set("2026-06-10T10:00:00Z")
	svc, store := idleService(t, path, clock)
	if _, err := started(t, svc, here, prien, map[string]string{"boat": "VIIC"}); err != nil {
		t.Fatal(err)
	}
	clock.set("2026-06-10T20:00:00Z") // the reminders, the deadline, the warning
	if _, err := tickDelivered(t, svc, clock.now()); err != nil {
		t.Fatal(err)
	}
	clock.set("2026-06-11T06:00:00Z") // the end, 20 h after the game's start
	var end []Notice
	all, err := svc.Tick(t.Context(), clock.now())
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range all {
		if len(n.Channel) > 0 && strings.Contains(n.Channel[0].Title, "ended for idleness") {
			end = append(end, n)
		}
	}
	if len(end) != 1 || !strings.Contains(end[0].Channel[0].Text, "Dice seed revealed") {
		t.Fatalf("the idle end: %+v", all)
	}
	store.Close() // killed before posting it
	svc, store = idleService(t, path, clock)
	defer store.Close()
	clock.pass(DefaultDeliveryLease + time.Second)
	again, err := tickDelivered(t, svc, clock.now())
	if err != nil || len(again) != 1 || !again[0].Retry || again[0].Delivery != end[0].Delivery {
		t.Fatalf("after the restart: %+v %v", again, err)
	}
	if got, want := shown(again[0]), shown(end[0]); got != want || again[0].Channel[0].Footer != end[0].Channel[0].Footer {
		t.Fatalf("the idle end said again differs:\n%s\nwas\n%s", got, want)
	}
}

// Careers a tournament's deadline started, by a replica that died before
// posting them, are posted by the next: each career's Start result and its
// first prompt as first rendered, and the standings as they stand now.
func TestCareersStartedAtADeadlineArePostedAfterARestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "k.db")
	clock := (&fakeClock{}).set("2026-06-10T10:00:00Z")
	svc, store := clockedService(t, path, clock)
	organiser := User{ID: "bdu", Name: "Dönitz"}
	for _, c := range []struct {
		u    User
		args map[string]string
	}{
		{organiser, map[string]string{"action": "create", "format": "top", "length": "short", "boat": "VIIC", "name": "Cup"}},
		{User{ID: "a", Name: "Lemp"}, map[string]string{"action": "join"}},
		{User{ID: "b", Name: "Topp"}, map[string]string{"action": "join"}},
		{organiser, map[string]string{"action": "start"}},
	} {
		if _, err := svc.Command(t.Context(), here, c.u, "hunters", "tournament", c.args); err != nil {
			t.Fatal(err)
		}
	}
	clock.pass(3 * time.Hour)
	first, err := svc.Tick(t.Context(), clock.now())
	if err != nil {
		t.Fatal(err)
	}
	careers := map[string]Notice{}
	for _, n := range first {
		if len(n.Answered) > 0 && strings.Contains(n.Answered[0].Message.Text, "did not press Start in time") {
			careers[n.Delivery] = n
		}
	}
	if len(careers) != 2 {
		t.Fatalf("%d careers started: %+v", len(careers), first)
	}
	store.Close() // killed before posting any of it
	svc, store = clockedService(t, path, clock)
	defer store.Close()
	clock.pass(DefaultDeliveryLease + time.Second)
	again, err := tickDelivered(t, svc, clock.now())
	if err != nil {
		t.Fatal(err)
	}
	posted, standings := 0, 0
	for _, n := range again {
		if !n.Retry {
			t.Errorf("not a retry: %+v", n)
		}
		if c, ok := careers[n.Delivery]; ok {
			posted++
			if got, want := shown(n), shown(c); got != want || len(n.Channel) == 0 {
				t.Errorf("a career's start rendered again differs:\n%s\nwas\n%s", got, want)
			}
		}
		for _, m := range n.Channel {
			if strings.HasPrefix(m.Title, "Standings") {
				standings++
				for _, f := range m.Fields {
					if strings.Contains(f.Value, "Start") {
						t.Errorf("the standings posted again still say %q", f.Value)
					}
				}
			}
		}
	}
	if posted != 2 || standings == 0 {
		t.Fatalf("after the restart: %d careers posted, %d standings: %+v", posted, standings, again)
	}
}

// In a wolfpack the deadline acts for the absent player's boat; its replica
// dies before posting; a packmate moves meanwhile, his click posting his
// own next prompt. The takeover posts the absent boat's result and its new
// prompt, and none of the packmate's: his decision posted those.
func TestAWolfpackDeadlineTakenOverPostsOnlyItsOwnPrompts(t *testing.T) {
	path := filepath.Join(t.TempDir(), "k.db")
	clock := (&fakeClock{}).set("2026-06-10T10:00:00Z")
	svc, store := clockedService(t, path, clock)
	organiser := User{ID: "bdu", Name: "Dönitz"}
	active, absent := User{ID: "p1", Name: "Active"}, User{ID: "p2", Name: "Absent"}
	var pack Place
	for _, c := range []struct {
		u    User
		args map[string]string
	}{
		{organiser, map[string]string{"action": "create", "format": "wolfpack", "name": "Clock"}},
		{active, map[string]string{"action": "join"}},
		{absent, map[string]string{"action": "join"}},
		{organiser, map[string]string{"action": "start"}},
	} {
		r, err := svc.Command(t.Context(), here, c.u, "hunters", "tournament", c.args)
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Elsewhere) > 0 {
			pack = r.Elsewhere[0].Place
		}
	}
	// The active player's routine click on his own boat's prompt.
	answerOwn := func(svc *Service) Reply {
		t.Helper()
		_, id := packPrompt(t, store, pack, active)
		return mustClick(t, svc, active, id)
	}
	answerOwn(svc)
	for _, at := range []string{"2026-06-10T11:00:00Z", "2026-06-10T12:00:00Z"} {
		clock.set(at)
		answerOwn(svc)
		if _, err := tickDelivered(t, svc, clock.now()); err != nil {
			t.Fatal(err)
		}
	}
	clock.set("2026-06-10T13:00:00Z")
	acted, err := svc.Tick(t.Context(), clock.now())
	if err != nil {
		t.Fatal(err)
	}
	var result *Notice
	for i, n := range acted {
		if len(n.Answered) > 0 && strings.Contains(n.Answered[0].Message.Text, absent.Name+"'s deadline passed") {
			result = &acted[i]
		}
	}
	if result == nil {
		t.Fatalf("the absent boat's deadline did not act: %+v", acted)
	}
	store.Close() // killed before posting
	svc, store = clockedService(t, path, clock)
	defer store.Close()
	clock.pass(time.Minute)
	mine := answerOwn(svc) // the packmate moves meanwhile
	clock.pass(DefaultDeliveryLease)
	again, err := tickDelivered(t, svc, clock.now())
	if err != nil {
		t.Fatal(err)
	}
	var taken *Notice
	for i, n := range again {
		if n.Delivery == result.Delivery {
			taken = &again[i]
		}
	}
	if taken == nil || !taken.Retry {
		t.Fatalf("the absent boat's result is not taken over: %+v", again)
	}
	if got, want := shown(*taken), shown(*result); got != want {
		t.Fatalf("taken over:\n%s\nwas\n%s", got, want)
	}
	for _, m := range taken.Channel {
		if m.Owner == active.ID {
			t.Fatalf("the takeover posts the packmate's prompt again: %+v", m)
		}
	}
	if len(mine.Public) == 0 {
		t.Fatalf("the packmate's click posted no prompt: %+v", mine)
	}
}
