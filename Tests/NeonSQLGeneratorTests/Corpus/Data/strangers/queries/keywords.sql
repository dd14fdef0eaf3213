-- name: ImportCheckIns :copyfrom
-- expect: (none)
-- params: user String, order Int, left Bool?
-- why: the unnest INSERT sent for :copyfrom quotes reserved column names ("user", "order", "left").
INSERT INTO "check_ins" ("user", "order", "left") VALUES (sqlc.arg('user'), sqlc.arg('order'), sqlc.narg('left'));

-- name: CheckInsOf :many
-- expect: user String, order Int, left Bool?
-- params: user String
-- why: quoted keyword columns read back with their own names; "left" is nullable.
SELECT "user", "order", "left" FROM check_ins WHERE "user" = @user ORDER BY "order";

-- name: SchemaOfCall :one
-- expect: s String
-- params: (none)
-- why: current_schema() with parentheses as a FROM item, aliased.
SELECT s FROM current_schema() AS s;
