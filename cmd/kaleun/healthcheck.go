package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/BurntSushi/toml"

	"github.com/kaleun/kaleun/internal/safefile"
)

// runHealthcheck asks a serving kaleun's /healthz and says, in one line,
// whether it is healthy: exit 0 if so, 1 for anything else (Docker's
// HEALTHCHECK reads 0 and 1 only; 2 is reserved there, so a bad flag is 1
// too). The image has no shell and no curl: this is its probe.
func runHealthcheck(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("healthcheck", flag.ContinueOnError)
	cfgPath := fs.String("config", "", "the serving kaleun's configuration: its ops.listen is asked")
	addr := fs.String("addr", "", "ask this host:port instead (ops.listen)")
	timeout := fs.Duration("timeout", 5*time.Second, "give up after this long")
	// One line whatever goes wrong: a health log shows only so much.
	const usage = "usage: kaleun healthcheck --config FILE | --addr HOST:PORT [--timeout 5s]"
	fs.SetOutput(io.Discard)
	if err := fs.Parse(args); errors.Is(err, flag.ErrHelp) {
		fs.SetOutput(stdout)
		fmt.Fprintln(stdout, usage)
		fs.PrintDefaults()
		return 0
	} else if err != nil {
		fmt.Fprintf(stderr, "kaleun healthcheck: %v (%s)\n", err, usage)
		return 1
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "kaleun healthcheck: unexpected argument %q (%s)\n", fs.Arg(0), usage)
		return 1
	}
	target, err := healthTarget(*cfgPath, *addr)
	if err != nil {
		fmt.Fprintln(stderr, "kaleun healthcheck:", err)
		return 1
	}
	ctx, cancel := context.WithTimeout(context.Background(), *timeout)
	defer cancel()
	line, healthy := askHealth(ctx, target, *timeout)
	if !healthy {
		fmt.Fprintln(stderr, "kaleun healthcheck: unhealthy:", line)
		return 1
	}
	fmt.Fprintln(stdout, "kaleun healthcheck: healthy:", line)
	return 0
}

// healthTarget is the address /healthz is asked at: --addr, else the
// config's ops.listen. Only that key is read, so the check needs none of
// the secrets the config names in the environment.
func healthTarget(cfgPath, addr string) (string, error) {
	if addr == "" {
		if cfgPath == "" {
			return "", errors.New("give --config FILE (its ops.listen is asked) or --addr HOST:PORT")
		}
		b, err := safefile.ReadFile(cfgPath, safefile.ConfigLimit)
		if err != nil {
			return "", fmt.Errorf("reading %s: %w", cfgPath, err)
		}
		var c struct {
			Ops struct {
				Listen string `toml:"listen"`
			} `toml:"ops"`
		}
		if _, err := toml.Decode(string(b), &c); err != nil {
			return "", fmt.Errorf("%s: %w", cfgPath, err)
		}
		if c.Ops.Listen == "" {
			return "", fmt.Errorf("%s sets no ops.listen, so kaleun serves no /healthz: set ops.listen = \"127.0.0.1:9090\" under [ops]", cfgPath)
		}
		addr = c.Ops.Listen
	}
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return "", fmt.Errorf("%q is not host:port, like \"127.0.0.1:9090\"", addr)
	}
	// A server listening on every interface is asked on loopback: the
	// probe runs beside it (in its container, on its machine).
	switch host {
	case "", "0.0.0.0":
		host = "127.0.0.1"
	case "::":
		host = "::1"
	}
	return net.JoinHostPort(host, port), nil
}

// askHealth gets /healthz at addr and says what it answered, in words.
func askHealth(ctx context.Context, addr string, timeout time.Duration) (string, bool) {
	url := "http://" + addr + "/healthz"
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err.Error(), false
	}
	// No proxy from the environment: the server is beside the probe.
	client := &http.Client{Transport: &http.Transport{Proxy: nil, DisableKeepAlives: true}, Timeout: timeout}
	resp, err := client.Do(req)
	if err != nil {
		switch {
		case errors.Is(err, syscall.ECONNREFUSED):
			return "nothing listens at " + addr + " (is kaleun serve running, with ops.listen = \"" + addr + "\"?)", false
		case errors.Is(err, context.DeadlineExceeded) || strings.Contains(err.Error(), "Client.Timeout"):
			return fmt.Sprintf("%s did not answer within %s", url, timeout), false
		}
		return fmt.Sprintf("asking %s: %v", url, err), false
	}
	defer resp.Body.Close()
	var body healthBody
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if err != nil {
		return fmt.Sprintf("reading %s: %v", url, err), false
	}
	if err := json.Unmarshal(raw, &body); err != nil || body.Status == "" {
		return fmt.Sprintf("%s answered %s, not kaleun's health report", url, resp.Status), false
	}
	parts := []string{}
	if body.Database.OK {
		parts = append(parts, "database ok")
	} else {
		parts = append(parts, "database failing: "+body.Database.Error)
	}
	names := make([]string, 0, len(body.Adapters))
	for n := range body.Adapters {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if body.Adapters[n].Connected {
			parts = append(parts, n+" connected")
		} else {
			parts = append(parts, n+" not connected")
		}
	}
	line := strings.Join(parts, ", ")
	if resp.StatusCode != http.StatusOK || body.Status != "ok" {
		return fmt.Sprintf("%s (%s)", line, resp.Status), false
	}
	return line, true
}

// healthBody is /healthz's JSON body, as serve writes it (internal/ops).
type healthBody struct {
	Status   string `json:"status"`
	Database struct {
		OK    bool   `json:"ok"`
		Error string `json:"error"`
	} `json:"database"`
	Adapters map[string]struct {
		Connected bool `json:"connected"`
	} `json:"adapters"`
}
