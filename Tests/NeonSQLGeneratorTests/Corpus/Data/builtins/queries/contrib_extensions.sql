-- name: UuidGenerators :one
-- expect: v4 UUID, v5 UUID, random_id UUID
-- params: (none)
-- why: uuid-ossp's generators are strict with no arguments (never NULL); gen_random_uuid is
-- pg_catalog's even though pgcrypto declares one too.
SELECT uuid_generate_v4() AS v4, uuid_generate_v5(uuid_ns_url(), 'https://example.com') AS v5,
       gen_random_uuid() AS random_id;

-- name: PgcryptoFunctions :many
-- expect: hash String, body_digest Data, sealed Data, token String
-- params: password String, key String
-- why: crypt/gen_salt are text, digest(text, text) and pgp_sym_encrypt are bytea.
SELECT crypt(@password, gen_salt('bf')) AS hash, digest(body, 'sha256') AS body_digest,
       pgp_sym_encrypt(title, @key) AS sealed, encode(gen_random_bytes(16), 'hex') AS token
FROM documents;

-- name: TrigramSearch :many
-- expect: title String, score Float, word_score Float, distance Float
-- params: query String
-- why: pg_trgm's similarity functions and <-> are real; % is its text % text operator.
SELECT title, similarity(title, @query) AS score, word_similarity(@query, body) AS word_score,
       title <-> @query AS distance
FROM documents WHERE title % @query ORDER BY distance;
