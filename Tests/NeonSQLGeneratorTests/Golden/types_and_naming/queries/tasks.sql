-- name: AllTaskColumns :many
-- Every column type the default mapping knows.
SELECT * FROM tasks WHERE status = $1 AND tags @> $2;

-- name: TaskCounts :many
SELECT status, count(*) AS total, max(estimate) AS "largest!", min(title) AS "first_title?"
FROM tasks
GROUP BY status;

-- name: InsertTask :one
INSERT INTO tasks ("order", title, status) VALUES (@order, @title, @status)
RETURNING id, "order", 'a "quoted" \ string' AS odd_text;
