-- name: AddActiveCustomer :one
-- expect: id Int, email String, name String, email_key String
-- params: email String, name String
-- why: an automatically updatable view: parameters take the view columns' types, RETURNING the view's columns.
INSERT INTO active_customers (email, name) VALUES (@email, @name)
RETURNING *;

-- name: RenameActiveCustomer :execrows
-- expect: (none)
-- params: name String, id Int
-- why: UPDATE through a view assigns its plain column; WHERE sees the view's columns.
UPDATE active_customers SET name = @name WHERE id = @id;

-- name: ForgetActiveCustomer :exec
-- expect: (none)
-- params: emailKey String
-- why: DELETE through a view may filter on a read-only column.
DELETE FROM active_customers WHERE email_key = @email_key;

-- name: RenameCustomerName :one
-- expect: customer_id Int, name String
-- params: name String, customerId Int
-- why: a view of an updatable view is updatable; the write reaches customers.
UPDATE customer_names SET name = @name WHERE customer_id = @customer_id
RETURNING customer_id, name;

-- name: RequestOrderCount :exec
-- expect: (none)
-- params: customerId Int?, orders Int
-- why: a GROUP BY view with an INSTEAD OF INSERT trigger accepts INSERT.
INSERT INTO order_counts (customer_id, orders) VALUES (@customer_id, @orders);
