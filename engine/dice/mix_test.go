package dice

import (
	"encoding/hex"
	"testing"
)

// The mixed-seed vector was computed by an independent Python script
// (hashlib/hmac) from the formula in Mix's comment.
func TestMixVector(t *testing.T) {
	mixed := Mix(vectorSeed, []string{"Prien was here", "Kretschmer"})
	if got, want := hex.EncodeToString(mixed), "18bb827f21291bb7f5e3f3454a7a16f550cb6f5263e15a156d45841193b21348"; got != want {
		t.Fatalf("Mix = %s, want %s", got, want)
	}
	wantD6 := []int{2, 5, 6, 4, 3, 2, 4, 5, 3, 4}
	for k, want := range wantD6 {
		if got := Derive(mixed, "g1", int64(k), 6); got != want {
			t.Errorf("die %d (d6) of the mixed seed = %d, want %d", k, got, want)
		}
	}
	wantD10 := []int{10, 1, 8, 8, 9}
	for k, want := range wantD10 {
		if got := Derive(mixed, "g1", int64(k), 10); got != want {
			t.Errorf("die %d (d10) of the mixed seed = %d, want %d", k, got, want)
		}
	}
}

func TestMixWithoutEntropyKeepsTheSeed(t *testing.T) {
	if got := Mix(vectorSeed, nil); hex.EncodeToString(got) != hex.EncodeToString(vectorSeed) {
		t.Fatalf("Mix without entropy changed the seed")
	}
}

// Length prefixes keep ("ab","c") and ("a","bc") apart.
func TestMixIsUnambiguous(t *testing.T) {
	a := Mix(vectorSeed, []string{"ab", "c"})
	b := Mix(vectorSeed, []string{"a", "bc"})
	if hex.EncodeToString(a) == hex.EncodeToString(b) {
		t.Fatal("different entropy lists mixed to the same seed")
	}
}
