// Page glue for the LoadLab WebAssembly app: share links (deflate-raw + base64url in "#s="),
// clipboard, file upload/download, and the window.loadlab test hook. Kept small on purpose:
// everything else lives in C++.
"use strict";

(function () {
  const overlay = document.getElementById("overlay");

  // --- Nothing fails silently: any uncaught error or an abort of the module shows a persistent
  // panel that says what happened, that the scenario is autosaved, and offers Reload and Copy
  // details (the module cannot go on after an abort; a reload restores the autosave).
  const crash = { shown: false, details: [] };
  function showCrash(what, detail) {
    crash.details.push(String(what) + (detail ? "\n" + detail : ""));
    const box = document.getElementById("crash");
    if (crash.shown) { document.getElementById("crash-details").textContent = crash.details.join("\n\n"); return; }
    crash.shown = true;
    overlay.classList.add("hidden");
    document.getElementById("crash-what").textContent = "LoadLab stopped: " + String(what).slice(0, 300);
    document.getElementById("crash-details").textContent = crash.details.join("\n\n");
    box.classList.remove("hidden");
  }
  document.getElementById("crash-reload").addEventListener("click", () => location.reload());
  document.getElementById("crash-copy").addEventListener("click", async () => {
    const text = crash.details.join("\n\n") + "\n\n" + navigator.userAgent + "\n" + location.href.slice(0, 2000);
    try { await navigator.clipboard.writeText(text); document.getElementById("crash-copy").textContent = "Copied"; }
    catch (e) { document.getElementById("crash-details").classList.remove("hidden"); }
  });
  window.addEventListener("error", (ev) => {
    // Errors inside the module's workers arrive here too; resource load errors have no message.
    if (!ev.message) return;
    showCrash(ev.message, ev.error && ev.error.stack);
  });
  window.addEventListener("unhandledrejection", (ev) => {
    const r = ev.reason;
    showCrash(r && r.message ? r.message : String(r), r && r.stack);
  });

  if (!self.crossOriginIsolated && typeof SharedArrayBuffer === "undefined") {
    // The coi-serviceworker reloads the page once; if we are still not isolated, say why.
    console.warn("LoadLab: the page is not cross-origin isolated; threads are unavailable");
  }

  // --- base64url and raw deflate through the browser's own streams --------------------------
  function toBase64Url(bytes) {
    let bin = "";
    for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
    return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }
  function fromBase64Url(text) {
    if (!/^[A-Za-z0-9_\-+/]*=*$/.test(text)) throw new Error("the link contains characters outside base64url");
    const b64 = text.replace(/-/g, "+").replace(/_/g, "/").replace(/=+$/, "");
    const bin = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
    const out = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out;
  }
  async function pipe(bytes, stream, limit) {
    const reader = new Blob([bytes]).stream().pipeThrough(stream).getReader();
    const chunks = [];
    let total = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
      if (limit && total > limit) { reader.cancel(); throw new Error("the scenario inflates beyond " + limit + " bytes"); }
      chunks.push(value);
    }
    const out = new Uint8Array(total);
    let pos = 0;
    for (const c of chunks) { out.set(c, pos); pos += c.length; }
    return out;
  }
  const MAX_LINK_CHARS = 1 << 20;        // same limits as src/io/link_codec.h
  const MAX_INFLATED = 16 << 20;

  async function encodeLink(jsonText) {
    const packed = await pipe(new TextEncoder().encode(jsonText), new CompressionStream("deflate-raw"));
    return "s=" + toBase64Url(packed);
  }
  // Each failure names what is wrong with the link: empty, too long, not
  // base64url, not deflate data (damaged or truncated), a zip bomb, or not UTF-8 text.
  async function decodeLink(fragment) {
    let f = fragment;
    const hash = f.indexOf("#");
    if (hash >= 0) f = f.slice(hash + 1);
    if (f.startsWith("s=")) f = f.slice(2);
    if (!f) throw new Error("the link is empty: there is no scenario after #s=");
    if (f.length > MAX_LINK_CHARS)
      throw new Error("the link has " + f.length + " characters, more than the limit of " + MAX_LINK_CHARS);
    let raw;
    try { raw = fromBase64Url(f); }
    catch (e) { throw new Error("the link contains characters outside base64url (A-Z, a-z, 0-9, - and _)"); }
    let bytes;
    try { bytes = await pipe(raw, new DecompressionStream("deflate-raw"), MAX_INFLATED); }
    catch (e) {
      if (String(e.message || e).includes("inflates"))
        throw new Error("the scenario inflates beyond " + MAX_INFLATED + " bytes (a zip bomb?); nothing was loaded");
      throw new Error("the link is damaged or truncated: its payload is not valid deflate data");
    }
    try { return new TextDecoder("utf-8", { fatal: true }).decode(bytes); }
    catch (e) { throw new Error("the link's payload is not UTF-8 text"); }
  }

  const share = {
    clipboardText: "",
    lastLink: "",
    async copyLink(jsonText) {
      const frag = await encodeLink(jsonText);
      history.replaceState(null, "", "#" + frag);
      share.lastLink = location.href;
      share.clipboardText = location.href;
      try { await navigator.clipboard.writeText(location.href); } catch (e) { /* no permission: the address bar has it */ }
      return location.href;
    },
    download(name, text) {
      // A picture arrives as a data URL; text files as their text.
      const url = text.startsWith("data:") ? text
        : URL.createObjectURL(new Blob([text], { type: name.endsWith(".json") ? "application/json" : "text/plain" }));
      const a = document.createElement("a");
      a.href = url; a.download = name;
      document.body.appendChild(a); a.click(); a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    },
    pickFile() { document.getElementById("file-input").click(); },
    // The forms' "Loads from file...": a file input of its own (CSV, text, JSON).
    pickLoadFile() { document.getElementById("load-file-input").click(); },
    // The address bar follows every scenario edit (called by the app after a quiet time): the
    // newest request wins if encodings overlap.
    linkSeq: 0,
    async replaceLink(jsonText) {
      const seq = ++share.linkSeq;
      const frag = await encodeLink(jsonText);
      if (seq !== share.linkSeq) return;
      history.replaceState(null, "", "#" + frag);
      share.lastLink = location.href;
    },
    encodeLink, decodeLink,
  };
  window.loadlabShare = share;

  document.getElementById("file-input").addEventListener("change", async (ev) => {
    const file = ev.target.files && ev.target.files[0];
    if (!file) return;
    if (file.size > MAX_INFLATED) { Module._loadlab_report_error && reportError("The file is larger than 16 MiB"); return; }
    const text = await file.text();
    importText(text, file.name);
    ev.target.value = "";
  });
  // A load file for the current form (shell/load_file_button.h reads and checks it).
  document.getElementById("load-file-input").addEventListener("change", async (ev) => {
    const file = ev.target.files && ev.target.files[0];
    if (!file) return;
    if (file.size > MAX_INFLATED) { reportError("The load file is larger than 16 MiB"); return; }
    call("loadlab_load_file", null, ["string", "string"], [await file.text(), file.name]);
    ev.target.value = "";
  });
  // A file dropped on the page opens like File > Import (undoable: Edit > Undo open).
  window.addEventListener("dragover", (ev) => { ev.preventDefault(); });
  window.addEventListener("drop", async (ev) => {
    ev.preventDefault();
    const file = ev.dataTransfer && ev.dataTransfer.files && ev.dataTransfer.files[0];
    if (!file || !window.loadlab.ready) return;
    if (file.size > MAX_INFLATED) { reportError("The file is larger than 16 MiB"); return; }
    importText(await file.text(), file.name);
  });
  window.addEventListener("paste", (ev) => {
    const t = ev.clipboardData && ev.clipboardData.getData("text/plain");
    if (t) share.clipboardText = t;
  });

  // Text enters the module through its heap, never its stack: ccall's "string" arguments are
  // copied onto the wasm stack, and a real 2.7 MB workflow overflowed it ("memory access out of
  // bounds"). Every string argument here is malloc'd, passed as a pointer and freed after the call
  // (the module copies what it keeps).
  function call(name, returnType, argTypes, args) {
    const held = [];
    try {
      const argv = args.map((a, i) => {
        if (argTypes[i] !== "string") return a;
        const n = Module.lengthBytesUTF8(a) + 1;
        const p = Module._malloc(n);
        if (!p) throw new Error("out of memory for " + n + " bytes of text");
        held.push(p);
        Module.stringToUTF8(a, p, n);
        return p;
      });
      return Module.ccall(name, returnType, argTypes.map((t) => (t === "string" ? "number" : t)), argv);
    } finally {
      for (const p of held) Module._free(p);
    }
  }

  function reportError(message) {
    call("loadlab_report_error", null, ["string"], [message]);
  }

  // Scenarios are parsed on a worker thread (the UI keeps drawing): resolves true once the
  // scenario is installed, false if it was refused (the status line names the field), cancelled
  // or superseded by a newer one.
  function importText(text, origin) {
    return openResult(call("loadlab_import_text", "number", ["string", "string"], [text, origin]));
  }
  function openResult(id) {
    if (!id) return Promise.resolve(false);
    return new Promise((resolve) => {
      const poll = () => {
        const r = Module._loadlab_open_result(id);
        if (r < 0) setTimeout(poll, 5);
        else resolve(r === 1);
      };
      poll();
    });
  }

  async function openHash() {
    if (!location.hash || location.hash.length < 2) return false;
    try {
      const text = await decodeLink(location.hash);
      // A refused scenario (e.g. a size over the limits): its field-named error stays pinned.
      if (!(await importText(text, "the shared link"))) Module._loadlab_pin_status();
    } catch (e) {
      reportError("Bad link: " + (e.message || e) + ". Nothing was loaded from it; the playground still works.");
    }
    return true;
  }

  window.Module = {
    canvas: document.getElementById("canvas"),
    print: (t) => console.log(t),
    printErr: (t) => console.warn(t),
    postRun: [async () => {
      overlay.classList.add("hidden");
      await openHash();
      Module._loadlab_link_sync_enable();
      window.loadlab.ready = true;
    }],
    onAbort: (what) => showCrash(what || "the WebAssembly module aborted"),
  };
  // While a pasted link is decoded and parsed (on a worker) the hook is not ready, so scripts that
  // wait for `ready` see the link's scenario or its error, as on first load.
  window.addEventListener("hashchange", async () => {
    if (!window.loadlab.ready || share.settingHash) return;
    window.loadlab.ready = false;
    try { await openHash(); } finally { window.loadlab.ready = true; }
  });

  // A change still in the autosave's quiet time is written when the page is hidden or closed.
  window.addEventListener("pagehide", () => { if (window.loadlab.ready) Module._loadlab_autosave_flush(); });

  // Test and scripting hook: everything a test needs to assert on, as JSON.
  window.loadlab = {
    ready: false,
    state: () => JSON.parse(Module.UTF8ToString(Module._loadlab_state_json())),
    // state() without the scenario and the results (kind, name, status, busy, frames, tasks, and
    // per result algorithm / verified / makespan): cheap to poll with a big task graph open.
    summary: () => JSON.parse(Module.UTF8ToString(Module._loadlab_summary_json())),
    scenario: () => JSON.parse(Module.UTF8ToString(Module._loadlab_scenario_json())),
    run: () => Module._loadlab_run(),
    // Cancel, as the button: the run stops between algorithms; state().last_run becomes "cancelled".
    cancel: () => Module._loadlab_cancel(),
    // The balance / dynamic form's "Loads from file..." as if `text` had been picked as `name`.
    loadFile: (text, name = "loads.csv") => call("loadlab_load_file", null, ["string", "string"], [text, name]),
    loopMeasure: () => Module._loadlab_loop_measure(),
    // Dynamic scenarios: the shared-memory strategies on real threads (Web Workers);
    // workload "scenario" | "uts_geometric" | "uts_binomial". state().dynamic_threads has the result.
    dynamicThreads: (workload = "scenario", threads = 2) =>
      call("loadlab_dynamic_threads", "number", ["string", "number"], [workload, threads]) === 1,
    // The dag view's Adversary tab: "start" | "cancel" | "open_worst" | "pairwise" with
    // the tab's settings (scenario "ui".adversary); state().adversary has progress and results.
    adversary: (command) => call("loadlab_adversary", "number", ["string"], [command]) === 1,
    // View > Papers' experiments and claims: "open" | "close" | "run" | "cancel" (run: paper "flb" |
    // "wu" | "loops" | "dlt", size "quick" | "full"); state().experiments has progress and verdicts.
    experiments: (command, paper = "flb", size = "quick") =>
      call("loadlab_experiments", "number", ["string", "string", "string"], [command, paper, size]) === 1,
    setStep: (k) => Module._loadlab_set_step(k),
    // Node simulation: start({algorithm, threads, speed (supersteps/s, 0 = max), paused}),
    // commands "pause" | "resume" | "step" | "reset" | "off", and its state without the scenario.
    nodeSim: (o = {}) => call("loadlab_node_sim_start", "number", ["string", "number", "number", "number"],
                                      [o.algorithm || "", o.threads || 2, o.speed || 0, o.paused ? 1 : 0]) === 1,
    nodeSimCommand: (c) => call("loadlab_node_sim_command", "number", ["string"], [c]) === 1,
    nodeSimSpeed: (s) => Module._loadlab_node_sim_speed(s),
    frameStats: () => JSON.parse(Module.UTF8ToString(Module._loadlab_frame_stats_json())),
    nodeSimState: (withLoads) => JSON.parse(Module.UTF8ToString(Module._loadlab_node_sim_json(withLoads ? 1 : 0))),
    // A Promise (the scenario is parsed on a worker): true once state() shows it, false if refused.
    open: (jsonText) => importText(jsonText, "script"),
    copyLink: () => share.copyLink(Module.UTF8ToString(Module._loadlab_link_json())),
    // The link's document: the scenario with the visible view state in "ui".
    link: () => JSON.parse(Module.UTF8ToString(Module._loadlab_link_json())),
    dismissError: () => Module._loadlab_dismiss_status(),
    // Drives the current kind's form: sets the scenario value at a JSON pointer with the form's own
    // rules (loads follow the node count, ...). A Promise: true once the edit is installed.
    setField: (pointer, value) => openResult(call("loadlab_set_field", "number", ["string", "string"],
                                                          [pointer, JSON.stringify(value)])),
    // setField as a user's edit: applied (and run) after the form's typing pause, so two quick
    // calls start one run; true if queued. state().edit_pending is true until it is applied.
    editField: (pointer, value) => call("loadlab_edit_field", "number", ["string", "string"],
                                        [pointer, JSON.stringify(value)]) === 1,
    // help: open a gallery example by preset name (as its button does; true if it exists),
    // and "dismiss" / "open" the welcome panel (dismissing is remembered in localStorage).
    openExample: (preset) => call("loadlab_open_example", "number", ["string"], [preset]) === 1,
    welcome: (action) => call("loadlab_welcome", null, ["string"], [action]),
    // Paper lessons: opens step `step` (0-based) of lesson `name` unless it is shown and returns
    // {paper, here, agree, line, differs, ready}; `here` is null until the step's run is there.
    lesson: (name, step) => JSON.parse(Module.UTF8ToString(
        call("loadlab_lesson", "number", ["string", "number"], [name, step]))),
    // Help > User guide: the guide inside the app (state().guide_open, guide_title).
    openGuide: () => call("loadlab_open_guide", null, [], []),
    // Opens (true) or closes the scenario JSON editor's large window; state().json_editor is its box.
    jsonEditor: (open) => Module._loadlab_json_editor(open ? 1 : 0),
    //, nothing is lost: File > Restore last session (the autosave a link displaced;
    // state().autosave_available says whether there is one), Edit > Undo open (state().undo_available),
    // File > Save (a download of the scenario with its view, = link()), and a pending autosave now.
    restoreLast: () => Module._loadlab_restore_last() === 1,
    undoOpen: () => Module._loadlab_undo_open() === 1,
    save: () => Module._loadlab_save(),
    autosaveNow: () => Module._loadlab_autosave_flush(),
    // Stops the module as a crash would; state() is unusable afterwards, crashShown() tells whether
    // the page said so.
    testAbort: () => { try { Module._loadlab_test_abort(); } catch (e) { /* the abort itself */ } },
    crashShown: () => crash.shown && !document.getElementById("crash").classList.contains("hidden"),
    // The results table as text: "tsv" | "csv" (header + one line per result) or "json".
    exportResults: (format) => call("loadlab_export_results", "string", ["string"], [format]),
    // The view as a picture: "svg" returns the SVG text of the selected result's Gantt chart, plot
    // or network (throws with the reason when the view has none); "png" returns a Promise of a PNG
    // data URL of exactly the view window's pixels, read after the next frame is drawn.
    exportView: (format) => {
      if (format === "svg") {
        const svg = Module.UTF8ToString(Module._loadlab_export_view_svg());
        if (!svg) throw new Error(window.loadlab.summary().status || "no SVG of this view");
        return svg;
      }
      if (format !== "png") throw new Error("exportView: format must be png or svg");
      Module._loadlab_request_view_png();
      return new Promise((resolve) => {
        const poll = () => {
          const url = Module.UTF8ToString(Module._loadlab_view_png());
          if (url) resolve(url); else requestAnimationFrame(poll);
        };
        poll();
      });
    },
    encodeLink, decodeLink,
  };
})();
