-- name: KeyColumnsOfIndexKey :many
-- expect: attnum Int, position Int
-- params: key String
-- why: unnest of an int2vector (pg_index.indkey's type) resolves anyarray to smallint, WITH ORDINALITY.
SELECT k.attnum, k.position FROM unnest(@key::int2vector) WITH ORDINALITY AS k(attnum, position);

-- name: FirstArgumentType :one
-- expect: first_type Int?, key_length Int?
-- params: types String
-- why: oidvector and int2vector subscript like arrays (pg_proc.proargtypes[0]).
SELECT (@types::oidvector)[0] AS first_type, array_length(@types::oidvector, 1) AS key_length;
