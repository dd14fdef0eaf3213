# Shared by Scripts/postgres.sh and Scripts/local-stack.sh (sourced; the caller defines `die`).

# True when something listens on 127.0.0.1:$1.
port_in_use() {
    (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

# Prints a free TCP port on 127.0.0.1, or dies: random from 20000 up to below the kernel's
# ephemeral range (where outgoing connections take their local ports: a server binding one of
# those can fail with "Address already in use" although nothing listens there).
free_port() {
    local port _ low=32768 range
    if range="$(cat /proc/sys/net/ipv4/ip_local_port_range 2>/dev/null)"; then
        low="${range%%[[:space:]]*}"
    fi
    (( low > 21000 )) || low=30000
    for _ in $(seq 1 200); do
        port=$(( 20000 + RANDOM % (low - 20000) ))
        if ! port_in_use "$port"; then
            printf '%s\n' "$port"
            return 0
        fi
    done
    die "no free TCP port found on 127.0.0.1"
}
