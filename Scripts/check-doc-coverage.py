#!/usr/bin/env python3
"""Lists public symbols of a symbol graph without a doc comment; exits 1 if there are any.

Usage: Scripts/check-doc-coverage.py <dir with Module.symbols.json> <Module>
Only symbols declared in Sources/<Module>/ count: what the module inherits from the standard
library or Foundation is documented there.
"""
import json, os, sys

directory, module = sys.argv[1], sys.argv[2]
missing = []
for name in sorted(os.listdir(directory)):
    if not (name == f"{module}.symbols.json" or name.startswith(f"{module}@")):
        continue
    graph = json.load(open(os.path.join(directory, name)))
    overrides = {r["source"] for r in graph.get("relationships", []) if r["kind"] == "overrides"}
    for symbol in graph["symbols"]:
        if symbol.get("accessLevel") not in ("public", "open"):
            continue
        uri = symbol.get("location", {}).get("uri", "")
        if f"/Sources/{module}/" not in uri:
            continue  # declared elsewhere (the standard library, Foundation): documented there
        if symbol.get("docComment") or symbol["identifier"]["precise"] in overrides:
            continue
        path = ".".join(symbol["pathComponents"])
        location = symbol.get("location", {}).get("uri", "").split("/Sources/")[-1]
        missing.append(f"{location}: {symbol['kind']['displayName']} {path}")
for line in missing:
    print("undocumented:", line)
print(f"{len(missing)} undocumented public symbol(s) in {module}")
sys.exit(1 if missing else 0)
