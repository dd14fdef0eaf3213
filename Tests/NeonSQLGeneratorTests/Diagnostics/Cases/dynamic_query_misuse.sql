--- schema.sql
CREATE TABLE duas (id int PRIMARY KEY, title text NOT NULL, category_id int, xp int NOT NULL, tags text[] NOT NULL DEFAULT '{}',
                   meta json);
--- queries.sql
-- name: UnknownOptional :many
-- @optional category, xp
SELECT id FROM duas WHERE category_id = @category_id AND xp >= @xp;

-- name: ConjunctUnderOr :many
-- @optional tag
SELECT id FROM duas WHERE xp > 10 OR @tag = ANY (tags);

-- name: OptionalInTheSelectList :many
-- @optional label
SELECT id, @label::text AS label FROM duas WHERE title = @label;

-- name: SortKeyThatDoesNotExist :many
-- @sort order: title, nope DESC
SELECT id, title FROM duas ORDER BY @order;

-- name: SortKeysNamedAlike :many
-- @sort order: title, duas.title
SELECT id, title FROM duas ORDER BY @order;

-- name: SortKeyWithoutOrdering :many
-- @sort order: title, meta
SELECT id, title, meta FROM duas ORDER BY @order;

-- name: OrderByAParameter :many
SELECT id FROM duas ORDER BY @column;

-- name: PatchOnANonSetUse :execrows
-- @patch xp
UPDATE duas SET title = @title WHERE xp = @xp;

-- name: PatchOnCopyFrom :copyfrom
-- @patch title
INSERT INTO duas (id, title, xp) VALUES (@id, @title, @xp);
--- expected
queries.sql:2:14: error: '-- @optional' names no parameter of this query: 'category'
queries.sql:7:27: error: an optional parameter is under OR at the top of this WHERE condition: leaving it out would leave out the whole condition; put the OR in parentheses to mean that, or make the filter a conjunct of its own (... AND x = @p)
queries.sql:11:12: error: optional parameter @label is used outside a WHERE, HAVING or JOIN ... ON condition, so it cannot be left out; use it only in conditions, or remove it from '-- @optional'
queries.sql:14:24: error: column "nope" does not exist
queries.sql:17:1: error: sort keys 'title' and 'duas.title' of '-- @sort order' would both be the case 'title' of SortKeysNamedAlikeOrder; write one differently (ASC, NULLS LAST, ...)
queries.sql:22:24: error: could not identify an ordering operator for type json: the '-- @sort order' key 'meta' cannot sort
queries.sql:26:30: error: ORDER BY a parameter sorts by a constant; to choose the order per call, add '-- @sort column: key, key DESC, ...' under the annotation
queries.sql:30:43: error: '-- @patch' names @xp, which is not only the value of SET assignments (SET column = @xp): a kept value must leave nothing else behind
queries.sql:32:1: error: '-- @optional' and '-- @patch' leave out parts of a condition or a SET list; a ':copyfrom' INSERT has neither
