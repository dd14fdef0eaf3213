-- A bookshop, written the way sqlc users write their schemas: every sqlc kind and macro is used
-- by the queries of this folder.
CREATE TYPE book_format AS ENUM ('hardcover', 'paperback', 'ebook');

CREATE TABLE authors (
    id bigserial PRIMARY KEY,
    name text NOT NULL,
    bio text,
    born date
);

CREATE TABLE books (
    id bigserial PRIMARY KEY,
    author_id bigint NOT NULL REFERENCES authors (id),
    title text NOT NULL,
    isbn text UNIQUE,
    format book_format NOT NULL DEFAULT 'paperback',
    price numeric(10, 2) NOT NULL,
    pages integer,
    published_at timestamptz,
    tags text[] NOT NULL DEFAULT '{}'
);

CREATE TABLE reviews (
    id bigserial PRIMARY KEY,
    book_id bigint NOT NULL REFERENCES books (id),
    reviewer text NOT NULL,
    stars smallint NOT NULL CHECK (stars BETWEEN 1 AND 5),
    body text,
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE stock_movements (
    id bigserial PRIMARY KEY,
    book_id bigint NOT NULL REFERENCES books (id),
    quantity integer NOT NULL,
    note text,
    moved_at timestamptz NOT NULL DEFAULT now()
);
