import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  messageEnvelope,
  objectIdSchema,
  platformAuditListDto,
  platformAuditQuery,
  platformCompaniesQuery,
  platformCompanyDto,
  platformCompanyListDto,
  platformUserDto,
  startedSupportSessionDto,
  startSupportSessionBody,
  successEnvelope,
  supportSessionDto,
  suspendCompanyBody,
} from '@kinetic/shared';
import { requirePlatform } from '../../plugins/guards.ts';
import { platformActorOf } from './platform-auth.ts';
import {
  endPlatformSession,
  getCompany,
  listAudit,
  listCompanies,
  reactivateCompany,
  suspendCompany,
} from './platform.service.ts';
import { endSupportSessionByPlatform, startSupportSession } from './support-sessions.service.ts';

const companyParams = z.object({ companyId: objectIdSchema });
const supportParams = z.object({ companyId: objectIdSchema, supportSessionId: objectIdSchema });

/**
 * Issue 18 §2: the platform (uber) area. Every route needs a platform session (`requirePlatform`): a
 * company's session, whatever its role, answers 401 here. Companies are read without client data or
 * money; those are reached only through a support session the company sees.
 */
export const platformRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.db;
  const tags = ['platform'];
  const onRequest = requirePlatform();

  app.get(
    '/platform/me',
    {
      onRequest,
      schema: {
        tags,
        summary: 'The signed-in platform user',
        response: { 200: successEnvelope(platformUserDto) },
      },
    },
    async (request) => {
      const actor = platformActorOf(request);
      return { status: 1 as const, data: { id: actor.platformUserId, name: actor.name, email: actor.email } };
    },
  );

  app.post(
    '/platform/logout',
    { onRequest, schema: { tags, summary: 'End this platform session', response: { 200: messageEnvelope } } },
    async (request) => {
      await endPlatformSession(db, platformActorOf(request));
      return { status: 1 as const, message: 'You are logged out.' };
    },
  );

  app.get(
    '/platform/companies',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Companies: search by name or address, kind, status; paged',
        querystring: platformCompaniesQuery,
        response: { 200: successEnvelope(platformCompanyListDto) },
      },
    },
    async (request) => ({ status: 1 as const, data: await listCompanies(db, request.query) }),
  );

  app.get(
    '/platform/companies/:companyId',
    {
      onRequest,
      schema: {
        tags,
        summary: 'One company: counts, suspension, support sessions (no client data, no money)',
        params: companyParams,
        response: { 200: successEnvelope(platformCompanyDto) },
      },
    },
    async (request) => ({ status: 1 as const, data: await getCompany(db, request.params.companyId) }),
  );

  app.post(
    '/platform/companies/:companyId/suspend',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Suspend a company: its sessions end, its logins and public pages are refused',
        params: companyParams,
        body: suspendCompanyBody,
        response: { 200: successEnvelope(platformCompanyDto) },
      },
    },
    async (request) => {
      const data = await suspendCompany(
        db,
        platformActorOf(request),
        request.params.companyId,
        request.body.reason,
      );
      return { status: 1 as const, message: `${data.name} is suspended.`, data };
    },
  );

  app.post(
    '/platform/companies/:companyId/reactivate',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Reactivate a suspended company',
        params: companyParams,
        response: { 200: successEnvelope(platformCompanyDto) },
      },
    },
    async (request) => {
      const data = await reactivateCompany(db, platformActorOf(request), request.params.companyId);
      return { status: 1 as const, message: `${data.name} is active again.`, data };
    },
  );

  app.post(
    '/platform/companies/:companyId/support-sessions',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Start a recorded, time-limited support session in a company (15–240 minutes)',
        params: companyParams,
        body: startSupportSessionBody,
        response: { 200: successEnvelope(startedSupportSessionDto) },
      },
    },
    async (request) => {
      const data = await startSupportSession(
        db,
        platformActorOf(request),
        request.params.companyId,
        request.body,
      );
      return { status: 1 as const, message: 'Support session started.', data };
    },
  );

  app.post(
    '/platform/companies/:companyId/support-sessions/:supportSessionId/end',
    {
      onRequest,
      schema: {
        tags,
        summary: 'End a support session early',
        params: supportParams,
        response: { 200: successEnvelope(supportSessionDto) },
      },
    },
    async (request) => {
      const { companyId, supportSessionId } = request.params;
      const data = await endSupportSessionByPlatform(
        db,
        platformActorOf(request),
        companyId,
        supportSessionId,
      );
      return { status: 1 as const, message: 'Support session ended.', data };
    },
  );

  app.get(
    '/platform/audit-log',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Every platform action, newest first; paged',
        querystring: platformAuditQuery,
        response: { 200: successEnvelope(platformAuditListDto) },
      },
    },
    async (request) => ({ status: 1 as const, data: await listAudit(db, request.query) }),
  );
};
