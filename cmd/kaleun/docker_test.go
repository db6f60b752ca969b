package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/moby/patternmatcher"
	"github.com/moby/patternmatcher/ignorefile"

	"github.com/kaleun/kaleun/persist"
)

// repoRoot is where the Dockerfile is: two levels above this package.
func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// instruction is one Dockerfile instruction, continuation lines joined.
type instruction struct {
	cmd  string // upper case
	args string
}

func readDockerfile(t *testing.T) []instruction {
	t.Helper()
	f, err := os.Open(filepath.Join(repoRoot(t), "Dockerfile"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []instruction
	var cur string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(line, "#") || line == "" && cur == "" {
			continue
		}
		if strings.HasSuffix(line, "\\") {
			cur += strings.TrimSuffix(line, "\\") + " "
			continue
		}
		cur += line
		cmd, args, _ := strings.Cut(cur, " ")
		out = append(out, instruction{strings.ToUpper(cmd), strings.TrimSpace(args)})
		cur = ""
	}
	return out
}

// runtimeLayout is what the final stage of the Dockerfile makes of the data
// directory, and who runs the binary.
type runtimeLayout struct {
	uid, gid   int
	dataDir    string
	dataOwner  [2]int
	dataMode   os.FileMode
	entrypoint string
	cmd        []string
}

func parseLayout(t *testing.T, ins []instruction) runtimeLayout {
	t.Helper()
	last := 0
	for i, in := range ins {
		if in.cmd == "FROM" {
			last = i
		}
	}
	build, final := ins[:last], ins[last:]
	l := runtimeLayout{uid: -1, dataOwner: [2]int{-1, -1}, dataMode: 0o755}
	ids := func(s string) (int, int) {
		// The distroless images name uid and gid 65532 "nonroot".
		s = strings.ReplaceAll(s, "nonroot", "65532")
		u, g, ok := strings.Cut(s, ":")
		uid, err1 := strconv.Atoi(u)
		gid, err2 := strconv.Atoi(g)
		if !ok || err1 != nil || err2 != nil {
			t.Fatalf("Dockerfile: %q is not uid:gid", s)
		}
		return uid, gid
	}
	var volumeAt, workdirAt, copyAt = -1, -1, -1
	copySources := map[string]string{} // destination → source in the build stage
	for i, in := range final {
		switch in.cmd {
		case "VOLUME":
			var vols []string
			if err := json.Unmarshal([]byte(in.args), &vols); err != nil || len(vols) != 1 {
				t.Fatalf("Dockerfile: VOLUME %s: want one volume as JSON", in.args)
			}
			l.dataDir, volumeAt = vols[0], i
		case "WORKDIR":
			workdirAt = i
			if in.args != l.dataDir {
				t.Fatalf("Dockerfile: WORKDIR %s is not the volume %s", in.args, l.dataDir)
			}
		case "USER":
			l.uid, l.gid = ids(in.args)
		case "ENTRYPOINT":
			var e []string
			json.Unmarshal([]byte(in.args), &e)
			l.entrypoint = strings.Join(e, " ")
		case "CMD":
			json.Unmarshal([]byte(in.args), &l.cmd)
		case "COPY":
			f := strings.Fields(in.args)
			owner := ""
			var rest []string
			for _, w := range f {
				if v, ok := strings.CutPrefix(w, "--chown="); ok {
					owner = v
				} else if !strings.HasPrefix(w, "--") {
					rest = append(rest, w)
				}
			}
			if len(rest) == 2 {
				copySources[rest[1]] = rest[0]
				if owner != "" {
					u, g := ids(owner)
					copySources["owner:"+rest[1]] = fmt.Sprint(u, ":", g)
					if copyAt < 0 {
						copyAt = i
					}
				}
			}
		}
	}
	if l.dataDir == "" || l.uid < 0 {
		t.Fatal("Dockerfile: the final stage needs a VOLUME and a USER uid:gid")
	}
	owner, ok := copySources["owner:"+l.dataDir]
	if !ok {
		t.Fatalf("Dockerfile: %s is not copied in with --chown; WORKDIR or VOLUME would make it root's", l.dataDir)
	}
	l.dataOwner[0], l.dataOwner[1] = ids(owner)
	if copyAt > volumeAt || copyAt > workdirAt {
		t.Fatal("Dockerfile: the data directory must be in place before VOLUME and WORKDIR")
	}
	// Its mode is the one the build stage gave it.
	src := copySources[l.dataDir]
	for _, in := range build {
		if in.cmd != "RUN" {
			continue
		}
		f := strings.Fields(in.args)
		for i := 0; i+2 < len(f); i++ {
			if f[i] == "chmod" && f[i+2] == src {
				m, err := strconv.ParseUint(f[i+1], 8, 32)
				if err != nil {
					t.Fatalf("Dockerfile: chmod %s", f[i+1])
				}
				l.dataMode = os.FileMode(m)
			}
		}
	}
	return l
}

// The Dockerfile used to make /data with WORKDIR, as root, before USER: a
// fresh named volume would be unwritable by uid 65532. The data directory
// must be copied in owned by the image's user, before VOLUME and WORKDIR.
func TestDockerfileMakesTheDataDirectoryTheUsers(t *testing.T) {
	l := parseLayout(t, readDockerfile(t))
	if l.uid == 0 || l.gid == 0 {
		t.Fatal("the image must not run as root")
	}
	if l.dataOwner != [2]int{l.uid, l.gid} {
		t.Fatalf("%s is owned by %v, the image runs as %d:%d", l.dataDir, l.dataOwner, l.uid, l.gid)
	}
	if l.dataMode&0o700 != 0o700 {
		t.Fatalf("%s has mode %v: its owner cannot write it", l.dataDir, l.dataMode)
	}
	if l.entrypoint != "/usr/local/bin/kaleun" || strings.Join(l.cmd, " ") != "serve --config /config/config.toml" {
		t.Fatalf("entrypoint %q, cmd %q", l.entrypoint, l.cmd)
	}
}

// There was no .dockerignore: `COPY . .` sent databases, pictures, configs
// and .git into the build. With Docker's own pattern matcher, every file the
// build needs is in the context and none of those is.
func TestDockerignoreKeepsTheBuildAndNothingPrivate(t *testing.T) {
	root := repoRoot(t)
	f, err := os.Open(filepath.Join(root, ".dockerignore"))
	if err != nil {
		t.Fatal(err)
	}
	patterns, err := ignorefile.ReadAll(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	pm, err := patternmatcher.New(patterns)
	if err != nil {
		t.Fatal(err)
	}
	excluded := func(p string) bool {
		ex, err := pm.MatchesOrParentMatches(p)
		if err != nil {
			t.Fatal(err)
		}
		return ex
	}
	// What `go build ./cmd/kaleun` reads: the module's packages it imports,
	// their Go files and embedded files, go.mod, go.sum, the PGO profile.
	out, err := exec.Command("go", "list", "-deps", "-json=Dir,Module,GoFiles,EmbedFiles", ".").Output()
	if err != nil {
		t.Fatal(err)
	}
	needed := []string{"go.mod", "go.sum", "cmd/kaleun/default.pgo"}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p struct {
			Dir                 string
			Module              *struct{ Path string }
			GoFiles, EmbedFiles []string
		}
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		if p.Module == nil || p.Module.Path != "github.com/kaleun/kaleun" {
			continue
		}
		rel, err := filepath.Rel(root, p.Dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range append(p.GoFiles, p.EmbedFiles...) {
			needed = append(needed, path.Join(filepath.ToSlash(rel), name))
		}
	}
	if len(needed) < 40 {
		t.Fatalf("go list found only %d files", len(needed))
	}
	for _, p := range needed {
		if excluded(p) {
			t.Errorf(".dockerignore leaves out %s, which the build needs", p)
		}
	}
	for _, p := range []string{".git/HEAD", ".git/objects/ab/cdef", "kaleun.db", "data/kaleun.db", "cmd/kaleun/k.db", "kaleun-pictures/mat.png",
		"engine/hunters/pictures/testdata/mat-fresh.png", "config.toml", "deploy/prod.toml", ".env", "kaleun", "cpu.prof", "cmd/kaleun/kaleun.test", "docs/cases-without-code.md"} {
		if !excluded(p) {
			t.Errorf(".dockerignore lets %s into the build", p)
		}
	}
}

// The image's layout, built here for want of a Docker engine: the binary run
// as the image's user (dropped to with setuid in a subprocess), in the data
// directory owned and moded as the Dockerfile makes it, serving with the
// database in it. It creates the database; in a directory made as root (what
// WORKDIR did) it cannot, which this test checks too so that it can fail.
func TestImageUserCreatesTheDatabase(t *testing.T) {
	l := parseLayout(t, readDockerfile(t))
	if os.Geteuid() != 0 && os.Geteuid() != l.uid {
		t.Skipf("running as uid %d: only root can make a directory owned by %d and run a process as that user", os.Geteuid(), l.uid)
	}
	base, err := os.MkdirTemp("", "kaleun-image-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(base) })
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.Chmod(base, 0o755)) // the image's / is open to all
	must(os.MkdirAll(filepath.Join(base, "usr/local/bin"), 0o755))
	must(os.MkdirAll(filepath.Join(base, "config"), 0o755))
	built, err := os.ReadFile(kaleunBinary(t))
	must(err)
	bin := filepath.Join(base, "usr/local/bin/kaleun")
	must(os.WriteFile(bin, built, 0o755))

	health := "" // what the image's HEALTHCHECK said while serve ran
	serve := func(dataOwner [2]int) (string, int, string) {
		t.Helper()
		data := filepath.Join(base, fmt.Sprintf("data-%d", dataOwner[0]))
		must(os.Mkdir(data, l.dataMode))
		must(os.Chmod(data, l.dataMode)) // whatever the umask
		must(os.Chown(data, dataOwner[0], dataOwner[1]))
		addr := freePort(t)
		cfg := filepath.Join(base, "config", filepath.Base(data)+".toml")
		db := filepath.Join(data, "kaleun.db")
		opsAddr := freePort(t)
		must(os.WriteFile(cfg, []byte("[database]\npath = \""+db+"\"\n[slack]\nenabled = true\nmode = \"http\"\nbot_token = \"xoxb-1\"\nsigning_secret = \"s\"\nlisten = \""+addr+"\"\napi_base = \"http://127.0.0.1:1/api\"\n[ops]\nlisten = \""+opsAddr+"\"\n"), 0o644))
		cmd := exec.Command(bin, "serve", "--config", cfg)
		cmd.Dir = data // WORKDIR
		cmd.Env = []string{"PATH=/usr/bin:/bin"}
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: uint32(l.uid), Gid: uint32(l.gid), Groups: []uint32{}}}
		var errb bytes.Buffer
		cmd.Stderr = &errb
		if err := cmd.Start(); err != nil {
			if errors.Is(err, syscall.EPERM) || errors.Is(err, syscall.EINVAL) {
				t.Skipf("cannot start a process as uid %d here: %v", l.uid, err)
			}
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		for i := 0; i < 100; i++ {
			select {
			case <-done:
				return db, cmd.ProcessState.ExitCode(), errb.String()
			default:
			}
			if resp, err := http.Post("http://"+addr+"/slack/commands", "application/x-www-form-urlencoded", strings.NewReader("text=help")); err == nil {
				resp.Body.Close()
				break
			}
			time.Sleep(50 * time.Millisecond)
		}
		// The image's HEALTHCHECK, run as the image's user beside serve.
		for i := 0; i < 100; i++ {
			hc := exec.Command(bin, "healthcheck", "--config", cfg)
			hc.Env = []string{"PATH=/usr/bin:/bin"}
			hc.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: uint32(l.uid), Gid: uint32(l.gid), Groups: []uint32{}}}
			out, err := hc.CombinedOutput()
			if health = strings.TrimSpace(string(out)); err == nil {
				break
			}
			time.Sleep(50 * time.Millisecond)
		}
		cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			t.Fatal("serve did not stop on SIGTERM")
		}
		return db, cmd.ProcessState.ExitCode(), errb.String()
	}

	db, code, logs := serve(l.dataOwner)
	if code != 0 {
		t.Fatalf("as %d:%d in a directory owned by %v: exit %d\n%s", l.uid, l.gid, l.dataOwner, code, logs)
	}
	if health != "kaleun healthcheck: healthy: database ok, slack connected" {
		t.Fatalf("the image's HEALTHCHECK, beside serve: %q", health)
	}
	info, err := os.Stat(db)
	if err != nil {
		t.Fatalf("no database: %v\n%s", err, logs)
	}
	if st := info.Sys().(*syscall.Stat_t); int(st.Uid) != l.uid {
		t.Fatalf("the database belongs to uid %d, not the image's user %d", st.Uid, l.uid)
	}
	s, err := persist.Open(db)
	if err != nil {
		t.Fatalf("the database the image's user made does not open: %v", err)
	}
	s.Close()

	if os.Geteuid() == 0 {
		_, code, logs = serve([2]int{0, 0})
		if code == 0 || !strings.Contains(logs, "permission denied") {
			t.Fatalf("in a root-owned directory (what WORKDIR made) the image's user must fail to create the database: exit %d\n%s", code, logs)
		}
	}
}

