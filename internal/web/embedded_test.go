package web

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"testing"

	"github.com/kaleun/kaleun/internal/web/wasmbuild"
)

// The verifier this binary embeds is the one built from its source: go
// generate ./internal/web's output is the bytes a fresh build gives
// (wasmbuild.Flags make it reproducible), so a kaleun never serves a
// verifier older than its own kaleun verify. CI runs go generate first
// (.ci/run) and fails here without it; elsewhere the test says to.
func TestWebEmbedsTheVerifierOfThisSource(t *testing.T) {
	s, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	if s.Verifier() == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("the verifier is not embedded: .ci/run runs go generate ./internal/web before the tests")
		}
		t.Skip("the verifier is not embedded (go generate ./internal/web was not run): nothing to compare")
	}
	b, err := wasmbuild.Build(t.Context(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(b.Wasm)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(raw)
	if fresh := hex.EncodeToString(sum[:]); fresh != s.Verifier() {
		t.Fatalf("the embedded verifier (sha256 %s) is not this source's (%s): run go generate ./internal/web", s.Verifier(), fresh)
	}
	t.Logf("the embedded verifier is this source's: sha256 %s, %d bytes (%s)", s.Verifier(), len(raw), b.GoVersion)
}
