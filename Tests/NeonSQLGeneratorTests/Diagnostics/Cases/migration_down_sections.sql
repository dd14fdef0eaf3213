--- schema_001_goose.sql
-- +goose Up
CREATE TABLE authors (id integer PRIMARY KEY, name text NOT NULL);
-- +goose StatementBegin
CREATE FUNCTION author_count() RETURNS bigint LANGUAGE sql AS $$ SELECT count(*) FROM authors $$;
-- +goose StatementEnd

-- +goose Down
DROP FUNCTION author_count();
DROP TABLE authors;
--- schema_002_dbmate.sql
-- migrate:up
CREATE TABLE books (id integer PRIMARY KEY, author_id integer NOT NULL REFERENCES authors (id), title text NOT NULL);

-- migrate:down
DROP TABLE books;
--- schema_003_sql_migrate.sql
-- +migrate Up notransaction
CREATE TABLE loans (book_id integer NOT NULL, member text NOT NULL);
-- +migrate Down
DROP TABLE loans;
--- schema_004_tern.sql
CREATE TABLE tags (book_id integer NOT NULL, tag text NOT NULL);
---- create above / drop below ----
DROP TABLE tags;
--- schema_005_golang_migrate.up.sql
ALTER TABLE books ADD COLUMN pages integer;
--- schema_005_golang_migrate.down.sql
ALTER TABLE books DROP COLUMN pages;
--- schema_006_goose_down_first.sql
-- +goose Down
DROP TABLE shelves;
-- +goose Up
CREATE TABLE shelves (id integer PRIMARY KEY);
--- queries.sql
-- name: EverythingTheUpSectionsMade :many
SELECT a.name, b.title, b.pages, l.member, t.tag, s.id AS shelf, author_count() AS n
FROM authors AS a JOIN books AS b ON b.author_id = a.id JOIN loans AS l ON l.book_id = b.id
JOIN tags AS t ON t.book_id = b.id CROSS JOIN shelves AS s;
--- expected
