--- schema.sql
CREATE TYPE mood AS ENUM ('happy', 'sad');
CREATE DOMAIN positive_int AS integer CHECK (VALUE > 0);
CREATE TABLE notes (
    id integer PRIMARY KEY,
    n integer,
    big bigint,
    amount numeric,
    title text,
    label varchar(40),
    tags text[],
    vtags varchar[],
    doc jsonb,
    feeling mood,
    score positive_int
);
--- queries.sql
-- name: DocFromTags :exec
UPDATE notes SET doc = tags WHERE id = @id;
-- name: ArrayIntoJSONB :exec
INSERT INTO notes (id, tags, doc) VALUES (1, '{}', ARRAY['a']);
-- name: UnknownCoalesce :exec
UPDATE notes SET n = COALESCE(@s, NULL);
-- name: SecondRow :exec
INSERT INTO notes (id, n) VALUES (1, 2), (2, 'a'::text);
-- name: FromSelect :exec
INSERT INTO notes (id, doc) SELECT id, tags AS t FROM notes;
-- name: FromUnion :exec
INSERT INTO notes (id, n) SELECT 1, 'x' UNION SELECT 2, 'y';
-- name: FromStar :exec
INSERT INTO notes (id, n) SELECT * FROM (VALUES (1, 'x')) v;
-- name: RowOfValues :exec
UPDATE notes SET (n, doc) = (1, (tags));
-- name: RowFromSubquery :exec
UPDATE notes SET (n, doc) = (SELECT 1, tags FROM notes LIMIT 1);
-- name: Upsert :exec
INSERT INTO notes (id, doc) VALUES (1, '{}') ON CONFLICT (id) DO UPDATE SET doc = excluded.tags;
-- name: ScalarSubquery :exec
UPDATE notes SET n = (SELECT title FROM notes LIMIT 1);
-- name: EnumFromText :exec
UPDATE notes SET feeling = title;
-- name: DomainFromText :exec
UPDATE notes SET score = title || 'x';
-- name: Widen :exec
UPDATE notes SET big = n, amount = n, n = amount, label = title, title = n, doc = '{"a": 1}', tags = vtags,
    feeling = 'happy', score = n, vtags = NULL;
-- name: Narrow :exec
UPDATE notes SET n = score, title = feeling, doc = '{}'::json, big = amount, amount = 1.5, label = feeling;
-- name: InsertAccepted :exec
INSERT INTO notes (id, n, big, title, doc, feeling, score) VALUES (1, 2.5, 3, 4, '[]', 'sad', 5), (@id, NULL, NULL, NULL, NULL, NULL, NULL);
-- name: InsertSelectAccepted :exec
INSERT INTO notes (id, n, big, title, feeling) SELECT 1, '2', amount, doc, 'happy' FROM notes;
-- name: UnionTypedByOtherBranch :exec
INSERT INTO notes (id, n) SELECT 1, '1' UNION SELECT 2, 3;
-- name: UpsertAccepted :exec
INSERT INTO notes (id, doc) VALUES (@id, @doc) ON CONFLICT (id) DO UPDATE SET doc = excluded.doc, tags = excluded.vtags;
--- expected
queries.sql:2:24: error: column "doc" is of type jsonb but expression is of type text[]
queries.sql:4:52: error: column "doc" is of type jsonb but expression is of type text[]
queries.sql:6:22: error: column "n" is of type integer but expression is of type text
queries.sql:8:46: error: column "n" is of type integer but expression is of type text
queries.sql:10:40: error: column "doc" is of type jsonb but expression is of type text[]
queries.sql:12:37: error: column "n" is of type integer but expression is of type text
queries.sql:14:34: error: column "n" is of type integer but expression is of type text
queries.sql:16:34: error: column "doc" is of type jsonb but expression is of type text[]
queries.sql:18:40: error: column "doc" is of type jsonb but expression is of type text[]
queries.sql:20:83: error: column "doc" is of type jsonb but expression is of type text[]
queries.sql:22:22: error: column "n" is of type integer but expression is of type text
queries.sql:24:28: error: column "feeling" is of type mood but expression is of type text
queries.sql:26:26: error: column "score" is of type positive_int but expression is of type text
