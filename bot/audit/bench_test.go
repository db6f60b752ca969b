package audit_test

import (
	"testing"

	"github.com/kaleun/kaleun/bot/audit"
)

// BenchmarkVerify times audit.Check, what kaleun verify and the browser's
// verifier run, on a long finished career (155 decisions, 676 entries: the
// entropy text picks it, a seed revealed after 3 clicks) and on the
// committed testdata file (46 decisions), and reports the time and
// allocations per replayed decision (issue 33 item 3; docs/operators/speed.md).
func BenchmarkVerify(b *testing.B) {
	long, games := played(b, script{decisions: 5000, entropy: []string{"long 8"}, revealAt: 3})
	for _, c := range []struct {
		name string
		data []byte
	}{
		{"long", long},
		{"testdata", readFixture(b, "career-before-load-order.json")},
	} {
		b.Run(c.name, func(b *testing.B) {
			v := audit.Check(c.data, games, audit.CheckOptions{})
			if v.Code != audit.CodeOK {
				b.Fatalf("the file does not verify: %s", v.Text)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				audit.Check(c.data, games, audit.CheckOptions{})
			}
			n := float64(b.N) * float64(v.Report.Decisions)
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/n, "ns/decision")
		})
	}
}
