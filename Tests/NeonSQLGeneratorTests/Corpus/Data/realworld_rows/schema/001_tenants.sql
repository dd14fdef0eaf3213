-- A multi-tenant SaaS backend in the shape real sqlc projects have: composite keys per tenant,
-- keyset-paginated feeds, bulk lookups by composite key and ROLLUP reports.
CREATE TYPE order_status AS ENUM ('pending', 'paid', 'shipped', 'cancelled');

CREATE TABLE tenants (
    id uuid PRIMARY KEY,
    slug text NOT NULL UNIQUE,
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
    tenant_id uuid NOT NULL REFERENCES tenants (id),
    id bigint NOT NULL,
    email text NOT NULL,
    display_name text,
    created_at timestamptz NOT NULL DEFAULT now(),
    last_seen_at timestamptz,
    PRIMARY KEY (tenant_id, id)
);

CREATE TABLE orders (
    tenant_id uuid NOT NULL,
    id bigint NOT NULL,
    user_id bigint NOT NULL,
    status order_status NOT NULL DEFAULT 'pending',
    total numeric(12, 2) NOT NULL,
    currency char(3) NOT NULL,
    region text,
    placed_at timestamptz NOT NULL,
    shipped_on date,
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id)
);

CREATE TABLE order_lines (
    tenant_id uuid NOT NULL,
    order_id bigint NOT NULL,
    line_no integer NOT NULL,
    sku text NOT NULL,
    quantity integer NOT NULL,
    unit_price numeric(12, 2) NOT NULL,
    PRIMARY KEY (tenant_id, order_id, line_no)
);

CREATE TABLE opening_hours (
    store_id integer NOT NULL,
    weekday smallint NOT NULL,
    opens_at time NOT NULL,
    closes_at time NOT NULL,
    PRIMARY KEY (store_id, weekday)
);

CREATE TABLE audit_events (
    id bigserial PRIMARY KEY,
    tenant_id uuid NOT NULL,
    actor_id bigint,
    action text NOT NULL,
    occurred_at timestamptz NOT NULL DEFAULT now(),
    payload jsonb
);
