-- RIZQ content tables: read-only from the app, shared with the web app.

CREATE TYPE time_slot AS ENUM ('morning', 'anytime', 'evening');

CREATE TABLE categories (
    id          serial PRIMARY KEY,
    name        text NOT NULL,
    slug        text NOT NULL UNIQUE,
    description text
);

CREATE TABLE collections (
    id          serial PRIMARY KEY,
    name        text NOT NULL,
    slug        text NOT NULL UNIQUE,
    description text,
    is_premium  boolean NOT NULL DEFAULT false
);

CREATE TABLE duas (
    id                serial PRIMARY KEY,
    category_id       integer REFERENCES categories (id) ON DELETE SET NULL,
    collection_id     integer REFERENCES collections (id) ON DELETE SET NULL,
    title_en          text NOT NULL,
    title_ar          text,
    arabic_text       text NOT NULL,
    transliteration   text,
    translation_en    text NOT NULL,
    source            text,
    repetitions       integer NOT NULL DEFAULT 1 CHECK (repetitions > 0),
    best_time         text,
    difficulty        text,
    est_duration_sec  integer,
    rizq_benefit      text,
    context           text,
    prophetic_context text,
    xp_value          integer NOT NULL DEFAULT 10,
    audio_url         text,
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX duas_category_id_idx ON duas (category_id);

CREATE TABLE journeys (
    id                serial PRIMARY KEY,
    name              text NOT NULL,
    slug              text NOT NULL UNIQUE,
    description       text,
    emoji             text NOT NULL DEFAULT '📿',
    estimated_minutes integer NOT NULL DEFAULT 5,
    daily_xp          integer NOT NULL DEFAULT 0,
    is_premium        boolean NOT NULL DEFAULT false,
    is_featured       boolean NOT NULL DEFAULT false,
    sort_order        integer NOT NULL DEFAULT 0,
    created_at        timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE journey_duas (
    journey_id integer NOT NULL REFERENCES journeys (id) ON DELETE CASCADE,
    dua_id     integer NOT NULL REFERENCES duas (id) ON DELETE CASCADE,
    time_slot  time_slot NOT NULL DEFAULT 'anytime',
    sort_order integer NOT NULL DEFAULT 0,
    PRIMARY KEY (journey_id, dua_id)
);
