-- Shapes of real applications' schemas: bulk writes through arrays and JSON, an event store
-- indexed by uuid ranges, composite values, and SQL functions with OUT parameters, RETURNS TABLE,
-- polymorphic arguments and RETURNS SETOF record.

CREATE TABLE accounts (
    id uuid PRIMARY KEY,
    name text NOT NULL,
    settings jsonb NOT NULL DEFAULT '{}',
    tags text[] NOT NULL DEFAULT '{}',
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE products (
    sku text PRIMARY KEY,
    title text NOT NULL,
    price numeric(10, 2) NOT NULL
);

CREATE TABLE order_lines (
    order_id uuid NOT NULL,
    sku text NOT NULL REFERENCES products (sku),
    qty integer NOT NULL,
    PRIMARY KEY (order_id, sku)
);

CREATE TYPE money_amount AS (currency text, cents bigint);

CREATE TABLE invoices (
    id uuid PRIMARY KEY,
    account_id uuid NOT NULL REFERENCES accounts (id),
    total money_amount NOT NULL,
    lines jsonb NOT NULL DEFAULT '[]'
);

CREATE TABLE events (
    id uuid PRIMARY KEY,
    stream_id uuid NOT NULL,
    seq bigint NOT NULL,
    payload jsonb NOT NULL,
    at timestamptz NOT NULL
);

-- An event store's blocks: which file holds the events whose ids fall in a uuid range.
CREATE TYPE uuidrange AS RANGE (subtype = uuid);
CREATE TYPE event_window AS RANGE (subtype = timestamptz, multirange_type_name = event_windows);

CREATE TABLE event_blocks (
    stream_id uuid NOT NULL,
    block uuidrange NOT NULL,
    window_span event_window,
    file_key text NOT NULL UNIQUE
);

CREATE FUNCTION account_stats(p_account uuid, OUT order_count bigint, OUT last_event timestamptz)
    LANGUAGE sql STABLE
    AS $$ SELECT count(*), max(at) FROM events WHERE stream_id = p_account $$;

CREATE FUNCTION chunk_ids(p_from uuid, p_size integer)
    RETURNS TABLE (lower_id uuid, upper_id uuid)
    LANGUAGE sql STABLE
    AS $$ SELECT (array_agg(id ORDER BY id))[1], (array_agg(id ORDER BY id DESC))[1]
          FROM (SELECT id FROM events WHERE id > p_from ORDER BY id LIMIT p_size) s $$;

CREATE FUNCTION first_and_count(items anyarray, OUT first_item anyelement, OUT item_count integer)
    LANGUAGE sql IMMUTABLE
    AS $$ SELECT items[1], cardinality(items) $$;

CREATE FUNCTION pick_nonnull(a anycompatible, b anycompatible) RETURNS anycompatible
    LANGUAGE sql IMMUTABLE
    AS $$ SELECT coalesce(a, b) $$;

CREATE FUNCTION account_row(p_id uuid) RETURNS accounts
    LANGUAGE sql STABLE
    AS $$ SELECT * FROM accounts WHERE id = p_id $$;

CREATE FUNCTION amount_of(p_invoice uuid) RETURNS money_amount
    LANGUAGE sql STABLE
    AS $$ SELECT total FROM invoices WHERE id = p_invoice $$;

CREATE FUNCTION dynamic_rows(p_sql text) RETURNS SETOF record
    LANGUAGE plpgsql
    AS $$ BEGIN RETURN QUERY EXECUTE p_sql; END $$;

-- A function of a table's row: `p.display_title` calls it (attribute notation).
CREATE FUNCTION display_title(p products) RETURNS text
    LANGUAGE sql STABLE AS $$ SELECT p.title || ' (' || p.sku || ')' $$;

CREATE TABLE jobs (
    id integer PRIMARY KEY,
    assigned boolean NOT NULL DEFAULT false,
    status varchar(20) NOT NULL
);

-- Array columns reached through views, unions and nesting (issue 30).
CREATE TABLE tagged_posts (id integer PRIMARY KEY, tags text[] NOT NULL, author_ids integer[]);
CREATE VIEW tagged_posts_all AS SELECT * FROM tagged_posts;
CREATE VIEW tagged_posts_twice AS SELECT id, tags FROM tagged_posts UNION ALL SELECT id, tags FROM tagged_posts;
CREATE VIEW tagged_posts_nested AS SELECT * FROM tagged_posts_all;
