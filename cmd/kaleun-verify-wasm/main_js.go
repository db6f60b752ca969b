//go:build js && wasm

package main

import (
	"syscall/js"

	"github.com/kaleun/kaleun/internal/gamelist"
)

// main registers kaleunVerify on the page, tells the page it is ready
// (its kaleunVerifierReady, when it set one), and stays to answer.
func main() {
	games, err := gamelist.Registry()
	ready := js.Global().Get("kaleunVerifierReady")
	if err != nil {
		// The games are built in: this is a broken build, said plainly.
		if ready.Type() == js.TypeFunction {
			ready.Invoke("the verifier cannot load its games: " + err.Error())
		}
		return
	}
	js.Global().Set("kaleunVerify", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) < 1 || args[0].Type() != js.TypeObject {
			return toJS(result{Code: 2, Text: "kaleunVerify(bytes, head, allowScripted) wants the file's bytes (a Uint8Array)\n"})
		}
		data := make([]byte, args[0].Get("length").Int())
		js.CopyBytesToGo(data, args[0])
		head, allow := "", false
		if len(args) > 1 && args[1].Type() == js.TypeString {
			head = args[1].String()
		}
		if len(args) > 2 {
			allow = args[2].Truthy()
		}
		return toJS(check(data, head, allow, games))
	}))
	if ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {} // the function answers for as long as the page lives
}

// toJS is the result as a plain JavaScript object.
func toJS(r result) any {
	return map[string]any{"code": r.Code, "verified": r.Code == 0, "text": r.Text, "head": r.Head, "gameId": r.GameID}
}
