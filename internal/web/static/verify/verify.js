// The verifier's page: loads kaleun verify's WebAssembly (verifier.wasm,
// with the Go toolchain's wasm_exec.js), then checks the file the reader
// chooses or drops, here. Nothing the reader gives leaves the page: the
// only requests are the fetch of verifier.wasm at load, and, opened from a
// game's audit page (?audit=PATH), the fetch of that game's audit file
// from this very server, checked here like a chosen one.
"use strict";

(() => {
	const $ = (id) => document.getElementById(id);
	const status = $("status");
	const button = $("verify");
	const drop = $("drop");
	let file = null;

	const say = (text) => { status.textContent = text; };

	async function load() {
		if (typeof WebAssembly !== "object" || typeof globalThis.Go !== "function") {
			say("This browser cannot run the verifier (no WebAssembly, or wasm_exec.js did not load: this kaleun may have been built without the verifier, see below). Run kaleun verify FILE instead.");
			return;
		}
		const resp = await fetch("verifier.wasm", { credentials: "omit", cache: "no-cache" });
		if (resp.status === 404) {
			say("This kaleun was built without the verifier (go generate ./internal/web was not run before go build). Run kaleun verify FILE, or ask the operator to rebuild.");
			return;
		}
		if (!resp.ok) {
			say("The verifier could not be loaded: the server answered " + resp.status + ".");
			return;
		}
		const bytes = await resp.arrayBuffer();
		if (globalThis.crypto && crypto.subtle) {
			const sum = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
			$("wasm-sum").textContent = Array.from(sum, (b) => b.toString(16).padStart(2, "0")).join("");
		} else {
			$("wasm-sum").textContent = "(this browser computes no SHA-256 outside https)";
		}
		const go = new Go();
		const ready = new Promise((resolve) => { globalThis.kaleunVerifierReady = resolve; });
		const { instance } = await WebAssembly.instantiate(bytes, go.importObject);
		go.run(instance);
		const failure = await ready;
		if (failure) {
			say(failure);
			return;
		}
		button.disabled = false;
		say("The verifier is ready: choose or drop an audit file.");
		if (file) {
			verify(); // chosen while the verifier loaded
			return;
		}
		const link = linked();
		if (link === "refused") {
			say("The link names a file that is not a game's audit file on this server: it was not fetched. Choose or drop the file instead.");
		} else if (link) {
			await fetchLinked(link);
		}
	}

	// linked is the audit file the page's address names (?audit=PATH, as a
	// game's audit page links here), null for none, "refused" for one that
	// is not a game's audit file (g/LINK/audit.json) on this page's origin:
	// a link may not make the page fetch anything else.
	function linked() {
		const loc = globalThis.location;
		if (!loc || !loc.search) {
			return null;
		}
		const path = new URLSearchParams(loc.search).get("audit");
		if (!path) {
			return null;
		}
		let u;
		try {
			u = new URL(path, loc.href);
		} catch (err) {
			return "refused";
		}
		if (u.origin !== loc.origin || u.search || u.hash || !/^\/(?:[^?#]*\/)?g\/[^/]+\/audit\.json$/.test(u.pathname)) {
			return "refused";
		}
		return u;
	}

	async function fetchLinked(u) {
		say("Fetching the game's audit file from this server…");
		let resp;
		try {
			resp = await fetch(u.href, { credentials: "omit", cache: "no-cache" });
		} catch (err) {
			say("The game's audit file could not be fetched (" + err + "): download it from its page and choose it here.");
			return;
		}
		if (!resp.ok) {
			say("The game's audit file could not be fetched: the server answered " + resp.status + ". Its game may still be running with its log withheld.");
			return;
		}
		const bytes = await resp.arrayBuffer();
		file = { name: u.pathname.split("/").slice(-2, -1)[0] + "'s audit file", arrayBuffer: async () => bytes };
		verify();
	}

	const verdicts = {
		0: ["ok", "Verified: the log is intact, every die is what its seed makes it, and every decision replays to the same events. Now compare the head below with the one posted in the game's channel."],
		1: ["bad", "NOT verified: this file is not the log it says it is. The first problem is named below."],
		2: ["bad", "Not checked: see below."],
		3: ["warn", "Intact, but its dice were chosen by hand (a reproduction): it says nothing about luck."],
		4: ["warn", "Intact, but played under rules this verifier reads differently: replay it with a kaleun of those rules."],
	};

	async function verify() {
		if (!file) {
			say("Choose an audit file first.");
			$("file").focus();
			return;
		}
		if (typeof globalThis.kaleunVerify !== "function") {
			return;
		}
		button.disabled = true;
		say("Verifying " + file.name + "… (a long game takes a few seconds)");
		// Let the page show that before the check holds the thread.
		await new Promise((resolve) => setTimeout(resolve, 30));
		let answer;
		try {
			const data = new Uint8Array(await file.arrayBuffer());
			answer = globalThis.kaleunVerify(data, $("head").value, $("scripted").checked);
		} catch (err) {
			answer = { code: 2, text: "The file could not be read: " + err + "\n", head: "" };
		}
		show(answer);
		button.disabled = false;
	}

	function show(answer) {
		const [kind, words] = verdicts[answer.code] || ["bad", "Unknown answer " + answer.code + "."];
		const verdict = $("verdict");
		verdict.className = "verdict " + kind;
		verdict.textContent = words;
		$("text").textContent = answer.text;
		$("computed").textContent = answer.head;
		$("head-box").hidden = !answer.head;
		$("result").hidden = false;
		say("Done: " + file.name + ". " + words);
		$("result-heading").focus();
	}

	$("file").addEventListener("change", (e) => {
		file = e.target.files[0] || null;
		if (file && !button.disabled) {
			verify();
		} else if (file) {
			say("Got " + file.name + ": it is checked once the verifier has loaded.");
		}
	});
	button.addEventListener("click", verify);
	// A file dropped anywhere on the page is taken (the browser would
	// otherwise open it in place of the page).
	document.addEventListener("dragover", (e) => { e.preventDefault(); drop.classList.add("over"); });
	document.addEventListener("dragleave", (e) => { if (!e.relatedTarget) drop.classList.remove("over"); });
	document.addEventListener("drop", (e) => {
		e.preventDefault();
		drop.classList.remove("over");
		if (e.dataTransfer && e.dataTransfer.files.length > 0) {
			file = e.dataTransfer.files[0];
			if (!button.disabled) {
				verify();
			} else {
				say("Got " + file.name + ": it is checked once the verifier has loaded.");
			}
		}
	});
	load().catch((err) => say("The verifier could not be started: " + err));
})();
