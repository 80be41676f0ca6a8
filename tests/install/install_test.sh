#!/usr/bin/env bash
# Installs LoadLab twice, as a user would, and uses it from there:
#   1. `cmake --install BUILD --prefix P`: the files land where Debian desktops look for them; the
#      installed CLI runs an example, the installed app renders it under xvfb, the man page and the
#      bash completion know every subcommand the CLI has, the .desktop entry and the MIME type
#      agree; then every file in install_manifest.txt is removed and nothing is left behind.
#   2. CPack's .deb, unpacked with `dpkg -x`: package name, shared-library dependencies, the CLI and
#      the Python module run from the unpacked tree.
# Usage: install_test.sh BUILD_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "install test: $*" >&2; exit 1; }

P=$tmp/prefix
cmake --install "$build" --prefix "$P" >/dev/null
for f in bin/loadlab bin/loadlab-app share/applications/loadlab.desktop share/man/man1/loadlab.1 \
         share/man/man1/loadlab-app.1 share/icons/hicolor/scalable/apps/loadlab.svg \
         share/mime/packages/loadlab.xml share/bash-completion/completions/loadlab \
         share/doc/loadlab/README.md share/doc/loadlab/playground.md \
         share/doc/loadlab/examples/dag_lu_p4.json; do
  [ -e "$P/$f" ] || fail "missing $f"
done
[ -x "$P/bin/loadlab-app" ] || fail "bin/loadlab-app is not executable"

# The installed CLI runs an installed example; every algorithm the scenario names gives a verified
# result.
(cd "$tmp" && "$P/bin/loadlab" run "$P/share/doc/loadlab/examples/dag_lu_p4.json" -o run.json)
python3 - "$P/share/doc/loadlab/examples/dag_lu_p4.json" "$tmp/run.json" <<'PY'
import json, sys
scenario, result = (json.load(open(p)) for p in sys.argv[1:3])
got = [r["algorithm"] for r in result["results"]]
assert got == scenario["algorithms"], (got, scenario["algorithms"])
assert all(r["verified"] is True for r in result["results"]), "a result is not verified"
PY

# The man page documents exactly the installed CLI's subcommands, and renders.
subs=$("$P/bin/loadlab" --help | awk '/^Subcommands:/{on=1; next} on && /^  [a-z]/{print $1}')
[ -n "$subs" ] || fail "no subcommands in loadlab --help"
man_subs=$(sed -n 's/^\.SS loadlab \([a-z]*\) .*/\1/p' "$P/share/man/man1/loadlab.1")
[ "$subs" = "$man_subs" ] || fail "man page subcommands '$man_subs' differ from the CLI's '$subs'"
for sub in $subs; do
  # Every option of the subcommand's --help appears in the man page (roff writes '-' as '\-').
  for opt in $("$P/bin/loadlab" "$sub" --help | grep -oE '^  -[-a-z,]*' | tr ',' ' '); do
    grep -qF -- "$(printf '%s' "$opt" | sed 's/-/\\-/g')" "$P/share/man/man1/loadlab.1" ||
      fail "man page lacks $sub's option $opt"
  done
done
if command -v man >/dev/null; then
  MANWIDTH=80 man -l "$P/share/man/man1/loadlab.1" 2>&1 >/dev/null | grep . && fail "man page warnings"
  MANWIDTH=80 man -l "$P/share/man/man1/loadlab.1" | grep -q "loadlab run \[OPTIONS\] scenario" ||
    fail "the rendered man page lacks the run subcommand"
fi

# Bash completion: completing "loadlab rep" offers reproduce; "loadlab run --en" offers --engine;
# "loadlab run --engine " offers the two engines. (bash-completion's helpers are stubbed when the
# package is absent.)
bash --norc -c '
  _init_completion() { cur=${COMP_WORDS[COMP_CWORD]}; prev=${COMP_WORDS[COMP_CWORD-1]};
                       words=("${COMP_WORDS[@]}"); cword=$COMP_CWORD; }
  _filedir() { :; }
  source "$1"
  try() { COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMPREPLY=(); _loadlab; echo "${COMPREPLY[*]}"; }
  [ "$(try loadlab rep)" = "reproduce" ] || { echo "completion: loadlab rep -> $(try loadlab rep)"; exit 1; }
  [ "$(try loadlab run --en)" = "--engine" ] || { echo "completion: --en"; exit 1; }
  [ "$(try loadlab run --engine "")" = "central nodes" ] || { echo "completion: engines"; exit 1; }
' bash "$P/share/bash-completion/completions/loadlab" || fail "bash completion"

# The .desktop entry: valid, runs the installed app, opens the MIME type the XML declares.
desktop=$P/share/applications/loadlab.desktop
if command -v desktop-file-validate >/dev/null; then
  desktop-file-validate "$desktop" | grep -v "hint:" | grep . && fail "desktop-file-validate"
