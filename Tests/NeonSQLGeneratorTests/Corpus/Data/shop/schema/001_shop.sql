-- A web shop: enums, numeric money, jsonb, arrays, composite keys, nullable foreign keys, views.
CREATE TYPE order_status AS ENUM ('pending', 'paid', 'shipped', 'delivered', 'cancelled');
CREATE TYPE product_kind AS ENUM ('physical', 'digital', 'service');

CREATE TABLE customers (
    id bigserial PRIMARY KEY,
    email text NOT NULL UNIQUE,
    full_name text NOT NULL,
    phone varchar(32),
    referred_by bigint REFERENCES customers (id),
    created_at timestamptz NOT NULL DEFAULT now(),
    marketing_opt_in boolean NOT NULL DEFAULT false,
    preferences jsonb
);

CREATE TABLE categories (
    id serial PRIMARY KEY,
    parent_id integer REFERENCES categories (id),
    name text NOT NULL,
    slug text NOT NULL UNIQUE
);

CREATE TABLE products (
    id serial PRIMARY KEY,
    sku varchar(40) NOT NULL UNIQUE,
    name text NOT NULL,
    description text,
    kind product_kind NOT NULL DEFAULT 'physical',
    category_id integer REFERENCES categories (id),
    price numeric(10, 2) NOT NULL,
    sale_price numeric(10, 2),
    weight_grams integer,
    tags text[] NOT NULL DEFAULT '{}',
    attributes jsonb NOT NULL DEFAULT '{}',
    created_at timestamptz NOT NULL DEFAULT now(),
    discontinued_on date
);

CREATE TABLE orders (
    id bigserial PRIMARY KEY,
    customer_id bigint REFERENCES customers (id), -- NULL for a guest checkout
    status order_status NOT NULL DEFAULT 'pending',
    placed_at timestamptz NOT NULL DEFAULT now(),
    shipped_at timestamptz,
    shipping_address jsonb,
    coupon_code text,
    note text
);

CREATE TABLE order_items (
    order_id bigint NOT NULL REFERENCES orders (id),
    line_no smallint NOT NULL,
    product_id integer NOT NULL REFERENCES products (id),
    quantity integer NOT NULL,
    unit_price numeric(10, 2) NOT NULL,
    discount numeric(10, 2),
    PRIMARY KEY (order_id, line_no)
);

CREATE TABLE inventory (
    product_id integer NOT NULL REFERENCES products (id),
    warehouse text NOT NULL,
    on_hand integer NOT NULL DEFAULT 0,
    reserved integer NOT NULL DEFAULT 0,
    updated_at timestamptz,
    PRIMARY KEY (product_id, warehouse)
);

CREATE TABLE reviews (
    id serial PRIMARY KEY,
    product_id integer NOT NULL REFERENCES products (id),
    customer_id bigint REFERENCES customers (id),
    rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
    body text,
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE coupons (
    code text PRIMARY KEY,
    percent_off numeric(5, 2),
    amount_off numeric(10, 2),
    valid_from date NOT NULL,
    valid_until date,
    max_uses integer
);

-- One row per product; the review columns come from an outer join, grouped.
CREATE VIEW product_summary AS
SELECT p.id, p.sku, p.name, p.price,
       COALESCE(p.sale_price, p.price) AS effective_price,
       c.name AS category_name,
       count(r.id) AS review_count,
       avg(r.rating) AS avg_rating
FROM products p
LEFT JOIN categories c ON c.id = p.category_id
LEFT JOIN reviews r ON r.product_id = p.id
GROUP BY p.id, c.name;

CREATE VIEW order_totals AS
SELECT o.id AS order_id, o.customer_id, o.status,
       sum(oi.quantity * oi.unit_price) AS subtotal,
       count(oi.line_no) AS line_count
FROM orders o
LEFT JOIN order_items oi ON oi.order_id = o.id
GROUP BY o.id;
