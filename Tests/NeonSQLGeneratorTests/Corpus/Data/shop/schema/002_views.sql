-- Views written through (PostgreSQL 15's automatically updatable views and INSTEAD OF triggers).
CREATE VIEW active_customers AS
    SELECT id, email, full_name AS name, lower(email) AS email_key
    FROM customers
    WHERE marketing_opt_in;

-- A view of a view: writes reach customers.
CREATE VIEW customer_names AS
    SELECT c.id AS customer_id, c.name FROM active_customers AS c;

CREATE VIEW order_counts AS
    SELECT customer_id, count(*) AS orders FROM orders GROUP BY customer_id;

CREATE TABLE order_count_requests (
    id bigserial PRIMARY KEY,
    customer_id bigint,
    requested bigint
);

CREATE FUNCTION request_order_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO order_count_requests (customer_id, requested) VALUES (NEW.customer_id, NEW.orders);
    RETURN NEW;
END
$$;

CREATE TRIGGER order_counts_insert INSTEAD OF INSERT ON order_counts
    FOR EACH ROW EXECUTE FUNCTION request_order_count();
