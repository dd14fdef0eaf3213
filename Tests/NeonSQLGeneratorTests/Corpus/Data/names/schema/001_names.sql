-- Result names (PostgreSQL's FigureColname) and parameters reused in compatible contexts.
CREATE TYPE mood AS ENUM ('happy', 'sad');

CREATE TABLE writers (
    id bigserial PRIMARY KEY,
    name text NOT NULL,
    email varchar(200),
    joined_on date NOT NULL DEFAULT current_date
);

CREATE TABLE posts (
    id bigserial PRIMARY KEY,
    writer_id bigint NOT NULL REFERENCES writers (id),
    title text NOT NULL,
    body text,
    score integer NOT NULL DEFAULT 0,
    rating numeric(4, 2),
    tags text[] NOT NULL DEFAULT '{}',
    feeling mood,
    meta jsonb NOT NULL DEFAULT '{}',
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE comments (
    id bigserial PRIMARY KEY,
    post_id bigint NOT NULL REFERENCES posts (id),
    writer_id bigint REFERENCES writers (id),
    body text NOT NULL,
    score integer NOT NULL DEFAULT 0
);
