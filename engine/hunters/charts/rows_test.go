package charts

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// everyRoll is validate's definition, roll by roll: each roll in [min,max]
// matches exactly one row.
func everyRoll(rs Rows, min, max int) error {
	if len(rs) == 0 {
		return fmt.Errorf("no rows")
	}
	for v := min; v <= max; v++ {
		n := 0
		for i := range rs {
			if rs[i].Matches(v) {
				n++
			}
		}
		if n != 1 {
			return fmt.Errorf("roll %d matches %d rows, want exactly 1", v, n)
		}
	}
	return nil
}

// validate counts only where a row begins or ends; on tables with gaps,
// overlaps, open ends and rows outside the range it must say what the
// roll-by-roll check says, down to the first roll it names.
func TestValidateAgreesWithEveryRoll(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	bound := func() *int {
		if r.IntN(6) == 0 {
			return nil
		}
		v := r.IntN(30) - 8
		return &v
	}
	failed, passed := 0, 0
	for range 20000 {
		rs := make(Rows, r.IntN(5))
		for i := range rs {
			rs[i].Lo, rs[i].Hi = bound(), bound()
		}
		if r.IntN(3) == 0 { // a well-formed table now and then
			rs = rs[:0]
			lo := r.IntN(5)
			for lo < 20 {
				hi := lo + r.IntN(4)
				a, b := lo, hi
				rs = append(rs, Row{Lo: &a, Hi: &b})
				lo = hi + 1 + r.IntN(2) - r.IntN(2)
			}
		}
		min, max := r.IntN(10)-5, r.IntN(25)
		want, got := everyRoll(rs, min, max), rs.validate(min, max)
		if fmt.Sprint(want) != fmt.Sprint(got) {
			t.Fatalf("rows %s over [%d,%d]: validate says %v, every roll %v", rowsText(rs), min, max, got, want)
		}
		if want == nil {
			passed++
		} else {
			failed++
		}
	}
	if passed < 500 || failed < 500 {
		t.Fatalf("the cases tried: %d valid, %d not", passed, failed)
	}
}

func rowsText(rs Rows) string {
	s := ""
	for _, row := range rs {
		b := func(p *int) string {
			if p == nil {
				return "∞"
			}
			return fmt.Sprint(*p)
		}
		s += "[" + b(row.Lo) + "," + b(row.Hi) + "]"
	}
	return s
}

// Every process that plays The Hunters loads the embedded charts once at
// start (kaleun play, serve, verify, each test binary). Measured on the
// 2-core development machine: 31 ms when every table was checked roll by roll
// (the victory levels alone are [0, 1000000]); 13.6 ms checked where rows
// begin and end, nearly all of it YAML parsing.
func BenchmarkLoadTheEmbeddedCharts(b *testing.B) {
	for b.Loop() {
		if _, err := Default(); err != nil {
			b.Fatal(err)
		}
	}
}
