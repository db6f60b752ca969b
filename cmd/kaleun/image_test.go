package main

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// containerEngine is podman or docker, with the flags this machine needs to
// start a container at all.
type containerEngine struct {
	name   string
	global []string // before the subcommand (podman --runtime runc)
	run    []string // after `run`
}

func (e containerEngine) cmd(args ...string) *exec.Cmd {
	return exec.Command(e.name, append(append([]string{}, e.global...), args...)...)
}

// out runs the engine and returns what it printed on stdout (podman logs
// its own complaints, such as a missing systemd, on stderr).
func (e containerEngine) out(t *testing.T, args ...string) string {
	t.Helper()
	var stderr bytes.Buffer
	cmd := e.cmd(args...)
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s%s", e.name, strings.Join(args, " "), err, out, stderr.String())
	}
	return strings.TrimSpace(string(out))
}

// imageBuildArgs is how an engine builds an image that keeps HEALTHCHECK
// (podman's default OCI format drops it).
func (e containerEngine) imageBuildArgs(tag, dir string) []string {
	args := []string{"build", "-t", tag, "-f", filepath.Join(dir, "Containerfile"), dir}
	if e.name == "podman" {
		return append([]string{"build", "--format", "docker"}, args[1:]...)
	}
	return args
}

// startableEngine finds an engine that builds and starts a container from
// the binary alone (FROM scratch, `kaleun version`), trying the ways this
// kind of machine needs: an OCI runtime, rlimits no higher than the
// sandbox's. It skips only when none can, saying why.
func startableEngine(t *testing.T, bin string) containerEngine {
	t.Helper()
	ctx := t.TempDir()
	data, err := os.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(ctx, "kaleun"), data, 0o755)
	os.WriteFile(filepath.Join(ctx, "Containerfile"), []byte("FROM scratch\nCOPY kaleun /kaleun\nENTRYPOINT [\"/kaleun\"]\nCMD [\"version\"]\n"), 0o644)
	// Lower than any sandbox's limits: an engine may not raise them.
	limits := []string{"--ulimit", "nofile=4096:4096", "--ulimit", "nproc=4096:4096"}
	var tried []string
	for _, name := range []string{"podman", "docker"} {
		if _, err := exec.LookPath(name); err != nil {
			tried = append(tried, name+": not installed")
			continue
		}
		candidates := []containerEngine{{name: name, run: limits}}
		if name == "podman" {
			candidates = append(candidates, containerEngine{name: name, global: []string{"--runtime", "runc"}, run: limits})
		}
		for _, e := range candidates {
			tag := "localhost/kaleun-probe-" + randomName()
			if out, err := e.cmd(e.imageBuildArgs(tag, ctx)...).CombinedOutput(); err != nil {
				tried = append(tried, fmt.Sprintf("%s %v: build: %v %s", name, e.global, err, tail(string(out), 300)))
				continue
			}
			out, err := e.cmd(append(append([]string{"run", "--rm"}, e.run...), tag)...).CombinedOutput()
			e.cmd("rmi", "-f", tag).Run()
			if err == nil && strings.HasPrefix(string(out), "kaleun ") {
				return e
			}
			tried = append(tried, fmt.Sprintf("%s %v: run: %v %s", name, e.global, err, tail(string(out), 300)))
		}
	}
	t.Skipf("no container engine can start a container here: %s", strings.Join(tried, "; "))
	return containerEngine{}
}

