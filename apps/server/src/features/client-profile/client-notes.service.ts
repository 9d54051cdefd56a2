import { and, desc, eq, isNull } from 'drizzle-orm';
import { isManagerRole, type ClientNoteDto, type ClientNoteListDto } from '@kinetic/shared';
import { withTenant, type Database, type Executor } from '../../db/client.ts';
import { generateId } from '../../db/ids.ts';
import { clientNotes, users } from '../../db/schema/index.ts';
import type { Actor } from '../../plugins/auth.ts';
import { forbidden, notFound } from '../../plugins/errors.ts';
import { findClient } from '../bookings/bookings.repo.ts';

export const CLIENT_NOT_FOUND = 'We could not find that client.';
const NOTE_NOT_FOUND = 'We could not find that note.';

/** Who may change a note: its author; the owners (admin, solo instructor) any note. */
const mayEdit = (actor: Actor, authorId: string) => authorId === actor.userId || isManagerRole(actor.roleId);

export async function clientOrNotFound(tx: Executor, companyId: string, clientId: string) {
  const client = await findClient(tx, companyId, clientId);
  if (!client) throw notFound(CLIENT_NOT_FOUND);
  return client;
}

/** A client's notes, newest first (client_notes_client_idx), with their authors. */
export async function notesOf(tx: Executor, actor: Actor, clientId: string): Promise<ClientNoteListDto> {
  const rows = await tx
    .select({ note: clientNotes, authorName: users.name })
    .from(clientNotes)
    .innerJoin(users, and(eq(users.companyId, clientNotes.companyId), eq(users.id, clientNotes.authorId)))
    .where(
      and(
        eq(clientNotes.companyId, actor.companyId),
        eq(clientNotes.clientId, clientId),
        isNull(clientNotes.deletedAt),
      ),
    )
    .orderBy(desc(clientNotes.createdAt), desc(clientNotes.id))
    .limit(200);
  return { items: rows.map(({ note, authorName }) => toDto(actor, note, authorName)) };
}

function toDto(actor: Actor, note: typeof clientNotes.$inferSelect, authorName: string): ClientNoteDto {
  return {
    id: note.id,
    body: note.body,
    authorId: note.authorId,
    authorName,
    createdAt: note.createdAt.toISOString(),
    updatedAt: note.updatedAt.toISOString(),
    editable: mayEdit(actor, note.authorId),
  };
}

export function listNotes(db: Database, actor: Actor, clientId: string): Promise<ClientNoteListDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    await clientOrNotFound(tx, actor.companyId, clientId);
    return notesOf(tx, actor, clientId);
  });
}

export function addNote(
  db: Database,
  actor: Actor,
  clientId: string,
  body: string,
  now = new Date(),
): Promise<ClientNoteDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    await clientOrNotFound(tx, actor.companyId, clientId);
    const [note] = await tx
      .insert(clientNotes)
      .values({
        companyId: actor.companyId,
        id: generateId(now.getTime()),
        clientId,
        authorId: actor.userId,
        body,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const author = await tx
      .select({ name: users.name })
      .from(users)
      .where(and(eq(users.companyId, actor.companyId), eq(users.id, actor.userId)));
    return toDto(actor, note!, author[0]?.name ?? '');
  });
}

async function editableNote(tx: Executor, actor: Actor, clientId: string, noteId: string) {
  await clientOrNotFound(tx, actor.companyId, clientId);
  const [found] = await tx
    .select({ note: clientNotes, authorName: users.name })
    .from(clientNotes)
    .innerJoin(users, and(eq(users.companyId, clientNotes.companyId), eq(users.id, clientNotes.authorId)))
    .where(
      and(
        eq(clientNotes.companyId, actor.companyId),
        eq(clientNotes.clientId, clientId),
        eq(clientNotes.id, noteId),
        isNull(clientNotes.deletedAt),
      ),
    )
    .for('update', { of: clientNotes });
  if (!found) throw notFound(NOTE_NOT_FOUND);
  if (!mayEdit(actor, found.note.authorId))
    throw forbidden(`This note is ${found.authorName}'s: only they or an admin may change it.`);
  return found;
}

export function editNote(
  db: Database,
  actor: Actor,
  clientId: string,
  noteId: string,
  body: string,
  now = new Date(),
): Promise<ClientNoteDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    const found = await editableNote(tx, actor, clientId, noteId);
    const [note] = await tx
      .update(clientNotes)
      .set({ body, updatedAt: now })
      .where(and(eq(clientNotes.companyId, actor.companyId), eq(clientNotes.id, noteId)))
      .returning();
    return toDto(actor, note!, found.authorName);
  });
}

export function deleteNote(db: Database, actor: Actor, clientId: string, noteId: string, now = new Date()) {
  return withTenant(db, actor.companyId, async (tx) => {
    await editableNote(tx, actor, clientId, noteId);
    await tx
      .update(clientNotes)
      .set({ deletedAt: now, updatedAt: now })
      .where(and(eq(clientNotes.companyId, actor.companyId), eq(clientNotes.id, noteId)));
  });
}
