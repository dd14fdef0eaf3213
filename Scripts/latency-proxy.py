#!/usr/bin/env python3
"""A TCP proxy that emulates a network round trip: every chunk is delayed by a fixed time in each
direction (this kernel has no `tc netem`), and each new connection pays a setup cost in round
trips (TCP's handshake and TLS 1.3's, as Neon's HTTPS endpoint has them). It counts the
connections it accepts, for the latency benchmark (Benchmarks/Sources/LatencyBenchmark).

    Scripts/latency-proxy.py --upstream 127.0.0.1:4444 [--delay-ms 25] [--setup-rtts 2]
                             [--port-file FILE] [--stats-file FILE]

It listens on 127.0.0.1 on a free port, prints the port (and writes it to --port-file), and
rewrites --stats-file with `connections=<n>` after every accepted connection. Stop it with SIGTERM.
"""
import argparse
import asyncio
import os
import signal
import sys


class Stats:
    def __init__(self, path):
        self.path = path
        self.connections = 0

    def accepted(self):
        self.connections += 1
        if self.path:
            temporary = self.path + ".tmp"
            with open(temporary, "w") as handle:
                handle.write(f"connections={self.connections}\n")
            os.replace(temporary, self.path)


async def pump(reader, writer, delay, first_extra):
    """Copies reader to writer, each chunk `delay` seconds (plus `first_extra` for the first) after it arrived."""
    loop = asyncio.get_running_loop()
    queue = asyncio.Queue()

    async def deliver():
        while True:
            due, data = await queue.get()
            if data is None:
                break
            wait = due - loop.time()
            if wait > 0:
                await asyncio.sleep(wait)
            writer.write(data)
            await writer.drain()
        try:
            writer.write_eof()
        except (OSError, RuntimeError):
            pass

    delivery = asyncio.create_task(deliver())
    extra = first_extra
    try:
        while True:
            data = await reader.read(65536)
            if not data:
                break
            queue.put_nowait((loop.time() + delay + extra, data))
            extra = 0.0
    except (ConnectionError, OSError):
        pass
    queue.put_nowait((loop.time() + delay, None))
    try:
        await delivery
    except (ConnectionError, OSError):
        pass


async def serve_connection(client_reader, client_writer, upstream, delay, setup, stats):
    stats.accepted()
    host, port = upstream
    try:
        server_reader, server_writer = await asyncio.open_connection(host, port)
    except OSError:
        client_writer.close()
        return
    # The connection's setup (TCP, then TLS) happens before the first request byte can leave.
    await asyncio.gather(
        pump(client_reader, server_writer, delay, setup),
        pump(server_reader, client_writer, delay, 0.0),
    )
    for writer in (client_writer, server_writer):
        try:
            writer.close()
        except OSError:
            pass


async def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--upstream", required=True, help="HOST:PORT of neon-local")
    parser.add_argument("--delay-ms", type=float, default=25.0, help="delay each way (one RTT is twice this)")
    parser.add_argument("--setup-rtts", type=float, default=2.0, help="round trips a new connection costs (TCP + TLS 1.3: 2)")
    parser.add_argument("--port-file")
    parser.add_argument("--stats-file")
    arguments = parser.parse_args()
    host, _, port = arguments.upstream.rpartition(":")
    delay = arguments.delay_ms / 1000.0
    setup = arguments.setup_rtts * 2 * delay
    stats = Stats(arguments.stats_file)
    if arguments.stats_file:
        with open(arguments.stats_file, "w") as handle:
            handle.write("connections=0\n")
    server = await asyncio.start_server(
        lambda r, w: serve_connection(r, w, (host, int(port)), delay, setup, stats), "127.0.0.1", 0)
    bound = server.sockets[0].getsockname()[1]
    if arguments.port_file:
        with open(arguments.port_file, "w") as handle:
            handle.write(f"{bound}\n")
    print(bound, flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    async with server:
        await stop.wait()


if __name__ == "__main__":
    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        sys.exit(0)
