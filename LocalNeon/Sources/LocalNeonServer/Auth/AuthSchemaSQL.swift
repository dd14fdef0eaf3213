@_spi(NeonSQLInternal) import NeonSQLShared

/// The SQL neon-local runs to give JWT requests what Neon's `pg_session_jwt` gives them:
/// `auth.session()` (the claims, jsonb) and `auth.user_id()` (the `sub` claim, text).
///
/// Claims travel in the setting `request.jwt.claims` as `<mac>.<claims>`, where `<mac>` is
/// SHA-256 over key + claims + key with a key only the function owner (the admin) can read
/// (`auth.neon_local_claims_key`). SQL running as the JWT role can change the setting but cannot
/// produce a valid `<mac>` for another user's claims, so it cannot pose as someone else; a value
/// without a valid `<mac>` reads as no session (NULL).
enum AuthSchemaSQL {
    /// Serializes concurrent installs (several neon-local processes may share a cluster).
    static let advisoryLock = "SELECT pg_catalog.pg_advisory_xact_lock(7242018301)"

    /// The role JWT requests log in as (NOINHERIT, no privileges of its own); it is a member of each
    /// JWT role and switches to the request's role with `SET ROLE`. A request's SQL that runs
    /// `RESET ROLE` lands in this powerless role, never in the admin's session.
    static let authenticatorRole = "neon_local_authenticator"

    /// In the admin database: the authenticator's password, shared by every neon-local on the cluster.
    static let authenticatorSecret = [
        "CREATE SCHEMA IF NOT EXISTS neon_local",
        "REVOKE ALL ON SCHEMA neon_local FROM PUBLIC",
        "CREATE TABLE IF NOT EXISTS neon_local.secrets (name text PRIMARY KEY, value text NOT NULL)",
        "REVOKE ALL ON neon_local.secrets FROM PUBLIC",
        """
        INSERT INTO neon_local.secrets (name, value)
        VALUES ('authenticator', pg_catalog.replace(pg_catalog.gen_random_uuid()::text || pg_catalog.gen_random_uuid()::text, '-', ''))
        ON CONFLICT (name) DO NOTHING
        """,
    ]
    static let selectAuthenticatorSecret = "SELECT value FROM neon_local.secrets WHERE name = 'authenticator'"
    static let authenticatorExists = "SELECT count(*)::int4 FROM pg_catalog.pg_roles WHERE rolname = '\(authenticatorRole)'"
    static let createAuthenticator = "CREATE ROLE \(authenticatorRole)"

    /// Sets the authenticator's attributes and password (`secret` is hex, so it needs no escaping).
    static func alterAuthenticator(secret: String) -> String {
        "ALTER ROLE \(authenticatorRole) WITH LOGIN NOINHERIT NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS PASSWORD '\(secret)'"
    }

    /// In each database JWT requests use: the `auth` schema and the claims key.
    static let claimsKey = [
        "CREATE SCHEMA IF NOT EXISTS auth",
        "GRANT USAGE ON SCHEMA auth TO PUBLIC",
        "CREATE TABLE IF NOT EXISTS auth.neon_local_claims_key (value text NOT NULL)",
        "REVOKE ALL ON auth.neon_local_claims_key FROM PUBLIC",
        """
        INSERT INTO auth.neon_local_claims_key (value)
        SELECT pg_catalog.replace(pg_catalog.gen_random_uuid()::text || pg_catalog.gen_random_uuid()::text, '-', '')
        WHERE NOT EXISTS (SELECT FROM auth.neon_local_claims_key)
        """,
    ]
    static let selectClaimsKey = "SELECT value FROM auth.neon_local_claims_key LIMIT 1"

    /// Whether the real extension is installed (then neon-local leaves `auth` functions alone).
    static let extensionInstalled = "SELECT count(*)::int4 FROM pg_catalog.pg_extension WHERE extname = 'pg_session_jwt'"

    /// The functions, replacing any earlier definition (such as an application's fallback that reads
    /// `request.jwt.claims` without checking it).
    static let functions = [
        """
        CREATE OR REPLACE FUNCTION auth.session() RETURNS jsonb
        LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
        AS $$
            SELECT CASE
                WHEN s.mac = pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(k.value || s.claims || k.value, 'UTF8')), 'hex')
                THEN s.claims::jsonb
            END
            FROM (
                SELECT pg_catalog.split_part(v, '.', 1) AS mac, pg_catalog.substr(v, pg_catalog.strpos(v, '.') + 1) AS claims
                FROM (SELECT NULLIF(pg_catalog.current_setting('request.jwt.claims', true), '') AS v) AS setting
                WHERE pg_catalog.strpos(v, '.') > 0
            ) AS s
            CROSS JOIN (SELECT value FROM auth.neon_local_claims_key LIMIT 1) AS k
        $$
        """,
        """
        CREATE OR REPLACE FUNCTION auth.user_id() RETURNS text
        LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp
        AS $$ SELECT auth.session() ->> 'sub' $$
        """,
        // An application's placeholder may belong to its owner; the key is readable by the admin only.
        "ALTER FUNCTION auth.session() OWNER TO CURRENT_USER",
        "ALTER FUNCTION auth.user_id() OWNER TO CURRENT_USER",
        "GRANT EXECUTE ON FUNCTION auth.session(), auth.user_id() TO PUBLIC",
    ]

    /// 0: no such role; 1: an ordinary role; 2: a superuser or a role that bypasses RLS (never a JWT role).
    static let roleKind = "SELECT coalesce(max(CASE WHEN rolsuper OR rolbypassrls THEN 2 ELSE 1 END), 0)::int4 FROM pg_catalog.pg_roles WHERE rolname = $1"

    /// Lets the authenticator switch to `role`.
    static func grantRole(_ role: String) -> String {
        "GRANT \(SQLIdentifierQuoting.quoted(role)) TO \(authenticatorRole)"
    }

    /// Sets the request's role and signed claims on the authenticator's connection; undone by the
    /// session reset (`DISCARD ALL`) before the connection goes back to the pool.
    static let beginRequest = "SELECT pg_catalog.set_config('role', $1, false), pg_catalog.set_config('request.jwt.claims', $2, false)"
}
