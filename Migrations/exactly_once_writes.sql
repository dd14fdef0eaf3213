-- swift-neon-sql: the table of exactly-once writes (NeonConfiguration.exactlyOnceWrites).
-- Apply it once, as the owner of your schema (a migration of your project). Every role may insert
-- a key; no role but the owner may read any. Read replicas check their client's writes with
-- requests_applied(uuid[]) (security definer: it only tells whether given random keys are
-- recorded). Delete old keys regularly (ExactlyOnceWrites.cleanupSQL):
--   DELETE FROM neon_sql.applied_requests WHERE applied_at < now() - interval '7 days';
CREATE SCHEMA IF NOT EXISTS neon_sql;
CREATE TABLE IF NOT EXISTS neon_sql.applied_requests (
    key uuid PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS applied_requests_applied_at ON neon_sql.applied_requests (applied_at);
ALTER TABLE neon_sql.applied_requests ENABLE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS applied_requests_insert ON neon_sql.applied_requests;
CREATE POLICY applied_requests_insert ON neon_sql.applied_requests FOR INSERT WITH CHECK (true);
REVOKE ALL ON neon_sql.applied_requests FROM PUBLIC;
GRANT USAGE ON SCHEMA neon_sql TO PUBLIC;
GRANT INSERT ON neon_sql.applied_requests TO PUBLIC;
CREATE OR REPLACE FUNCTION neon_sql.requests_applied(keys uuid[]) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
    AS $$ SELECT count(*) = cardinality(keys) FROM neon_sql.applied_requests WHERE key = ANY (keys) $$;
REVOKE ALL ON FUNCTION neon_sql.requests_applied(uuid[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION neon_sql.requests_applied(uuid[]) TO PUBLIC;
