#!/usr/bin/env python3
"""neon-local's memory under a long load (BENCHMARKS.md "neon-local memory over 30,000 queries").

    Scripts/soak-memory.py QUERIES STEP [CONCURRENCY] [--new-connections]

Sends QUERIES copies of the soak's request (the generated FetchJourneyDuas, journey 1, raw-text
array mode: what SoakTests sends) to the running local stack's neon-local (NEON_LOCAL_ENDPOINT,
NEON_DATABASE_URL, NEON_LOCAL_PID: `eval "$(Scripts/local-stack.sh start)"`) on CONCURRENCY
(default 8) keep-alive connections, and prints neon-local's VmRSS (/proc/PID/status) after every
STEP answered queries, as `queries<TAB>rss_kb<TAB>seconds`. `--new-connections` opens a connection
per request instead (a per-connection leak shows there). Every answer must be 200 with the same
(non-empty) rows as the first.
Loopback only; stops after QUERIES queries.
"""
import http.client
import json
import os
import sys
import threading
import time
import urllib.parse

SQL = """SELECT jd.dua_id, jd.time_slot, jd.sort_order, d.title_en, d.title_ar, d.arabic_text, d.transliteration,
       d.translation_en, d.source, d.repetitions, d.xp_value, d.rizq_benefit, d.prophetic_context, d.difficulty,
       c.slug AS category_slug
FROM journey_duas jd
JOIN duas d ON d.id = jd.dua_id
LEFT JOIN categories c ON c.id = d.category_id
WHERE jd.journey_id = $1
ORDER BY jd.sort_order ASC"""


def rss_kb(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def main():
    arguments = [a for a in sys.argv[1:] if not a.startswith("--")]
    new_connections = "--new-connections" in sys.argv
    if len(arguments) < 2:
        sys.exit(__doc__)
    total, step = int(arguments[0]), int(arguments[1])
    concurrency = int(arguments[2]) if len(arguments) > 2 else 8
    endpoint = urllib.parse.urlsplit(os.environ["NEON_LOCAL_ENDPOINT"])
    if endpoint.hostname not in ("127.0.0.1", "localhost"):
        sys.exit("loopback endpoints only")
    pid = int(os.environ["NEON_LOCAL_PID"])
    body = json.dumps({"query": SQL, "params": ["1"]}).encode()
    headers = {"Content-Type": "application/json", "Neon-Connection-String": os.environ["NEON_DATABASE_URL"],
               "Neon-Raw-Text-Output": "true", "Neon-Array-Mode": "true"}
    lock = threading.Lock()
    state = {"issued": 0, "done": 0, "errors": 0}
    start = time.monotonic()
    print(f"0\t{rss_kb(pid)}\t0.0", flush=True)

    def worker():
        connection = None
        while True:
            with lock:
                if state["issued"] >= total:
                    break
                state["issued"] += 1
            try:
                if connection is None:
                    connection = http.client.HTTPConnection(endpoint.hostname, endpoint.port, timeout=60)
                connection.request("POST", endpoint.path, body=body,
                                   headers=dict(headers, Connection="close") if new_connections else headers)
                response = connection.getresponse()
                payload = response.read()
                rows = json.loads(payload)["rows"] if response.status == 200 else None
                with lock:
                    expected = state.setdefault("rows", rows)
                ok = bool(rows) and rows == expected
                if not ok:
                    print(f"error: {response.status} {payload[:200]!r}", file=sys.stderr)
                if new_connections or response.will_close:
                    connection.close()
                    connection = None
            except Exception as error:  # counted, reported at the end
                ok = False
                print(f"error: {error}", file=sys.stderr)
                connection = None
            with lock:
                state["done"] += 1
                state["errors"] += 0 if ok else 1
                if state["done"] % step == 0:
                    print(f"{state['done']}\t{rss_kb(pid)}\t{time.monotonic() - start:.1f}", flush=True)

    threads = [threading.Thread(target=worker) for _ in range(concurrency)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    print(f"# {state['done']} queries, {state['errors']} errors, {time.monotonic() - start:.1f} s", flush=True)
    sys.exit(1 if state["errors"] else 0)


if __name__ == "__main__":
    main()
