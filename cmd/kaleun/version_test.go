package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"testing"

	"github.com/kaleun/kaleun/persist"
)

// `kaleun version` printed a constant, "kaleun 0.1.0", whatever was built:
// an operator could not tell which source runs. It says what was stamped
// and what the toolchain recorded, and nothing it cannot know.
func TestBuildReportSaysOnlyWhatWasRecorded(t *testing.T) {
	vcs := func(modified string) []debug.BuildSetting {
		return []debug.BuildSetting{{Key: "-trimpath", Value: "true"}, {Key: "vcs", Value: "git"},
			{Key: "vcs.revision", Value: "0123456789abcdef0123456789abcdef01234567"}, {Key: "vcs.time", Value: "2026-12-03T18:00:00Z"}, {Key: "vcs.modified", Value: modified}}
	}
	main := func(v string) debug.Module { return debug.Module{Path: "github.com/kaleun/kaleun", Version: v} }
	for name, c := range map[string]struct {
		stamp     string
		info      *debug.BuildInfo
		ok        bool
		want, not []string
	}{
		"stamped release": {"v1.4.0", &debug.BuildInfo{GoVersion: "go1.26.8", Main: main("(devel)"), Settings: vcs("false")}, true,
			[]string{"kaleun v1.4.0\n", "module    github.com/kaleun/kaleun (devel)", "revision  0123456789abcdef0123456789abcdef01234567 (committed 2026-12-03T18:00:00Z), clean", "go        go1.26.8 "}, []string{"modified", "no version"}},
		"go install @version": {"", &debug.BuildInfo{GoVersion: "go1.26.8", Main: main("v1.4.0")}, true,
			[]string{"kaleun v1.4.0\n", "module    github.com/kaleun/kaleun v1.4.0"}, []string{"revision", "no version"}},
		"git checkout, changed": {"", &debug.BuildInfo{GoVersion: "go1.26.8", Main: main("v0.0.0-20261203180000-0123456789ab+dirty"), Settings: vcs("true")}, true,
			[]string{"kaleun v0.0.0-20261203180000-0123456789ab+dirty\n", "modified: built with uncommitted changes"}, []string{"clean", "no version"}},
		"nothing recorded": {"", &debug.BuildInfo{GoVersion: "go1.26.8", Main: main("(devel)")}, true,
			[]string{"kaleun devel (no version was stamped and no git revision recorded", "go        go1.26.8 "}, []string{"revision  ", "0.1.0"}},
		"no build info": {"", nil, false,
			[]string{"kaleun devel (no version was stamped", "go        " + runtime.Version()}, []string{"module"}},
	} {
		got := buildReport(c.stamp, c.info, c.ok)
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: %q lacks %q", name, got, w)
			}
		}
		for _, n := range c.not {
			if strings.Contains(got, n) {
				t.Errorf("%s: %q says %q", name, got, n)
			}
		}
	}
}

// buildKaleun builds ./cmd/kaleun from dir with the given flags, static as
// the Docker image's build stage makes it (CGO_ENABLED=0), into a temporary
// directory, and returns the binary. The release builds here all have
// -trimpath and CGO_ENABLED=0, so they share one set of compiled packages
// (the source's directory is not part of them): one compile, then links.
func buildKaleun(t *testing.T, dir string, flags ...string) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "kaleun")
	cmd := exec.Command("go", append(append([]string{"build"}, flags...), "-o", bin, "./cmd/kaleun")...)
	cmd.Dir, cmd.Env = dir, append(os.Environ(), "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build %v: %v\n%s", flags, err, out)
	}
	return bin
}

// releaseStamp is what the release build of the tests is stamped with.
const releaseStamp = "v9.8.7-test"

// releaseBinary is kaleun built as docs/operators/install.md's release
// build (and the Dockerfile's build stage) builds it, once per test run.
func releaseBinary(t *testing.T) string {
	t.Helper()
	release.once.Do(func() {
		dir, err := os.MkdirTemp("", "kaleun-release-")
		if err != nil {
			release.err = err
			return
		}
		release.dir, release.path = dir, filepath.Join(dir, "kaleun")
		cmd := exec.Command("go", "build", "-trimpath", "-buildvcs=false", "-ldflags", "-s -w -X main.version="+releaseStamp, "-o", release.path, "./cmd/kaleun")
		cmd.Dir, cmd.Env = repoRoot(t), append(os.Environ(), "CGO_ENABLED=0")
		if out, err := cmd.CombinedOutput(); err != nil {
			release.err = fmt.Errorf("release build: %v\n%s", err, out)
		}
	})
	if release.err != nil {
		t.Fatal(release.err)
	}
	return release.path
}

