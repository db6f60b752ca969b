package main

import (
	"fmt"
	"io"
)

func runSim(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "kaleun sim: not yet built")
	return 2
}
