// Package pgtest gives tests a real PostgreSQL database: the server named by
// KALEUN_TEST_POSTGRES (CI starts one, see .ci/run), or else a throwaway
// cluster started with the machine's initdb and pg_ctl, so that `go test
// ./...` on a machine with PostgreSQL installed just works. Each test gets
// a fresh database of its own, dropped when it ends.
//
// Without a server, a test is skipped, except under CI (the CI variable
// set), where a missing database is a failure.
package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// EnvURL names the server tests use when set: a URL whose user may create
// databases (e.g. postgres://postgres@127.0.0.1:5432/postgres).
const EnvURL = "KALEUN_TEST_POSTGRES"

// server is the test binary's PostgreSQL: found or started once.
type server struct {
	once    sync.Once
	url     string
	err     error
	cluster *cluster
}

// the one server of a test binary (a test helper's state, not the product's).
var shared server

// Main runs a package's tests, then stops the cluster they started, if
// any: a package whose tests use URL calls it from TestMain.
func Main(m *testing.M) int {
	code := m.Run()
	if shared.cluster != nil {
		shared.cluster.stop()
	}
	return code
}

// URL returns the URL of a fresh, empty database for t, dropped when t ends.
func URL(t testing.TB) string {
	t.Helper()
	base := serverURL(t)
	name := "kaleun_test_" + randomHex(6)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	admin, err := pgx.Connect(ctx, base)
	if err != nil {
		t.Fatalf("pgtest: connecting to %s: %v", redacted(base), err)
	}
	defer admin.Close(ctx)
	if _, err := admin.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatalf("pgtest: creating database %s: %v", name, err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		admin, err := pgx.Connect(ctx, base)
		if err != nil {
			t.Errorf("pgtest: connecting to drop %s: %v", name, err)
			return
		}
		defer admin.Close(ctx)
		if _, err := admin.Exec(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)"); err != nil {
			t.Errorf("pgtest: dropping database %s: %v", name, err)
		}
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	u.Path = "/" + name
	return u.String()
}

// serverURL is the server's admin URL, or skips (fails under CI).
func serverURL(t testing.TB) string {
	t.Helper()
	shared.once.Do(func() {
		if u := os.Getenv(EnvURL); u != "" {
			shared.url = u
			return
		}
		shared.cluster, shared.err = startCluster()
		if shared.err == nil {
			shared.url = shared.cluster.url
		}
	})
	if shared.err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("pgtest: no PostgreSQL under CI (%s unset, and none could be started: %v)", EnvURL, shared.err)
		}
		t.Skipf("no PostgreSQL: %s unset, and none could be started (%v)", EnvURL, shared.err)
	}
	return shared.url
}

// cluster is a throwaway PostgreSQL cluster in a temporary directory,
// listening on loopback only.
type cluster struct {
	dir, bin, url string
	runAs         string // the user it runs as when we are root
}

func startCluster() (*cluster, error) {
	bin, err := findBinaries()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "kaleun-pgtest-")
	if err != nil {
		return nil, err
	}
	c := &cluster{dir: dir, bin: bin}
	if os.Geteuid() == 0 {
		// PostgreSQL refuses to run as root.
		u, err := user.Lookup("postgres")
		if err != nil {
			os.RemoveAll(dir)
			return nil, fmt.Errorf("running as root and no postgres user to run PostgreSQL as: %w", err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		if err := os.Chown(dir, uid, gid); err != nil {
			os.RemoveAll(dir)
			return nil, err
		}
		c.runAs = "postgres"
	}
	port, err := freePort()
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	data := filepath.Join(dir, "data")
	if out, err := c.run("initdb", "-D", data, "-U", "kaleun", "-A", "trust", "-E", "UTF8", "--no-sync"); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("initdb: %v: %s", err, out)
	}
	opts := fmt.Sprintf("-p %d -k %s -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300", port, dir)
	if out, err := c.run("pg_ctl", "-D", data, "-o", opts, "-l", filepath.Join(dir, "log"), "-w", "-t", "60", "start"); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("pg_ctl start: %v: %s", err, out)
	}
	c.url = fmt.Sprintf("postgres://kaleun@127.0.0.1:%d/postgres?sslmode=disable", port)
	return c, nil
}

func (c *cluster) run(tool string, args ...string) ([]byte, error) {
	path := filepath.Join(c.bin, tool)
	var cmd *exec.Cmd
	if c.runAs != "" {
		cmd = exec.Command("runuser", append([]string{"-u", c.runAs, "--", path}, args...)...)
	} else {
		cmd = exec.Command(path, args...)
	}
	cmd.Dir = c.dir
	return cmd.CombinedOutput()
}

func (c *cluster) stop() {
	c.run("pg_ctl", "-D", filepath.Join(c.dir, "data"), "-m", "immediate", "-w", "stop")
	os.RemoveAll(c.dir)
}

// findBinaries finds the directory of initdb and pg_ctl: on PATH, or
// Debian's /usr/lib/postgresql/<version>/bin, the newest.
func findBinaries() (string, error) {
	if p, err := exec.LookPath("initdb"); err == nil {
		return filepath.Dir(p), nil
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool {
		vi, _ := strconv.Atoi(filepath.Base(filepath.Dir(dirs[i])))
		vj, _ := strconv.Atoi(filepath.Base(filepath.Dir(dirs[j])))
		return vi > vj
	})
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "initdb")); err == nil {
			return d, nil
		}
	}
	return "", errors.New("initdb is neither on PATH nor in /usr/lib/postgresql/*/bin")
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

func randomHex(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return hex.EncodeToString(b)
}

func redacted(s string) string {
	if u, err := url.Parse(s); err == nil {
		return u.Redacted()
	}
	return "(a URL)"
}
