#!/usr/bin/env python3
"""Writes a synthetic downstream target for Scripts/bench-build-loop.sh: a schema of TABLES tables
and QUERIES annotated queries spread over FILES query files (reads by id, lists, inserts with
RETURNING, updates, counts), deterministic for a given size.

  build_loop_project.py DIR QUERIES FILES
"""
import os
import sys


def main() -> int:
    if len(sys.argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    directory, queries, files = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    tables = max(4, queries // 10)
    os.makedirs(os.path.join(directory, "schema"), exist_ok=True)
    with open(os.path.join(directory, "schema", "001_tables.sql"), "w") as schema:
        schema.write("CREATE TYPE item_state AS ENUM ('draft', 'live', 'archived');\n\n")
        for t in range(tables):
            reference = f"    parent_id integer REFERENCES table_{t - 1} (id),\n" if t > 0 else ""
            schema.write(
                f"CREATE TABLE table_{t} (\n"
                f"    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,\n"
                f"{reference}"
                f"    name text NOT NULL,\n"
                f"    note text,\n"
                f"    amount numeric(12, 2) NOT NULL DEFAULT 0,\n"
                f"    score integer NOT NULL DEFAULT 0,\n"
                f"    state item_state NOT NULL DEFAULT 'draft',\n"
                f"    created_at timestamptz NOT NULL DEFAULT now()\n"
                f");\n\n")
    per_file = [queries // files + (1 if f < queries % files else 0) for f in range(files)]
    number = 0
    for f in range(files):
        with open(os.path.join(directory, f"queries_{f:03d}.sql"), "w") as out:
            for _ in range(per_file[f]):
                t = number % tables
                shape = number % 5
                out.write(f"-- name: Query{number:04d} :{['one', 'many', 'one', 'exec', 'one'][shape]}\n")
                out.write(f"-- Query {number} of the synthetic project.\n")
                if shape == 0:
                    out.write(f"SELECT id, name, note, amount, score, state, created_at FROM table_{t} WHERE id = @id;\n\n")
                elif shape == 1:
                    out.write(f"SELECT id, name, score FROM table_{t} WHERE state = @state AND score >= @min_score ORDER BY score DESC LIMIT @limit;\n\n")
                elif shape == 2:
                    out.write(f"INSERT INTO table_{t} (name, note, amount) VALUES (@name, @note, @amount) RETURNING id, created_at;\n\n")
                elif shape == 3:
                    out.write(f"UPDATE table_{t} SET score = score + @points, note = @note WHERE id = @id;\n\n")
                else:
                    out.write(f"SELECT count(*) AS total, max(score) AS best FROM table_{t} WHERE created_at > @since;\n\n")
                number += 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
