//go:build !(js && wasm)

package main

import (
	"fmt"
	"os"
)

// main says what this program is: it runs in a browser, not here.
func main() {
	fmt.Fprintln(os.Stderr, "kaleun-verify-wasm is kaleun verify for the browser: build it with GOOS=js GOARCH=wasm (go generate ./internal/web builds it into kaleun serve's [web] pages); here, run kaleun verify FILE")
	os.Exit(2)
}
