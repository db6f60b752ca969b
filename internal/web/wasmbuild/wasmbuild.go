// Package wasmbuild builds the verifier for the browser
// (cmd/kaleun-verify-wasm, GOOS=js GOARCH=wasm) with the standard Go
// toolchain, and runs it under Node the way a page calls it. go generate
// ./internal/web builds it into the server's assets with Build; the tests
// build it once and feed it the command's test vectors with Node.
package wasmbuild

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Package is the verifier's main package.
const Package = "github.com/kaleun/kaleun/cmd/kaleun-verify-wasm"

// Flags are the build's flags: no paths of the machine that built it, no
// revision and no symbol table, so that the same source and Go give the
// same bytes, which anyone can rebuild and compare (docs/auditors/dice.md).
var Flags = []string{"-trimpath", "-buildvcs=false", "-ldflags=-s -w"}

// Built is a build of the verifier: its WebAssembly file, and the Go
// toolchain's wasm_exec.js, which loads it (the two must come from the same
// Go).
type Built struct {
	Wasm, ExecJS string
	// GoVersion is the toolchain's version (go env GOVERSION).
	GoVersion string
}

// Build builds the verifier into dir (verifier.wasm, wasm_exec.js).
func Build(ctx context.Context, dir string) (Built, error) {
	goBin, err := exec.LookPath("go")
	if err != nil {
		return Built{}, fmt.Errorf("building the verifier for the browser needs the go command: %w", err)
	}
	b := Built{Wasm: filepath.Join(dir, "verifier.wasm"), ExecJS: filepath.Join(dir, "wasm_exec.js")}
	args := append(append([]string{"build"}, Flags...), "-o", b.Wasm, Package)
	cmd := exec.CommandContext(ctx, goBin, args...)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		return Built{}, fmt.Errorf("GOOS=js GOARCH=wasm go %s: %w\n%s", strings.Join(args, " "), err, out)
	}
	env, err := exec.CommandContext(ctx, goBin, "env", "GOROOT", "GOVERSION").Output()
	if err != nil {
		return Built{}, fmt.Errorf("go env GOROOT GOVERSION: %w", err)
	}
	lines := strings.Split(strings.TrimSpace(string(env)), "\n")
	if len(lines) != 2 {
		return Built{}, fmt.Errorf("go env GOROOT GOVERSION said %q", env)
	}
	b.GoVersion = strings.TrimSpace(lines[1])
	js, err := execJS(strings.TrimSpace(lines[0]))
	if err != nil {
		return Built{}, err
	}
	if err := os.WriteFile(b.ExecJS, js, 0o644); err != nil {
		return Built{}, fmt.Errorf("writing wasm_exec.js: %w", err)
	}
	return b, nil
}

// execJS reads the toolchain's wasm_exec.js: lib/wasm since Go 1.24,
// misc/wasm before.
func execJS(goroot string) ([]byte, error) {
	var errs []string
	for _, dir := range []string{"lib/wasm", "misc/wasm"} {
		b, err := os.ReadFile(filepath.Join(goroot, dir, "wasm_exec.js"))
		if err == nil {
			return b, nil
		}
		errs = append(errs, fmt.Sprint(err))
	}
	return nil, fmt.Errorf("no wasm_exec.js in %s (lib/wasm, misc/wasm): %s", goroot, strings.Join(errs, "; "))
}
