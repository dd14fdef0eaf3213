-- Per-user tables: one profile per user, one activity row per user per day.

CREATE TABLE user_profiles (
    user_id          uuid PRIMARY KEY,
    display_name     text,
    streak           integer NOT NULL DEFAULT 0,
    total_xp         integer NOT NULL DEFAULT 0,
    level            integer NOT NULL DEFAULT 1,
    last_active_date date,
    is_admin         boolean NOT NULL DEFAULT false,
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE user_activity (
    user_id        uuid NOT NULL REFERENCES user_profiles (user_id) ON DELETE CASCADE,
    date           date NOT NULL DEFAULT CURRENT_DATE,
    duas_completed integer[] NOT NULL DEFAULT '{}',
    xp_earned      integer NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, date)
);
