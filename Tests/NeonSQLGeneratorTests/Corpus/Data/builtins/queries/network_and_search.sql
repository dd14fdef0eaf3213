-- name: InetFunctions :many
-- expect: short String, h String, bits Int, fam Int, bcast String, net String
-- params: (none)
-- why: abbrev(inet) is text; masklen takes inet (cidr coerces); network(inet) is cidr.
SELECT abbrev(address) AS short, host(address) AS h, masklen(network) AS bits, family(address) AS fam,
       broadcast(network) AS bcast, network(address) AS net
FROM hosts;

-- name: InetOperators :many
-- expect: distance Int, next String, inside Bool, within Bool, covers Bool, anded String
-- params: probe String
-- why: inet - inet is bigint; inet + bigint is inet; <<, <<= and >>= are containment tests.
SELECT address - address AS distance, address + 1 AS next, address << network AS inside, address <<= network AS within,
       network >>= @probe AS covers, address & address AS anded
FROM hosts;

-- name: MacAddresses :many
-- expect: vendor String, mac8 String?, set7 String?
-- params: mac String
-- why: trunc(macaddr) is macaddr; macaddr8 is its own type.
SELECT trunc(mac) AS vendor, mac8, macaddr8_set7bit(mac8) AS set7 FROM hosts WHERE mac = @mac;

-- name: LogPositions :many
-- expect: lsn String?, bytes Decimal?, txid String?
-- params: (none)
-- why: pg_lsn - pg_lsn is numeric.
SELECT lsn, lsn - '0/0'::pg_lsn AS bytes, txid FROM hosts;

-- name: NetworkMerging :many
-- expect: merged String, same Bool, wider String
-- params: (none)
-- why: inet_merge gives cidr; set_masklen(cidr, integer) is cidr.
SELECT inet_merge(address, network) AS merged, inet_same_family(address, network) AS same,
       set_masklen(network, 16) AS wider
FROM hosts;

-- name: SearchDocuments :many
-- expect: snippet String, rank Float
-- params: q String
-- why: ts_headline(text, tsquery) is text; ts_rank is real.
SELECT ts_headline(body, to_tsquery(@q)) AS snippet, ts_rank(search, to_tsquery(@q)) AS rank
FROM documents WHERE search @@ to_tsquery(@q);

-- name: QueryAlgebra :one
-- expect: both String, either String, negated String, nodes Int
-- params: (none)
-- why: tsquery && tsquery and || are tsquery; !! negates; numnode is integer.
SELECT to_tsquery('a') && to_tsquery('b') AS both, to_tsquery('a') || to_tsquery('b') AS either,
       !! to_tsquery('a') AS negated, numnode(to_tsquery('a')) AS nodes;

-- name: VectorFunctions :many
-- expect: weighted String, lexemes Int, stripped String, combined String, words [String]
-- params: (none)
-- why: setweight takes "char"; tsvector || tsvector is tsvector; tsvector_to_array is text[].
SELECT setweight(search, 'A') AS weighted, length(search) AS lexemes, strip(search) AS stripped,
       search || to_tsvector('english', title) AS combined, tsvector_to_array(search) AS words
FROM documents;

-- name: QueryParsers :one
-- expect: query String, plain String, phrase String, tree String
-- params: q String
-- why: 'english' becomes regconfig; every parser gives tsquery.
SELECT websearch_to_tsquery('english', @q) AS query, plainto_tsquery(@q) AS plain, phraseto_tsquery(@q) AS phrase,
       querytree(to_tsquery(@q)) AS tree;

-- name: CaseInsensitiveEmail :many
-- expect: email String, matches Bool, lowered String, len Int
-- params: email String, pattern String
-- why: citext has its own = and LIKE operators, so the parameters are citext.
SELECT email, email = @email AS matches, lower(email) AS lowered, length(email) AS len
FROM documents WHERE email LIKE @pattern;

-- name: HstoreAccess :many
-- expect: color String?, has_size Bool?, keys [String]?, merged String?
-- params: (none)
-- why: hstore -> text is text; ? tests a key; akeys is text[].
SELECT attributes -> 'color' AS color, attributes ? 'size' AS has_size, akeys(attributes) AS keys,
       attributes || hstore('k', 'v') AS merged
FROM documents;

-- name: LtreePaths :many
-- expect: path String, depth Int, top String, under Bool, matches Bool
-- params: ancestor String
-- why: ltree <@ ltree types the parameter as ltree; ~ matches an lquery.
SELECT path, nlevel(path) AS depth, subpath(path, 0, 1) AS top, path <@ @ancestor AS under,
       path ~ 'a.*'::lquery AS matches
FROM documents;

-- name: LtreeFunctions :many
-- expect: common String, child String, parsed String
-- params: (none)
-- why: lca, ltree || ltree and text2ltree are ltree.
SELECT lca(path, path) AS common, path || 'x'::ltree AS child, text2ltree('a.b') AS parsed FROM documents;

-- name: TextHelpers :one
-- expect: hex String, hex32 String, letter String, twice String, swapped String, prefix String
-- params: s String
-- why: to_hex has bigint and integer overloads; chr, repeat, translate, left are text.
SELECT to_hex(9223372036854775807) AS hex, to_hex(255) AS hex32, chr(65) AS letter, repeat('ab', 3) AS twice,
       translate(@s, 'ab', 'xy') AS swapped, left(@s, 2) AS prefix;

-- name: SplitStrings :one
-- expect: parts [String?], fields [String?], joined String
-- params: s String
-- why: string_to_array and regexp_split_to_array give text[]; array_to_string text.
SELECT string_to_array('a,b', ',') AS parts, regexp_split_to_array(@s, ',') AS fields,
       array_to_string(ARRAY['a', 'b'], '-') AS joined;

-- name: JsonHelpers :many
-- expect: obj JSONValue, amt JSONValue, first JSONValue?, kind String
-- params: (none)
-- why: jsonb_path_query_first is NULL without a match; json_typeof is text.
SELECT jsonb_build_object('id', id) AS obj, to_jsonb(amount) AS amt, jsonb_path_query_first(to_jsonb(amount), '$') AS first,
       json_typeof(to_json(flags)) AS kind
FROM measurements;

-- name: Quoting :many
-- expect: ident String, pair String, joined String, hash String
-- params: name String
-- why: format and concat_ws take VARIADIC "any"; quote_ident and md5 text.
SELECT quote_ident(@name) AS ident, format('%s=%s', 'a', id) AS pair, concat_ws('-', id, flags) AS joined,
       md5(@name) AS hash
FROM measurements;
