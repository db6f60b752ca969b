package hunters

import "strconv"

// maxNumberedKey is the largest number a numbered option key carries: torpedo
// counts and reload splits stay far below it.
const maxNumberedKey = 40

// numberedKeys hold the option keys made of a letter and a small number
// ("e3", "z1", "n4"), built once so that offering them allocates nothing.
var numberedKeys = func() (t [26][maxNumberedKey + 1]string) {
	for c := range t {
		for n := range t[c] {
			t[c][n] = string(rune('a'+c)) + strconv.Itoa(n)
		}
	}
	return t
}()

// numberedKey returns the option key of a lower-case letter and a number.
func numberedKey(letter byte, n int) string {
	if letter < 'a' || letter > 'z' || n < 0 || n > maxNumberedKey {
		return string(rune(letter)) + strconv.Itoa(n)
	}
	return numberedKeys[letter-'a'][n]
}
