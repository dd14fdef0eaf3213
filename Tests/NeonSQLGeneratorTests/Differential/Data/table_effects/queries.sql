-- Table effects differential queries (TableEffectsDifferentialTests): concrete values, so the
-- statements touch the seed rows of schema.sql when they run.

-- name: ReadViewOverView :many
SELECT id, title, project_title FROM open_tasks_with_project WHERE account_id = 1;

-- name: ReadUnionView :many
SELECT title FROM everything_titled ORDER BY title;

-- name: ReadPartitioned :many
SELECT id, value FROM measurements WHERE taken_on >= '2023-01-01' ORDER BY id;

-- name: ReadInheritanceParent :many
SELECT id, wheels FROM vehicles ORDER BY id;

-- name: ReadMaterializedView :many
SELECT id, projects FROM account_project_counts ORDER BY id;

-- name: ReadThroughSQLFunction :many
SELECT p.id, account_region(p.account_id) AS region FROM projects p ORDER BY p.id;

-- name: ReadThroughPLpgSQLFunction :one
SELECT label_count() AS labels;

-- name: ReadLateral :many
SELECT a.name, latest.title
FROM accounts a
CROSS JOIN LATERAL (SELECT p.title FROM projects p WHERE p.account_id = a.id ORDER BY p.id DESC LIMIT 1) latest;

-- name: ReadExistsAndIn :many
SELECT u.email FROM users u
WHERE EXISTS (SELECT 1 FROM tasks t WHERE t.assignee_id = u.id)
  AND u.account_id IN (SELECT id FROM accounts WHERE region = 'eu');

-- name: ReadScalarSubqueryAndSetOperation :many
SELECT l.code, (SELECT count(*) FROM task_labels tl WHERE tl.label_code = l.code) AS uses
FROM labels l
WHERE l.code IN (SELECT label_code FROM task_labels EXCEPT SELECT body FROM comments);

-- name: ReadUnderPolicy :many
SELECT id, body FROM documents ORDER BY id;

-- name: ReadRecursiveCTE :many
WITH RECURSIVE chain (id, depth) AS (
    SELECT id, 0 FROM projects WHERE id = 1
    UNION ALL
    SELECT t.id, c.depth + 1 FROM tasks t JOIN chain c ON t.project_id = c.id WHERE c.depth < 1
)
SELECT id, depth FROM chain;

-- name: ReadSystemCatalog :many
SELECT c.relname FROM pg_catalog.pg_class c WHERE c.relname = 'tasks';

-- name: ReadForUpdate :many
SELECT id FROM tasks WHERE project_id = 1 FOR UPDATE;

-- name: ReadWithParameter :one
SELECT id, title FROM tasks WHERE id = @task_id;

-- name: InsertTaskFiresTrigger :one
INSERT INTO tasks (id, project_id, assignee_id, title) VALUES (50, 1, 1, 'New') RETURNING id;

-- name: InsertIntoPartitioned :exec
INSERT INTO measurements (id, taken_on, account_id, value) VALUES (10, '2024-03-01', 1, 1.5);

-- name: InsertFromView :exec
INSERT INTO comments (id, task_id, body)
SELECT 100 + id, id, title FROM open_tasks WHERE project_id = 1;

-- name: UpsertLabel :exec
INSERT INTO labels (code, title) VALUES ('urgent', 'Very urgent')
ON CONFLICT (code) DO UPDATE SET title = excluded.title;

-- name: InsertLabelIgnoringConflict :exec
INSERT INTO labels (code, title) VALUES ('urgent', 'Urgent') ON CONFLICT DO NOTHING;

-- name: DeleteAccountCascades :execrows
DELETE FROM accounts WHERE id = 1;

-- name: DeleteProjectCascades :execrows
DELETE FROM projects WHERE id = 1;

-- name: DeleteUserSetsNullAndDefault :execrows
DELETE FROM users WHERE id = 1;

-- name: UpdateAccountIdCascades :execrows
UPDATE accounts SET id = 20 WHERE id = 2;

-- name: RenameLabelCascades :execrows
UPDATE labels SET code = 'asap' WHERE code = 'urgent';

-- name: UpdateFrom :execrows
UPDATE tasks t SET done = true FROM projects p WHERE p.id = t.project_id AND p.title = 'Alpha';

-- name: DeleteUsing :execrows
DELETE FROM comments c USING tasks t WHERE t.id = c.task_id AND t.done;

-- name: DataModifyingCTE :many
WITH closed AS (
    UPDATE tasks SET done = true WHERE project_id = 1 RETURNING id
)
INSERT INTO comments (id, task_id, body)
SELECT 200 + id, id, 'closed' FROM closed
RETURNING id;

-- name: DeletingCTE :many
WITH gone AS (
    DELETE FROM projects WHERE id = 2 RETURNING id, account_id
)
SELECT g.id, a.name FROM gone g JOIN accounts a ON a.id = g.account_id;

-- name: CallWritingFunction :one
SELECT touch_project(1) AS touched;

-- name: UpdateInheritanceParent :execrows
UPDATE vehicles SET wheels = wheels + 1;

-- name: MergeDeleteCascades :execrows
MERGE INTO projects p USING accounts a ON a.id = p.account_id AND a.id = 1
WHEN MATCHED THEN DELETE;

-- name: MergeTasksFiresTrigger :execrows
MERGE INTO tasks t USING (VALUES (1, true), (99, false)) AS v(id, done) ON t.id = v.id
WHEN MATCHED THEN UPDATE SET done = v.done
WHEN NOT MATCHED THEN INSERT (id, project_id, title, done) VALUES (v.id, 1, 'merged', v.done);

-- name: MergeRenameLabelCascades :execrows
MERGE INTO labels l USING (SELECT 'urgent' AS code) s ON l.code = s.code
WHEN MATCHED THEN UPDATE SET code = 'asap';

-- name: UpdateThroughNestedView :execrows
UPDATE open_task_titles SET title = 'renamed' WHERE id = 1;

-- name: DeleteThroughViewCascades :execrows
DELETE FROM open_tasks WHERE id = 1;

-- name: InsertThroughView :exec
INSERT INTO open_tasks (id, title, project_id) VALUES (50, 'new', 1);

-- name: InsertThroughInsteadOfTrigger :exec
INSERT INTO account_names (name) VALUES ('Initech');
