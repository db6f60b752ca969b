package pictures

import (
	"testing"

	"github.com/kaleun/kaleun/engine/hunters"
)

// Targets: under 30 ms and 300 KB a picture.
func BenchmarkDisplayMat(b *testing.B) {
	p, err := New()
	if err != nil {
		b.Fatal(err)
	}
	s := career(b, `{"boat":"VIIC","start":"1940-10"}`, 3, 50, func(s *hunters.State) bool { return s.Boat.Fwd[0] != "" })
	var size int
	for b.Loop() {
		png, err := p.DisplayMat(s.Sheet())
		if err != nil {
			b.Fatal(err)
		}
		size = len(png)
	}
	b.ReportMetric(float64(size), "png-bytes")
}

func BenchmarkLogSheet(b *testing.B) {
	p, err := New()
	if err != nil {
		b.Fatal(err)
	}
	s := career(b, `{"boat":"VIIB","start":"1939-09"}`, 21, 100000, func(*hunters.State) bool { return false })
	var size int
	for b.Loop() {
		png, err := p.LogSheet(s)
		if err != nil {
			b.Fatal(err)
		}
		size = len(png)
	}
	b.ReportMetric(float64(size), "png-bytes")
}

func BenchmarkCombatMat(b *testing.B) {
	p, err := New()
	if err != nil {
		b.Fatal(err)
	}
	sheet, _ := nightConvoyAiming(b).CombatSheet()
	var size int
	for b.Loop() {
		png, err := p.CombatMat(sheet)
		if err != nil {
			b.Fatal(err)
		}
		size = len(png)
	}
	b.ReportMetric(float64(size), "png-bytes")
}
