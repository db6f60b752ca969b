package canonjson

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
)

// RFC 8785 Appendix B: IEEE 754 doubles and their ECMAScript form.
func TestFormatES6MatchesRFC8785AppendixB(t *testing.T) {
	for _, c := range []struct {
		bits uint64
		want string
	}{
		{0x0000000000000000, "0"}, {0x8000000000000000, "0"},
		{0x0000000000000001, "5e-324"}, {0x8000000000000001, "-5e-324"},
		{0x7fefffffffffffff, "1.7976931348623157e+308"}, {0xffefffffffffffff, "-1.7976931348623157e+308"},
		{0x4340000000000000, "9007199254740992"}, {0xc340000000000000, "-9007199254740992"},
		{0x4430000000000000, "295147905179352830000"},
		{0x44b52d02c7e14af5, "9.999999999999997e+22"}, {0x44b52d02c7e14af6, "1e+23"}, {0x44b52d02c7e14af7, "1.0000000000000001e+23"},
		{0x444b1ae4d6e2ef4e, "999999999999999700000"}, {0x444b1ae4d6e2ef4f, "999999999999999900000"}, {0x444b1ae4d6e2ef50, "1e+21"},
		{0x3eb0c6f7a0b5ed8c, "9.999999999999997e-7"}, {0x3eb0c6f7a0b5ed8d, "0.000001"},
		{0x41b3de4355555553, "333333333.3333332"}, {0x41b3de4355555554, "333333333.33333325"}, {0x41b3de4355555555, "333333333.3333333"},
		{0x41b3de4355555556, "333333333.3333334"}, {0x41b3de4355555557, "333333333.33333343"},
		{0xbecbf647612f3696, "-0.0000033333333333333333"}, {0x43143ff3c1cb0959, "1424953923781206.2"},
	} {
		if got := FormatES6(math.Float64frombits(c.bits)); got != c.want {
			t.Errorf("%016x: got %s, want %s", c.bits, got, c.want)
		}
	}
}

// The example of RFC 8785 section 3.2.2 and the sorting example of 3.2.3.
func TestJCSOfTheRFCExamples(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`{
		  "numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],
		  "string": "\u20ac$\u000F\u000aA'\u0042\u0022\u005c\\\"\/",
		  "literals": [null, true, false]
		}`, `{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\u000f\nA'B\"\\\\\"/"}`},
		{`{"\u20ac":"Euro Sign","\r":"Carriage Return","\ufb33":"Hebrew Letter Dalet With Dagesh","1":"One","\ud83d\ude00":"Emoji: Grinning Face","\u0080":"Control","\u00f6":"Latin Small Letter O With Diaeresis"}`,
			"{\"\\r\":\"Carriage Return\",\"1\":\"One\",\"\u0080\":\"Control\",\"ö\":\"Latin Small Letter O With Diaeresis\",\"€\":\"Euro Sign\",\"😀\":\"Emoji: Grinning Face\",\"\ufb33\":\"Hebrew Letter Dalet With Dagesh\"}"},
	} {
		got, err := JCS([]byte(c.in))
		if err != nil || string(got) != c.want {
			t.Errorf("JCS(%s):\n got %s (%v)\nwant %s", c.in, got, err, c.want)
		}
	}
}

