-- No annotation: the name comes from the file name; a row-returning statement is :many.
SELECT count(*) AS open_tasks FROM tasks WHERE status <> 'done';