// goModGo is go.mod's go line: the Go the module needs, exactly.
func goModGo(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(repoRoot(t), "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), "go "); ok {
			return strings.TrimSpace(v)
		}
	}
	t.Fatal("go.mod has no go line")
	return ""
}

// The build image was golang:1.26, which may be older than go.mod's Go (the
// go command then fetches a toolchain during the build) or newer (a build
// no one tested). It is go.mod's Go exactly, with GOTOOLCHAIN=local. The
// image had no HEALTHCHECK: it has one, in exec form (no shell), running
// kaleun's own healthcheck with serve's config, within Docker's timeout.
func TestDockerfilePinsGoModsGoAndChecksHealth(t *testing.T) {
	ins := readDockerfile(t)
	want := goModGo(t)
	var from, final int = -1, -1
	for i, in := range ins {
		if in.cmd == "FROM" {
			if from < 0 {
				from = i
			}
			final = i
		}
	}
	image := strings.Fields(ins[from].args)[0]
	tag, ok := strings.CutPrefix(image, "golang:")
	if !ok || !(tag == want || strings.HasPrefix(tag, want+"-")) {
		t.Errorf("the build stage is FROM %s; go.mod says go %s: use golang:%s-bookworm", image, want, want)
	}
	toolchain := ""
	for _, in := range ins[from:final] {
		if in.cmd == "ENV" {
			for _, kv := range strings.Fields(in.args) {
				if v, ok := strings.CutPrefix(kv, "GOTOOLCHAIN="); ok {
					toolchain = v
				}
			}
		}
	}
	if toolchain != "local" {
		t.Errorf("the build stage sets GOTOOLCHAIN=%q: set it to local, so that no toolchain is fetched", toolchain)
	}

	l := parseLayout(t, ins)
	var hc instruction
	for _, in := range ins[final:] {
		if in.cmd == "HEALTHCHECK" {
			hc = in
		}
	}
	if hc.cmd == "" {
		t.Fatal("the image has no HEALTHCHECK")
	}
	opts, cmdJSON, ok := strings.Cut(hc.args, "CMD ")
	if !ok {
		t.Fatalf("HEALTHCHECK %s: no CMD", hc.args)
	}
	var argv []string
	if err := json.Unmarshal([]byte(strings.TrimSpace(cmdJSON)), &argv); err != nil {
		t.Fatalf("HEALTHCHECK CMD %s is not exec form (the image has no shell): %v", cmdJSON, err)
	}
	config := func(args []string) string {
		for i := 0; i+1 < len(args); i++ {
			if args[i] == "--config" {
				return args[i+1]
			}
		}
		return ""
	}
	if len(argv) < 2 || argv[0] != l.entrypoint || argv[1] != "healthcheck" || config(argv) == "" || config(argv) != config(l.cmd) {
		t.Errorf("HEALTHCHECK runs %q: want %s healthcheck --config with serve's config (%q)", argv, l.entrypoint, config(l.cmd))
	}
	var dockerTimeout time.Duration = 30 * time.Second // Docker's default
	for _, o := range strings.Fields(opts) {
		if v, ok := strings.CutPrefix(o, "--timeout="); ok {
			d, err := time.ParseDuration(v)
			if err != nil {
				t.Fatalf("HEALTHCHECK %s", o)
			}
			dockerTimeout = d
		}
	}
	if dockerTimeout <= 5*time.Second {
		t.Errorf("HEALTHCHECK --timeout=%s is not above kaleun healthcheck's own 5s: Docker would kill it before it says why", dockerTimeout)
	}
}
