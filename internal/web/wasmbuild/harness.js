// Runs the verifier built for the browser under Node as a page runs it:
// wasm_exec.js's Go, the module instantiated, kaleunVerifierReady awaited,
// then kaleunVerify(bytes, head, allowScripted) for each case of the
// manifest (a JSON array of {"file", "head", "allowScripted"}). The answers
// are written, as one JSON array, to the output file.
//
//   node harness.js wasm_exec.js verifier.wasm manifest.json out.json
"use strict";

const fs = require("fs");
const [execJS, wasm, manifest, out] = process.argv.slice(2);
if (!out) {
	console.error("usage: node harness.js wasm_exec.js verifier.wasm manifest.json out.json");
	process.exit(2);
}
// What wasm_exec_node.js gives the Go program: the Go runtime writes a
// panic through fs, and draws its own randomness from crypto.
globalThis.fs = fs;
globalThis.crypto ??= require("crypto").webcrypto;
require(require("path").resolve(execJS));

const go = new Go();
const ready = new Promise((resolve) => { globalThis.kaleunVerifierReady = resolve; });
WebAssembly.instantiate(fs.readFileSync(wasm), go.importObject).then(({ instance }) => {
	go.run(instance).then(() => {
		console.error("the verifier exited instead of staying to answer");
		process.exit(1);
	});
	return ready;
}).then((failure) => {
	if (failure) {
		throw new Error(failure);
	}
	const cases = JSON.parse(fs.readFileSync(manifest, "utf8"));
	const started = process.hrtime.bigint();
	const answers = cases.map((c) => {
		const t = process.hrtime.bigint();
		const a = globalThis.kaleunVerify(new Uint8Array(fs.readFileSync(c.file)), c.head || "", !!c.allowScripted);
		return Object.assign({ ms: Number(process.hrtime.bigint() - t) / 1e6 }, a);
	});
	fs.writeFileSync(out, JSON.stringify({ answers, totalMs: Number(process.hrtime.bigint() - started) / 1e6 }));
	process.exit(0);
}).catch((err) => {
	console.error(err);
	process.exit(1);
});
