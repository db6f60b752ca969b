package simrun

import (
	"errors"
	"fmt"
	"math"
	"testing"
)

// fold sums floats in order, which gives a different last bit in another
// order: the test of the order.
func sumOf(t *testing.T, n, workers int) (float64, []int) {
	t.Helper()
	var sum float64
	var order []int
	err := InOrder(n, workers, func() *int { return new(int) }, func(s *int, i int) (float64, error) {
		*s++ // each worker's own scratch
		return 1 / float64(i+3) * math.Pi, nil
	}, func(i int, r float64) bool {
		sum += r
		order = append(order, i)
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	return sum, order
}

func TestInOrderFoldsInTheGamesOrderWhateverTheWorkers(t *testing.T) {
	const n = 1000
	want, _ := sumOf(t, n, 1)
	for _, w := range []int{0, 2, 3, 7, 16} {
		got, order := sumOf(t, n, w)
		if got != want {
			t.Errorf("workers %d: sum %v, want %v bit for bit", w, got, want)
		}
		for i, g := range order {
			if g != i {
				t.Fatalf("workers %d: folded game %d at place %d", w, g, i)
			}
		}
		if len(order) != n {
			t.Errorf("workers %d: %d games folded, want %d", w, len(order), n)
		}
	}
}

func TestInOrderStopsWhenFoldSaysSo(t *testing.T) {
	for _, w := range []int{1, 4} {
		var folded int
		err := InOrder(10_000, w, func() struct{} { return struct{}{} }, func(struct{}, int) (int, error) { return 1, nil }, func(i, _ int) bool {
			folded++
			return i < 99
		})
		if err != nil || folded != 100 {
			t.Errorf("workers %d: folded %d (err %v), want 100", w, folded, err)
		}
	}
}

func TestInOrderReturnsTheFirstFailingGamesError(t *testing.T) {
	for _, w := range []int{1, 2, 5} {
		var folded int
		err := InOrder(5000, w, func() int { return 0 }, func(_ int, i int) (int, error) {
			if i == 777 || i == 2000 {
				return 0, fmt.Errorf("game %d failed", i)
			}
			return i, nil
		}, func(int, int) bool { folded++; return true })
		if err == nil || err.Error() != "game 777 failed" {
			t.Errorf("workers %d: err %v, want game 777's", w, err)
		}
		if folded != 777 {
			t.Errorf("workers %d: %d games folded before the failure, want 777", w, folded)
		}
	}
}

func TestInOrderPanicsOnTheCallersGoroutine(t *testing.T) {
	boom := errors.New("boom")
	defer func() {
		if p := recover(); p != boom {
			t.Fatalf("recovered %v, want the game's panic", p)
		}
	}()
	_ = InOrder(300, 3, func() int { return 0 }, func(_ int, i int) (int, error) {
		if i == 150 {
			panic(boom)
		}
		return i, nil
	}, func(int, int) bool { return true })
	t.Fatal("no panic")
}
