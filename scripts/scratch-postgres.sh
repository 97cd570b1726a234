#!/usr/bin/env bash
# A throwaway PostgreSQL cluster in a folder of its own, for tests that stop and start the
# database under a running server (tests/faults/leadStoreOutage.test.ts). Never the shared
# cluster of scripts/ci-postgres.sh, which other tests use meanwhile. Loopback only, trust
# authentication, no fsync: nothing in it outlives the test.
#
#   scripts/scratch-postgres.sh create DIR PORT   initialise and start; prints the connection URL
#   scripts/scratch-postgres.sh start DIR         start again (waits until it accepts connections)
#   scripts/scratch-postgres.sh stop DIR          fast shutdown: connections are cut, as in an outage
#   scripts/scratch-postgres.sh remove DIR        stop if running, delete the folder
#
# Exit status 3: no PostgreSQL server binaries here (PG_BINDIR, else Debian's /usr/lib/postgresql/*/bin).
set -euo pipefail

bindir="${PG_BINDIR:-$(find /usr/lib/postgresql -mindepth 2 -maxdepth 2 -name bin -type d 2>/dev/null | sort -V | tail -n 1)}"
if [ -z "$bindir" ] || [ ! -x "$bindir/pg_ctl" ] || [ ! -x "$bindir/initdb" ]; then
  echo "no PostgreSQL server binaries (set PG_BINDIR, or apt-get install postgresql)" >&2
  exit 3
fi

# initdb and postgres refuse to run as root: as root (CI) they run as Debian's postgres user.
as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

command="${1:?command: create, start, stop or remove}"
dir="${2:?the folder of the cluster}"
case "$command" in
  create)
    port="${3:?a free port}"
    mkdir -p "$dir"
    if [ "$(id -u)" = 0 ]; then chown postgres: "$dir"; fi
    as_owner "$bindir/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --locale=C --no-sync >/dev/null
    printf "%s\n" "listen_addresses = '127.0.0.1'" "port = $port" "unix_socket_directories = '$dir'" \
      "fsync = off" "synchronous_commit = off" "full_page_writes = off" | as_owner tee -a "$dir/data/postgresql.conf" >/dev/null
    as_owner "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 start >/dev/null
    echo "postgres://postgres@127.0.0.1:${port}/postgres"
    ;;
  start) as_owner "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 start >/dev/null ;;
  stop) as_owner "$bindir/pg_ctl" -D "$dir/data" -m fast -w -t 60 stop >/dev/null ;;
  remove)
    if [ -f "$dir/data/postmaster.pid" ]; then as_owner "$bindir/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null || true; fi
    rm -rf "$dir"
    ;;
  *)
    echo "unknown command $command (create, start, stop or remove)" >&2
    exit 2
    ;;
esac
