--- schema.sql
CREATE TABLE accounts (
    tenant_id uuid NOT NULL,
    id bigint NOT NULL,
    score integer,
    created_at timestamptz NOT NULL,
    PRIMARY KEY (tenant_id, id)
);
--- queries.sql
-- name: TooManyColumns :many
SELECT id FROM accounts WHERE id IN (SELECT tenant_id, id FROM accounts);

-- name: TooFewColumns :many
SELECT id FROM accounts WHERE (tenant_id, id) IN (SELECT id FROM accounts);

-- name: UnequalRows :many
SELECT id FROM accounts WHERE (created_at, id) > (@after_created_at, @after_id, @extra);

-- name: ParameterTypedByAnEarlierPair :many
SELECT id FROM accounts WHERE (score, id) > (@cursor, @cursor);
--- expected
queries.sql:2:34: error: subquery has too many columns
queries.sql:5:47: error: subquery has too few columns
queries.sql:8:48: error: unequal number of entries in row expressions
queries.sql:11:46: note: parameter 'cursor' is first used here, as integer
queries.sql:11:55: error: parameter 'cursor' is used as bigint here and as integer at line 11:46; cast one use (@cursor::bigint) or use two parameters
