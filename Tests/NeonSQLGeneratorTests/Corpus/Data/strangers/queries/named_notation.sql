-- name: GreetNamed :one
-- expect: greeting String?
-- params: name String, shout Bool
-- why: named notation binds by parameter name; suffix takes its default. A SQL function's result may be NULL.
SELECT greeting(name => @name, shout => @shout) AS greeting;

-- name: GreetOtherOrder :one
-- expect: greeting String?
-- params: suffix String, shout Bool, name String
-- why: named arguments in another order than the declaration still type by name.
SELECT greeting(suffix => @suffix, shout => @shout, name => @name) AS greeting;

-- name: GreetMixed :one
-- expect: greeting String?
-- params: name String, suffix String
-- why: mixed notation: positional first, then := by name, skipping the defaulted shout.
SELECT greeting(@name, suffix := @suffix) AS greeting;

-- name: GreetMembers :many
-- expect: id Int, greeting String?
-- params: level MemberLevel
-- why: a named call over a table's column, with a literal for the boolean.
SELECT id, greeting(shout => true, name => name) AS greeting FROM members WHERE level = @level ORDER BY id;
