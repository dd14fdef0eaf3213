#!/usr/bin/env python3
"""SQL written by other people through our generator: sqlc's end-to-end PostgreSQL cases.

For every PostgreSQL case of sqlc's `internal/endtoend/testdata` (read from a git clone at run
time, never copied into this repository) this script extracts the schema and query files the
case's sqlc.json/sqlc.yaml names (or schema.sql and query.sql), loads the schema into a fresh
database, asks PostgreSQL about each query and compares with `neon-sql-gen describe`
(Scripts/lib/sqlc_differential.py does all of that; Scripts/realapps_differential.py does the same
for real applications).

It prints a report: cases, queries PostgreSQL accepts, queries we reject (the worst bug), type
disagreements, each grouped into categories. See docs/strangers-differential.md.
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
import sqlc_differential as diff  # noqa: E402

TESTDATA = "internal/endtoend/testdata/"


def discover_cases(tree):
    """[(case name, [schema paths], [query paths])] for every PostgreSQL package."""
    directories = sorted(set(os.path.dirname(f) for f in tree.files))
    cases = []
    for directory in directories:
        config_path = next((f"{directory}/{n}" for n in diff.CONFIG_NAMES if f"{directory}/{n}" in tree.files), None)
        if config_path:
            packages = diff.packages_of_config(tree, config_path)
        elif f"{directory}/schema.sql" in tree.files and f"{directory}/query.sql" in tree.files:
            packages = [(0, [f"{directory}/schema.sql"], [f"{directory}/query.sql"])]
        else:
            continue
        for index, schema_files, query_files in packages:
            if schema_files and query_files:
                name = directory[len(TESTDATA):] + (f"#{index}" if len(packages) > 1 else "")
                cases.append((name, schema_files, query_files))
    return cases


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--mirror", required=True, help="sqlc's git directory (bare is fine)")
    parser.add_argument("--revision", default="HEAD")
    parser.add_argument("--generator", required=True, help="the neon-sql-gen binary")
    parser.add_argument("--url", required=True, help="admin URL of the test PostgreSQL")
    parser.add_argument("--psql", default="psql")
    parser.add_argument("--filter", default="", help="only cases whose path contains this")
    parser.add_argument("--json", help="also write every finding as JSON to this file")
    parser.add_argument("--keep", action="store_true", help="keep the extracted cases (their path is printed)")
    parser.add_argument("--all", action="store_true", help="do not skip cases identical to an earlier one")
    arguments = parser.parse_args()

    tree = diff.GitTree(arguments.mirror, arguments.revision, TESTDATA)
    tree.files = set(f for f in tree.files if "/postgresql/" in f)
    psql = diff.PSQL(arguments.psql, arguments.url)
    cases = [c for c in discover_cases(tree) if arguments.filter in c[0]]
    work = diff.temporary_work_directory("strangers-")
    findings = diff.Findings()
    seen = set()

    for number, (case, schema_paths, query_paths) in enumerate(cases):
        schema_texts = [diff.migration_up_part(tree.read(p)) for p in schema_paths]
        query_texts = [tree.read(p) for p in query_paths]
        key = diff.case_key(schema_texts, query_texts)
        if key in seen and not arguments.all:
            findings.figures["duplicate cases skipped"] += 1
            continue
        seen.add(key)
        findings.figures["cases"] += 1
        diff.run_case(findings, psql, arguments.generator, work, number, "sqlc", case,
                      schema_texts, schema_paths, query_texts, query_paths, keep=arguments.keep)
        f = findings.figures
        print(f"[{f['cases']}] {case}: accepted {f['queries PostgreSQL accepts']}, "
              f"we reject {f['queries we reject']}, disagreements {len(findings.disagreements)}", file=sys.stderr)

    diff.finish(findings, work, arguments.keep, arguments.json)


if __name__ == "__main__":
    main()
