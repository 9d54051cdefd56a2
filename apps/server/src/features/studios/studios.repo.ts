import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { WeekRanges } from '@kinetic/shared';
import type { Executor } from '../../db/client.ts';
import { studioRooms, studios, type CompanyAddress, type StudioAmenity } from '../../db/schema/index.ts';

export type StudioRow = typeof studios.$inferSelect;
export type RoomRow = typeof studioRooms.$inferSelect;

export interface StudioFields {
  name: string;
  address: CompanyAddress;
  phone: string | null;
  email: string | null;
  timeZone: string;
  openingHours: WeekRanges;
  amenities: StudioAmenity[];
}

export async function countStudios(tx: Executor, companyId: string): Promise<number> {
  const [row] = await tx.select({ total: count() }).from(studios).where(eq(studios.companyId, companyId));
  return row?.total ?? 0;
}

/** Oldest first. Ids sort by the second they were made in, so the creation time orders studios made in the same second. */
export async function listStudios(
  tx: Executor,
  companyId: string,
  offset: number,
  limit: number,
): Promise<StudioRow[]> {
  return tx
    .select()
    .from(studios)
    .where(eq(studios.companyId, companyId))
    .orderBy(asc(studios.createdAt), asc(studios.id))
    .offset(offset)
    .limit(limit);
}

export async function findStudio(
  tx: Executor,
  companyId: string,
  studioId: string,
  { lock = false } = {},
): Promise<StudioRow | undefined> {
  const query = tx
    .select()
    .from(studios)
    .where(and(eq(studios.companyId, companyId), eq(studios.id, studioId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function roomsOfStudios(
  tx: Executor,
  companyId: string,
  studioIds: readonly string[],
): Promise<RoomRow[]> {
  if (studioIds.length === 0) return [];
  return tx
    .select()
    .from(studioRooms)
    .where(and(eq(studioRooms.companyId, companyId), inArray(studioRooms.studioId, [...studioIds])))
    .orderBy(asc(studioRooms.position), asc(studioRooms.id));
}

export async function insertStudio(
  tx: Executor,
  companyId: string,
  id: string,
  fields: StudioFields,
): Promise<StudioRow> {
  const [row] = await tx
    .insert(studios)
    .values({ companyId, id, ...fields })
    .returning();
  if (!row) throw new Error('Adding the studio returned no row.');
  return row;
}

export async function updateStudio(
  tx: Executor,
  companyId: string,
  studioId: string,
  fields: StudioFields,
): Promise<StudioRow | undefined> {
  const [row] = await tx
    .update(studios)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(and(eq(studios.companyId, companyId), eq(studios.id, studioId)))
    .returning();
  return row;
}

export async function deleteStudio(tx: Executor, companyId: string, studioId: string): Promise<void> {
  await tx.delete(studios).where(and(eq(studios.companyId, companyId), eq(studios.id, studioId)));
}

export async function insertRooms(tx: Executor, rooms: (typeof studioRooms.$inferInsert)[]): Promise<void> {
  if (rooms.length > 0) await tx.insert(studioRooms).values(rooms);
}

export async function updateRoom(
  tx: Executor,
  companyId: string,
  roomId: string,
  values: { name: string; capacity: number; position: number },
) {
  await tx
    .update(studioRooms)
    .set(values)
    .where(and(eq(studioRooms.companyId, companyId), eq(studioRooms.id, roomId)));
}

export async function deleteRooms(
  tx: Executor,
  companyId: string,
  roomIds: readonly string[],
): Promise<void> {
  if (roomIds.length === 0) return;
  await tx
    .delete(studioRooms)
    .where(and(eq(studioRooms.companyId, companyId), inArray(studioRooms.id, [...roomIds])));
}
