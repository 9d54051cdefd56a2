import { and, asc, count, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { ClassTemplateValues, ListClassTemplatesQuery } from '@kinetic/shared';
import type { Executor } from '../../db/client.ts';
import { classTemplates } from '../../db/schema/index.ts';

export type ClassTemplateRow = typeof classTemplates.$inferSelect;

function statusFilter(companyId: string, status: ListClassTemplatesQuery['status']): SQL | undefined {
  const company = eq(classTemplates.companyId, companyId);
  if (status === 'active') return and(company, isNull(classTemplates.archivedAt));
  if (status === 'archived') return and(company, isNotNull(classTemplates.archivedAt));
  return company;
}

export async function countClassTemplates(
  tx: Executor,
  companyId: string,
  status: ListClassTemplatesQuery['status'],
): Promise<number> {
  const [row] = await tx
    .select({ total: count() })
    .from(classTemplates)
    .where(statusFilter(companyId, status));
  return row?.total ?? 0;
}

/** By name, so the schedule's picker and the settings list read alphabetically. */
export async function listClassTemplates(
  tx: Executor,
  companyId: string,
  query: ListClassTemplatesQuery,
): Promise<ClassTemplateRow[]> {
  return tx
    .select()
    .from(classTemplates)
    .where(statusFilter(companyId, query.status))
    .orderBy(asc(sql`lower(${classTemplates.name})`), asc(classTemplates.id))
    .offset((query.page - 1) * query.pageSize)
    .limit(query.pageSize);
}

export async function findClassTemplate(
  tx: Executor,
  companyId: string,
  templateId: string,
): Promise<ClassTemplateRow | undefined> {
  const [row] = await tx
    .select()
    .from(classTemplates)
    .where(and(eq(classTemplates.companyId, companyId), eq(classTemplates.id, templateId)));
  return row;
}

/** Names of active templates that start with `base` (case-insensitive), for naming a copy. */
export async function activeNamesLike(tx: Executor, companyId: string, base: string): Promise<string[]> {
  const rows = await tx
    .select({ name: classTemplates.name })
    .from(classTemplates)
    .where(
      and(
        eq(classTemplates.companyId, companyId),
        isNull(classTemplates.archivedAt),
        sql`starts_with(lower(${classTemplates.name}), lower(${base}))`,
      ),
    );
  return rows.map((row) => row.name);
}

export async function insertClassTemplate(
  tx: Executor,
  companyId: string,
  id: string,
  values: ClassTemplateValues,
): Promise<ClassTemplateRow> {
  const [row] = await tx
    .insert(classTemplates)
    .values({ companyId, id, ...values })
    .returning();
  if (!row) throw new Error('Adding the template returned no row.');
  return row;
}

export async function updateClassTemplate(
  tx: Executor,
  companyId: string,
  templateId: string,
  values: Partial<ClassTemplateValues> & { archivedAt?: Date | null | SQL },
): Promise<ClassTemplateRow | undefined> {
  const [row] = await tx
    .update(classTemplates)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(classTemplates.companyId, companyId), eq(classTemplates.id, templateId)))
    .returning();
  return row;
}
