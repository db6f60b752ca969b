package main

import (
	"flag"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/kaleun/kaleun/persist"
)

// version is the release's name, stamped at link time by a release build:
//
//	go build -trimpath -ldflags "-X main.version=$(git describe --tags --always --dirty)" ./cmd/kaleun
//
// It is a variable only because the linker can set nothing else; nothing
// assigns it at run time. Empty in a plain build, which then reports what
// the Go toolchain recorded (docs/operators/install.md).
var version string

// buildReport is what `kaleun version` prints: the release's name, then what
// the toolchain recorded of the build. Every line says where it comes from,
// so that a build with nothing recorded says so instead of naming a version
// it cannot know.
func buildReport(stamp string, info *debug.BuildInfo, ok bool) string {
	var b strings.Builder
	name := stamp
	modVersion := ""
	settings := map[string]string{}
	if ok && info != nil {
		modVersion = info.Main.Version
		for _, s := range info.Settings {
			settings[s.Key] = s.Value
		}
	}
	if name == "" && modVersion != "" && modVersion != "(devel)" {
		// `go install …@v1.2.3`, or a build in a git checkout (Go stamps
		// v0.0.0-DATE-REVISION from the commit).
		name = modVersion
	}
	rev := settings["vcs.revision"]
	if name == "" {
		if rev != "" {
			name = "devel"
		} else {
			name = "devel (no version was stamped and no git revision recorded: the build cannot tell which source it is; docs/operators/install.md shows a release build)"
		}
	}
	fmt.Fprintf(&b, "kaleun %s\n", name)
	if ok && info != nil {
		mod := info.Main.Path
		if mod == "" {
			mod = info.Path
		}
		if modVersion != "" {
			mod += " " + modVersion
		}
		fmt.Fprintf(&b, "  module    %s\n", mod)
	}
	if rev != "" {
		line := rev
		if t := settings["vcs.time"]; t != "" {
			line += " (committed " + t + ")"
		}
		switch settings["vcs.modified"] {
		case "true":
			line += ", modified: built with uncommitted changes"
		case "false":
			line += ", clean"
		}
		fmt.Fprintf(&b, "  revision  %s\n", line)
	}
	goVersion := runtime.Version()
	if ok && info != nil && info.GoVersion != "" {
		goVersion = info.GoVersion
	}
	fmt.Fprintf(&b, "  go        %s %s/%s\n", goVersion, runtime.GOOS, runtime.GOARCH)
	return b.String()
}

// versionLine is the release's name and revision alone, for the log of a
// serving bot: which build answered is the first question after a fault.
func versionLine() string {
	info, ok := debug.ReadBuildInfo()
	first, rest, _ := strings.Cut(buildReport(version, info, ok), "\n")
	name, _, _ := strings.Cut(strings.TrimPrefix(first, "kaleun "), " (")
	for _, l := range strings.Split(rest, "\n") {
		if r, found := strings.CutPrefix(strings.TrimSpace(l), "revision  "); found {
			r, _, _ = strings.Cut(r, " ")
			name += " " + strings.TrimSuffix(r, ",")
		}
	}
	return name
}

func runVersion(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("version", flag.ContinueOnError)
	fs.SetOutput(stderr)
	if code, ok := parseFlags(fs, args, stderr); !ok {
		return code
	}
	info, ok := debug.ReadBuildInfo()
	fmt.Fprint(stdout, buildReport(version, info, ok))
	// What databases it reads: a file or PostgreSQL database of a higher
	// version is refused (docs/operators/upgrades.md).
	fmt.Fprintf(stdout, "  schema    bbolt file %d, PostgreSQL %d\n", persist.BoltSchemaVersion, persist.SchemaVersion())
	return 0
}
