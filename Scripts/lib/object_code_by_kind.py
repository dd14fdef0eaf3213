#!/usr/bin/env python3
"""Sums the machine code of generated Swift by the kind of declaration each function belongs to
(BENCHMARKS.md "First build of a large target's generated code"): the function symbols of every
object file in DIR (`nm -S`), demangled (`swift demangle --simplified`), grouped by name patterns
of the generated code (row structs, client properties, `Queries` methods, factories, thunks).
Sizes and counts do not depend on the machine's load, unlike compile times.

  object_code_by_kind.py DIR     (e.g. the out-new directory of Scripts/bench-first-build.sh --keep)
"""
import collections
import glob
import re
import subprocess
import sys


def kind(name: str) -> str:
    if "reabstraction thunk" in name or name.startswith("thunk for") or "partial apply for thunk" in name:
        return "reabstraction thunks"
    if re.search(r"(assignWith|initializeWith|destroy for|initializeBuffer|EnumTagSinglePayload)", name):
        return "row value witnesses"
    if "metadata" in name:
        return "metadata"
    if re.search(r"Row\.(__derived_struct_equals|hash\(into|hashValue|==)", name) or "Equatable in" in name or "Hashable" in name:
        return "row Hashable"
    if re.search(r"Row\.init\(from:", name) or "decodeIfPresent" in name:
        return "row init(from:)"
    if "Row.columns" in name:
        return "row columns"
    if re.search(r"Row\.init\(", name):
        return "row memberwise init"
    if re.search(r"Row\.\w+\.(getter|setter|modify)", name) or ("Row." in name and "variable initialization" in name):
        return "row accessors"
    if "QueryClientObserve." in name:
        return "client observation properties"
    if "QueryClient." in name:
        return "client query properties"
    if "QueriesObserve." in name:
        return "Queries.Observe methods"
    if "Queries." in name:
        return "Queries methods"
    if re.search(r"Statement(s|Factories)\.", name):
        return "statement factories"
    return "other"


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    symbols = []
    for path in sorted(glob.glob(sys.argv[1] + "/*.o")):
        for line in subprocess.run(["nm", "-S", path], capture_output=True, text=True, check=True).stdout.splitlines():
            parts = line.split()
            if len(parts) == 4 and parts[2] in "Tt":
                symbols.append((int(parts[1], 16), parts[3]))
    names = subprocess.run(["swift", "demangle", "--simplified"], input="\n".join(s for _, s in symbols),
                           capture_output=True, text=True, check=True).stdout.splitlines()
    totals = collections.defaultdict(lambda: [0, 0])
    for (size, _), name in zip(symbols, names):
        totals[kind(name)][0] += size
        totals[kind(name)][1] += 1
    for name, (size, count) in sorted(totals.items(), key=lambda item: -item[1][0]):
        print(f"{name:32s} {size:10,d} bytes {count:7,d} functions")
    print(f"{'all':32s} {sum(v[0] for v in totals.values()):10,d} bytes {sum(v[1] for v in totals.values()):7,d} functions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