fi
grep -q '^Categories=.*Education;Science;' "$desktop" || fail "Categories"
grep -q '^Icon=loadlab$' "$desktop" || fail "Icon"
grep -q '^TryExec=loadlab-app$' "$desktop" || fail "TryExec"
python3 - "$desktop" "$P/share/mime/packages/loadlab.xml" <<'PY'
import sys, xml.etree.ElementTree as ET
entry = dict(l.rstrip("\n").split("=", 1) for l in open(sys.argv[1]) if "=" in l)
ns = {"m": "http://www.freedesktop.org/standards/shared-mime-info"}
types = ET.parse(sys.argv[2]).getroot().findall("m:mime-type", ns)
assert [t.get("type") + ";" for t in types] == [entry["MimeType"]], entry["MimeType"]
assert [g.get("pattern") for g in types[0].findall("m:glob", ns)] == ["*.loadlab.json"]
PY
# Exec as the desktop launches it (field code %f = the double-clicked file): the app gets
# --scenario FILE, and no argument at all when started from the menu.
exec_line=$(sed -n 's/^Exec=//p' "$desktop")
python3 - "$exec_line" "$tmp/argv" <<'PY'
import sys
# Desktop Entry Specification: unescape the string value (\\ -> \), then split arguments at
# spaces; inside "...", a backslash escapes ", `, $ and \.
value = sys.argv[1].replace("\\\\", "\\")
args, cur, quoted, i, started = [], "", False, 0, False
while i < len(value):
    c = value[i]
    if quoted and c == "\\" and i + 1 < len(value) and value[i + 1] in '"`$\\':
        cur += value[i + 1]
        i += 2
        continue
    if c == '"':
        quoted, started = not quoted, True
    elif c == " " and not quoted:
        if started or cur:
            args.append(cur)
        cur, started = "", False
    else:
        cur += c
    i += 1
assert not quoted, "unbalanced quotes in Exec"
if started or cur:
    args.append(cur)
open(sys.argv[2], "w").write("\0".join(args))
PY
run_exec() {  # run_exec FILE-or-empty: the Exec line with %f expanded, loadlab-app replaced by a probe
  local probe=$tmp/probe/loadlab-app
  mkdir -p "$tmp/probe"
  printf '#!/bin/sh\nfor a in "$@"; do printf "[%%s]" "$a"; done\n' >"$probe"
  chmod +x "$probe"
  local args=()
  while IFS= read -r -d '' a; do
    if [ "$a" = %f ]; then [ -n "$1" ] && args+=("$1"); else args+=("$a"); fi
  done < <(cat "$tmp/argv"; printf '\0')
  PATH=$tmp/probe:$PATH "${args[@]}"
}
[ "$(run_exec "/x y/a.loadlab.json")" = "[--scenario][/x y/a.loadlab.json]" ] ||
  fail "Exec with a file gives $(run_exec "/x y/a.loadlab.json")"
[ "$(run_exec "")" = "" ] || fail "Exec without a file gives $(run_exec "")"

# The installed app renders the installed example under xvfb.
if command -v xvfb-run >/dev/null; then
  LIBGL_ALWAYS_SOFTWARE=1 xvfb-run -a -s "-screen 0 800x600x24" "$P/bin/loadlab-app" \
    --scenario "$P/share/doc/loadlab/examples/cube3.json" --frames 10 \
    --screenshot "$tmp/app.png" --size 800x600 >/dev/null
  python3 - "$tmp/app.png" <<'PY'
import struct, sys
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
assert struct.unpack(">II", data[16:24]) == (800, 600)
PY
fi

# Uninstall: removing every file of install_manifest.txt leaves no file in the prefix.
xargs -d '\n' rm -f <"$build/install_manifest.txt"
left=$(find "$P" -type f -o -type l)
[ -z "$left" ] || fail "files left after removing the manifest: $left"
rm -rf "$P"

# The Debian package.
cpack --config "$build/CPackConfig.cmake" -B "$tmp/cpack" >/dev/null
deb=$(ls "$tmp"/cpack/loadlab_*.deb)
[ "$(dpkg-deb -f "$deb" Package)" = loadlab ] || fail "package name"
depends=$(dpkg-deb -f "$deb" Depends)
for dep in libc6 libglfw3 zlib1g fonts-dejavu-core; do
  [[ ",$depends," == *"$dep"* ]] || fail "Depends lacks $dep: $depends"
done
dpkg -x "$deb" "$tmp/root"
[ -e "$tmp/root/usr/share/applications/loadlab.desktop" ] || fail ".deb lacks the .desktop entry"
"$tmp/root/usr/bin/loadlab" validate "$tmp/root/usr/share/doc/loadlab/examples/cube3.json" >/dev/null
if compgen -G "$tmp/root/usr/lib/python3/dist-packages/loadlab.cpython-*.so" >/dev/null; then
  PYTHONPATH=$tmp/root/usr/lib/python3/dist-packages python3 -c \
    'import loadlab, sys; sys.exit(0 if "dag" in loadlab.kinds() else 1)'
fi
echo "install test: ok ($(basename "$deb"), Depends: $depends)"
