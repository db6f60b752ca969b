package terminal

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// answer is one input line: an option key or a command, and in JSONL the
// token of the prompt it answers, when the program sends it back.
type answer struct {
	Token string `json:"token"`
	Key   string `json:"key"`
}

// parseAnswer reads a line. A bare word is a key (as always); in JSONL a
// line that opens with "{" is {"token":"…","key":"…"}, token optional.
// Unknown fields are refused: a misspelt "token" would otherwise drop the
// protection against stale answers without a word.
func parseAnswer(line string, jsonl bool) (answer, error) {
	line = strings.TrimSpace(line)
	if !jsonl || !strings.HasPrefix(line, "{") {
		return answer{Key: line}, nil
	}
	dec := json.NewDecoder(strings.NewReader(line))
	dec.DisallowUnknownFields()
	var a answer
	if err := dec.Decode(&a); err != nil {
		return answer{}, fmt.Errorf("not an answer line %s: %v (send a key, or {\"token\":\"…\",\"key\":\"…\"})", Clip(line, 60), err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return answer{}, errors.New("an answer line holds one JSON object: " + Clip(line, 60))
	}
	a.Key = strings.TrimSpace(a.Key)
	if a.Key == "" {
		return answer{}, fmt.Errorf("an answer line needs a \"key\": %s", Clip(line, 60))
	}
	return a, nil
}
