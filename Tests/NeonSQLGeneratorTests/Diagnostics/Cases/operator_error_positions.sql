--- schema.sql
CREATE TABLE shapes (id integer PRIMARY KEY, at point, label text NOT NULL, size numeric);
--- queries.sql
-- name: DistinctFromPoint :many
SELECT id FROM shapes WHERE id IS DISTINCT FROM at;
-- name: NotDistinctFromPoint :many
SELECT id FROM shapes WHERE (id) IS NOT DISTINCT FROM at;
-- name: LikePoint :many
SELECT id FROM shapes WHERE id LIKE at;
-- name: NotLikePoint :many
SELECT id FROM shapes WHERE id NOT LIKE at;
-- name: IlikePoint :many
SELECT id FROM shapes WHERE id ILIKE at;
-- name: NotIlikeOnNextLine :many
SELECT id FROM shapes WHERE id
    NOT ILIKE at;
-- name: SimilarToPoint :many
SELECT id FROM shapes WHERE id SIMILAR TO at;
-- name: SimilarToText :many
SELECT id FROM shapes WHERE id /* a comment */ NOT SIMILAR TO label;
-- name: LikeEscapePoint :many
SELECT id FROM shapes WHERE label LIKE label ESCAPE at;
-- name: SimilarEscapePoint :many
SELECT id FROM shapes WHERE label SIMILAR TO label ESCAPE at;
-- name: BetweenPoint :many
SELECT id FROM shapes WHERE id BETWEEN 1 AND at;
-- name: NotBetweenPoint :many
SELECT id FROM shapes WHERE id NOT BETWEEN 1 AND at;
-- name: RowLessNoOperator :many
SELECT id FROM shapes WHERE ROW(id, at) < ROW(id, at);
-- name: RowEqualsNoOperator :many
SELECT id FROM shapes WHERE (id, label) = (at, label);
-- name: RowEqualsUnequalCounts :many
SELECT 1 AS one WHERE (1, 2) = (1, 2, 3);
-- name: RowNotEqualUnequalCounts :many
SELECT id FROM shapes WHERE ROW(id, label) <> ROW(id, label, size);
-- name: RowDistinctUnequalCounts :many
SELECT id FROM shapes WHERE (id, label) IS NOT DISTINCT FROM (id, label, size);
-- name: RowDistinctNoOperator :many
SELECT id FROM shapes WHERE (id, label) IS DISTINCT FROM (id, at);
-- name: RowInUnequalCounts :many
SELECT id FROM shapes WHERE (id, label) IN ((id, label, size));
-- name: RowNotInNoOperator :many
SELECT id FROM shapes WHERE (id, label) NOT IN ((id, label), (id, at));
-- name: RowSubqueryTooFew :many
SELECT id FROM shapes WHERE (id, label) = (SELECT 1);
-- name: RowEmpty :many
SELECT id FROM shapes WHERE ROW() = ROW();
-- name: BetweenBothBoundsPoint :many
SELECT id FROM shapes WHERE id BETWEEN at AND at;
-- name: RowTwoPairsWithoutOperator :many
SELECT id FROM shapes WHERE (id, label) && (id, label);
-- name: InOnePoint :many
SELECT id FROM shapes WHERE id IN (at);
-- name: NotInPoints :many
SELECT id FROM shapes WHERE id NOT IN (at, at);
-- name: InConstantsAndPoint :many
SELECT id FROM shapes WHERE id IN (1, 2, at);
-- name: InIntegerAndText :many
SELECT id FROM shapes WHERE label IN (id, 'a', 'b');
-- name: AcceptedForms :many
SELECT id FROM shapes
WHERE label NOT SIMILAR TO @pattern ESCAPE '#' AND label ILIKE 'a!%' ESCAPE '!' AND @name SIMILAR TO label
  AND (id, label) IS DISTINCT FROM (@other_id, @other_label) AND size BETWEEN @low AND @high
  AND (id, size) < (@after_id, @after_size) AND id IS NOT DISTINCT FROM @maybe_id
  AND id IN (1, 2.5, size, @some_id) AND label IN ('a', @some_label) AND label::varchar NOT IN (label, 'x'::name);
--- expected
queries.sql:2:32: error: operator does not exist: integer = point
queries.sql:4:34: error: operator does not exist: integer = point
queries.sql:6:32: error: operator does not exist: integer ~~ point
queries.sql:8:32: error: operator does not exist: integer !~~ point
queries.sql:10:32: error: operator does not exist: integer ~~* point
queries.sql:13:5: error: operator does not exist: integer !~~* point
queries.sql:15:32: error: function pg_catalog.similar_to_escape(point) does not exist
queries.sql:17:48: error: operator does not exist: integer !~ text
queries.sql:19:35: error: function pg_catalog.like_escape(text, point) does not exist
queries.sql:21:35: error: function pg_catalog.similar_to_escape(text, point) does not exist
queries.sql:23:32: error: operator does not exist: integer <= point
queries.sql:25:32: error: operator does not exist: integer > point
queries.sql:27:41: error: operator does not exist: point < point
queries.sql:29:41: error: operator does not exist: integer = point
queries.sql:31:30: error: unequal number of entries in row expressions
queries.sql:33:44: error: unequal number of entries in row expressions
queries.sql:35:41: error: unequal number of entries in row expressions
queries.sql:37:41: error: operator does not exist: text = point
queries.sql:39:41: error: unequal number of entries in row expressions
queries.sql:41:41: error: operator does not exist: text <> point
queries.sql:43:41: error: subquery has too few columns
queries.sql:45:35: error: cannot compare rows of zero length
queries.sql:47:32: error: operator does not exist: integer >= point
queries.sql:49:41: error: operator does not exist: integer && integer
queries.sql:51:32: error: operator does not exist: integer = point
queries.sql:53:32: error: operator does not exist: integer <> point
queries.sql:55:32: error: operator does not exist: integer = point
queries.sql:57:35: error: operator does not exist: text = integer
