package testsize

import (
	"runtime/debug"
	"testing"
)

// The flag follows the build: the binary's own record of how it was built
// says whether -race was on, and Scale gives the size that goes with it. This
// test runs in both of CI's passes.
func TestScaleFollowsTheBuild(t *testing.T) {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		t.Fatal("no build info in the test binary")
	}
	built := false
	for _, s := range info.Settings {
		if s.Key == "-race" && s.Value == "true" {
			built = true
		}
	}
	if Race != built {
		t.Fatalf("Race = %v, but the binary was built with -race=%v", Race, built)
	}
	want := 10
	if built {
		want = 1
	}
	if got := Scale(10, 1); got != want {
		t.Fatalf("Scale(10, 1) = %d, want %d (-race=%v)", got, want, built)
	}
}
