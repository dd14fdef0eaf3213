CREATE TYPE time_slot AS ENUM ('fajr', 'dhuhr', 'asr', 'maghrib', 'isha');
CREATE TABLE categories (id serial PRIMARY KEY, slug text NOT NULL UNIQUE, name text NOT NULL);
CREATE TABLE duas (
    id serial PRIMARY KEY,
    title text NOT NULL,
    category_id int REFERENCES categories,
    xp int NOT NULL DEFAULT 10,
    slot time_slot,
    tags text[] NOT NULL DEFAULT '{}',
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE completions (user_id uuid NOT NULL, dua_id int NOT NULL REFERENCES duas, completed_on date NOT NULL, PRIMARY KEY (user_id, dua_id, completed_on));
