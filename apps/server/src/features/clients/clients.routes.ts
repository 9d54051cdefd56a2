import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  clientDto,
  clientsListDto,
  clientsListPageDto,
  clientsListQuery,
  clientsQuery,
  newClientBody,
  successEnvelope,
  TEAM_ROLES,
} from '@kinetic/shared';
import { actorOf } from '../../plugins/auth.ts';
import { requireAbility, requireRole } from '../../plugins/guards.ts';
import { listClientsTab } from './clients-list.service.ts';
import { createClient, listClients } from './clients.service.ts';

export const clientsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.db;
  const tags = ['clients'];

  app.get(
    '/clients',
    {
      onRequest: requireRole(TEAM_ROLES),
      schema: {
        tags,
        summary: 'Clients of the company, searched by name, email or phone',
        querystring: clientsQuery,
        response: { 200: successEnvelope(clientsListDto) },
      },
    },
    async (request) => ({ status: 1 as const, data: await listClients(db, actorOf(request), request.query) }),
  );

  // The Clients page (issue 14 §1): the spec's report-request shape, with filters. The team, as above.
  app.get(
    '/clients/list',
    {
      onRequest: requireRole(TEAM_ROLES),
      schema: {
        tags,
        summary: 'The Clients list: searched, filtered, sorted and paged (currentPage from 0)',
        querystring: clientsListQuery,
        response: { 200: successEnvelope(clientsListPageDto) },
      },
    },
    async (request) => ({
      status: 1 as const,
      data: await listClientsTab(db, actorOf(request), request.query),
    }),
  );

  app.post(
    '/clients',
    {
      onRequest: requireAbility('manageClients'),
      schema: {
        tags,
        summary: 'Create a client on the spot (name, email, phone)',
        body: newClientBody,
        response: { 200: successEnvelope(clientDto) },
      },
    },
    async (request) => {
      const data = await createClient(db, actorOf(request), request.body);
      return { status: 1 as const, message: `${data.name} is now a client.`, data };
    },
  );
};
