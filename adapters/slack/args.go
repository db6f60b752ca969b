package slack

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/kaleun/kaleun/bot"
)

// ParseCommandText reads a slash command's text: the subcommand ("" when
// the text is empty) and its arguments.
func ParseCommandText(text string) (sub string, args map[string]string, err error) {
	words, err := tokenize(text)
	if err != nil {
		return "", nil, err
	}
	if len(words) == 0 {
		return "", nil, nil
	}
	args, err = parseArgs(words)
	return words[0], args, err
}

// argName is what may stand before the separator of a named argument.
var argName = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)

// parseArgs reads a slash command's words after the subcommand. A named
// argument is written key=value or key:value: Slack users read the bot's
// hints (`seed text:...`, `prefs vacation:N`, `b:@opponent`) in Discord's
// option syntax, and both must work. The separator is the first = or : after
// a bare lower-case name, so values keep theirs (quiet:23:00-07:00,
// rules=diesel_repair=inoperable_at_once). A word without one fills the
// command's positional arguments in order (`tournament join`).
func parseArgs(words []string) (map[string]string, error) {
	args := map[string]string{}
	var positional []string
	for _, spec := range bot.Commands() {
		if spec.Name == words[0] {
			for _, a := range spec.Args {
				if a.Positional {
					positional = append(positional, a.Name)
				}
			}
		}
	}
	for _, w := range words[1:] {
		k, v, ok := cutNamed(w)
		if !ok {
			if len(positional) == 0 {
				return nil, fmt.Errorf("%q is not key=value or key:value (e.g. boat=VIIC or boat:VIIC)", w)
			}
			k, v, positional = positional[0], w, positional[1:]
		}
		if _, dup := args[k]; dup {
			return nil, fmt.Errorf("%s is given twice", k)
		}
		args[k] = v
	}
	return args, nil
}

// cutNamed splits "key=value" or "key:value".
func cutNamed(w string) (key, value string, ok bool) {
	i := strings.IndexAny(w, "=:")
	if i <= 0 || !argName.MatchString(w[:i]) {
		return "", "", false
	}
	return w[:i], w[i+1:], true
}
