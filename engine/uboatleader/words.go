package uboatleader

import (
	"fmt"
	"strings"
)

// count writes a number with its noun, singular or plural as English has
// it ("1 Event card", "2 torpedoes"), where "card(s)" read as a form.
func count(n int, noun string) string {
	if n == 1 || n == -1 {
		return fmt.Sprintf("%d %s", n, noun)
	}
	return fmt.Sprintf("%d %s", n, plural(noun))
}

// plural is a noun's plural: its last word takes -es after o, s, x, ch,
// sh ("torpedoes"), -s otherwise; a noun with a qualifier after it
// ("patrol a U-boat") is written by its caller.
func plural(noun string) string {
	for _, end := range []string{"o", "s", "x", "ch", "sh"} {
		if strings.HasSuffix(noun, end) {
			return noun + "es"
		}
	}
	return noun + "s"
}
