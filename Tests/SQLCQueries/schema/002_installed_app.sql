-- The installed-app end-to-end test's own enum and table (InstalledAppEndToEndTests): the test
-- adds a label and a column as a later migration would, then puts them back.
CREATE TYPE app_mood AS ENUM ('calm', 'busy');
CREATE TABLE IF NOT EXISTS app_moods (
    id serial PRIMARY KEY,
    run text NOT NULL,
    mood app_mood NOT NULL,
    history app_mood[] NOT NULL DEFAULT '{}'
);
