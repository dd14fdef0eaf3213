-- name: SearchDuas :many
-- A search screen: a title pattern, then any of category, minimum XP, slot and tag.
-- @optional category_slug, min_xp, slot, tag
SELECT d.id, d.title, c.name AS category, d.xp
FROM duas d
LEFT JOIN categories c ON c.id = d.category_id
WHERE d.title ILIKE '%' || @pattern || '%'
  AND c.slug = @category_slug
  AND d.xp >= @min_xp
  AND d.slot = @slot
  AND @tag = ANY (d.tags)
ORDER BY d.title, d.id
LIMIT @page_size;

-- name: CountByCategory :many
-- @optional since, min_count
SELECT c.slug, count(*) AS completions
FROM completions co
JOIN duas d ON d.id = co.dua_id AND co.completed_on >= @since
JOIN categories c ON c.id = d.category_id
GROUP BY c.slug
HAVING count(*) >= @min_count
ORDER BY c.slug;

-- name: CompletedDuas :many
-- A filter inside a subquery's condition, and one reused in two conditions.
-- @optional user_id, day
SELECT d.id, d.title
FROM duas d
WHERE EXISTS (SELECT 1 FROM completions co WHERE co.dua_id = d.id AND co.user_id = @user_id AND co.completed_on = @day)
  AND d.created_at::date <= @day;

-- name: RetagDuas :execrows
-- @optional category_id, older_than
UPDATE duas SET tags = @tags
WHERE category_id = @category_id AND created_at < @older_than;

-- name: ForgetCompletions :execrows
-- @optional before
DELETE FROM completions WHERE user_id = @user_id AND completed_on < @before;

-- name: RecentTitles :many
-- An optional filter whose condition is parenthesized on purpose (dropped whole).
-- @optional since
WITH recent AS (
    SELECT d.id, d.title FROM duas d WHERE (d.created_at >= @since OR d.xp > 100)
)
SELECT r.title FROM recent r ORDER BY r.title;

-- name: PatchDua :one
-- A PATCH: each column set or kept; `tags = tags` and the key stay.
-- @patch title, category_id, xp
UPDATE duas SET title = @title, category_id = @category_id, xp = @xp, tags = tags
WHERE id = @id
RETURNING id, title, category_id, xp;

-- name: PatchTitle :execrows
-- Every assignment patched: kept, the statement still runs (SET title = title).
-- @patch title
UPDATE duas SET title = @title WHERE id = @id;

-- name: UpsertCategory :one
-- @patch new_name
INSERT INTO categories (slug, name) VALUES (@slug, @name)
ON CONFLICT (slug) DO UPDATE SET name = @new_name
RETURNING id, name;

-- name: SortedDuas :many
-- A list the user sorts: by an expression, a column, an output alias, several items, NULLS LAST.
-- @sort order: d.title, xp DESC, (c.slug DESC NULLS LAST, d.id), created, lower(d.title) USING <
-- @optional min_xp
SELECT d.id, d.title, d.xp, c.slug AS category, d.created_at AS created
FROM duas d
LEFT JOIN categories c ON c.id = d.category_id
WHERE d.xp >= @min_xp
ORDER BY @order, d.id
LIMIT @page_size;

-- name: CategoryTotals :many
-- Sorting a grouped result by an aggregate or its alias.
-- @sort sort_by: total DESC, c.slug, (count(*) DESC, c.slug)
SELECT c.slug, sum(d.xp) AS total
FROM categories c JOIN duas d ON d.category_id = c.id
GROUP BY c.slug
ORDER BY @sort_by;

-- name: CommentedFilters :many
-- Comments between a keyword and its condition, and between and inside conjuncts.
-- @optional category_slug, min_xp, slot
SELECT d.id, d.title
FROM duas d
LEFT JOIN categories c ON /* the category */ c.id = d.category_id AND c.slug = @category_slug
WHERE -- the filters
  d.xp >= @min_xp -- minimum XP
  AND /* a slot */ d.slot = @slot
  AND d.title <> '-- not a comment' /* last */
ORDER BY d.id;

-- name: PatchDuaCommented :one
-- A PATCH with comments after SET and between assignments.
-- @patch title, xp
UPDATE duas SET -- what changes
    title = @title, /* and */ xp = @xp
WHERE id = @id
RETURNING id, title, xp;