func randomName() string {
	b := make([]byte, 6)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// The image, run by a real container engine. The registries its FROM lines
// name cannot be reached from the development machines, so the binary is
// built here as the Dockerfile's build stage builds it (static, -trimpath,
// the version stamped) and the Dockerfile's final stage is used as it is,
// from scratch instead of distroless and copying from this context instead
// of the build stage. Then: the HEALTHCHECK the engine runs says healthy,
// Slack's HTTP mode on 0.0.0.0 answers on the published port (on 127.0.0.1
// inside the container it does not), the default database path lands on the
// volume, and `stop` (SIGTERM) exits 0.
func TestImageRunsInAContainerEngine(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds a static binary and an image")
	}
	if _, errP := exec.LookPath("podman"); errP != nil {
		if _, errD := exec.LookPath("docker"); errD != nil {
			t.Skip("no container engine (podman or docker) is installed: apt-get install podman")
		}
	}
	bin := releaseBinary(t) // as the build stage builds it
	e := startableEngine(t, bin)

	// The final stage, from the Dockerfile.
	ins := readDockerfile(t)
	l := parseLayout(t, ins)
	last := 0
	for i, in := range ins {
		if in.cmd == "FROM" {
			last = i
		}
	}
	ctx := t.TempDir()
	var file bytes.Buffer
	file.WriteString("FROM scratch\n")
	for _, in := range ins[last+1:] {
		args := in.args
		if in.cmd == "COPY" && strings.Contains(args, "--from=build") {
			f := strings.Fields(strings.Replace(args, "--from=build", "", 1))
			src := f[len(f)-2]
			local := "out/" + path.Base(src)
			f[len(f)-2] = local
			args = strings.Join(f, " ")
			switch path.Base(src) {
			case "kaleun":
				os.MkdirAll(filepath.Join(ctx, "out"), 0o755)
				data, _ := os.ReadFile(bin)
				os.WriteFile(filepath.Join(ctx, local), data, 0o755)
			default: // the data directory, as the build stage makes it
				os.MkdirAll(filepath.Join(ctx, local), l.dataMode)
				os.Chmod(filepath.Join(ctx, local), l.dataMode)
			}
		}
		fmt.Fprintf(&file, "%s %s\n", in.cmd, args)
	}
	os.WriteFile(filepath.Join(ctx, "Containerfile"), file.Bytes(), 0o644)
	tag := "localhost/kaleun-test-" + randomName()
	e.out(t, e.imageBuildArgs(tag, ctx)...)
	t.Cleanup(func() { e.cmd("rmi", "-f", tag).Run() })
	var hc struct{ Test []string }
	if err := json.Unmarshal([]byte(e.out(t, "image", "inspect", "--format", "{{json .Config.Healthcheck}}", tag)), &hc); err != nil || len(hc.Test) < 2 || hc.Test[0] != "CMD" {
		t.Fatalf("the image keeps no exec-form HEALTHCHECK: %v %q", err, hc.Test)
	}

	// The config: no secret in it (mounted read-only, readable by the
	// image's user), the secrets in the environment.
	start := func(slackListen string) (name string, port string) {
		t.Helper()
		cfgDir := t.TempDir()
		os.Chmod(cfgDir, 0o755)
		cfg := fmt.Sprintf("[slack]\nenabled = true\nmode = \"http\"\nbot_token_env = \"KALEUN_SLACK_BOT_TOKEN\"\nsigning_secret_env = \"KALEUN_SLACK_SIGNING_SECRET\"\nlisten = %q\napi_base = \"http://127.0.0.1:1/api\"\n[ops]\nlisten = \"127.0.0.1:9090\"\n", slackListen)
		os.WriteFile(filepath.Join(cfgDir, "config.toml"), []byte(cfg), 0o644)
		name = "kaleun-test-" + randomName()
		port = strings.TrimPrefix(freePort(t), "127.0.0.1:")
		_, containerPort, _ := strings.Cut(slackListen, ":")
		args := append([]string{"run", "-d", "--name", name}, e.run...)
		args = append(args, "-v", name+":/data", "-v", cfgDir+":/config:ro", "-e", "KALEUN_SLACK_BOT_TOKEN=xoxb-1", "-e", "KALEUN_SLACK_SIGNING_SECRET=s",
			"-p", "127.0.0.1:"+port+":"+containerPort, "--health-interval=1s", tag)
		e.out(t, args...)
		t.Cleanup(func() {
			if t.Failed() {
				out, _ := e.cmd("logs", name).CombinedOutput()
				t.Logf("%s's log:\n%s", name, tail(string(out), 3000))
			}
			e.cmd("rm", "-f", name).Run()
			e.cmd("volume", "rm", "-f", name).Run()
		})
		return name, port
	}
	healthy := func(name string) string {
		t.Helper()
		var log string
		for i := 0; i < 100; i++ {
			if e.name == "podman" {
				// podman runs the check on a systemd timer; without
				// systemd, on demand: the same HEALTHCHECK, in the container.
				e.cmd("healthcheck", "run", name).Run()
			}
			var h struct {
				Status string
				Log    []struct {
					ExitCode int
					Output   string
				}
			}
			json.Unmarshal([]byte(e.out(t, "inspect", "--format", "{{json .State.Health}}", name)), &h)
			if len(h.Log) > 0 {
				log = strings.TrimSpace(h.Log[len(h.Log)-1].Output)
			}
			if h.Status == "healthy" {
				return log
			}
			time.Sleep(200 * time.Millisecond)
		}
		t.Fatalf("%s never became healthy; the last check said %q", name, log)
		return ""
	}
	post := func(port string) (int, error) {
		resp, err := http.Post("http://127.0.0.1:"+port+"/slack/commands", "application/x-www-form-urlencoded", strings.NewReader("text=help"))
		if err != nil {
			return 0, err
		}
		resp.Body.Close()
		return resp.StatusCode, nil
	}

	name, port := start("0.0.0.0:8080")
	if got := healthy(name); got != "kaleun healthcheck: healthy: database ok, slack connected" {
		t.Fatalf("the HEALTHCHECK says %q", got)
	}
	code, err := 0, error(nil)
	for i := 0; i < 50; i++ {
		if code, err = post(port); err == nil {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if code != http.StatusUnauthorized {
		t.Fatalf("an unsigned request on the published port: %d, %v (want 401 from kaleun)", code, err)
	}
	e.out(t, "stop", "-t", "20", name)
	if exit := e.out(t, "inspect", "--format", "{{.State.ExitCode}}", name); exit != "0" {
		t.Fatalf("after stop (SIGTERM), exit %s", exit)
	}
	// The default database.path ("./kaleun.db") is on the volume: the
	// image's user opens it read-only from another container.
	audit := append(append([]string{"run", "--rm"}, e.run...), "-v", name+":/data", tag, "audit", "--db", "/data/kaleun.db")
	// (audit opens read-only: a missing file is an error, not a new one.)
	if out := e.out(t, audit...); !strings.HasPrefix(out, "GAME ") {
		t.Fatalf("audit of the volume's /data/kaleun.db: %s", out)
	}

	// On 127.0.0.1 inside the container, the published port reaches nothing.
	name2, port2 := start("127.0.0.1:8080")
	healthy(name2)
	if code, err := post(port2); err == nil {
		t.Fatalf("slack.listen 127.0.0.1 inside the container answered %d on the published port", code)
	}
}
