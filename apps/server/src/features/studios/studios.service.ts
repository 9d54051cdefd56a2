import {
  WEEKDAYS,
  type ListStudiosQuery,
  type StudioDto,
  type StudioListDto,
  type StudioValues,
  type WeekRanges,
} from '@kinetic/shared';
import { withTenant, type Database, type Executor } from '../../db/client.ts';
import { generateId } from '../../db/ids.ts';
import type { Actor } from '../../plugins/auth.ts';
import { badRequest, conflict, notFound } from '../../plugins/errors.ts';
import { findCompanyById } from '../accounts/accounts.repo.ts';
import { completeOnboardingStep } from '../onboarding/onboarding.repo.ts';
import { countFutureClasses, fitClassesToRoom, keepClassesOnTheWallClock } from './studio-usage.ts';
import { postgresErrorCode } from '../../db/errors.ts';
import {
  countStudios,
  deleteRooms,
  deleteStudio as deleteStudioRow,
  findStudio,
  insertRooms,
  insertStudio,
  listStudios as listStudioRows,
  roomsOfStudios,
  updateRoom,
  updateStudio as updateStudioRow,
  type RoomRow,
  type StudioFields,
  type StudioRow,
} from './studios.repo.ts';

const STUDIO_NOT_FOUND = 'We could not find that studio.';

function inWeekOrder(week: WeekRanges): WeekRanges {
  const ordered: WeekRanges = {};
  for (const day of WEEKDAYS) if (week[day]) ordered[day] = week[day];
  return ordered;
}

