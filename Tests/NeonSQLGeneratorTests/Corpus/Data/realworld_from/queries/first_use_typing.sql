-- name: JobsByAssignment :many
-- expect: id Int
-- params: assigned String?
-- why: COALESCE of untyped inputs is text, so @assigned is text at its first use; the later ::boolean casts that text.
SELECT id FROM jobs WHERE COALESCE(@assigned, NULL) IS NULL OR (@assigned::boolean = true AND assigned);

-- name: StopJob :exec
-- expect: (none)
-- params: status String, id Int
-- why: a CASE of untyped results is text before it is assigned: @status is text, not the column's varchar.
UPDATE jobs SET status = CASE WHEN assigned THEN 'stopping' ELSE @status END WHERE id = @id;
