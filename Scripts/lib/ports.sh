# Shared by Scripts/postgres.sh and Scripts/local-stack.sh (sourced; the caller defines `die`).

# True when something listens on 127.0.0.1:$1.
port_in_use() {
    (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

# Prints a free TCP port on 127.0.0.1 (random in 20000-49999), or dies.
free_port() {
    local port _
    for _ in $(seq 1 200); do
        port=$(( 20000 + RANDOM % 30000 ))
        if ! port_in_use "$port"; then
            printf '%s\n' "$port"
            return 0
        fi
    done
    die "no free TCP port found on 127.0.0.1"
}
