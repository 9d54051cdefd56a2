import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  clientNoteBody,
  clientNoteDto,
  clientNoteListDto,
  clientNoteParams,
  clientProfileDto,
  clientProfileParams,
  messageEnvelope,
  objectIdSchema,
  profileBookingListDto,
  profileBookingsQuery,
  resetLinkDto,
  successEnvelope,
  TEAM_ROLES,
} from '@kinetic/shared';
import { actorOf } from '../../plugins/auth.ts';
import { requireAbility, requireRole } from '../../plugins/guards.ts';
import { notFound } from '../../plugins/errors.ts';
import { addNote, CLIENT_NOT_FOUND, deleteNote, editNote, listNotes } from './client-notes.service.ts';
import { clientBookings, clientProfile } from './client-profile.service.ts';
import { sendClientResetLink } from './reset-link.service.ts';

/**
 * Issue 14 §2: the client profile, staff notes and the reset link. Everyone who may see clients
 * (me.can.viewClients: the whole team) reads the profile and writes notes (an instructor notes an injury;
 * authors change their own); money inside the profile needs seeFinancials (the service's call), and the
 * reset link needs manageClients (issue 15 §2).
 */
const SEE_CLIENTS = TEAM_ROLES;

export const clientProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.db;
  const tags = ['client-profile'];

  app.get(
    '/clients/:clientId/profile',
    {
      onRequest: requireRole(SEE_CLIENTS),
      schema: {
        tags,
        summary:
          "A client's profile: contact, sign-up details, consent, waiver, packages, bookings with their history, notes; money only for roles that see it",
        params: clientProfileParams,
        // The page's second address segment ({userId}): when sent it must name the same client.
        querystring: z.object({ userId: objectIdSchema.optional() }),
        response: { 200: successEnvelope(clientProfileDto) },
      },
    },
    async (request) => {
      const { userId } = request.query;
      if (userId && userId !== request.params.clientId) throw notFound(CLIENT_NOT_FOUND);
      return { status: 1 as const, data: await clientProfile(db, actorOf(request), request.params.clientId) };
    },
  );

  app.get(
    '/clients/:clientId/profile/bookings',
    {
      onRequest: requireRole(SEE_CLIENTS),
      schema: {
        tags,
        summary:
          "A page of a client's bookings, upcoming (soonest first) or past (latest first), with their history",
        params: clientProfileParams,
        querystring: profileBookingsQuery,
        response: { 200: successEnvelope(profileBookingListDto) },
      },
    },
    async (request) => ({
      status: 1 as const,
      data: await clientBookings(db, actorOf(request), request.params.clientId, request.query),
    }),
  );

  app.get(
    '/clients/:clientId/notes',
    {
      onRequest: requireRole(SEE_CLIENTS),
      schema: {
        tags,
        summary: "The team's notes on a client, newest first",
        params: clientProfileParams,
        response: { 200: successEnvelope(clientNoteListDto) },
      },
    },
    async (request) => ({
      status: 1 as const,
      data: await listNotes(db, actorOf(request), request.params.clientId),
    }),
  );

  app.post(
    '/clients/:clientId/notes',
    {
      onRequest: requireRole(SEE_CLIENTS),
      schema: {
        tags,
        summary: 'Add a note (at most 2,000 characters)',
        params: clientProfileParams,
        body: clientNoteBody,
        response: { 200: successEnvelope(clientNoteDto) },
      },
    },
    async (request) => ({
      status: 1 as const,
      message: 'Note added.',
      data: await addNote(db, actorOf(request), request.params.clientId, request.body.body),
    }),
  );

  app.put(
    '/clients/:clientId/notes/:noteId',
    {
      onRequest: requireRole(SEE_CLIENTS),
      schema: {
        tags,
        summary: 'Edit a note (your own; an admin any)',
        params: clientNoteParams,
        body: clientNoteBody,
        response: { 200: successEnvelope(clientNoteDto) },
      },
    },
    async (request) => ({
      status: 1 as const,
      message: 'Note saved.',
      data: await editNote(
        db,
        actorOf(request),
        request.params.clientId,
        request.params.noteId,
        request.body.body,
      ),
    }),
  );

  app.delete(
    '/clients/:clientId/notes/:noteId',
    {
      onRequest: requireRole(SEE_CLIENTS),
      schema: {
        tags,
        summary: 'Delete a note (your own; an admin any)',
        params: clientNoteParams,
        response: { 200: messageEnvelope },
      },
    },
    async (request) => {
      await deleteNote(db, actorOf(request), request.params.clientId, request.params.noteId);
      return { status: 1 as const, message: 'Note deleted.' };
    },
  );

  app.post(
    '/clients/:clientId/reset-link',
    {
      onRequest: requireAbility('manageClients'),
      schema: {
        tags,
        summary: 'Email the client the normal password-reset link of their client login (rate-limited)',
        params: clientProfileParams,
        response: { 200: successEnvelope(resetLinkDto) },
      },
    },
    async (request) => {
      const message = await sendClientResetLink(
        {
          db,
          jobs: app.deps.jobs,
          publicUrl: app.deps.publicUrl,
          log: (error) => request.log.error({ err: error }, 'email hand-off failed'),
        },
        actorOf(request),
        request.params.clientId,
      );
      return { status: 1 as const, message, data: { message } };
    },
  );
};
