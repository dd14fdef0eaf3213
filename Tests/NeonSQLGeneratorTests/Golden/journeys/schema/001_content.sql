CREATE TYPE time_slot AS ENUM ('morning', 'anytime', 'evening');

CREATE TABLE categories (
    id   serial PRIMARY KEY,
    name text NOT NULL,
    slug text NOT NULL UNIQUE
);

CREATE TABLE duas (
    id           serial PRIMARY KEY,
    category_id  integer REFERENCES categories (id) ON DELETE SET NULL,
    title_en     text NOT NULL,
    arabic_text  text NOT NULL,
    xp_value     integer NOT NULL DEFAULT 10
);

CREATE TABLE journeys (
    id          serial PRIMARY KEY,
    slug        text NOT NULL UNIQUE,
    name        text NOT NULL,
    is_featured boolean NOT NULL DEFAULT false,
    sort_order  integer NOT NULL DEFAULT 0
);

CREATE TABLE journey_duas (
    journey_id integer NOT NULL REFERENCES journeys (id) ON DELETE CASCADE,
    dua_id     integer NOT NULL REFERENCES duas (id) ON DELETE CASCADE,
    time_slot  time_slot NOT NULL,
    sort_order integer NOT NULL DEFAULT 0,
    PRIMARY KEY (journey_id, dua_id)
);
