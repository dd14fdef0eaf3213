--- schema.sql
CREATE TABLE events (id bigint PRIMARY KEY, kind text NOT NULL, score integer NOT NULL, trace uuid NOT NULL, at timestamptz NOT NULL);
--- queries.sql
-- name: EveryVersion :many
SELECT kind, any_value(score) AS sample, array_shuffle(array_agg(id)) AS shuffled, random_normal() AS noise,
       to_oct(max(score)) AS octal, random(1, 6) AS die, uuid_extract_version(min(trace::text)::uuid) AS version
FROM events GROUP BY kind;


--- expected
