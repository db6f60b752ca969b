// Runs the verifier's page script (static/verify/verify.js) under Node on
// a stand-in of the page's elements: the script loads the WebAssembly as
// in a browser (fetch, WebAssembly.instantiate, crypto.subtle), then the
// reader chooses each file in turn, and what the page shows is written out.
//
//   node page.js wasm_exec.js verify.js verifier.wasm|- out.json file...
"use strict";

const fs = require("fs");
const [execJS, pageJS, wasm, out, ...files] = process.argv.slice(2);

// The page's elements, by id, with what the script reads and writes.
const elements = {};
function element(id) {
	if (!elements[id]) {
		const listeners = {};
		elements[id] = {
			id, textContent: "", className: "", value: "", checked: false, hidden: id === "result" || id === "head-box", disabled: id === "verify",
			focused: false,
			classList: { add() {}, remove() {} },
			focus() { this.focused = true; },
			addEventListener(type, f) { (listeners[type] = listeners[type] || []).push(f); },
			fire(type, e) { (listeners[type] || []).forEach((f) => f(e)); },
		};
	}
	return elements[id];
}
globalThis.document = { getElementById: element, addEventListener() {} };
// KALEUN_PAGE_HREF is the page's address (a link from an audit page), and
// KALEUN_PAGE_SERVED the audit file this server gives at
// KALEUN_PAGE_SERVED_AT; any other fetch is recorded and fails.
const fetched = [];
if (process.env.KALEUN_PAGE_HREF) {
	const u = new URL(process.env.KALEUN_PAGE_HREF);
	globalThis.location = { href: u.href, origin: u.origin, search: u.search };
}
globalThis.fetch = async (url) => {
	if (url !== "verifier.wasm") {
		fetched.push(url);
		if (process.env.KALEUN_PAGE_SERVED && url === process.env.KALEUN_PAGE_SERVED_AT) {
			const b = fs.readFileSync(process.env.KALEUN_PAGE_SERVED);
			return { ok: true, status: 200, arrayBuffer: async () => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) };
		}
		throw new Error("the page fetched " + url);
	}
	if (wasm === "-") {
		return { ok: false, status: 404 };
	}
	const b = fs.readFileSync(wasm);
	return { ok: true, status: 200, arrayBuffer: async () => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) };
};
globalThis.fs = fs;
require(require("path").resolve(execJS));
require(require("path").resolve(pageJS));

const until = (ok) => new Promise((resolve, reject) => {
	const start = Date.now();
	const poll = () => {
		if (ok()) {
			resolve();
		} else if (Date.now() - start > 60000) {
			reject(new Error("the page did not get there: " + element("status").textContent));
		} else {
			setTimeout(poll, 20);
		}
	};
	poll();
});

(async () => {
	const shown = [];
	const status = element("status");
	await until(() => !element("verify").disabled || /without the verifier|could not/.test(status.textContent));
	shown.push({ status: status.textContent, wasmSum: element("wasm-sum").textContent });
	if (process.env.KALEUN_PAGE_HREF) {
		// Whatever the link makes the page do, once it is done.
		await until(() => !element("result").hidden || /not fetched|could not be fetched/.test(status.textContent));
		shown.push({
			status: status.textContent, verdict: element("verdict").textContent, kind: element("verdict").className,
			head: element("computed").textContent, headShown: !element("head-box").hidden, text: element("text").textContent,
			fetched,
		});
	}
	for (const name of files) {
		element("result").hidden = true;
		const b = fs.readFileSync(name);
		element("file").fire("change", { target: { files: [{ name, arrayBuffer: async () => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) }] } });
		await until(() => !element("result").hidden);
		shown.push({
			status: status.textContent, verdict: element("verdict").textContent, kind: element("verdict").className,
			head: element("computed").textContent, headShown: !element("head-box").hidden, text: element("text").textContent,
			focused: element("result-heading").focused,
		});
	}
	fs.writeFileSync(out, JSON.stringify(shown));
	process.exit(0);
})().catch((err) => { console.error(err); process.exit(1); });
