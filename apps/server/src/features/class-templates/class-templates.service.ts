import type {
  ClassTemplateDto,
  ClassTemplateListDto,
  ClassTemplateValues,
  ListClassTemplatesQuery,
} from '@kinetic/shared';
import { sql } from 'drizzle-orm';
import { withTenant, type Database, type Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { generateId } from '../../db/ids.ts';
import type { Actor } from '../../plugins/auth.ts';
import { conflict, notFound } from '../../plugins/errors.ts';
import { findCompanyById } from '../accounts/accounts.repo.ts';
import { uploadUrl } from '../uploads/uploads.storage.ts';
import {
  activeNamesLike,
  countClassTemplates,
  findClassTemplate,
  insertClassTemplate,
  listClassTemplates as listRows,
  updateClassTemplate,
  type ClassTemplateRow,
} from './class-templates.repo.ts';

const TEMPLATE_NOT_FOUND = 'We could not find that class template.';

function toDto(row: ClassTemplateRow, currency: string): ClassTemplateDto {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    durationMinutes: row.durationMinutes,
    defaultCapacity: row.defaultCapacity,
    dropInPrice: row.dropInPrice,
    currency,
    colour: row.colour,
    image: row.image,
    imageUrl: row.image ? uploadUrl(row.image) : null,
    tags: row.tags,
    archived: row.archivedAt !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function currencyOf(tx: Executor, companyId: string): Promise<string> {
  const company = await findCompanyById(tx, companyId);
  if (!company) throw notFound('Your company no longer exists.');
  return company.currency;
}

const nameTaken = (name: string) => {
  const message = `A class template called “${name}” already exists. Choose another name.`;
  return conflict(message, { name: message });
};

/** Runs a write that may hit the one-active-name index; answers 409 naming the name instead of a 500. */
async function guardName<T>(name: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(name);
    throw error;
  }
}

async function existing(tx: Executor, companyId: string, templateId: string): Promise<ClassTemplateRow> {
  const row = await findClassTemplate(tx, companyId, templateId);
  if (!row) throw notFound(TEMPLATE_NOT_FOUND);
  return row;
}

export async function listClassTemplates(
  db: Database,
  actor: Actor,
  query: ListClassTemplatesQuery,
): Promise<ClassTemplateListDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    const currency = await currencyOf(tx, actor.companyId);
    const total = await countClassTemplates(tx, actor.companyId, query.status);
    const rows = await listRows(tx, actor.companyId, query);
    return { items: rows.map((row) => toDto(row, currency)), total };
  });
}

export async function getClassTemplate(
  db: Database,
  actor: Actor,
  templateId: string,
): Promise<ClassTemplateDto> {
  return withTenant(db, actor.companyId, async (tx) =>
    toDto(await existing(tx, actor.companyId, templateId), await currencyOf(tx, actor.companyId)),
  );
}

export async function createClassTemplate(
  db: Database,
  actor: Actor,
  values: ClassTemplateValues,
): Promise<ClassTemplateDto> {
  return guardName(values.name, () =>
    withTenant(db, actor.companyId, async (tx) =>
      toDto(
        await insertClassTemplate(tx, actor.companyId, generateId(), values),
        await currencyOf(tx, actor.companyId),
      ),
    ),
  );
}

/** Edits change the template only; classes already scheduled keep their own copies of its terms. */
export async function editClassTemplate(
  db: Database,
  actor: Actor,
  templateId: string,
  values: ClassTemplateValues,
): Promise<ClassTemplateDto> {
  return guardName(values.name, () =>
    withTenant(db, actor.companyId, async (tx) => {
      await existing(tx, actor.companyId, templateId);
      const row = await updateClassTemplate(tx, actor.companyId, templateId, values);
      if (!row) throw notFound(TEMPLATE_NOT_FOUND);
      return toDto(row, await currencyOf(tx, actor.companyId));
    }),
  );
}

/** "Yoga" becomes "Yoga (copy)", then "Yoga (copy 2)", ... skipping names in use. */
export function copyName(name: string, taken: readonly string[]): string {
  const used = new Set(taken.map((value) => value.toLowerCase()));
  const base = name.replace(/ \(copy(?: \d+)?\)$/, '');
  for (let n = 1; ; n += 1) {
    const candidate = `${base} (copy${n === 1 ? '' : ` ${n}`})`;
    if (!used.has(candidate.toLowerCase())) return candidate.slice(0, 120);
  }
}

/** A new active template with the same terms under a free name (spec's `copy` routes for packages follow the same idea). */
export async function copyClassTemplate(
  db: Database,
  actor: Actor,
  templateId: string,
): Promise<ClassTemplateDto> {
  // Two copies at once may pick the same free name; the index refuses the second, which may simply retry.
  return guardCopy(() =>
    withTenant(db, actor.companyId, async (tx) => {
      const source = await existing(tx, actor.companyId, templateId);
      const base = source.name.replace(/ \(copy(?: \d+)?\)$/, '');
      const name = copyName(source.name, await activeNamesLike(tx, actor.companyId, base));
      const {
        name: _name,
        id: _id,
        companyId: _companyId,
        archivedAt: _archivedAt,
        createdAt: _createdAt,
        updatedAt: _updatedAt,
        ...terms
      } = source;
      const row = await insertClassTemplate(tx, actor.companyId, generateId(), { ...terms, name });
      return toDto(row, await currencyOf(tx, actor.companyId));
    }),
  );
}

async function guardCopy<T>(work: () => Promise<T>): Promise<T> {
  return work().catch((error: unknown) => {
    if (isUniqueViolation(error)) throw conflict('Another copy was made at the same moment. Try again.');
    throw error;
  });
}

/** Archived templates leave the pickers but keep their history; restoring needs the name to be free again. */
export async function setArchived(
  db: Database,
  actor: Actor,
  templateId: string,
  archived: boolean,
): Promise<ClassTemplateDto> {
  let name = '';
  try {
    return await withTenant(db, actor.companyId, async (tx) => {
      const row = await existing(tx, actor.companyId, templateId);
      name = row.name;
      const currency = await currencyOf(tx, actor.companyId);
      if ((row.archivedAt !== null) === archived) return toDto(row, currency);
      const updated = await updateClassTemplate(tx, actor.companyId, templateId, {
        archivedAt: archived ? sql`now()` : null,
      });
      if (!updated) throw notFound(TEMPLATE_NOT_FOUND);
      return toDto(updated, currency);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(name);
    throw error;
  }
}
