import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppointmentTypeValues } from '@kinetic/shared';
import type { Executor } from '../../db/client.ts';
import {
  appointmentTypes,
  classInstances,
  instructors,
  packages,
  studioRooms,
  studios,
} from '../../db/schema/index.ts';

export type AppointmentTypeRow = typeof appointmentTypes.$inferSelect;

const unique = (ids: readonly string[]) => [...new Set(ids)];

/** The stored columns of a type's values (id lists without repeats). */
function columnsOf(values: AppointmentTypeValues) {
  return {
    name: values.name,
    description: values.description,
    durationMinutes: values.durationMinutes,
    bufferBeforeMinutes: values.bufferBeforeMinutes,
    bufferAfterMinutes: values.bufferAfterMinutes,
    slotIntervalMinutes: values.slotIntervalMinutes,
    price: values.price,
    packageIds: unique(values.packageIds),
    instructorIds: unique(values.instructorIds),
    studioIds: unique(values.studioIds),
    roomIds: unique(values.roomIds),
    maxAttendees: values.maxAttendees,
    ruleOverrides: values.ruleOverrides,
    active: values.active,
  };
}

/** Types not archived, by name; `activeOnly`: only those clients may book. */
export async function listAppointmentTypes(
  tx: Executor,
  companyId: string,
  { activeOnly = false }: { activeOnly?: boolean } = {},
): Promise<AppointmentTypeRow[]> {
  return tx
    .select()
    .from(appointmentTypes)
    .where(
      and(
        eq(appointmentTypes.companyId, companyId),
        eq(appointmentTypes.archived, false),
        activeOnly ? eq(appointmentTypes.active, true) : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${appointmentTypes.name})`), asc(appointmentTypes.id));
}

/** One type that is not archived (an archived one is deleted as far as anyone asking is concerned). */
export async function findAppointmentType(
  tx: Executor,
  companyId: string,
  appointmentTypeId: string,
): Promise<AppointmentTypeRow | undefined> {
  const [row] = await tx
    .select()
    .from(appointmentTypes)
    .where(
      and(
        eq(appointmentTypes.companyId, companyId),
        eq(appointmentTypes.id, appointmentTypeId),
        eq(appointmentTypes.archived, false),
      ),
    );
  return row;
}

export async function insertAppointmentType(
  tx: Executor,
  companyId: string,
  id: string,
  values: AppointmentTypeValues,
): Promise<AppointmentTypeRow> {
  const [row] = await tx
    .insert(appointmentTypes)
    .values({ companyId, id, ...columnsOf(values) })
    .returning();
  return row!;
}

export async function updateAppointmentType(
  tx: Executor,
  companyId: string,
  appointmentTypeId: string,
  values: AppointmentTypeValues,
): Promise<AppointmentTypeRow | undefined> {
  const [row] = await tx
    .update(appointmentTypes)
    .set({ ...columnsOf(values), updatedAt: sql`now()` })
    .where(
      and(
        eq(appointmentTypes.companyId, companyId),
        eq(appointmentTypes.id, appointmentTypeId),
        eq(appointmentTypes.archived, false),
      ),
    )
    .returning();
  return row;
}

/** Whether any appointment (of any status) was ever made of the type: its history needs the row. */
export async function typeHasAppointments(
  tx: Executor,
  companyId: string,
  appointmentTypeId: string,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: classInstances.id })
    .from(classInstances)
    .where(
      and(eq(classInstances.companyId, companyId), eq(classInstances.appointmentTypeId, appointmentTypeId)),
    )
    .limit(1);
  return row !== undefined;
}

export async function archiveAppointmentType(
  tx: Executor,
  companyId: string,
  appointmentTypeId: string,
): Promise<void> {
  await tx
    .update(appointmentTypes)
    .set({ archived: true, active: false, updatedAt: sql`now()` })
    .where(and(eq(appointmentTypes.companyId, companyId), eq(appointmentTypes.id, appointmentTypeId)));
}

export async function deleteAppointmentType(
  tx: Executor,
  companyId: string,
  appointmentTypeId: string,
): Promise<void> {
  await tx
    .delete(appointmentTypes)
    .where(and(eq(appointmentTypes.companyId, companyId), eq(appointmentTypes.id, appointmentTypeId)));
}

// ---- the rows a type names, read to check them and to show them

export async function instructorsByIds(tx: Executor, companyId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: instructors.id,
      name: instructors.name,
      photo: instructors.photo,
      active: instructors.active,
      userId: instructors.userId,
    })
    .from(instructors)
    .where(and(eq(instructors.companyId, companyId), inArray(instructors.id, unique(ids))));
}

export async function studiosByIds(tx: Executor, companyId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: studios.id, name: studios.name, timeZone: studios.timeZone })
    .from(studios)
    .where(and(eq(studios.companyId, companyId), inArray(studios.id, unique(ids))));
}

export async function roomsByIds(tx: Executor, companyId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: studioRooms.id, studioId: studioRooms.studioId, name: studioRooms.name })
    .from(studioRooms)
    .where(and(eq(studioRooms.companyId, companyId), inArray(studioRooms.id, unique(ids))));
}

export async function packagesByIds(tx: Executor, companyId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: packages.id, name: packages.name, archivedAt: packages.archivedAt })
    .from(packages)
    .where(and(eq(packages.companyId, companyId), inArray(packages.id, unique(ids))));
}