// Re-encodings of the same values give the same canonical form; any change
// of content gives another.
func TestJCSIsTheSameForFaithfulReencodingsOnly(t *testing.T) {
	base := `{"a":"Günther <U-47> & 🎲","n":[1,-2,0.5],"z":{"y":true,"x":null}}`
	same := []string{
		"{ \"z\" : { \"x\" : null , \"y\" : true } , \"n\" : [ 1.0 , -2 , 5e-1 ] , \"a\" : \"G\\u00fcnther \\u003cU-47\\u003e \\u0026 \\ud83c\\udfb2\" }",
		"{\"a\":\"G\u00fcnther <U-47> & \U0001F3B2\",\"n\":[1E0,-20e-1,0.50],\"z\":{\"y\":true,\"x\":null}}",
		"{\"n\":[1,-2,0.5],\n\t\"a\":\"G\\u00FCnther \\u003CU-47\\u003E \\u0026 \\uD83C\\uDFB2\",\"z\":{\"x\":null,\"y\":true}}",
	}
	changed := []string{
		`{"a":"Gunther <U-47> & 🎲","n":[1,-2,0.5],"z":{"y":true,"x":null}}`,
		`{"a":"Günther <U-47> & 🎲","n":[1,-2,0.25],"z":{"y":true,"x":null}}`,
		`{"a":"Günther <U-47> & 🎲","n":[-2,1,0.5],"z":{"y":true,"x":null}}`,
		`{"a":"Günther <U-47> & 🎲","n":[1,-2,0.5],"z":{"y":false,"x":null}}`,
		`{"a":"Günther <U-47> & 🎲","n":[1,-2,0.5],"z":{"y":true}}`,
		`{"a":"Günther <U-47> & 🎲","n":[1,-2,0.5],"z":{"y":true,"x":null},"extra":0}`,
		`{"a":"Günther <U-47> & 🎲","n":[1,-2,"0.5"],"z":{"y":true,"x":null}}`,
	}
	want, err := JCS([]byte(base))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range same {
		if got, err := JCS([]byte(s)); err != nil || string(got) != string(want) {
			t.Errorf("a faithful re-encoding canonicalizes differently:\n%s\n got %s (%v)\nwant %s", s, got, err, want)
		}
	}
	for _, s := range changed {
		if got, err := JCS([]byte(s)); err != nil || string(got) == string(want) {
			t.Errorf("a change of content canonicalizes the same: %s (%v)", s, err)
		}
	}
}

// JSON without one faithful meaning is refused, not guessed at.
func TestJCSRefusesAmbiguousInput(t *testing.T) {
	for _, in := range []string{
		`{"a":1,"a":2}`, `{"a":1,"\u0061":2}`, // duplicate names
		`"\ud800"`, `"\udc00x"`, `"\ud800\u0041"`, // lone surrogates
		"\"\xff\"", "\"a\x01\"", // invalid UTF-8, a raw control character
		`9007199254740993`, `-9007199254740993`, `123456789012345678901234567890`, `1e400`, // beyond a double
		`{"a":1} x`, `[1,]`, `{"a"}`, `01`, `1.`, `-`, `.5`, `tru`, `"\x"`, `"\u12"`, `[`,
		strings.Repeat("[", 2000) + strings.Repeat("]", 2000),
	} {
		if got, err := JCS([]byte(in)); err == nil {
			t.Errorf("JCS(%q) = %s, want an error", in, got)
		}
	}
	for _, in := range []string{`9007199254740992`, `-9007199254740992`, `1e300`, `[]`, `{}`, `""`, `[[[[1]]]]`} {
		if _, err := JCS([]byte(in)); err != nil {
			t.Errorf("JCS(%q): %v", in, err)
		}
	}
}

// GoForm gives back exactly what json.Marshal wrote, from any faithful
// re-encoding that keeps the member order (as jq and Python do).
func TestGoFormIsWhatGoWrote(t *testing.T) {
	v := struct {
		Text  string   `json:"text"`
		Faces []int    `json:"faces"`
		Names []string `json:"names"`
		Ok    bool     `json:"ok"`
		Nil   *int     `json:"nil"`
	}{"Schepke's <lucky> & dice 🎲 \u2028 \u2029 \x01\x7f\b\f\n\r\t\"\\/", []int{1, 6, -3}, []string{"Günther", "Östen"}, true, nil}
	want, _ := json.Marshal(v)
	for _, in := range []string{
		string(want),
		"{ \"text\" : \"Schepke\\u0027s \\u003clucky\\u003e \\u0026 dice \\ud83c\\udfb2 \u2028 \\u2029 \\u0001\\u007f\\u0008\\u000c\\u000a\\u000d\\u0009\\u0022\\u005c\\/\", \"faces\": [1,6,-3], \"names\": [\"G\\u00fcnther\", \"\\u00d6sten\"], \"ok\": true, \"nil\": null }",
	} {
		got, err := GoForm([]byte(in))
		if err != nil || string(got) != string(want) {
			t.Errorf("GoForm(%s):\n got %s (%v)\nwant %s", in, got, err, want)
		}
	}
}
