package terminal

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// MaxLine is the longest input line a session reads, in bytes. An answer is
// a key or a short JSON object; a longer line is refused whole, and reading
// goes on with the next one.
const MaxLine = 64 << 10

// LineTooLongError is a line longer than the limit: it was read to its end
// and thrown away.
type LineTooLongError struct {
	Size int64  // bytes in the line, without its end
	Head string // its first characters, for the error message
}

func (e *LineTooLongError) Error() string {
	return fmt.Sprintf("a line of %d bytes is longer than the limit of %d: refused, nothing changed (it began %q)", e.Size, MaxLine, e.Head)
}

// ReadLine reads one line, without its "\n" or "\r\n". A line longer than max
// bytes is read to its end and discarded, keeping memory bounded, and comes
// back as a *LineTooLongError: the next call reads the line after it. The
// last line needs no "\n"; after it, ReadLine returns io.EOF.
func ReadLine(r *bufio.Reader, max int) (string, error) {
	var line []byte
	var size int64
	var tooLong *LineTooLongError
	for {
		chunk, err := r.ReadSlice('\n')
		size += int64(len(chunk))
		if tooLong == nil {
			line = append(line, chunk...)
			if len(strings.TrimRight(string(line), "\r\n")) > max {
				tooLong = &LineTooLongError{Head: Clip(string(line), 32)}
				line = nil
			}
		}
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case err != nil && tooLong == nil && (len(line) == 0 || !errors.Is(err, io.EOF)):
			return "", err
		}
		if tooLong != nil {
			tooLong.Size = size - int64(len(chunk)-len(strings.TrimRight(string(chunk), "\r\n")))
			return "", tooLong
		}
		return strings.TrimRight(string(line), "\r\n"), nil
	}
}

// Clip shortens text quoted back in a message: at most n characters, valid
// UTF-8, with "…" when something was cut.
func Clip(s string, n int) string {
	s = strings.ToValidUTF8(s, "?")
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n]) + "…"
}
