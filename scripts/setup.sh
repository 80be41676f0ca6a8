#!/usr/bin/env bash
# Installs everything LoadLab's build and tests need on Debian 12, and nothing when all is present.
# Usage: scripts/setup.sh [--no-browser]   (run as root, or with sudo available)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi

pkgs=(build-essential cmake ninja-build pkg-config git
      emscripten nodejs npm libglfw3-dev libgl-dev nlohmann-json3-dev doctest-dev liblemon-dev
      libcli11-dev libbenchmark-dev zlib1g-dev chromium xvfb xauth libgl1-mesa-dri dpkg-dev
      libmetis-dev libeigen3-dev libspectra-dev libtbb-dev libopenmpi-dev openmpi-bin
      clang-14 clang-format-14 libclang-rt-14-dev ccache xdotool python3-xlib fonts-dejavu-core fonts-inter
      pybind11-dev python3-dev desktop-file-utils brotli)
missing=()
for p in "${pkgs[@]}"; do
  # nodejs/npm may come from another source (nodesource ships npm inside nodejs)
  if [ "$p" = npm ] && command -v npm >/dev/null; then continue; fi
  if [ "$p" = nodejs ] && command -v node >/dev/null; then continue; fi
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

need_src=0
[ -f third_party/imgui-1.86/imgui.h ] || need_src=1

if [ ${#missing[@]} -gt 0 ] || [ $need_src = 1 ]; then
  if [ $need_src = 1 ] && ! grep -rqs "deb-src" /etc/apt/sources.list.d/ /etc/apt/sources.list; then
    echo "setup: adding a bookworm deb-src entry for Dear ImGui's sources"
    $SUDO tee /etc/apt/sources.list.d/loadlab-src.sources >/dev/null <<'SRC'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
  fi
  $SUDO apt-get update -qq
fi
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
if [ $need_src = 1 ]; then
  echo "setup: fetching Dear ImGui 1.86 sources into third_party/"
  mkdir -p third_party
  (cd third_party && apt-get source -qq --download-only imgui=1.86* >/dev/null 2>&1 || apt-get source -qq --download-only imgui >/dev/null)
  (cd third_party && dpkg-source -x --skip-debianization imgui_1.86*.dsc imgui-1.86 >/dev/null 2>&1 || dpkg-source -x imgui_*.dsc imgui-1.86 >/dev/null)
  rm -f third_party/imgui_* 2>/dev/null || true
  test -f third_party/imgui-1.86/imgui.h
fi
# emcc's optimizer needs acorn from /usr/share/nodejs; emcc's cache must be writable.
if [ ! -d node_modules/playwright-core ]; then
  echo "setup: installing playwright-core from npm"
  npm install --no-audit --no-fund --silent >/dev/null
fi
echo "setup: ok"
