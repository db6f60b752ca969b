package wasmbuild

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
)

//go:embed harness.js
var harness []byte

// Case is one call of kaleunVerify: a file and the options a reader gives.
type Case struct {
	File          string `json:"file"`
	Head          string `json:"head,omitempty"`
	AllowScripted bool   `json:"allowScripted,omitempty"`
}

// Answer is what kaleunVerify returned for a case, and how long it took.
type Answer struct {
	Code     int     `json:"code"`
	Verified bool    `json:"verified"`
	Text     string  `json:"text"`
	Head     string  `json:"head"`
	GameID   string  `json:"gameId"`
	Millis   float64 `json:"ms"`
}

// Run is a Node run of the verifier over cases.
type Run struct {
	Answers []Answer `json:"answers"`
	// TotalMillis is the time of the calls, without loading the module.
	TotalMillis float64 `json:"totalMs"`
}

// RunNode runs the built verifier under node (a path), in one process,
// over every case, in order; dir is where its files go.
func RunNode(ctx context.Context, node string, b Built, dir string, cases []Case) (Run, error) {
	h := filepath.Join(dir, "harness.js")
	manifest := filepath.Join(dir, "manifest.json")
	out := filepath.Join(dir, "answers.json")
	m, err := json.Marshal(cases)
	if err != nil {
		return Run{}, err
	}
	if err := os.WriteFile(h, harness, 0o644); err != nil {
		return Run{}, err
	}
	if err := os.WriteFile(manifest, m, 0o644); err != nil {
		return Run{}, err
	}
	if msg, err := exec.CommandContext(ctx, node, h, b.ExecJS, b.Wasm, manifest, out).CombinedOutput(); err != nil {
		return Run{}, fmt.Errorf("node %s: %w\n%s", h, err, msg)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		return Run{}, fmt.Errorf("the Node run wrote no answers: %w", err)
	}
	var r Run
	if err := json.Unmarshal(data, &r); err != nil {
		return Run{}, fmt.Errorf("the Node run's answers: %w", err)
	}
	if len(r.Answers) != len(cases) {
		return Run{}, fmt.Errorf("%d cases, %d answers", len(cases), len(r.Answers))
	}
	return r, nil
}
