/// HAND-DESCRIBED, not generated: PostgreSQL 17's common user-callable additions, in
/// `BuiltinCatalogData`'s line format, each marked `17-` (since 17). No PostgreSQL 17 server or
/// REL_17 `pg_proc.dat` is available to this project's generation script, so each signature and
/// result type is the one the PostgreSQL 17 documentation (functions chapter, release notes E.x
/// "Functions") gives; all are strict, as `pg_proc.dat` declares functions by default:
///
/// - `to_bin(integer | bigint) -> text`, `to_oct(integer | bigint) -> text`
/// - `uuid_extract_timestamp(uuid) -> timestamp with time zone`, `uuid_extract_version(uuid) -> smallint`
/// - `random(min, max)` for `integer`, `bigint` and `numeric`, of the arguments' type
/// - `pg_basetype(regtype) -> regtype`, `to_regtypemod(text) -> integer`,
///   `pg_column_toast_chunk_id("any") -> oid`, `xmltext(text) -> xml`
///
/// Left out: `merge_action()` (MERGE ... RETURNING only, and the generator has no MERGE);
/// JSON_TABLE, JSON_QUERY, JSON_VALUE, JSON_EXISTS, JSON_SCALAR and JSON_SERIALIZE (grammar, not
/// functions); administration functions (WAL summaries, replication slot sync); and additions
/// whose version could not be confirmed here (`unicode_assigned`, `unicode_version`,
/// `icu_unicode_version`, min/max over arrays and records).
enum PostgreSQL17Additions {
    static let text = #"""
F	to_bin	int4	text	s	0				17-
F	to_bin	int8	text	s	0				17-
F	to_oct	int4	text	s	0				17-
F	to_oct	int8	text	s	0				17-
F	uuid_extract_timestamp	uuid	timestamptz	s	0				17-
F	uuid_extract_version	uuid	int2	s	0				17-
F	random	int4 int4	int4	s	0				17-
F	random	int8 int8	int8	s	0				17-
F	random	numeric numeric	numeric	s	0				17-
F	pg_basetype	regtype	regtype	s	0				17-
F	to_regtypemod	text	int4	s	0				17-
F	pg_column_toast_chunk_id	any	oid	s	0				17-
F	xmltext	text	xml	s	0				17-
"""#
}
