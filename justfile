# Tribune's entry points for those who have `just`. Without it, ops/run and ops/test are the whole
# set-up (see README.md); every recipe here is a thin call into ops/ or cargo/npm.

set shell := ["bash", "-euo", "pipefail", "-c"]

# List the recipes.
default:
    @just --list

# Build and run Tribune with its demo data on http://localhost:8080 (TRIBUNE_PORT overrides).
run:
    ops/run

# Run every test, or some stages: `just test`, `just test rust`, `just test web e2e`.
test *stages:
    ops/test {{ stages }}

# Benchmarks: the replay rate over 240,000 events with transaction ids of 1 to 7 digits (target
# ≥ 50,000 events/s), then (target p95 < 50 ms) the company list of a 10,000-company club among
# 100,000 companies, the orders list of a club with 200,000 orders made through the command path,
# the contract boards and list over 22,000 contracts, and the finance dashboard's six widgets over
# 100,000 invoices, with the replay rate of the async `finance` projection (target ≥ 50,000 events/s),
# and the booking rush: 500 buyers on one event of 10,000 places through the public booking
# (target ≥ 1,000 bookings/s, p99 < 250 ms, 0 oversold), the same rush through HAProxy on a
# cluster of one node and of two with fsync on (0 oversold held, speed printed beside), seat
# holds and the season, and the gate:
# 8 scanners at 200 scans/s for 60 s on an event of 50,000 tickets (target p99 < 20 ms, 0 tickets
# accepted twice). Last the public site on a phone: the JavaScript per public route (fails above
# its limit) and, when a server runs, the slow phone's times (target: an event page within 3 s).
bench:
    #!/usr/bin/env bash
    set -euo pipefail
    source ops/lib.sh
    ensure_pg
    trap stop_pg_if_started EXIT
    cargo bench -p tribune-projections --bench replay
    cargo bench -p tribune-api --bench companies
    cargo bench -p tribune-api --bench orders
    cargo bench -p tribune-api --bench contracts
    cargo bench -p tribune-api --bench invoices
    # The rush in this process (fsync off), then through HAProxy on a production-shaped cluster
    # (fsync and synchronous commit on) of one node and of two: printed side by side below.
    record=$(mktemp)
    BENCH_RECORD=$record cargo bench -p tribune-api --bench rush
    trap 'ops/cluster down || true; stop_pg_if_started' EXIT
    for nodes in 1 2; do
      ops/cluster up --nodes "$nodes" --fresh
      BENCH_TARGET_URL=$(ops/cluster url) BENCH_DATABASE_URL=$(ops/cluster owner-url) \
        BENCH_LABEL="$nodes node(s) via HAProxy, fsync on" BENCH_RECORD=$record \
        cargo bench -p tribune-api --bench rush
      ops/cluster down
    done
    trap stop_pg_if_started EXIT
    printf '\n%-34s %12s %9s %9s %9s\n' rush bookings/s 'p50 ms' 'p99 ms' oversold
    while IFS=$'\t' read -r label rate p50 p99 oversold _; do
      printf '%-34s %12s %9s %9s %9s\n' "$label" "$rate" "$p50" "$p99" "$oversold"
    done < "$record"
    rm -f "$record"
    cargo bench -p tribune-api --bench seats
    cargo bench -p tribune-api --bench season
    cargo bench -p tribune-api --bench gate
    cargo bench -p tribune-api --bench pos
    cargo bench -p tribune-api --bench newsletters
    # The public site's weight: JavaScript per public route against its budget (a fresh build),
    # then the slow phone's times on a running server (TRIBUNE_BENCH_URL, default ops/run's).
    (cd webapp && npm run build && node scripts/budget.mjs)
    if curl -fsS -o /dev/null "${TRIBUNE_BENCH_URL:-http://localhost:8080}/healthz"; then \
      node webapp/scripts/slowphone.mjs "${TRIBUNE_BENCH_URL:-http://localhost:8080}"; \
    else \
      echo "slow phone: no server at ${TRIBUNE_BENCH_URL:-http://localhost:8080} (start one with ops/run)"; \
    fi

# Fuzz the API: schemathesis over /api/openapi.json as the demo admin, against the release server on
# a fresh database, bounded in cases and time; fails on any 5xx. `just fuzz --max-examples 5 --max-time 120`.
fuzz *args:
    ops/fuzz {{ args }}

# Rebuild read tables from the events: `just replay` (all) or `just replay <projection>`.
replay projection="all":
    ops/tribune replay {{ projection }}

# Recompute every aggregate's hash chain; fails naming the first broken link.
audit:
    ops/tribune audit verify

# Migrate, then seed the demo data (only into an empty database).
seed:
    ops/tribune migrate
    ops/tribune seed-demo

# Run the migrations in schema/.
migrate:
    ops/tribune migrate

# Format Rust (cargo fmt) and the webapp (prettier).
fmt:
    #!/usr/bin/env bash
    set -euo pipefail
    source ops/lib.sh
    cargo fmt --all
    npm_ci_if_needed "$TRIBUNE_ROOT/webapp"
    cd webapp
    if [[ -n $(node -p 'require("./package.json").scripts?.format ?? ""') ]]; then npm run format; else npx prettier --write .; fi

# Lint Rust (clippy, warnings are errors), the ops scripts (shellcheck) and the webapp (eslint).
lint:
    #!/usr/bin/env bash
    set -euo pipefail
    source ops/lib.sh
    cargo clippy --workspace --all-targets -- -D warnings
    ensure_debian_package /usr/bin/shellcheck shellcheck
    shellcheck -x ops/run ops/test ops/tribune ops/fuzz ops/cluster ops/lib.sh .ci/run
    npm_ci_if_needed "$TRIBUNE_ROOT/webapp"
    cd webapp
    if [[ -n $(node -p 'require("./package.json").scripts?.lint ?? ""') ]]; then npm run lint; else npx eslint .; fi
