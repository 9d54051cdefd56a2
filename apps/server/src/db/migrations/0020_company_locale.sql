ALTER TABLE "companies" ADD COLUMN "locale" text DEFAULT 'en-US' NOT NULL;--> statement-breakpoint
-- GET /api/me answers the company's locale too (how the web writes prices): the account look-up of
-- 0003 returns one more column. A function's result type cannot change in place, so it is replaced.
DROP FUNCTION kinetic_session_account();
--> statement-breakpoint
CREATE FUNCTION kinetic_session_account()
RETURNS TABLE (
  user_id text, user_name text, user_email text, user_phone text, user_role text,
  company_id text, company_slug text, company_name text, company_kind text, company_logo text,
  company_completed_onboarding text[], company_locale text
)
LANGUAGE plpgsql
AS $$
BEGIN
  RETURN QUERY
    SELECT u.id::text, u.name, u.email, u.phone, u.role,
           c.id::text, c.slug, c.name, c.kind, c.logo, c.completed_onboarding, c.locale
      FROM users u JOIN companies c ON c.id = u.company_id
     WHERE u.company_id = current_setting('app.company_id', true)::bpchar
       AND u.id = current_setting('app.user_id', true)::bpchar;
END
$$;
