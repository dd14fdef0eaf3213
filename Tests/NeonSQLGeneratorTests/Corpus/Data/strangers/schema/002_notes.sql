-- Issue 42: postfix tests under a cast, and set operations whose first branch gives an untyped
-- literal where a later branch gives an array.
CREATE TABLE notes (
    id bigint PRIMARY KEY,
    body text NOT NULL,
    tags text[] NOT NULL DEFAULT '{}',
    deleted_at timestamptz,
    rank integer
);

CREATE TABLE note_links (
    id bigint PRIMARY KEY,
    note_id bigint NOT NULL REFERENCES notes (id),
    weight integer NOT NULL
);

-- '{}' is unknown in the first branch: it takes the second branch's text[].
CREATE VIEW tagged_notes AS
    SELECT id, '{}' AS tags, NULL AS deleted_at FROM notes WHERE rank IS NULL
    UNION ALL
    SELECT id, tags, deleted_at FROM notes WHERE rank IS NOT NULL;

-- Pairwise: the nested UNION resolves its unknown against tags before the outer one sees it.
CREATE VIEW nested_tags AS
    SELECT '{}' AS tags UNION (SELECT NULL UNION SELECT tags FROM notes);
