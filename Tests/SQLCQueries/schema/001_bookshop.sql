-- The tables the sqlc end-to-end tests write: created by the tests through neon-local (each
-- statement separately), so they live next to RIZQ's tables. Every row carries the run that wrote
-- it, so counts never depend on other runs.
CREATE TABLE IF NOT EXISTS bookshop_authors (
    id bigserial PRIMARY KEY,
    run text NOT NULL,
    name text NOT NULL CHECK (name <> ''),
    born date
);

CREATE TABLE IF NOT EXISTS bookshop_books (
    id bigserial PRIMARY KEY,
    run text NOT NULL,
    author_id bigint NOT NULL REFERENCES bookshop_authors (id),
    title text NOT NULL,
    pages integer CHECK (pages > 0)
);
