-- Rows for every table of schema.sql (ExactlyOneRowDifferentialTests runs each query once on the
-- empty tables and once after this, in a transaction that is rolled back).
INSERT INTO items (name, price, active, tags, data) VALUES
    ('apple', 3, true, '{red,fruit}', '{"a": 1}'),
    ('bread', 2, false, '{}', NULL),
    ('cheese', 7, true, '{dairy}', '{"b": 2}');
INSERT INTO events (kind) VALUES ('created'), ('updated'), ('deleted');
INSERT INTO notes (body) VALUES ('one'), ('two');
INSERT INTO codes (code) VALUES ('a'), ('b');
INSERT INTO guarded (name) VALUES ('skipped by the trigger');
INSERT INTO readings (id, region, value) VALUES (1, 'us', 10), (2, 'us', 20), (3, 'eu', 30);
INSERT INTO inbox_archive (id, body) VALUES (100, 'archived');
