// Prepended to the WebAssembly command-line tools (--pre-js). Node opens pipes non-blocking, and
// Emscripten's NODERAWFS writes stdout with fs.writeSync: once a pipe's 64 KiB buffer was full the
// write failed with EAGAIN and the rest of the output was lost (`loadlab_cli.js run X | cat` stopped
// at a multiple of 64 KiB). Blocking handles make every write complete, as in the native tool.
if (typeof process === "object" && process.versions && process.versions.node) {
  for (const stream of [process.stdout, process.stderr]) {
    if (stream && stream._handle && typeof stream._handle.setBlocking === "function") stream._handle.setBlocking(true);
  }
}
