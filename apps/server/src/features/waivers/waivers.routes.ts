import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminWaiverDto,
  CLIENT_ROLES,
  myWaiverDto,
  policiesBody,
  policiesDto,
  signWaiverBody,
  successEnvelope,
  TEAM_ROLES,
  waiverBody,
  waiverSignatureParams,
} from '@kinetic/shared';
import { actorOf } from '../../plugins/auth.ts';
import { requireAbility, requireRole } from '../../plugins/guards.ts';
import { waiverPdf } from './waiver-pdf.ts';
import {
  getAdminWaiver,
  getPolicies,
  myWaiver,
  publishWaiver,
  removeWaiver,
  savePolicies,
  signatureWithWaiver,
  signWaiver,
} from './waivers.service.ts';

const EVERYONE = [...TEAM_ROLES, ...CLIENT_ROLES];

/** Client Waiver, Policies & Procedures, and clients' signatures (issue 11). */
export const waiversRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.db;
  const tags = ['waiver'];
  const admin = successEnvelope(adminWaiverDto);

  app.get(
    '/waiver',
    {
      onRequest: requireRole(TEAM_ROLES),
      schema: { tags, summary: 'The current waiver (null when none) and how many clients signed it', response: { 200: admin } },
    },
    async (request) => ({ status: 1 as const, data: await getAdminWaiver(db, actorOf(request)) }),
  );
  app.put(
    '/waiver',
    {
      onRequest: requireAbility('manageSettings'),
      schema: {
        tags,
        summary: 'Publish a new waiver version (askToSignAgain: clients sign it before their next booking)',
        body: waiverBody,
        response: { 200: admin },
      },
    },
    async (request) => {
      const data = await publishWaiver(db, actorOf(request), request.body);
      return {
        status: 1 as const,
        message: request.body.askToSignAgain
          ? `Waiver version ${data.waiver?.version} published: clients sign it before their next booking.`
          : `Waiver version ${data.waiver?.version} published; earlier signatures still count.`,
        data,
      };
    },
  );
  app.delete(
    '/waiver',
    {
      onRequest: requireAbility('manageSettings'),
      schema: { tags, summary: 'Remove the waiver (spec §4); signatures stay on record', response: { 200: admin } },
    },
    async (request) => ({
      status: 1 as const,
      message: 'Waiver removed: clients book without signing one.',
      data: await removeWaiver(db, actorOf(request)),
    }),
  );

  app.get(
    '/policies',
    {
      onRequest: requireRole(EVERYONE),
      schema: { tags, summary: 'Policies & Procedures (spec contractTerms)', response: { 200: successEnvelope(policiesDto) } },
    },
    async (request) => ({ status: 1 as const, data: await getPolicies(db, actorOf(request)) }),
  );
  app.put(
    '/policies',
    {
      onRequest: requireAbility('manageSettings'),
      schema: { tags, summary: 'Save Policies & Procedures', body: policiesBody, response: { 200: successEnvelope(policiesDto) } },
    },
    async (request) => ({
      status: 1 as const,
      message: 'Policies saved.',
      data: await savePolicies(db, actorOf(request), request.body.text),
    }),
  );

  app.get(
    '/my/waiver',
    {
      onRequest: requireRole(CLIENT_ROLES),
      schema: { tags, summary: 'The waiver, my latest signature, and whether I must sign before booking', response: { 200: successEnvelope(myWaiverDto) } },
    },
    async (request) => ({ status: 1 as const, data: await myWaiver(db, actorOf(request)) }),
  );
  app.post(
    '/my/waiver/signatures',
    {
      onRequest: requireRole(CLIENT_ROLES),
      schema: { tags, summary: 'Sign the current waiver', body: signWaiverBody, response: { 201: successEnvelope(myWaiverDto) } },
    },
    async (request, reply) => {
      const data = await signWaiver(db, actorOf(request), request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      return reply.code(201).send({ status: 1 as const, message: 'Signed. Thank you: you can book classes.', data });
    },
  );
  app.get(
    '/waiver-signatures/:signatureId/pdf',
    {
      onRequest: requireRole(EVERYONE),
      schema: {
        tags,
        summary: 'The signed copy as a PDF (a client: only their own)',
        params: waiverSignatureParams,
      },
    },
    async (request, reply) => {
      const { signature, waiver, company } = await signatureWithWaiver(db, actorOf(request), request.params.signatureId);
      const accepted = new Set(signature.acceptedTerms);
      const pdf = waiverPdf({
        company,
        title: waiver.title,
        version: waiver.version,
        text: waiver.text,
        terms: waiver.terms.map((term) => ({ label: term.label, accepted: accepted.has(term.value) })),
        fullName: signature.fullName,
        kind: signature.kind,
        path: signature.path,
        signedAt: signature.signedAt,
        ipAddress: signature.ipAddress,
      });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="waiver-v${waiver.version}-signed.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};
