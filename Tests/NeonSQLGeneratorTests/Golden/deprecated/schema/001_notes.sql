CREATE TABLE notes (
    id integer PRIMARY KEY,
    title text NOT NULL
);
