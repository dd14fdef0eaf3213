-- name: NotesDeletedFlags :many
-- expect: id Int, deleted Bool, gone Int, kept String
-- params: (none)
-- why: `::` after NOTNULL / ISNULL / IS NULL casts the whole test (gram.y reduces the postfix form
-- first): `x NOTNULL::int` is `(x NOTNULL)::int`, in the select list and in WHERE.
SELECT id, (deleted_at NOTNULL)::bool AS deleted, deleted_at ISNULL::int AS gone, deleted_at IS NOT NULL::text AS kept
FROM notes
WHERE (deleted_at NOTNULL)::bool OR deleted_at IS NULL::bool;

-- name: NotesTruthCasts :many
-- expect: id Int, ranked Int, listed Int, matched Int, normal Bool, decomposed Bool, same Bool
-- params: ids [Int]
-- why: casts after IS [NOT] TRUE, [NOT] IN (...), op ANY (...); IS [NOT] [form] NORMALIZED is
-- is_normalized(body[, form]); IS DISTINCT FROM binds looser than ::.
SELECT id, (rank > 0) IS TRUE::int AS ranked, id IN (1, 2)::int AS listed, id = ANY(@ids::bigint[])::int AS matched,
       body IS NORMALIZED AS normal, body IS NOT NFD NORMALIZED AS decomposed, rank IS NOT DISTINCT FROM 1::int AS same
FROM notes;

-- name: NotesCollatedCast :many
-- expect: label String
-- params: (none)
-- why: a cast after COLLATE casts the collated value.
SELECT body COLLATE "C"::text AS label FROM notes ORDER BY 1;

-- name: TaggedNotesMatching :many
-- expect: id Int, tags [String]
-- params: filter [String]
-- why: the view's '{}' is text[] (the other branch's type), so && with a text[] resolves.
SELECT id, tags FROM tagged_notes WHERE tags && @filter::text[];

-- name: NestedTags :many
-- expect: tags [String]?
-- params: (none)
-- why: pairwise through a nested UNION: NULL meets tags first (text[]), then '{}' meets text[].
SELECT tags FROM nested_tags;

-- name: TagsOrParameter :many
-- expect: tags [String]
-- params: extra [String]
-- why: an untyped parameter as a UNION branch's output takes the other branch's type.
SELECT @extra AS tags UNION SELECT tags FROM notes;

-- name: TagsOrLiteralLast :many
-- expect: tags [String]
-- params: (none)
-- why: the literal may be in any branch; INTERSECT binds tighter than UNION.
SELECT tags FROM notes UNION SELECT '{a}' INTERSECT SELECT tags FROM notes;

-- name: TagsInCte :many
-- expect: tags [String]
-- params: (none)
-- why: a set operation inside a CTE resolves the same way.
WITH all_tags AS (SELECT '{}' AS tags UNION ALL SELECT tags FROM notes)
SELECT tags FROM all_tags WHERE tags @> '{x}';

-- name: TagsInSubquery :many
-- expect: tags [String]?
-- params: (none)
-- why: and inside a FROM subquery.
SELECT s.tags FROM (SELECT NULL AS tags UNION SELECT tags FROM notes) AS s WHERE cardinality(s.tags) > 0;

-- name: CopyNoteTags :exec
-- expect: (none)
-- params: (none)
-- why: INSERT ... SELECT of a set operation: the column is text[], which the tags column takes.
INSERT INTO notes (id, body, tags) SELECT 1, 'a', '{}' UNION SELECT id + 100, body, tags FROM notes;

-- name: GroupedWithSubqueries :many
-- expect: note_id Int, links Int, heaviest Int?
-- params: (none)
-- why: subqueries may use the grouped column, and a column inside an aggregate.
SELECT l.note_id, count(*) AS links,
       (SELECT max(w.weight) FROM note_links AS w WHERE w.note_id = l.note_id) AS heaviest
FROM note_links AS l
GROUP BY l.note_id
HAVING EXISTS (SELECT 1 FROM notes AS n WHERE n.id = l.note_id)
ORDER BY (SELECT count(*) FROM note_links AS w WHERE w.note_id = l.note_id);

-- name: GroupedByPrimaryKey :many
-- expect: id Int, body String, link_weight Int?
-- params: (none)
-- why: grouping by the primary key groups every column of its table (functional dependency).
SELECT n.id, n.body, (SELECT sum(l.weight) FROM note_links AS l WHERE l.note_id = n.id AND n.rank IS NULL)::int AS link_weight
FROM notes AS n JOIN note_links AS k ON k.note_id = n.id
GROUP BY n.id;

-- name: DistinctOrderedByListed :many
-- expect: rank Int?, lowered String
-- params: (none)
-- why: SELECT DISTINCT may order by its output names, positions and listed expressions.
SELECT DISTINCT n.rank, lower(n.body) AS lowered FROM notes AS n ORDER BY n.rank, lower(n.body), 2;

-- name: TagsFromLimitedBranches :many
-- expect: tags [String]?
-- params: (none)
-- why: a parenthesized branch with its own LIMIT or OFFSET is still a leaf: its untyped output
-- takes the other branch's type.
(SELECT '{}' AS tags LIMIT 1) UNION SELECT tags FROM notes UNION (SELECT NULL OFFSET 0);
