#!/usr/bin/env bash
# Debian's PostgreSQL for the leads store tests (decision 008): installs it when
# missing, starts a cluster, creates the `leads` role and the `leads_test` database, and prints
# the connection URL. Run as root on a Debian machine (CI); idempotent.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive

if ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
  apt-get update -qq >&2
  apt-get install -y -qq --no-install-recommends postgresql >/dev/null
fi

version="$(ls /usr/lib/postgresql | sort -V | tail -n 1)"
if ! pg_lsclusters -h | awk '{print $1" "$2}' | grep -qx "$version main"; then
  pg_createcluster "$version" main >&2
fi
port="$(pg_lsclusters -h | awk -v v="$version" '$1 == v && $2 == "main" {print $3}')"
status="$(pg_lsclusters -h | awk -v v="$version" '$1 == v && $2 == "main" {print $4}')"
if [ "$status" != "online" ]; then
  pg_ctlcluster "$version" main start >&2
fi

# Role and database for the tests; password authentication over 127.0.0.1 (Debian's default).
runuser -u postgres -- psql -q -v ON_ERROR_STOP=1 -p "$port" >&2 <<'SQL'
DO $$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'leads') THEN
    CREATE ROLE leads LOGIN PASSWORD 'leads';
  END IF;
END $$;
SQL
if ! runuser -u postgres -- psql -p "$port" -tAc "SELECT 1 FROM pg_database WHERE datname = 'leads_test'" | grep -q 1; then
  runuser -u postgres -- createdb -p "$port" -O leads leads_test >&2
fi

echo "postgres://leads:leads@127.0.0.1:${port}/leads_test"
