import type { ListPeopleQuery, PersonDto, PersonKind, PersonListDto, PersonValues } from '@kinetic/shared';
import { withTenant, type Database, type Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { generateId } from '../../db/ids.ts';
import type { Actor } from '../../plugins/auth.ts';
import { conflict, notFound } from '../../plugins/errors.ts';
import { uploadUrl } from '../uploads/uploads.storage.ts';
import {
  countPeople,
  findPerson,
  insertPerson,
  listPeople as listRows,
  updatePerson,
  type PeopleTable,
  type PersonRow,
} from './people.repo.ts';

export interface PeopleKind {
  kind: PersonKind;
  table: PeopleTable;
}

export function toDto(row: PersonRow): PersonDto {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    bio: row.bio,
    photo: row.photo,
    photoUrl: row.photo ? uploadUrl(row.photo) : null,
    active: row.active,
    login: row.login,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const notFoundFor = (kind: PersonKind) => notFound(`We could not find that ${kind}.`);

export async function mustFind(tx: Executor, people: PeopleKind, companyId: string, id: string): Promise<PersonRow> {
  const row = await findPerson(tx, people.table, companyId, id);
  if (!row) throw notFoundFor(people.kind);
  return row;
}

async function guardEmail<T>(kind: PersonKind, email: string | null, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) {
      const message = `Another ${kind} already uses ${email}.`;
      throw conflict(message, { email: message });
    }
    throw error;
  }
}

export async function listPeople(
  db: Database,
  actor: Actor,
  people: PeopleKind,
  query: ListPeopleQuery,
): Promise<PersonListDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    const total = await countPeople(tx, people.table, actor.companyId, query.status);
    const rows = await listRows(tx, people.table, actor.companyId, query);
    return { items: rows.map(toDto), total };
  });
}

export async function getPerson(
  db: Database,
  actor: Actor,
  people: PeopleKind,
  id: string,
): Promise<PersonDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    return toDto(await mustFind(tx, people, actor.companyId, id));
  });
}

export async function addPerson(
  db: Database,
  actor: Actor,
  people: PeopleKind,
  values: PersonValues,
): Promise<PersonDto> {
  return guardEmail(people.kind, values.email, () =>
    withTenant(db, actor.companyId, async (tx) => {
      const id = generateId();
      await insertPerson(tx, people.table, actor.companyId, id, values);
      return toDto(await mustFind(tx, people, actor.companyId, id));
    }),
  );
}

/** Edits, including `active`: an inactive person leaves the pickers but stays on past classes. */
export async function editPerson(
  db: Database,
  actor: Actor,
  people: PeopleKind,
  id: string,
  values: PersonValues,
): Promise<PersonDto> {
  return guardEmail(people.kind, values.email, () =>
    withTenant(db, actor.companyId, async (tx) => {
      if (!(await updatePerson(tx, people.table, actor.companyId, id, values))) throw notFoundFor(people.kind);
      return toDto(await mustFind(tx, people, actor.companyId, id));
    }),
  );
}
