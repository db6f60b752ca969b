package terminal

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kaleun/kaleun/engine"
)

// What a typed line means: an option of the pending prompt, or one of the
// session's commands. At a keyboard a bare number is always the number of
// a line as shown ("2" for the line "2)"), even where an option's key is a
// number itself: the player reads the numbers, not the keys. A prompt that
// asks for a number (engine.Entry) shows no line numbers, and there the
// number typed is the number asked ("+2", "-4", "123"). Otherwise a line
// names an option by its key, or any unique beginning of it, or its label
// whole, in any case ("E6", "sa" for sail, "+2"). A program speaking JSONL
// sends the exact key, as it always has (Key+n for a prompt's Entry).

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
	if exact {
		if p != nil && arg == "" && (p.HasOption(word) || entryKey(p, word)) {
			return pick{option: word}, ""
		}
		for _, c := range commands {
			if c == word {
				return pick{command: c, arg: arg}, ""
			}
		}
		return pick{}, unknown(line, p, commands, true)
	}
	if n, err := strconv.Atoi(word); err == nil && arg == "" && p != nil && len(p.Options) > 0 {
		if p.Entry != nil {
			return entered(p, n)
		}
		if word[0] == '+' || word[0] == '-' {
			// Not a line's number: a value, as a label shows it ("+2").
		} else if n < 1 || n > len(p.Options) {
			return pick{}, fmt.Sprintf("there is no line %d here: type a line's number, 1 to %d, or an option's key", n, len(p.Options))
		} else {
			return pick{option: p.Options[n-1].Key}, ""
		}
	}
	if p != nil && arg == "" && p.HasOption(word) {
		return pick{option: word}, ""
	}
	for _, c := range commands {
		if c == word {
			return pick{command: c, arg: arg}, ""
		}
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
		if k, ok := byLabel(p, strings.TrimSpace(line)); ok {
			return pick{option: k}, ""
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
	return pick{}, unknown(line, p, commands, false)
}

// entryKey reports whether a key is a prompt's number (engine.Entry) that
// the options do not list: one entered in steps (a card's printed number),
// which the game checks itself.
func entryKey(p *engine.Prompt, key string) bool {
	e := p.Entry
	if e == nil || e.Walk == "" || !strings.HasPrefix(key, e.Key) {
		return false
	}
	n, err := strconv.Atoi(strings.TrimPrefix(key, e.Key))
	return err == nil && p.EntryKey(n) == key
}

// entered is the option for a number typed at a prompt that asks for one.
func entered(p *engine.Prompt, n int) (pick, string) {
	key := p.EntryKey(n)
	if key != "" && (p.HasOption(key) || p.Entry.Walk != "") {
		return pick{option: key}, ""
	}
	return pick{}, fmt.Sprintf("%d is not a number this takes: %s", n, entryRange(p))
}

// entryRange says which numbers a prompt takes: its options' numbers, runs
// of them as "1 to 20", or its Entry's bounds when the number is entered in
// steps.
func entryRange(p *engine.Prompt) string {
	e := p.Entry
	if e.Walk != "" {
		return fmt.Sprintf("%d to %d", e.Min, e.Max)
	}
	var parts []string
	run := func(from, to engine.Option) {
		if from.Key == to.Key {
			parts = append(parts, from.Label)
		} else {
			parts = append(parts, from.Label+" to "+to.Label)
		}
	}
	var first, last engine.Option
	prev, open := 0, false
	for _, o := range p.Options {
		v, err := strconv.Atoi(strings.TrimPrefix(o.Key, e.Key))
		if !p.Stands(o) || err != nil {
			continue
		}
		plain := o.Label == strconv.Itoa(v) || o.Label == fmt.Sprintf("%+d", v)
		switch {
		case !plain:
			if open {
				run(first, last)
				open = false
			}
			parts = append(parts, fmt.Sprintf("%d (%s)", v, o.Label))
			continue
		case open && v == prev+1:
			last = o
		default:
			if open {
				run(first, last)
			}
			first, last, open = o, o, true
		}
		prev = v
	}
	if open {
		run(first, last)
	}
	return strings.Join(parts, ", ")
}

// byLabel is the option whose label is the line typed, whole, in any case
// (a value as a label shows it: "+2"), when one option alone has it.
func byLabel(p *engine.Prompt, line string) (string, bool) {
	key, n := "", 0
	for _, o := range p.Options {
		if line != "" && strings.EqualFold(o.Label, line) {
			key, n = o.Key, n+1
		}
	}
	return key, n == 1
}

// unknown names everything a line could have been. exact: JSONL, where
// only keys are taken.
func unknown(line string, p *engine.Prompt, commands []string, exact bool) string {
	if p == nil || len(p.Options) == 0 {
		return fmt.Sprintf("unknown command %q: type one of %s", Clip(line, 40), strings.Join(commands, ", "))
	}
	switch {
	case exact && p.Entry != nil:
		return fmt.Sprintf("unknown command or option %q: send an option's key (%s), %s followed by a number (%s), or a command: %s",
			Clip(line, 40), keys(p), p.Entry.Key, entryRange(p), strings.Join(commands, ", "))
	case exact:
		return fmt.Sprintf("unknown command or option %q: send an option's key (%s) or a command: %s",
			Clip(line, 40), keys(p), strings.Join(commands, ", "))
	case p.Entry != nil:
		return fmt.Sprintf("unknown command or option %q: type a number (%s), an option's key (%s), or a command: %s",
			Clip(line, 40), entryRange(p), keys(p), strings.Join(commands, ", "))
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
