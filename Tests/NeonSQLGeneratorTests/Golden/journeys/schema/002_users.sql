CREATE TABLE user_profiles (
    user_id      uuid PRIMARY KEY,
    display_name text,
    total_xp     integer NOT NULL DEFAULT 0,
    updated_at   timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE user_profiles ADD COLUMN streak integer NOT NULL DEFAULT 0;
