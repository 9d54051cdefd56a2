import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/harness.ts';

const db = await createTestDatabase();

describe('tenant tables (blueprint §4)', () => {
  it('every table with a company_id has row-level security enabled and forced, with a policy', async () => {
    const { rows } = await db.pool.query<{
      table: string;
      enabled: boolean;
      forced: boolean;
      policies: number;
    }>(`
      select c.relname as table, c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
             (select count(*)::int from pg_policy p where p.polrelid = c.oid) as policies
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
      where c.relkind = 'r' and exists (
        select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'company_id' and not a.attisdropped)
      order by 1`);
    expect(rows.map((row) => row.table)).toEqual(
      expect.arrayContaining(['class_instances', 'company_hours', 'fitness_sessions', 'session_settings', 'studio_rooms', 'studios']),
    );
    for (const row of rows)
      expect(row, row.table).toMatchObject({ enabled: true, forced: true, policies: 1 });
  });

  it('every foreign key between tenant tables includes company_id', async () => {
    const { rows } = await db.pool.query<{ name: string; columns: string[] }>(`
      select con.conname as name, array(select a.attname::text from unnest(con.conkey) k join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k) as columns
      from pg_constraint con
      where con.contype = 'f' and con.confrelid <> 'companies'::regclass and con.connamespace = 'public'::regnamespace
        and exists (select 1 from pg_attribute a where a.attrelid = con.confrelid and a.attname = 'company_id')`);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.columns, row.name).toContain('company_id');
  });
});
