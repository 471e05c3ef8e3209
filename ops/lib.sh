# shellcheck shell=bash
# Helpers shared by ops/run, ops/test and ops/tribune. Source it, don't run it.
#
# Every function returns non-zero on failure (and says why on stderr) instead of exiting, so that
# ops/test, which runs without `set -e`, can count a stage that could not run as a failure.

TRIBUNE_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export TRIBUNE_ROOT

# The Rust build cache lives outside the clone, so a fresh clone (CI) reuses it.
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-${HOME:-/tmp}/.cache/tribune-target}"
# TRIBUNE_PROFILE picks the server's build: release (ops/run, ops/cluster, ops/fuzz; the default) or
# dev. ops/test uses dev: its rust stage has built that binary already, so a cold cache (a new CI
# machine) does not spend most of CI's time on a second, optimised build of every crate.
TRIBUNE_PROFILE="${TRIBUNE_PROFILE:-release}"
case $TRIBUNE_PROFILE in
  release) TRIBUNE_BIN="$CARGO_TARGET_DIR/release/tribune" ;;
  dev) TRIBUNE_BIN="$CARGO_TARGET_DIR/debug/tribune" ;;
  *) printf 'error: TRIBUNE_PROFILE is release or dev, not %s\n' "$TRIBUNE_PROFILE" >&2; return 2 ;;
esac
# rustup puts cargo in ~/.cargo/bin, which a non-login shell may not have on its PATH.
if ! command -v cargo >/dev/null 2>&1 && [[ -x ${HOME:-/nonexistent}/.cargo/bin/cargo ]]; then
  PATH="$HOME/.cargo/bin:$PATH"
fi

# The OS user that owns the private PostgreSQL cluster when we are root (PostgreSQL refuses root).
TRIBUNE_PG_OS_USER="${TRIBUNE_PG_OS_USER:-postgres}"
TRIBUNE_PG_DIR="$TRIBUNE_ROOT/.data/pg"   # port, log, socket dir, and the cluster itself in data/
TRIBUNE_PG_STARTED=0                      # 1 when this process started the cluster (and so stops it)
TRIBUNE_PG_PRIVATE=0                      # 1 when DATABASE_URL points at that private cluster

log() { printf '==> %s\n' "$*" >&2; }
warn() { printf 'warning: %s\n' "$*" >&2; }
err() { printf 'error: %s\n' "$*" >&2; }

# ---------------------------------------------------------------------------------------------
# Ports, URLs, processes

# A TCP port on 127.0.0.1 that nobody listens on right now.
free_port() {
  python3 -c 'import socket
s = socket.socket()
s.bind(("127.0.0.1", 0))
print(s.getsockname()[1])
s.close()'
}

# True when we could listen on 127.0.0.1:$1.
port_is_free() {
  python3 -c 'import socket, sys
s = socket.socket()
s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
try:
    s.bind(("127.0.0.1", int(sys.argv[1])))
except OSError:
    sys.exit(1)' "$1"
}

# $1 if it is free, else some free port.
port_or_free() {
  if port_is_free "$1"; then echo "$1"; else free_port; fi
}

# wait_port PORT [SECONDS] [PID]: until something accepts TCP connections on 127.0.0.1:PORT.
# Gives up early when PID (the process that should listen) has died.
wait_port() {
  local port=$1 secs=${2:-30} pid=${3:-}
  python3 - "$port" "$secs" "$pid" <<'EOF'
import os, socket, sys, time
port, secs, pid = int(sys.argv[1]), float(sys.argv[2]), sys.argv[3]
end = time.time() + secs
while time.time() < end:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
        sys.exit(0)
    except OSError:
        pass
    if pid:
        try:
            os.kill(int(pid), 0)
        except ProcessLookupError:
            sys.exit(2)
    time.sleep(0.2)
sys.exit(1)
EOF
}

# wait_http URL [SECONDS] [PID]: until URL answers 200.
wait_http() {
  local url=$1 secs=${2:-60} pid=${3:-}
  python3 - "$url" "$secs" "$pid" <<'EOF'
import os, sys, time, urllib.request
url, secs, pid = sys.argv[1], float(sys.argv[2]), sys.argv[3]
end = time.time() + secs
while time.time() < end:
    try:
        with urllib.request.urlopen(url, timeout=2) as r:
            if r.status == 200:
                sys.exit(0)
    except Exception:
        pass
    if pid:
        try:
            os.kill(int(pid), 0)
        except ProcessLookupError:
            sys.exit(2)
    time.sleep(0.25)
sys.exit(1)
EOF
}