// release is the binary releaseBinary built, removed when the tests end.
var release struct {
	once      sync.Once
	dir, path string
	err       error
}

func runKaleun(t *testing.T, bin string, args ...string) string {
	t.Helper()
	out, err := exec.Command(bin, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("kaleun %v: %v\n%s", args, err, out)
	}
	return string(out)
}

// A release build (docs/operators/install.md) says the stamped name, on
// `version` and `--version` alike; a plain build with no git information
// says it cannot tell, instead of naming a version.
func TestReleaseBuildSaysWhatRuns(t *testing.T) {
	root := repoRoot(t)
	bin := releaseBinary(t)
	out := runKaleun(t, bin, "version")
	if !strings.HasPrefix(out, "kaleun "+releaseStamp+"\n") || !strings.Contains(out, "go        "+runtime.Version()+" ") ||
		!strings.Contains(out, fmt.Sprintf("  schema    bbolt file %d, PostgreSQL %d\n", persist.BoltSchemaVersion, persist.SchemaVersion())) {
		t.Fatalf("a build stamped v9.8.7-test says:\n%s", out)
	}
	if again := runKaleun(t, bin, "--version"); again != out {
		t.Fatalf("--version says\n%s\nbut version says\n%s", again, out)
	}
	if m, err := exec.Command("go", "version", "-m", bin).Output(); err != nil || !strings.Contains(string(m), "-trimpath=true") {
		t.Fatalf("the release build is not trimmed: %v\n%s", err, m)
	}

	plain := runKaleun(t, buildKaleun(t, root, "-trimpath", "-buildvcs=false"), "version")
	if !strings.HasPrefix(plain, "kaleun devel (no version was stamped and no git revision recorded") || strings.Contains(plain, "0.1.0") {
		t.Fatalf("a plain build with nothing recorded says:\n%s", plain)
	}
}

// Built in a git checkout, the binary names the commit and whether the tree
// had changes, as the toolchain recorded them. Go records nothing in a git
// worktree (its .git is a file), so the test builds in a fresh clone.
func TestGitBuildNamesItsRevision(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git on this machine: a build records no revision without it")
	}
	root := repoRoot(t)
	if err := exec.Command("git", "-C", root, "rev-parse", "--git-dir").Run(); err != nil {
		t.Skipf("%s is not a git checkout (a source archive?): there is no revision to record", root)
	}
	clone := filepath.Join(t.TempDir(), "src")
	if out, err := exec.Command("git", "clone", "--quiet", "--no-hardlinks", root, clone).CombinedOutput(); err != nil {
		t.Fatalf("git clone: %v\n%s", err, out)
	}
	head, err := exec.Command("git", "-C", clone, "rev-parse", "HEAD").Output()
	if err != nil {
		t.Fatal(err)
	}
	rev := strings.TrimSpace(string(head))

	out := runKaleun(t, buildKaleun(t, clone, "-trimpath", "-buildvcs=true"), "version")
	if !strings.Contains(out, "revision  "+rev+" (committed ") || !strings.Contains(out, ", clean\n") {
		t.Fatalf("built at %s from a clean clone, it says:\n%s", rev, out)
	}
	// Go names the commit v0.0.0-DATE-REVISION, or after the latest tag
	// (vX.Y.(Z+1)-0.DATE-REVISION), or the tag itself when the commit is tagged.
	if first, _, _ := strings.Cut(out, "\n"); !regexp.MustCompile(`^kaleun v\d+\.\d+\.\d+(-\S*` + rev[:12] + `)?$`).MatchString(first) {
		t.Fatalf("the module version Go stamps from the commit is not the first line:\n%s", out)
	}

	if err := os.WriteFile(filepath.Join(clone, "cmd/kaleun/local_change.go"), []byte("package main\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out = runKaleun(t, buildKaleun(t, clone, "-trimpath", "-buildvcs=true"), "version")
	if !strings.Contains(out, "revision  "+rev) || !strings.Contains(out, "modified: built with uncommitted changes") {
		t.Fatalf("built with a change not committed, it says:\n%s", out)
	}
}
