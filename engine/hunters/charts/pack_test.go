package charts

import (
	"strings"
	"testing"
	"testing/fstest"
)

func TestDefaultPackLoadsAndValidates(t *testing.T) {
	p, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	if got := len(p.T2.Entries); got != 100 {
		t.Fatalf("T2 has %d entries", got)
	}
	// T2 roll 30 is the entry the Python source lost (docs/charts-provenance.md).
	s, _ := ShipByRoll(p.T2.Entries, 30)
	if s.Name != "Jose de Larrinaga" || s.Tons != 5200 {
		t.Fatalf("T2 30 = %+v", s)
	}
	n := 0
	for _, e := range p.T5.Entries {
		if e.KnightsCross {
			n++
		}
	}
	if n != 6 { // 8.2.2 note: six capital ships confer the Knight's Cross
		t.Fatalf("%d Knight's Cross capital ships, want 6", n)
	}
}

func TestSinkPointsFollowU3Bands(t *testing.T) {
	p, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	// 9.1.1: a 7,600t large freighter absorbs 3, 10,000t or more absorbs 4.
	for _, c := range []struct {
		tons, want int
		capital    bool
	}{{7600, 3, false}, {10000, 4, false}, {5000, 2, false}, {2600, 2, false}, {5001, 3, false}, {10000, 5, true}} {
		if got := p.U3.SinkPointsFor(c.capital, c.tons); got != c.want {
			t.Errorf("%d t (capital %v): %d points, want %d", c.tons, c.capital, got, c.want)
		}
	}
}

func TestCorruptPackIsRefusedWithTheChartNamed(t *testing.T) {
	fsys := fstest.MapFS{}
	entries, err := embedded.ReadDir("data")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		b, _ := embedded.ReadFile("data/" + e.Name())
		fsys["data/"+e.Name()] = &fstest.MapFile{Data: b}
	}
	// Drop roll 57 from T1: the pack must name T1.
	t1 := string(fsys["data/T1.yaml"].Data)
	t1 = strings.Replace(t1, "  - [ 57,  5000, \"Empire Barracuda\"]\n", "", 1)
	fsys["data/T1.yaml"] = &fstest.MapFile{Data: []byte(t1)}
	_, err = Load(fsys, "data")
	if err == nil || !strings.Contains(err.Error(), "T1") {
		t.Fatalf("want an error naming T1, got %v", err)
	}
	// A gap in E2's rows.
	fsys["data/T1.yaml"] = &fstest.MapFile{Data: []byte(strings.Replace(t1, "", "", 0))}
	e2 := strings.Replace(string(fsys["data/E2.yaml"].Data), "{lo: 9, hi: 11, result: detected}", "{lo: 10, hi: 11, result: detected}", 1)
	fsys["data/E2.yaml"] = &fstest.MapFile{Data: []byte(e2)}
	if _, err = Load(fsys, "data"); err == nil || !strings.Contains(err.Error(), "E2") {
		t.Fatalf("want an error naming E2, got %v", err)
	}
	delete(fsys, "data/A2.yaml")
	if _, err = Load(fsys, "data"); err == nil || !strings.Contains(err.Error(), "A2") {
		t.Fatalf("want an error naming A2, got %v", err)
	}
}
