-- name: FillPageItems :execrows
INSERT INTO page_items (run, label)
SELECT @run, 'item ' || g FROM generate_series(1, @count::int) AS g;

-- name: PageItems :many
-- Every item of a run, in id order: also read page by page.
-- @page size 5000 by id
SELECT id, label FROM page_items WHERE run = @run ORDER BY id;

-- name: RecentPageItems :many
-- @page size 700 by id
SELECT id, label FROM page_items WHERE run = @run ORDER BY id DESC;

-- name: DeletePageItems :execrows
DELETE FROM page_items WHERE run = @run;
