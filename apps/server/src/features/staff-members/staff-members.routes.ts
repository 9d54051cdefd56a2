import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  listStaffMembersQuery,
  staffMemberBody,
  staffMemberDto,
  staffMemberListDto,
  staffMemberParams,
  staffOverviewDto,
  staffOverviewQuery,
  successEnvelope,
} from '@kinetic/shared';
import type { FastifyRequest } from 'fastify';
import { actorOf } from '../../plugins/auth.ts';
import { requireAbility } from '../../plugins/guards.ts';
import {
  addStaffMember,
  deactivateStaffMember,
  editStaffMember,
  getStaffMember,
  listStaffMembers,
  reactivateStaffMember,
  resendInvitation,
  staffOverview,
  type StaffDeps,
} from './staff-members.service.ts';

/**
 * Staff members (issue 15 §1): the team's logins (admin, staff, instructor) at /api/staff-members, and the
 * Staff page's week (§5). Every call needs manageStaff, which solo companies never have (403).
 */
export const staffMembersRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['staff-members'];
  const one = successEnvelope(staffMemberDto);
  const guard = requireAbility('manageStaff');
  const deps = (request: FastifyRequest): StaffDeps => ({
    db: app.deps.db.db,
    jobs: app.deps.jobs,
    publicUrl: app.deps.publicUrl,
    log: (error) => request.log.error({ err: error }, 'email hand-off failed'),
  });

  app.get(
    '/staff-members',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Staff members (active by default; status=inactive or all; search by name or email)',
        querystring: listStaffMembersQuery,
        response: { 200: successEnvelope(staffMemberListDto) },
      },
    },
    async (request) => ({
      status: 1 as const,
      data: await listStaffMembers(deps(request), actorOf(request), request.query),
    }),
  );

  app.get(
    '/staff-members/overview',
    {
      onRequest: guard,
      schema: {
        tags,
        summary:
          "The Staff page: who works where, each person's classes in the week of weekOf (this week on the company's clock), invitation status",
        querystring: staffOverviewQuery,
        response: { 200: successEnvelope(staffOverviewDto) },
      },
    },
    async (request) => ({
      status: 1 as const,
      data: await staffOverview(deps(request), actorOf(request), request.query),
    }),
  );

  app.post(
    '/staff-members',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Add a staff member and email them an invitation to choose a password',
        body: staffMemberBody,
        response: { 201: one },
      },
    },
    async (request, reply) => {
      const data = await addStaffMember(deps(request), actorOf(request), request.body);
      return reply.code(201).send({
        status: 1 as const,
        message: `${data.name} added. We emailed ${data.email} an invitation.`,
        data,
      });
    },
  );

  app.get(
    '/staff-members/:staffId',
    {
      onRequest: guard,
      schema: { tags, summary: 'One staff member', params: staffMemberParams, response: { 200: one } },
    },
    async (request) => ({
      status: 1 as const,
      data: await getStaffMember(deps(request), actorOf(request), request.params.staffId),
    }),
  );

  app.put(
    '/staff-members/:staffId',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Edit a staff member (role and abilities apply from their next request)',
        params: staffMemberParams,
        body: staffMemberBody,
        response: { 200: one },
      },
    },
    async (request) => {
      const data = await editStaffMember(
        deps(request),
        actorOf(request),
        request.params.staffId,
        request.body,
      );
      return { status: 1 as const, message: `${data.name} saved.`, data };
    },
  );

  app.post(
    '/staff-members/:staffId/deactivate',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Deactivate a staff member: their sessions end now, they cannot log in, their history stays',
        params: staffMemberParams,
        response: { 200: one },
      },
    },
    async (request) => {
      const data = await deactivateStaffMember(deps(request), actorOf(request), request.params.staffId);
      return { status: 1 as const, message: `${data.name} is deactivated and logged out.`, data };
    },
  );

  app.post(
    '/staff-members/:staffId/reactivate',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Reactivate a staff member',
        params: staffMemberParams,
        response: { 200: one },
      },
    },
    async (request) => {
      const data = await reactivateStaffMember(deps(request), actorOf(request), request.params.staffId);
      return { status: 1 as const, message: `${data.name} is active again.`, data };
    },
  );

  app.post(
    '/staff-members/:staffId/invitation',
    {
      onRequest: guard,
      schema: {
        tags,
        summary:
          'Resend the invitation (a fresh link; the old one stops working); 409 once they chose a password',
        params: staffMemberParams,
        response: { 200: one },
      },
    },
    async (request) => {
      const data = await resendInvitation(deps(request), actorOf(request), request.params.staffId);
      return { status: 1 as const, message: `Invitation sent again to ${data.email}.`, data };
    },
  );
};
