-- Row-level security for Neon RLS ("Neon Authorize"): the app sends its auth provider's JWT
-- instead of a database password; Neon verifies it and runs the request as role `authenticated`,
-- where `auth.user_id()` is the token's `sub` (the user's UUID). These policies then decide
-- what each signed-in user may read and write. The table owner (the password role) bypasses them.

-- The role JWT requests run as. Neon creates it when RLS is set up; NOLOGIN, since the proxy
-- (or neon-local) switches to it.
DO $$
BEGIN
    IF NOT EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = 'authenticated') THEN
        CREATE ROLE authenticated NOLOGIN;
    END IF;
END
$$;

-- auth.user_id() / auth.session(): from the pg_session_jwt extension where the server has it (Neon),
-- else placeholders that see no session (NULL, so every policy below denies). neon-local replaces
-- the placeholders with functions that read the claims of each verified request.
DO $$
BEGIN
    IF EXISTS (SELECT FROM pg_catalog.pg_available_extensions WHERE name = 'pg_session_jwt') THEN
        CREATE EXTENSION IF NOT EXISTS pg_session_jwt;
    ELSE
        CREATE SCHEMA IF NOT EXISTS auth;
        IF NOT EXISTS (SELECT FROM pg_catalog.pg_proc p JOIN pg_catalog.pg_namespace n ON n.oid = p.pronamespace
                       WHERE n.nspname = 'auth' AND p.proname = 'session') THEN
            CREATE FUNCTION auth.session() RETURNS jsonb LANGUAGE sql STABLE AS 'SELECT NULL::jsonb';
        END IF;
        IF NOT EXISTS (SELECT FROM pg_catalog.pg_proc p JOIN pg_catalog.pg_namespace n ON n.oid = p.pronamespace
                       WHERE n.nspname = 'auth' AND p.proname = 'user_id') THEN
            CREATE FUNCTION auth.user_id() RETURNS text LANGUAGE sql STABLE AS 'SELECT auth.session() ->> ''sub''';
        END IF;
        GRANT USAGE ON SCHEMA auth TO authenticated;
    END IF;
END
$$;

GRANT USAGE ON SCHEMA public TO authenticated;

-- Content: readable by signed-in users, written by nobody from the app (no write privileges).
GRANT SELECT ON categories, collections, duas, journeys, journey_duas TO authenticated;
ALTER TABLE categories ENABLE ROW LEVEL SECURITY;
ALTER TABLE collections ENABLE ROW LEVEL SECURITY;
ALTER TABLE duas ENABLE ROW LEVEL SECURITY;
ALTER TABLE journeys ENABLE ROW LEVEL SECURITY;
ALTER TABLE journey_duas ENABLE ROW LEVEL SECURITY;
CREATE POLICY categories_signed_in ON categories FOR SELECT TO authenticated USING ((SELECT auth.user_id()) IS NOT NULL);
CREATE POLICY collections_signed_in ON collections FOR SELECT TO authenticated USING ((SELECT auth.user_id()) IS NOT NULL);
CREATE POLICY duas_signed_in ON duas FOR SELECT TO authenticated USING ((SELECT auth.user_id()) IS NOT NULL);
CREATE POLICY journeys_signed_in ON journeys FOR SELECT TO authenticated USING ((SELECT auth.user_id()) IS NOT NULL);
CREATE POLICY journey_duas_signed_in ON journey_duas FOR SELECT TO authenticated USING ((SELECT auth.user_id()) IS NOT NULL);

-- Per-user rows: each user reads and writes only their own. Column privileges keep `is_admin`,
-- `user_id` and `created_at` out of the app's reach; nothing is deleted from the app.
GRANT SELECT ON user_profiles, user_activity TO authenticated;
GRANT INSERT (user_id, display_name) ON user_profiles TO authenticated;
GRANT UPDATE (display_name, streak, total_xp, level, last_active_date, updated_at) ON user_profiles TO authenticated;
GRANT INSERT (user_id, date, duas_completed, xp_earned) ON user_activity TO authenticated;
GRANT UPDATE (duas_completed, xp_earned) ON user_activity TO authenticated;
ALTER TABLE user_profiles ENABLE ROW LEVEL SECURITY;
ALTER TABLE user_activity ENABLE ROW LEVEL SECURITY;
CREATE POLICY user_profiles_own ON user_profiles FOR ALL TO authenticated
    USING (user_id = (SELECT auth.user_id())::uuid)
    WITH CHECK (user_id = (SELECT auth.user_id())::uuid);
CREATE POLICY user_activity_own ON user_activity FOR ALL TO authenticated
    USING (user_id = (SELECT auth.user_id())::uuid)
    WITH CHECK (user_id = (SELECT auth.user_id())::uuid);