# url_with_db URL NAME: the same connection URL with another database name.
url_with_db() {
  python3 -c 'import sys, urllib.parse as u
p = u.urlsplit(sys.argv[1])
print(u.urlunsplit(p._replace(path="/" + sys.argv[2])))' "$1" "$2"
}

# redact_url URL: the URL without its password, for logs.
redact_url() {
  python3 -c 'import sys, urllib.parse as u
p = u.urlsplit(sys.argv[1])
if p.password is not None:
    p = p._replace(netloc=p.netloc.replace(":" + p.password + "@", ":***@", 1))
print(u.urlunsplit(p))' "$1"
}

# start_bg LOGFILE CMD…: run CMD in the background in its own process group (so stop_pid can stop
# it with whatever it spawned), output to LOGFILE ("-" keeps our stdout). Sets BG_PID.
start_bg() {
  local logfile=$1
  shift
  if [[ $logfile == - ]]; then setsid "$@" & else setsid "$@" >"$logfile" 2>&1 & fi
  BG_PID=$!
}

# stop_pid PID [NAME]: TERM, wait up to 10 s, then KILL; the whole process group when PID leads
# one (start_bg). Only ever a PID this script started.
stop_pid() {
  local pid=${1:-} name=${2:-process} i target
  [[ -n $pid ]] || return 0
  kill -0 "$pid" 2>/dev/null || { wait "$pid" 2>/dev/null; return 0; }
  target=$pid
  [[ $(ps -o pgid= -p "$pid" 2>/dev/null | tr -d ' ') != "$pid" ]] || target=-$pid
  kill -TERM -- "$target" 2>/dev/null || true
  for ((i = 0; i < 50; i++)); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.2
  done
  if kill -0 "$pid" 2>/dev/null; then
    warn "$name (pid $pid) did not stop on TERM; killing it"
    kill -KILL -- "$target" 2>/dev/null || true
  elif [[ $target == -* ]]; then
    kill -KILL -- "$target" 2>/dev/null || true # what it left behind in its group
  fi
  wait "$pid" 2>/dev/null
  return 0
}

# ---------------------------------------------------------------------------------------------
# Installs

# npm_ci_if_needed DIR: npm ci when node_modules is missing or package(-lock).json changed since.
npm_ci_if_needed() {
  local dir=$1 stamp sum
  if [[ ! -f $dir/package.json ]]; then err "$dir/package.json is missing"; return 1; fi
  if [[ ! -f $dir/package-lock.json ]]; then err "$dir/package-lock.json is missing (npm ci needs it)"; return 1; fi
  stamp="$dir/node_modules/.tribune-installed"
  sum=$(cat "$dir/package-lock.json" "$dir/package.json" | sha256sum | cut -d' ' -f1)
  if [[ -f $stamp && $(cat "$stamp") == "$sum" ]]; then return 0; fi
  log "npm ci in ${dir#"$TRIBUNE_ROOT"/}"
  (cd "$dir" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund) || { err "npm ci failed in $dir"; return 1; }
  echo "$sum" >"$stamp"
}

# The Python venv for test helpers (SMTP sink, …): ops/.venv from ops/requirements.txt.
# ensure_venv [VENV REQUIREMENTS]: another venv from another pinned list (ops/cluster's S3 stand-in).
TRIBUNE_VENV="$TRIBUNE_ROOT/ops/.venv"
# shellcheck disable=SC2120 # its arguments are optional
ensure_venv() {
  local venv=${1:-$TRIBUNE_VENV} req=${2:-$TRIBUNE_ROOT/ops/requirements.txt} stamp sum
  stamp="$venv/.tribune-installed"
  sum=$(sha256sum <"$req" | cut -d' ' -f1)
  if [[ -f $stamp && $(cat "$stamp") == "$sum" ]] && "$venv/bin/python" -c '' 2>/dev/null; then
    return 0
  fi
  log "creating the Python venv ${venv#"$TRIBUNE_ROOT"/} from ${req#"$TRIBUNE_ROOT"/}"
  rm -rf "$venv"
  python3 -m venv "$venv" || { err "python3 -m venv failed"; return 1; }
  "$venv/bin/pip" install --disable-pip-version-check --quiet -r "$req" || { err "pip install failed"; return 1; }
  echo "$sum" >"$stamp"
}

