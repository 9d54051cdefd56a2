import { sessionRulesOf } from '../session-settings/session-settings.service.ts';
import { effectiveRules } from '../class-instances/class-instances.service.ts';
import type {
  AppointmentTypeDto,
  AppointmentTypeListDto,
  AppointmentTypeValues,
  PublicAppointmentTypeListDto,
} from '@kinetic/shared';
import { withTenant, type Database, type Executor } from '../../db/client.ts';
import { generateId } from '../../db/ids.ts';
import type { Actor } from '../../plugins/auth.ts';
import { badRequest, notFound } from '../../plugins/errors.ts';
import { companyOrNotFound } from '../accounts/accounts.repo.ts';
import { uploadUrl } from '../uploads/uploads.storage.ts';
import {
  archiveAppointmentType,
  deleteAppointmentType,
  findAppointmentType,
  insertAppointmentType,
  instructorsByIds,
  listAppointmentTypes as listRows,
  packagesByIds,
  roomsByIds,
  studiosByIds,
  typeHasAppointments,
  updateAppointmentType,
  type AppointmentTypeRow,
} from './appointment-types.repo.ts';
import { companyBySlug } from '../public-company/public-company.service.ts';

const TYPE_NOT_FOUND = 'We could not find that appointment type.';

function toDto(row: AppointmentTypeRow, currency: string): AppointmentTypeDto {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    durationMinutes: row.durationMinutes,
    bufferBeforeMinutes: row.bufferBeforeMinutes,
    bufferAfterMinutes: row.bufferAfterMinutes,
    slotIntervalMinutes: row.slotIntervalMinutes,
    price: row.price,
    currency,
    packageIds: row.packageIds,
    instructorIds: row.instructorIds,
    studioIds: row.studioIds,
    roomIds: row.roomIds,
    maxAttendees: row.maxAttendees,
    ruleOverrides: row.ruleOverrides ?? null,
    active: row.active,
  };
}

/** The first id of `ids` not among `found`, as the field name a 400 points at (`instructorIds.1`). */
function firstMissing(field: string, ids: readonly string[], found: ReadonlySet<string>): string | null {
  const index = ids.findIndex((id) => !found.has(id));
  return index === -1 ? null : `${field}.${index}`;
}

/**
 * Every instructor, studio, room and package a type names must be the company's (another company's id
 * reads as unknown), and each room must belong to one of the type's studios. 400 naming the first
 * offending entry.
 */
async function checkReferences(
  tx: Executor,
  companyId: string,
  values: AppointmentTypeValues,
): Promise<void> {
  const refuse = (field: string, message: string) => badRequest(message, { [field]: message });
  const ids = <T extends { id: string }>(rows: T[]) => new Set(rows.map((row) => row.id));
  const instructorsFound = ids(await instructorsByIds(tx, companyId, values.instructorIds));
  const instructorField = firstMissing('instructorIds', values.instructorIds, instructorsFound);
  if (instructorField) throw refuse(instructorField, 'Choose instructors from your Instructors settings.');
  const studiosFound = ids(await studiosByIds(tx, companyId, values.studioIds));
  const studioField = firstMissing('studioIds', values.studioIds, studiosFound);
  if (studioField) throw refuse(studioField, 'Choose one of your studios.');
  const rooms = await roomsByIds(tx, companyId, values.roomIds);
  const roomField = firstMissing('roomIds', values.roomIds, ids(rooms));
  if (roomField) throw refuse(roomField, 'Choose rooms of your studios.');
  const chosenStudios = new Set(values.studioIds);
  const strayIndex = values.roomIds.findIndex(
    (id) => !chosenStudios.has(rooms.find((room) => room.id === id)?.studioId ?? ''),
  );
  if (strayIndex !== -1) {
    const room = rooms.find((candidate) => candidate.id === values.roomIds[strayIndex]);
    throw refuse(
      `roomIds.${strayIndex}`,
      `${room?.name ?? 'This room'} is not in one of the chosen studios.`,
    );
  }
  const packageField = firstMissing(
    'packageIds',
    values.packageIds,
    ids(await packagesByIds(tx, companyId, values.packageIds)),
  );
  if (packageField) throw refuse(packageField, 'Choose packages from your own packages.');
}

async function existing(tx: Executor, companyId: string, appointmentTypeId: string) {
  const row = await findAppointmentType(tx, companyId, appointmentTypeId);
  if (!row) throw notFound(TYPE_NOT_FOUND);
  return row;
}

const currencyOf = async (tx: Executor, companyId: string) =>
  (await companyOrNotFound(tx, companyId)).currency;

