package terminal

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kaleun/kaleun/engine"
)

// What a typed line means: an option of the pending prompt, or one of the
// session's commands. At a keyboard a line may name an option by its
// number in the list, and either by any unique beginning of its key, in
// any case ("2", "E6", "sa" for sail); a program speaking JSONL sends the
// exact key, as it always has.

// pick is a resolved line: an option's key, or a command (with the rest of
// the line as its argument).
type pick struct {
	option  string
	command string
	arg     string
}

// resolve reads a line against the pending prompt's options and the
// commands. exact accepts only exact keys and command names (JSONL). A line
// that matches nothing, or several things, comes back as the reason.
func resolve(line string, p *engine.Prompt, commands []string, exact bool) (pick, string) {
	word, arg, _ := strings.Cut(strings.TrimSpace(line), " ")
	arg = strings.TrimSpace(arg)
	if p != nil && arg == "" && p.HasOption(word) {
		return pick{option: word}, ""
	}
	for _, c := range commands {
		if c == word {
			return pick{command: c, arg: arg}, ""
		}
	}
	if exact {
		return pick{}, unknown(line, p, commands)
	}
	if n, err := strconv.Atoi(word); err == nil && arg == "" && p != nil {
		if n < 1 || n > len(p.Options) {
			return pick{}, fmt.Sprintf("there is no option %d here: choose 1 to %d, or type a key", n, len(p.Options))
		}
		return pick{option: p.Options[n-1].Key}, ""
	}
	lower := strings.ToLower(word)
	var matches []pick
	var names []string
	add := func(pk pick, name string) {
		matches, names = append(matches, pk), append(names, name)
	}
	if p != nil && arg == "" {
		for _, o := range p.Options {
			if strings.EqualFold(o.Key, word) {
				return pick{option: o.Key}, ""
			}
		}
		for _, o := range p.Options {
			if strings.HasPrefix(strings.ToLower(o.Key), lower) {
				add(pick{option: o.Key}, o.Key)
			}
		}
	}
	for _, c := range commands {
		if strings.EqualFold(c, word) {
			return pick{command: c, arg: arg}, ""
		}
	}
	for _, c := range commands {
		if strings.HasPrefix(c, lower) {
			add(pick{command: c, arg: arg}, c)
		}
	}
	switch {
	case word == "":
		return pick{}, ""
	case len(matches) == 1:
		return matches[0], ""
	case len(matches) > 1:
		return pick{}, fmt.Sprintf("%q could be %s: type more of it, or the option's number", Clip(word, 40), orList(names))
	}
	return pick{}, unknown(line, p, commands)
}

// unknown names everything a line could have been.
func unknown(line string, p *engine.Prompt, commands []string) string {
	if p == nil || len(p.Options) == 0 {
		return fmt.Sprintf("unknown command %q: type one of %s", Clip(line, 40), strings.Join(commands, ", "))
	}
	return fmt.Sprintf("unknown command or option %q: type an option's number (1 to %d) or key (%s), or a command: %s",
		Clip(line, 40), len(p.Options), keys(p), strings.Join(commands, ", "))
}

// orList writes "a, b or c".
func orList(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " or " + items[len(items)-1]
}

// Choose reads a typed answer to a question with fixed choices (the
// set-up's) as a decision's is read at the keyboard: by its number in the
// list, its key in any case, or any unique beginning of it. why says what
// was wrong, and key is "" then.
func Choose(line string, choices []string) (key, why string) {
	p := &engine.Prompt{}
	for _, c := range choices {
		p.Options = append(p.Options, engine.Option{Key: c})
	}
	line = strings.TrimSpace(line)
	if strings.Contains(line, " ") {
		return "", fmt.Sprintf("%q is not one of the choices: type its number (1 to %d) or its name", Clip(line, 40), len(choices))
	}
	pk, why := resolve(line, p, nil, false)
	if pk.option == "" && (why == "" || strings.HasPrefix(why, "unknown")) {
		why = fmt.Sprintf("%q is not one of the choices: type its number (1 to %d) or its name", Clip(line, 40), len(choices))
	}
	return pk.option, why
}