# ensure_debian_package PROGRAM PACKAGE: installs PACKAGE with apt-get unless PROGRAM (a path)
# is there already. The one place the scripts install from Debian.
ensure_debian_package() {
  local program=$1 package=$2
  [[ -x $program ]] && return 0
  local sudo=()
  if [[ $EUID -ne 0 ]]; then
    if ! command -v sudo >/dev/null 2>&1; then err "$program is missing and we are not root: apt-get install $package"; return 1; fi
    sudo=(sudo -n)
  fi
  log "installing Debian's $package (apt-get install $package)"
  local apt=("${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 -y -q)
  "${apt[@]}" install "$package" || { "${apt[@]}" update && "${apt[@]}" install "$package"; } || {
    err "apt-get install $package failed"
    return 1
  }
  [[ -x $program ]] || { err "$package installed but $program is missing"; return 1; }
}

# Debian's Chromium for Playwright (a test tool's own browser download cannot work here).
ensure_chromium() { ensure_debian_package /usr/bin/chromium chromium; }

# start_smtp_sink MAILDIR [LOGFILE]: aiosmtpd on a free 127.0.0.1 port, storing every message it
# receives in the Maildir MAILDIR (new/ holds one file per message). Sets SMTP_SINK_PORT, SMTP_SINK_PID.
start_smtp_sink() {
  local dir=$1 logfile=${2:-/dev/null}
  SMTP_SINK_PID=""
  SMTP_SINK_PORT=$(free_port) || return 1
  mkdir -p "$dir/tmp" "$dir/new" "$dir/cur" || return 1
  start_bg "$logfile" "$TRIBUNE_VENV/bin/python" -m aiosmtpd -n -l "127.0.0.1:$SMTP_SINK_PORT" \
    -c aiosmtpd.handlers.Mailbox "$dir"
  SMTP_SINK_PID=$BG_PID
  if ! wait_port "$SMTP_SINK_PORT" 20 "$SMTP_SINK_PID"; then
    [[ $logfile == /dev/null ]] || cat "$logfile" >&2
    err "the SMTP sink did not start"
    return 1
  fi
}

# The keys every stand-in Stripe run uses: localstripe takes any sk_/pk_ key.
# shellcheck disable=SC2034 # read by the scripts that source this file
LOCALSTRIPE_SECRET_KEY=sk_test_tribune
# shellcheck disable=SC2034 # read by the scripts that source this file
LOCALSTRIPE_PUBLISHABLE_KEY=pk_test_tribune

# start_localstripe [LOGFILE]: localstripe (the Stripe stand-in) on a free 127.0.0.1 port, with
# no state from an earlier run. Sets LOCALSTRIPE_PORT, LOCALSTRIPE_URL, LOCALSTRIPE_PID.
start_localstripe() {
  local logfile=${1:-/dev/null}
  LOCALSTRIPE_PID=""
  LOCALSTRIPE_PORT=$(free_port) || return 1
  LOCALSTRIPE_URL="http://127.0.0.1:$LOCALSTRIPE_PORT"
  start_bg "$logfile" "$TRIBUNE_VENV/bin/localstripe" --port "$LOCALSTRIPE_PORT" --from-scratch
  LOCALSTRIPE_PID=$BG_PID
  if ! wait_port "$LOCALSTRIPE_PORT" 30 "$LOCALSTRIPE_PID"; then
    [[ $logfile == /dev/null ]] || cat "$logfile" >&2
    err "localstripe did not start"
    return 1
  fi
}

# localstripe_webhook URL SECRET: localstripe signs and sends its PaymentIntent events to URL.
localstripe_webhook() {
  curl -fsS -X POST "$LOCALSTRIPE_URL/_config/webhooks/tribune" \
    --data-urlencode "url=$1" --data-urlencode "secret=$2" >/dev/null
}

# ---------------------------------------------------------------------------------------------
# Builds

# QZ Tray's certificate and key for the demo and the browser tests: a self-signed pair made once
# in $1 (default .data/qz) with openssl, exported as TRIBUNE_QZ_CERT and TRIBUNE_QZ_KEY unless they
# are set already (a real pair: see the README, 'Receipt printing').
# shellcheck disable=SC2120 # its argument is optional
qz_demo_keys() {
  [[ -z ${TRIBUNE_QZ_CERT:-} || -z ${TRIBUNE_QZ_KEY:-} ]] || return 0
  local dir=${1:-$TRIBUNE_ROOT/.data/qz}
  if [[ ! -s $dir/qz.crt || ! -s $dir/qz.key ]]; then
    command -v openssl >/dev/null 2>&1 || ensure_debian_package /usr/bin/openssl openssl || return 1
    mkdir -p "$dir"
    log "making a self-signed QZ Tray certificate for the demo ($dir)"
    openssl req -x509 -newkey rsa:2048 -nodes -days 3650 -subj "/CN=Tribune demo/O=Tribune" \
      -keyout "$dir/qz.key" -out "$dir/qz.crt" >/dev/null 2>&1 || return 1
    chmod 600 "$dir/qz.key"
  fi
  export TRIBUNE_QZ_CERT="$dir/qz.crt" TRIBUNE_QZ_KEY="$dir/qz.key"
}

build_webapp() {
  npm_ci_if_needed "$TRIBUNE_ROOT/webapp" || return 1
  log "building the webapp (npm run build)"
  (cd "$TRIBUNE_ROOT/webapp" && npm run build) || { err "webapp build failed"; return 1; }
}

build_server() {
  # The dev binary is built the way `cargo test --workspace` builds it (with the tests' features);
  # `cargo build -p tribune-api` would unify features differently and rebuild half the tree.
  local build=(cargo build --release -p tribune-api)
  [[ $TRIBUNE_PROFILE == release ]] || build=(cargo test --workspace --no-run)
  log "building the server (${build[*]} → $TRIBUNE_BIN)"
  (cd "$TRIBUNE_ROOT" && "${build[@]}") || { err "cargo build failed"; return 1; }
  [[ -x $TRIBUNE_BIN ]] || { err "the build did not produce $TRIBUNE_BIN"; return 1; }
}

# ---------------------------------------------------------------------------------------------
# PostgreSQL

# The directory holding initdb, pg_ctl, postgres and psql: $PG_BIN, else the newest Debian
# /usr/lib/postgresql/*/bin, else wherever initdb is on the PATH.
pg_bin_dir() {
  if [[ -n ${PG_BIN:-} ]]; then echo "$PG_BIN"; return 0; fi
  local dirs=() d
  for d in /usr/lib/postgresql/*/bin; do [[ -x $d/initdb ]] && dirs+=("$d"); done
  if ((${#dirs[@]})); then printf '%s\n' "${dirs[@]}" | sort -V | tail -n 1; return 0; fi
  if command -v initdb >/dev/null 2>&1; then dirname "$(readlink -f "$(command -v initdb)")"; return 0; fi
  return 1
}

# psql for ad-hoc SQL: the one beside the server binaries, else the one on the PATH.
tribune_psql() {
  local bin
  bin=$(pg_bin_dir 2>/dev/null) && [[ -x $bin/psql ]] && { "$bin/psql" "$@"; return $?; }
  psql "$@"
}

# Run a command as the cluster's owner: ourselves, or TRIBUNE_PG_OS_USER when we are root.
_pg_as_owner() {
  if [[ $EUID -eq 0 ]]; then
    (cd / && runuser -u "$TRIBUNE_PG_OS_USER" -- "$@")
  else
    "$@"
  fi
}

# As root: make sure the owner exists and can reach $TRIBUNE_PG_DIR (execute bit on every parent).
_pg_prepare_owner() {
  [[ $EUID -eq 0 ]] || return 0
  if ! id -u "$TRIBUNE_PG_OS_USER" >/dev/null 2>&1; then
    log "creating the system user $TRIBUNE_PG_OS_USER to own the private PostgreSQL"
    useradd --system --user-group --no-create-home --home-dir /nonexistent \
      --shell /usr/sbin/nologin "$TRIBUNE_PG_OS_USER" || { err "useradd $TRIBUNE_PG_OS_USER failed"; return 1; }
  fi
  local dir dirs=()
  dir=$(dirname "$TRIBUNE_PG_DIR")
  while [[ $dir != / ]]; do
    dirs=("$dir" "${dirs[@]}")
    dir=$(dirname "$dir")
  done
  for dir in "${dirs[@]}"; do # from the top down
    if ! runuser -u "$TRIBUNE_PG_OS_USER" -- test -x "$dir" 2>/dev/null; then
      log "chmod o+x $dir (so $TRIBUNE_PG_OS_USER can reach .data/pg)"
      chmod o+x "$dir" || { err "cannot chmod o+x $dir"; return 1; }
    fi
  done
  chown "$TRIBUNE_PG_OS_USER:" "$TRIBUNE_PG_DIR" || return 1
  if [[ -d $TRIBUNE_PG_DIR/data && $(stat -c %U "$TRIBUNE_PG_DIR/data") != "$TRIBUNE_PG_OS_USER" ]]; then
    chown -R "$TRIBUNE_PG_OS_USER:" "$TRIBUNE_PG_DIR" || return 1
  fi
}

# The port of the running cluster, or nothing (and status 1) when it is not running.
# Removes a postmaster.pid whose process is gone or is not this cluster's postmaster.
_pg_running_port() {
  local data="$TRIBUNE_PG_DIR/data" pidfile pid
  pidfile="$data/postmaster.pid"
  [[ -f $pidfile ]] || return 1
  pid=$(sed -n 1p "$pidfile")
  if [[ $pid =~ ^[0-9]+$ ]] && [[ -d /proc/$pid ]] &&
    [[ $(cat "/proc/$pid/comm" 2>/dev/null) == postgres* ]] &&
    { [[ ! -r /proc/$pid/cwd ]] || [[ $(readlink -f "/proc/$pid/cwd") == "$(readlink -f "$data")" ]]; }; then
    sed -n 4p "$pidfile"
    return 0
  fi
  log "removing a stale postmaster.pid (pid $pid is not running this cluster)"
  rm -f "$pidfile"
  return 1
}

_pg_write_conf() {
  local port=$1 data="$TRIBUNE_PG_DIR/data" sock="$TRIBUNE_PG_DIR/run" sockval
  # A Unix socket path must stay under 108 bytes; very deep clones go without one (TCP is what we use).
  if ((${#sock} + 20 < 108)); then sockval=${sock//\'/\'\'}; else sockval=""; fi
  cat >"$data/tribune.conf" <<EOF
# Written by ops/lib.sh at every start; edit ops/lib.sh instead.
listen_addresses = '127.0.0.1'
port = $port
unix_socket_directories = '$sockval'
max_connections = 300
# A development and test cluster: speed over durability. Never keep real data here.
fsync = off
synchronous_commit = off
full_page_writes = off
EOF
  grep -q "^include_if_exists = 'tribune.conf'" "$data/postgresql.conf" ||
    echo "include_if_exists = 'tribune.conf'" >>"$data/postgresql.conf"
  [[ $EUID -ne 0 ]] || chown "$TRIBUNE_PG_OS_USER:" "$data/tribune.conf"
}

_ensure_private_pg_locked() {
  local base="$TRIBUNE_PG_DIR" data="$TRIBUNE_PG_DIR/data" port bin major locale b
  bin=$(pg_bin_dir) || { err "no PostgreSQL server binaries found (looked in /usr/lib/postgresql/*/bin and the PATH; set PG_BIN)"; return 1; }
  for b in initdb pg_ctl postgres psql; do
    [[ -x $bin/$b ]] || { err "$bin/$b is missing"; return 1; }
  done
  _pg_prepare_owner || return 1

  if [[ ! -f $data/PG_VERSION ]]; then
    rm -rf "$data" # an interrupted initdb leaves a half-made directory
    locale=C
    if locale -a 2>/dev/null | grep -qiE '^c\.utf-?8$'; then locale=C.UTF-8; fi
    log "creating a private PostgreSQL cluster in .data/pg (initdb, locale $locale)"
    _pg_as_owner mkdir -p "$data" "$base/run" || return 1
    if ! LC_ALL=C _pg_as_owner "$bin/initdb" -D "$data" -A trust -U postgres -E UTF8 --locale="$locale" \
      >"$base/initdb.log" 2>&1; then
      cat "$base/initdb.log" >&2
      err "initdb failed"
      return 1
    fi
  fi
  _pg_as_owner mkdir -p "$base/run" || return 1

  major=$("$bin/postgres" --version | sed -E 's/.* ([0-9]+)(\.[0-9]+)*.*/\1/')
  if [[ $(cat "$data/PG_VERSION") != "$major" ]]; then
    err ".data/pg was made by PostgreSQL $(cat "$data/PG_VERSION") but $bin is $major: remove .data/pg (it is only demo data) or set PG_BIN"
    return 1
  fi

  if port=$(_pg_running_port); then
    log "reusing the private PostgreSQL already running on 127.0.0.1:$port"
  else
    port=$(cat "$base/port" 2>/dev/null || true)
    if ! [[ $port =~ ^[0-9]+$ ]] || ! port_is_free "$port"; then port=$(free_port) || return 1; fi
    echo "$port" >"$base/port"
    _pg_write_conf "$port" || return 1
    rm -f "$base"/run/.s.PGSQL.* # stale socket and lock files of a cluster that is not running
    log "starting the private PostgreSQL on 127.0.0.1:$port (log: .data/pg/postgres.log)"
    # setsid: a Ctrl-C in the terminal reaches us, and we stop the cluster after the server.
    # The lock's file descriptor is closed for it, or the postmaster would hold the lock for good.
    if ! (exec {TRIBUNE_PG_LOCKFD}>&- && _pg_as_owner setsid -w "$bin/pg_ctl" start -D "$data" -l "$base/postgres.log" -w -t 60 -s); then
      tail -n 30 "$base/postgres.log" >&2
      err "PostgreSQL did not start"
      return 1
    fi
    TRIBUNE_PG_STARTED=1
  fi
  if ! "$bin/pg_isready" -q -h 127.0.0.1 -p "$port" -t 30; then
    err "PostgreSQL on 127.0.0.1:$port does not answer"
    return 1
  fi

  local psql=("$bin/psql" -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$port" -U postgres -d postgres)
  if [[ $("${psql[@]}" -tA -c "SELECT 1 FROM pg_database WHERE datname = 'tribune'") != 1 ]]; then
    log "creating the database tribune"
    "${psql[@]}" -c 'CREATE DATABASE tribune' || return 1
  fi

  TRIBUNE_PG_PORT=$port
  TRIBUNE_PG_PRIVATE=1
  DATABASE_URL="postgres://postgres@127.0.0.1:$port/tribune"
  printf '%s' "$DATABASE_URL" >"$TRIBUNE_ROOT/.data/database_url"
  export DATABASE_URL TRIBUNE_PG_PORT
}

# ensure_pg: DATABASE_URL when it is set; otherwise start (or reuse) the private cluster in
# .data/pg, create the database tribune in it, write its owner URL to .data/database_url (where the
# tribune binary looks when DATABASE_URL is unset) and export DATABASE_URL.
# Sets TRIBUNE_PG_STARTED=1 when it started the cluster; stop_pg_if_started undoes exactly that.
ensure_pg() {
  TRIBUNE_PG_STARTED=0
  # shellcheck disable=SC2034 # read by ops/test
  TRIBUNE_PG_PRIVATE=0
  if [[ -n ${DATABASE_URL:-} ]]; then
    log "using DATABASE_URL=$(redact_url "$DATABASE_URL")"
    export DATABASE_URL
    return 0
  fi
  mkdir -p "$TRIBUNE_PG_DIR" || return 1
  local rc=0
  exec {TRIBUNE_PG_LOCKFD}>"$TRIBUNE_ROOT/.data/pg.lock"
  flock "$TRIBUNE_PG_LOCKFD"
  _ensure_private_pg_locked || rc=$?
  exec {TRIBUNE_PG_LOCKFD}>&-
  return "$rc"
}

# Stop the private cluster, but only if this process started it; the data stays for the next run.
stop_pg_if_started() {
  [[ ${TRIBUNE_PG_STARTED:-0} == 1 ]] || return 0
  TRIBUNE_PG_STARTED=0
  local bin
  bin=$(pg_bin_dir) || return 0
  log "stopping the private PostgreSQL (data kept in .data/pg)"
  _pg_as_owner "$bin/pg_ctl" stop -D "$TRIBUNE_PG_DIR/data" -m fast -w -s || true
}
