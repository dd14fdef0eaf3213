# Shared by Scripts/postgres.sh and Scripts/standby.sh: where the PostgreSQL server programs are,
# and how to run them as the unprivileged `postgres` user. Source it; it defines functions only.

# Prints Debian's server bin directory (15 first, else the newest) holding initdb and pg_ctl.
find_bin_dir() {
    local dir
    for dir in /usr/lib/postgresql/15/bin $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
        if [[ -x "$dir/initdb" && -x "$dir/pg_ctl" ]]; then
            printf '%s\n' "$dir"
            return 0
        fi
    done
    return 1
}

# As root, PostgreSQL must run as the unprivileged `postgres` user (initdb refuses root).
as_pg_user() {
    if [[ "$(id -u)" == 0 ]]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}
