-- The signed-in request path (plugins/auth.ts): inside a transaction the caller has begun as
-- kinetic_app, find the session behind a token hash in the platform scope, then scope the rest of
-- the transaction to that session's company and leave the platform scope. One call, one round trip;
-- PL/pgSQL keeps the look-up's plan per connection instead of planning it on every request.
-- SECURITY INVOKER (the default): row-level security applies to the caller as everywhere else.
CREATE FUNCTION kinetic_open_session(p_token_hash text, p_touch_after interval)
RETURNS TABLE (id text, company_id text, user_id text, role text, stale boolean)
LANGUAGE plpgsql
AS $$
DECLARE
  found_session sessions%ROWTYPE;
BEGIN
  PERFORM set_config('app.scope', 'platform', true);
  SELECT * INTO found_session FROM sessions s WHERE s.token_hash = p_token_hash AND s.expires_at > now();
  PERFORM set_config('app.scope', '', true);
  PERFORM set_config('app.company_id', coalesce(found_session.company_id::text, ''), true);
  PERFORM set_config('app.user_id', coalesce(found_session.user_id::text, ''), true);
  IF found_session.id IS NOT NULL THEN
    RETURN QUERY SELECT found_session.id::text, found_session.company_id::text, found_session.user_id::text,
      found_session.role, found_session.last_used_at < now() - p_touch_after;
  END IF;
END
$$;
--> statement-breakpoint
-- The signed-in account (user and company) of the session kinetic_open_session just scoped the
-- transaction to: what GET /api/me answers, read in the same message as the session itself.
-- Row-level security applies (tenant scope): it can only ever see the session's own company.
CREATE FUNCTION kinetic_session_account()
RETURNS TABLE (
  user_id text, user_name text, user_email text, user_phone text, user_role text,
  company_id text, company_slug text, company_name text, company_kind text, company_logo text,
  company_completed_onboarding text[]
)
LANGUAGE plpgsql
AS $$
BEGIN
  RETURN QUERY
    SELECT u.id::text, u.name, u.email, u.phone, u.role,
           c.id::text, c.slug, c.name, c.kind, c.logo, c.completed_onboarding
      FROM users u JOIN companies c ON c.id = u.company_id
     WHERE u.company_id = current_setting('app.company_id', true)::bpchar
       AND u.id = current_setting('app.user_id', true)::bpchar;
END
$$;