/** The team's list: every type not deleted, active or not, by name. */
export async function listAppointmentTypes(db: Database, actor: Actor): Promise<AppointmentTypeListDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    const currency = await currencyOf(tx, actor.companyId);
    return { items: (await listRows(tx, actor.companyId)).map((row) => toDto(row, currency)) };
  });
}

export async function getAppointmentType(
  db: Database,
  actor: Actor,
  appointmentTypeId: string,
): Promise<AppointmentTypeDto> {
  return withTenant(db, actor.companyId, async (tx) =>
    toDto(await existing(tx, actor.companyId, appointmentTypeId), await currencyOf(tx, actor.companyId)),
  );
}

export async function createAppointmentType(
  db: Database,
  actor: Actor,
  values: AppointmentTypeValues,
): Promise<AppointmentTypeDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    await checkReferences(tx, actor.companyId, values);
    const row = await insertAppointmentType(tx, actor.companyId, generateId(), values);
    return toDto(row, await currencyOf(tx, actor.companyId));
  });
}

/** Appointments already booked keep their own length, buffers and price (copied when booked). */
export async function editAppointmentType(
  db: Database,
  actor: Actor,
  appointmentTypeId: string,
  values: AppointmentTypeValues,
): Promise<AppointmentTypeDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    await existing(tx, actor.companyId, appointmentTypeId);
    await checkReferences(tx, actor.companyId, values);
    const row = await updateAppointmentType(tx, actor.companyId, appointmentTypeId, values);
    if (!row) throw notFound(TYPE_NOT_FOUND);
    return toDto(row, await currencyOf(tx, actor.companyId));
  });
}

/**
 * Deleting a type that has appointments (past, booked or cancelled) archives it instead: it leaves the
 * lists and cannot be booked, and its appointments keep their name and price. Answers which it was.
 */
export async function removeAppointmentType(
  db: Database,
  actor: Actor,
  appointmentTypeId: string,
): Promise<{ archived: boolean }> {
  return withTenant(db, actor.companyId, async (tx) => {
    await existing(tx, actor.companyId, appointmentTypeId);
    if (await typeHasAppointments(tx, actor.companyId, appointmentTypeId)) {
      await archiveAppointmentType(tx, actor.companyId, appointmentTypeId);
      return { archived: true };
    }
    await deleteAppointmentType(tx, actor.companyId, appointmentTypeId);
    return { archived: false };
  });
}

/**
 * `GET /api/public/{company}/appointment-types`: the types clients can book, with the instructors who
 * offer them (active ones, by the type's order), the studios, and the names of the packages that pay.
 */
export async function listPublicAppointmentTypes(
  db: Database,
  slug: string,
): Promise<PublicAppointmentTypeListDto> {
  const companyId = (await companyBySlug(db, slug)).id;
  return withTenant(db, companyId, async (tx) => {
    const currency = await currencyOf(tx, companyId);
    const rows = await listRows(tx, companyId, { activeOnly: true });
    const companyRules = await sessionRulesOf(tx, companyId);
    const all = (pick: (row: AppointmentTypeRow) => string[]) => rows.flatMap(pick);
    const people = await instructorsByIds(
      tx,
      companyId,
      all((row) => row.instructorIds),
    );
    const places = await studiosByIds(
      tx,
      companyId,
      all((row) => row.studioIds),
    );
    const paying = await packagesByIds(
      tx,
      companyId,
      all((row) => row.packageIds),
    );
    const inOrder = <T extends { id: string }>(found: T[], ids: readonly string[]) =>
      ids.flatMap((id) => found.filter((row) => row.id === id));
    return {
      items: rows
        .map((row) => ({
          id: row.id,
          name: row.name,
          description: row.description,
          durationMinutes: row.durationMinutes,
          price: row.price,
          currency,
          maxAttendees: row.maxAttendees,
          instructors: inOrder(
            people.filter((person) => person.active),
            row.instructorIds,
          ).map((person) => ({
            id: person.id,
            name: person.name,
            photo: person.photo ? uploadUrl(person.photo) : null,
          })),
          studios: inOrder(places, row.studioIds).map((studio) => ({
            id: studio.id,
            name: studio.name,
            timeZone: studio.timeZone,
          })),
          packageNames: inOrder(
            paying.filter((row) => row.archivedAt === null),
            row.packageIds,
          ).map((item) => item.name),
          cancellation: (({ freeCancellationHoursBefore, lateCancelFee }) => ({
            freeCancellationHoursBefore,
            lateCancelFee,
          }))(effectiveRules(companyRules, row.ruleOverrides)),
        }))
        // A type nobody can give, or nowhere, is nothing a client could book.
        .filter((type) => type.instructors.length > 0 && type.studios.length > 0),
    };
  });
}
