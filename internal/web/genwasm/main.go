// Command genwasm builds the verifier for the browser into the web pages'
// files: go generate ./internal/web runs it. It writes verifier.wasm.gz
// (the WebAssembly of cmd/kaleun-verify-wasm, gzipped at the best
// compression, with no name or time in its header, so that the same
// source and Go give the same bytes) and the toolchain's wasm_exec.js.
// Neither is committed: each build of kaleun embeds the verifier built
// from its own source.
package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/kaleun/kaleun/internal/web"
	"github.com/kaleun/kaleun/internal/web/wasmbuild"
)

func main() {
	out := flag.String("out", "static/verify", "directory to write verifier.wasm.gz and wasm_exec.js into")
	flag.Parse()
	if err := run(*out); err != nil {
		fmt.Fprintln(os.Stderr, "genwasm:", err)
		os.Exit(1)
	}
}

func run(out string) error {
	tmp, err := os.MkdirTemp("", "kaleun-genwasm-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	b, err := wasmbuild.Build(context.Background(), tmp)
	if err != nil {
		return err
	}
	raw, err := os.ReadFile(b.Wasm)
	if err != nil {
		return err
	}
	var gz bytes.Buffer
	z, err := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	if err != nil {
		return err
	}
	if _, err := z.Write(raw); err != nil {
		return err
	}
	if err := z.Close(); err != nil {
		return err
	}
	js, err := os.ReadFile(b.ExecJS)
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(out, web.WasmGz), gz.Bytes(), 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(out, web.ExecJS), js, 0o644); err != nil {
		return err
	}
	fmt.Printf("genwasm: %s: verifier.wasm %d bytes (%d gzipped), sha256 %x, %s\n", out, len(raw), gz.Len(), sha256.Sum256(raw), b.GoVersion)
	return nil
}