function toStudioDto(studio: StudioRow, rooms: readonly RoomRow[]): StudioDto {
  return {
    id: studio.id,
    name: studio.name,
    address: studio.address,
    phone: studio.phone,
    email: studio.email,
    timeZone: studio.timeZone,
    openingHours: inWeekOrder(studio.openingHours),
    amenities: studio.amenities,
    rooms: rooms
      .filter((room) => room.studioId === studio.id)
      .map((room) => ({ id: room.id, name: room.name, capacity: room.capacity })),
    createdAt: studio.createdAt.toISOString(),
    updatedAt: studio.updatedAt.toISOString(),
  };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 'es'}`;

async function fieldsFrom(tx: Executor, companyId: string, values: StudioValues): Promise<StudioFields> {
  let { timeZone } = values;
  if (!timeZone) {
    const company = await findCompanyById(tx, companyId);
    if (!company) throw notFound('Your company no longer exists.');
    timeZone = company.timeZone;
  }
  const openingHours: WeekRanges = {};
  for (const day of WEEKDAYS) {
    const ranges = values.openingHours[day];
    if (ranges) openingHours[day] = [...ranges].sort((a, b) => a.start.localeCompare(b.start));
  }
  return {
    name: values.name,
    address: values.address,
    phone: values.phone,
    email: values.email,
    timeZone,
    openingHours,
    amenities: values.amenities,
  };
}

async function readStudio(tx: Executor, companyId: string, studioId: string): Promise<StudioDto> {
  const studio = await findStudio(tx, companyId, studioId);
  if (!studio) throw notFound(STUDIO_NOT_FOUND);
  return toStudioDto(studio, await roomsOfStudios(tx, companyId, [studio.id]));
}

export async function listStudios(
  db: Database,
  actor: Actor,
  query: ListStudiosQuery,
): Promise<StudioListDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    const total = await countStudios(tx, actor.companyId);
    const rows = await listStudioRows(tx, actor.companyId, (query.page - 1) * query.pageSize, query.pageSize);
    const rooms = await roomsOfStudios(
      tx,
      actor.companyId,
      rows.map((row) => row.id),
    );
    return { items: rows.map((row) => toStudioDto(row, rooms)), total };
  });
}

export async function getStudio(db: Database, actor: Actor, studioId: string): Promise<StudioDto> {
  return withTenant(db, actor.companyId, (tx) => readStudio(tx, actor.companyId, studioId));
}

/** A studio with its rooms, in the caller's transaction (sign-up's implicit studio and the demo use it too). */
export async function addStudioIn(tx: Executor, companyId: string, values: StudioValues): Promise<string> {
  const studioId = generateId();
  await insertStudio(tx, companyId, studioId, await fieldsFrom(tx, companyId, values));
  await insertRooms(
    tx,
    values.rooms.map((room, position) => ({
      companyId,
      id: generateId(),
      studioId,
      name: room.name,
      capacity: room.capacity,
      position,
    })),
  );
  return studioId;
}

/**
 * A solo instructor's one studio, made with the company at sign-up (not lazily on first read): then
 * it is a plain row from the start that classes can point at, and no GET ever writes. It takes the
 * company's name and time zone; the instructor may fill in the rest later.
 */
export async function addImplicitStudio(tx: Executor, companyId: string, name: string): Promise<string> {
  const empty = { line1: null, line2: null, city: null, state: null, postalCode: null, country: null };
  return addStudioIn(tx, companyId, {
    name,
    address: empty,
    phone: null,
    email: null,
    timeZone: null,
    openingHours: {},
    amenities: [],
    rooms: [],
  });
}

/** Adds a studio and completes the `studios` onboarding step. Room ids in a new studio's body are refused: rooms are new. */
export async function createStudio(db: Database, actor: Actor, values: StudioValues): Promise<StudioDto> {
  const index = values.rooms.findIndex((room) => room.id);
  if (index >= 0)
    throw badRequest('A new studio has no rooms yet to edit.', {
      [`rooms.${index}.id`]: 'This room is not in this studio',
    });
  return withTenant(db, actor.companyId, async (tx) => {
    const studioId = await addStudioIn(tx, actor.companyId, values);
    await completeOnboardingStep(tx, actor.companyId, 'studios');
    return readStudio(tx, actor.companyId, studioId);
  });
}

/**
 * Saves the whole studio: spec §4's local edits (hours, amenities, rooms) persist here. Rooms with an
 * id keep it; rooms without one are new; rooms left out are deleted unless future classes use them.
 */
export async function updateStudio(
  db: Database,
  actor: Actor,
  studioId: string,
  values: StudioValues,
  publicUrl = '',
): Promise<StudioDto> {
  const { companyId } = actor;
  return withTenant(db, companyId, async (tx) => {
    const studio = await findStudio(tx, companyId, studioId, { lock: true });
    if (!studio) throw notFound(STUDIO_NOT_FOUND);
    const existing = await roomsOfStudios(tx, companyId, [studioId]);
    const existingIds = new Set(existing.map((room) => room.id));
    const errors: Record<string, string> = {};
    values.rooms.forEach((room, index) => {
      if (room.id && !existingIds.has(room.id))
        errors[`rooms.${index}.id`] = 'This room is not in this studio';
    });
    if (Object.keys(errors).length > 0)
      throw badRequest('A room in the list is not in this studio; reload the page.', errors);

    const kept = new Set(values.rooms.flatMap((room) => (room.id ? [room.id] : [])));
    const removed = existing.filter((room) => !kept.has(room.id));
    if (removed.length > 0) {
      const classes = await countFutureClasses(tx, companyId, { roomIds: removed.map((room) => room.id) });
      if (classes > 0) {
        const names = removed.map((room) => room.name).join(', ');
        throw conflict(
          `${plural(classes, 'class')} still to come use ${names}. Move or cancel them before deleting the room.`,
        );
      }
    }

    const fields = await fieldsFrom(tx, companyId, values);
    await updateStudioRow(tx, companyId, studioId, fields);
    // A corrected zone keeps the classes to come at their local times (18:00 stays 18:00, in the new zone).
    await keepClassesOnTheWallClock(
      tx,
      companyId,
      studioId,
      { from: studio.timeZone, to: fields.timeZone },
      new Date(),
      publicUrl,
    );
    await deleteRooms(
      tx,
      companyId,
      removed.map((room) => room.id),
    );
    const added = [];
    for (const [position, room] of values.rooms.entries()) {
      if (room.id) {
        const before = existing.find((candidate) => candidate.id === room.id);
        if (before && room.capacity < before.capacity)
          await fitClassesToRoom(tx, companyId, { id: room.id, name: room.name, capacity: room.capacity });
        await updateRoom(tx, companyId, room.id, { name: room.name, capacity: room.capacity, position });
      } else
        added.push({
          companyId,
          id: generateId(),
          studioId,
          name: room.name,
          capacity: room.capacity,
          position,
        });
    }
    await insertRooms(tx, added);
    await completeOnboardingStep(tx, companyId, 'studios');
    return readStudio(tx, companyId, studioId);
  });
}

/** Spec §4 "delete by _id": refused while classes still to come are held there. */
export async function deleteStudio(db: Database, actor: Actor, studioId: string): Promise<void> {
  const { companyId } = actor;
  await withTenant(db, companyId, async (tx) => {
    const studio = await findStudio(tx, companyId, studioId, { lock: true });
    if (!studio) throw notFound(STUDIO_NOT_FOUND);
    const classes = await countFutureClasses(tx, companyId, { studioId });
    if (classes > 0)
      throw conflict(
        `${plural(classes, 'class')} still to come are held at ${studio.name}. Move or cancel them before deleting the studio.`,
      );
    // Past classes keep their studio (the history and, later, reports read it): the foreign key refuses.
    await deleteStudioRow(tx, companyId, studioId).catch((error: unknown) => {
      if (postgresErrorCode(error) === '23503')
        throw conflict(`${studio.name} has past classes on record, so it stays for your history.`);
      throw error;
    });
  });
}
