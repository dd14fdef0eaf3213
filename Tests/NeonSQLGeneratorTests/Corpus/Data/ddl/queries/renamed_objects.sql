-- name: ServiceFees :many
-- expect: id Int, fee Decimal?, small_fee Int?
-- params: (none)
-- why: fee_of(numeric) renamed to service_fee and fee_of(integer) moved to billing: each answers to its new name.
SELECT id, service_fee(total) AS fee, billing.fee_of(7) AS small_fee FROM billing.invoices;

-- name: AccountByEmail :one
-- expect: id Int, handle String?
-- params: email String
-- why: ADD PRIMARY KEY USING INDEX keeps id NOT NULL; the renamed UNIQUE constraint still makes email a key.
SELECT id, handle FROM accounts WHERE email = @email;

-- name: PlaceCoordinates :many
-- expect: id Int, lat Double?, lon Double?, alt Float?, tag String, note String
-- params: (none)
-- why: coords renamed to geo_point with lng renamed to lon and alt added; tag_text renamed to place_tag and made NOT NULL, so tag is never NULL.
SELECT id, (at).lat AS lat, (at).lon AS lon, (at).alt AS alt, tag, note FROM places;

-- name: PlaceTagsOfPeople :many
-- expect: id Int, tag String?
-- params: (none)
-- why: a NOT NULL domain's column is still NULL on the outer side of a LEFT JOIN.
SELECT people.id, places.tag FROM people LEFT JOIN places ON places.id = people.id;

-- name: ScratchPair :one
-- expect: x Int?
-- params: (none)
-- why: a composite moved to another schema and its attribute retyped to bigint; a field of a NULL row is NULL.
SELECT (v).x AS x FROM scratch_rows WHERE id = 1;

-- name: DisplayNames :many
-- expect: id Int, display String?
-- params: (none)
-- why: display_name(p people) takes people's row type: a table alias passes its whole row.
SELECT p.id, display_name(p) AS display FROM people AS p;

-- name: DisplayNamesStar :many
-- expect: display String?, display_bare String?, first String?
-- params: (none)
-- why: people.*, the bare table name and alias.* are whole-row references of type people too.
SELECT display_name(people.*) AS display, display_name(people) AS display_bare, initials(people.*) AS first FROM people;

-- name: PersonRowName :one
-- expect: full_name String?
-- params: id Int
-- why: RETURNS people is one row of people's type: a field of the call is the column's type, NULL when no row.
SELECT (person_row(@id)).full_name AS full_name;

-- name: PersonRowInFrom :one
-- expect: id Int?, full_name String?, display String?
-- params: (none)
-- why: in FROM, RETURNS people yields people's columns (all nullable), and the item's whole row is of type people.
SELECT r.id, r.full_name, display_name(r) AS display FROM person_row(1) AS r;
