--- schema.sql
CREATE TABLE t (id integer PRIMARY KEY, label text NOT NULL, span int4range);
CREATE AGGREGATE append_any(anyelement) (SFUNC = array_append, STYPE = anyarray);
CREATE AGGREGATE qualified_append(anyelement) (SFUNC = pg_catalog.array_append, STYPE = anyarray);
CREATE AGGREGATE append_nonarray(anynonarray) (SFUNC = array_append, STYPE = anyarray, INITCOND = '{}');
CREATE AGGREGATE append_compatible_nonarray(anycompatiblenonarray) (SFUNC = array_append, STYPE = anycompatiblearray);
CREATE AGGREGATE concat_any(anyarray) (SFUNC = array_cat, STYPE = anyarray);
CREATE AGGREGATE undeduced(anyelement) (SFUNC = array_append, STYPE = anycompatiblearray);
CREATE AGGREGATE undeduced_text(text) (SFUNC = array_append, STYPE = anyarray);
CREATE AGGREGATE wrong_arity(integer, anyelement) (SFUNC = array_append, STYPE = anyarray);
CREATE AGGREGATE text_sum(text) (SFUNC = int4pl, STYPE = integer);
CREATE AGGREGATE accumulated(anycompatible) (SFUNC = array_append, STYPE = anycompatiblearray, INITCOND = '{}');
CREATE AGGREGATE integers(integer) (SFUNC = array_append, STYPE = integer[]);
CREATE AGGREGATE total(integer) (SFUNC = int4pl, STYPE = integer);
CREATE AGGREGATE merged(anyrange) (SFUNC = range_merge, STYPE = anyrange);
--- queries.sql
-- name: Accepted :one
SELECT accumulated(id) AS ids, integers(id) AS more_ids, total(id) AS sum, merged(span) AS hull FROM t;
--- expected
schema.sql:2:50: error: function array_append(anyarray, anyelement) does not exist
schema.sql:3:56: error: function pg_catalog.array_append(anyarray, anyelement) does not exist
schema.sql:4:56: error: function array_append(anyarray, anynonarray) does not exist
schema.sql:5:77: error: function array_append(anycompatiblearray, anycompatiblenonarray) does not exist
schema.sql:6:48: error: function array_cat(anyarray, anyarray) does not exist
schema.sql:7:71: error: cannot determine transition data type: A result of type anycompatiblearray requires at least one input of type anycompatible, anycompatiblearray, anycompatiblenonarray, anycompatiblerange, or anycompatiblemultirange.
schema.sql:8:70: error: cannot determine transition data type: A result of type anyarray requires at least one input of type anyelement, anyarray, anynonarray, anyenum, anyrange, or anymultirange.
schema.sql:9:60: error: function array_append(anyarray, integer, anyelement) does not exist
schema.sql:10:42: error: function int4pl(integer, text) does not exist
