#!/usr/bin/env bash
# PgBouncer in transaction mode on this machine, in front of the local PostgreSQL: what the
# federation's site runs behind (federation.md "More than one machine"). Used by .ci/run and
# bench/cluster.py; installs Debian's pgbouncer when missing (as root).
#   deploy/pgbouncer/local.sh start [PORT]   # default 6432; idempotent
#   deploy/pgbouncer/local.sh stop  [PORT]
set -euo pipefail
action="${1:-start}"
port="${2:-6432}"
dir="/tmp/doko-pgbouncer-$port"

if [ "$action" = stop ]; then
  [ -f "$dir/pgbouncer.pid" ] && kill "$(cat "$dir/pgbouncer.pid")" 2>/dev/null || true
  exit 0
fi

if ! command -v pgbouncer >/dev/null 2>&1 && [ ! -x /usr/sbin/pgbouncer ]; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq pgbouncer >/dev/null
  else
    echo "pgbouncer missing: sudo apt-get install pgbouncer" >&2
    exit 1
  fi
fi
PGBOUNCER="$(command -v pgbouncer || echo /usr/sbin/pgbouncer)"

if pg_isready -q -h 127.0.0.1 -p "$port" 2>/dev/null; then
  exit 0  # already running
fi

mkdir -p "$dir"
cat >"$dir/userlist.txt" <<USERS
"postgres" ""
USERS
cat >"$dir/pgbouncer.ini" <<INI
[databases]
* = host=127.0.0.1 port=5432

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $port
unix_socket_dir =
auth_type = trust
auth_file = $dir/userlist.txt
pool_mode = transaction
max_client_conn = 500
default_pool_size = 20
ignore_startup_parameters = extra_float_digits,options
admin_users = postgres
logfile = $dir/pgbouncer.log
pidfile = $dir/pgbouncer.pid
INI
chown -R postgres "$dir" 2>/dev/null || true
if [ "$(id -u)" = 0 ]; then
  "$PGBOUNCER" -d -u postgres "$dir/pgbouncer.ini"
else
  "$PGBOUNCER" -d "$dir/pgbouncer.ini"
fi
for _ in $(seq 1 30); do
  pg_isready -q -h 127.0.0.1 -p "$port" && exit 0
  sleep 0.2
done
echo "pgbouncer did not start: $dir/pgbouncer.log" >&2
tail -5 "$dir/pgbouncer.log" >&2 || true
exit 1
