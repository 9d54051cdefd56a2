import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  listPeopleQuery,
  objectIdSchema,
  personBody,
  personDto,
  personListDto,
  invitationDto,
  successEnvelope,
  TEAM_ROLES,
} from '@kinetic/shared';
import { actorOf } from '../../plugins/auth.ts';
import { requireAbility, requireRole } from '../../plugins/guards.ts';
import { badRequest } from '../../plugins/errors.ts';
import { uploadExists } from '../uploads/uploads.storage.ts';
import { invitePerson } from './people-invitation.service.ts';
import { addPerson, editPerson, getPerson, listPeople, type PeopleKind } from './people.service.ts';

/**
 * The routes of one kind of person: `/api/instructors` or `/api/facilitators`, the id parameter named
 * as the spec names it (`instructorId`, `facilitatorId`).
 */
export function peopleRoutes(
  people: PeopleKind & { path: string; idParam: string; label: string; plural: string },
): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = app.deps.db;
    const tags = [people.path];
    const params = z.object({ [people.idParam]: objectIdSchema }) as z.ZodObject<
      Record<string, typeof objectIdSchema>
    >;
    const one = successEnvelope(personDto);
    const idOf = (request: { params: Record<string, string> }) => request.params[people.idParam] as string;
    const photoMissing = 'The photo was not found; upload it again.';

    async function checkPhoto(photo: string | null) {
      if (photo && !(await uploadExists(app.deps.config.DATA_DIR, photo)))
        throw badRequest(photoMissing, { photo: photoMissing });
    }

    // The team reads the list (they schedule and cover classes); who may manage settings changes it (issue 15 §2).
    app.get(
      `/${people.path}`,
      {
        onRequest: requireRole(TEAM_ROLES),
        schema: {
          tags,
          summary: `${people.plural} (active by default; status=inactive or all)`,
          querystring: listPeopleQuery,
          response: { 200: successEnvelope(personListDto) },
        },
      },
      async (request) => ({
        status: 1 as const,
        data: await listPeople(db, actorOf(request), people, request.query),
      }),
    );

    app.post(
      `/${people.path}`,
      {
        onRequest: requireAbility('manageSettings'),
        schema: {
          tags,
          summary: `Add ${people.kind === 'instructor' ? 'an' : 'a'} ${people.kind}`,
          body: personBody,
          response: { 201: one },
        },
      },
      async (request, reply) => {
        await checkPhoto(request.body.photo);
        const data = await addPerson(db, actorOf(request), people, request.body);
        return reply.code(201).send({ status: 1 as const, message: `${people.label} added.`, data });
      },
    );

    app.get(
      `/${people.path}/:${people.idParam}`,
      {
        onRequest: requireRole(TEAM_ROLES),
        schema: { tags, summary: `One ${people.kind}`, params, response: { 200: one } },
      },
      async (request) => ({
        status: 1 as const,
        data: await getPerson(db, actorOf(request), people, idOf(request)),
      }),
    );

    app.put(
      `/${people.path}/:${people.idParam}`,
      {
        onRequest: requireAbility('manageSettings'),
        schema: {
          tags,
          summary: `Edit ${people.kind === 'instructor' ? 'an' : 'a'} ${people.kind} (active: false takes them off the pickers)`,
          params,
          body: personBody,
          response: { 200: one },
        },
      },
      async (request) => {
        await checkPhoto(request.body.photo);
        const data = await editPerson(db, actorOf(request), people, idOf(request), request.body);
        return { status: 1 as const, message: `${people.label} saved.`, data };
      },
    );

    // Giving out logins is managing staff; a solo company has no team to invite (manageStaff is never theirs).
    app.post(
      `/${people.path}/:${people.idParam}/invitation`,
      {
        onRequest: requireAbility('manageStaff'),
        schema: {
          tags,
          summary: `Invite ${people.kind === 'instructor' ? 'an' : 'a'} ${people.kind} to log in (emails a link to choose a password, or links their existing team login)`,
          params,
          response: { 200: successEnvelope(invitationDto) },
        },
      },
      async (request) => {
        const data = await invitePerson(
          {
            db,
            jobs: app.deps.jobs,
            publicUrl: app.deps.publicUrl,
            log: (error) => request.log.error({ err: error }, 'email hand-off failed'),
          },
          actorOf(request),
          people,
          idOf(request),
        );
        const message =
          data.outcome === 'linked'
            ? `${data.person.name} can now log in with their existing login.`
            : `Invitation sent to ${data.person.email}.`;
        return { status: 1 as const, message, data };
      },
    );
  };
}
