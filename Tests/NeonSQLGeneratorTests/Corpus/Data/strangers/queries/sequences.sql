-- name: LastTicket :one
-- expect: last_value Int
-- params: (none)
-- why: a sequence is a one-row relation; last_value is bigint NOT NULL.
SELECT last_value FROM ticket_numbers;

-- name: TicketState :one
-- expect: last_value Int, log_cnt Int, is_called Bool
-- params: (none)
-- why: every sequence has these three NOT NULL columns.
SELECT last_value, log_cnt, is_called FROM public.ticket_numbers;

-- name: InvoiceSequence :one
-- expect: last_value Int, is_called Bool
-- params: (none)
-- why: AS integer changes the values a sequence gives, not its relation's last_value (bigint).
SELECT s.last_value, s.is_called FROM invoice_numbers AS s;

-- name: NextTicket :one
-- expect: nextval Int
-- params: (none)
-- why: nextval(regclass) is bigint; a quoted name is a regclass constant.
SELECT nextval('ticket_numbers');

-- name: NextInvoiceFor :one
-- expect: nextval Int
-- params: sequence String
-- why: nextval of a sequence name given as text (implicitly regclass).
SELECT nextval(@sequence::text);

-- name: TicketsAhead :one
-- expect: ahead Int
-- params: ticket Int
-- why: arithmetic on last_value stays bigint.
SELECT last_value - @ticket::bigint AS ahead FROM ticket_numbers;
