-- The role request transactions act as (SET LOCAL ROLE): it owns nothing and has no BYPASSRLS,
-- so row-level security applies to it even when the server connects as a superuser.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'kinetic_app') THEN
    CREATE ROLE kinetic_app NOLOGIN NOBYPASSRLS;
  END IF;
END
$$;
--> statement-breakpoint
GRANT kinetic_app TO CURRENT_USER;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO kinetic_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO kinetic_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO kinetic_app;
