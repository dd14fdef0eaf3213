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
