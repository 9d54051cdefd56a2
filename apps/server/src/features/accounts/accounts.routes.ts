import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountDto,
  authResetPasswordBody,
  checkCompanyBody,
  checkCompanyDto,
  loginBody,
  loginResultDto,
  messageEnvelope,
  passwordTokenDto,
  passwordTokenValidateBody,
  resetPasswordBody,
  resetPasswordDto,
  resetPasswordMailBody,
  successEnvelope,
  isClientRole,
  updateMeBody,
  changeEmailBody,
  confirmEmailBody,
  confirmEmailDto,
  myEmailDto,
} from '@kinetic/shared';
import {
  cancelEmailChange,
  confirmEmailChange,
  myEmail,
  requestEmailChange,
  resendEmailChangeLink,
} from './email-change.service.ts';
import { withTenant } from '../../db/client.ts';
import { notFound } from '../../plugins/errors.ts';
import { updateNameAndPhone } from './accounts.repo.ts';
import { actorOf, ANY_ROLE } from '../../plugins/auth.ts';
import { requireRole } from '../../plugins/guards.ts';
import { changePassword, logout, toAccountDto } from './account.service.ts';
import { checkCompany, login } from './login.service.ts';
import { mySignupDetailsId } from '../signup-details/signup-details.service.ts';
import {
  requestPasswordReset,
  resetAnswer,
  resetPassword,
  validateResetToken,
} from './password-reset.service.ts';

/** The spec's account calls (§7), with exactly its paths. */
export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.db;
  const tags = ['accounts'];
  const signedIn = { onRequest: requireRole(ANY_ROLE) };

  app.post(
    '/checkCompany',
    {
      schema: {
        tags,
        summary: 'The company behind a URL slug, if it accepts this role',
        body: checkCompanyBody,
        response: { 200: successEnvelope(checkCompanyDto) },
      },
    },
    async (request) => ({ status: 1 as const, data: await checkCompany(db, request.body) }),
  );

  app.post(
    '/login',
    {
      schema: {
        tags,
        summary: 'Log in; may ask which company',
        body: loginBody,
        response: { 200: successEnvelope(loginResultDto) },
      },
    },
    async (request) => {
      const data = await login(db, request.body, request.ip);
      const message = 'chooseCompany' in data ? 'Choose the business to log in to.' : 'Logged in.';
      return { status: 1 as const, message, data };
    },
  );

  app.post(
    '/logout',
    { ...signedIn, schema: { tags, summary: 'End this session', response: { 200: messageEnvelope } } },
    async (request) => {
      await logout(db, actorOf(request));
      return { status: 1 as const, message: 'You are logged out.' };
    },
  );

  app.post(
    '/resetPasswordMail',
    {
      schema: {
        tags,
        summary: 'Email a password reset link',
        body: resetPasswordMailBody,
        response: { 200: messageEnvelope },
      },
    },
    async (request) => {
      await requestPasswordReset(
        {
          db,
          jobs: app.deps.jobs,
          publicUrl: app.deps.publicUrl,
          log: (error) => request.log.error({ err: error }, 'email hand-off failed'),
        },
        request.body,
        request.ip,
      );
      return { status: 1 as const, message: resetAnswer(request.body.email) };
    },
  );

  app.post(
    '/passwordTokenValidate',
    {
      schema: {
        tags,
        summary: 'Whether a reset link can still be used',
        body: passwordTokenValidateBody,
        response: { 200: successEnvelope(passwordTokenDto) },
      },
    },
    async (request) => ({ status: 1 as const, data: await validateResetToken(db, request.body.token) }),
  );

  app.post(
    '/resetpassword',
    {
      schema: {
        tags,
        summary: 'Choose a new password with a reset link',
        body: resetPasswordBody,
        response: { 200: successEnvelope(resetPasswordDto) },
      },
    },
    async (request) => ({
      status: 1 as const,
      message: 'Your password has been changed. Log in with the new one.',
      data: await resetPassword(db, request.body),
    }),
  );

  app.post(
    '/authResetpassword',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Change the password while logged in',
        body: authResetPasswordBody,
        response: { 200: messageEnvelope },
      },
    },
    async (request) => {
      await changePassword(db, actorOf(request), request.body);
      return { status: 1 as const, message: 'Your password has been changed.' };
    },
  );

  app.put(
    '/me',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Change my name and phone',
        body: updateMeBody,
        response: { 200: messageEnvelope },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const saved = await withTenant(db, actor.companyId, (tx) =>
        updateNameAndPhone(tx, actor.companyId, actor.userId, request.body),
      );
      if (!saved) throw notFound('We could not find that account.');
      return { status: 1 as const, message: 'Your details are saved.' };
    },
  );

  app.get(
    '/me/email',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'My email, and a new one waiting for confirmation',
        response: { 200: successEnvelope(myEmailDto) },
      },
    },
    async (request) => ({ status: 1 as const, data: await myEmail(db, actorOf(request)) }),
  );

  app.put(
    '/me/email',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Change my email: a link goes to the new address',
        body: changeEmailBody,
        response: { 200: successEnvelope(myEmailDto) },
      },
    },
    async (request) => {
      const data = await requestEmailChange(
        {
          db,
          jobs: app.deps.jobs,
          publicUrl: app.deps.publicUrl,
          log: (error) => request.log.error({ err: error }, 'email hand-off failed'),
        },
        actorOf(request),
        request.body,
      );
      return {
        status: 1 as const,
        message: `We sent a link to ${data.pendingEmail ?? ''}. Your email changes when you open it; until then, keep using ${data.email}.`,
        data,
      };
    },
  );

  app.delete(
    '/me/email',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Cancel a change of email: the link sent to the new address stops working',
        response: { 200: successEnvelope(myEmailDto) },
      },
    },
    async (request) => {
      const { dto, cancelled } = await cancelEmailChange(db, actorOf(request));
      const message = cancelled
        ? `The change to ${cancelled} is cancelled. Your email stays ${dto.email}.`
        : `No change of email was waiting. Your email is ${dto.email}.`;
      return { status: 1 as const, message, data: dto };
    },
  );

  app.post(
    '/me/email/resend',
    {
      ...signedIn,
      schema: {
        tags,
        summary:
          'Send the link for a waiting new email again (once a minute; the earlier link stops working)',
        response: { 200: successEnvelope(myEmailDto) },
      },
    },
    async (request) => {
      const data = await resendEmailChangeLink(
        {
          db,
          jobs: app.deps.jobs,
          publicUrl: app.deps.publicUrl,
          log: (error) => request.log.error({ err: error }, 'email hand-off failed'),
        },
        actorOf(request),
      );
      return {
        status: 1 as const,
        message: `We sent a new link to ${data.pendingEmail ?? ''}. The earlier link no longer works.`,
        data,
      };
    },
  );

  app.post(
    '/email-confirmations',
    {
      schema: {
        tags,
        summary: 'Open the link sent to a new email address',
        body: confirmEmailBody,
        response: { 200: successEnvelope(confirmEmailDto) },
      },
    },
    async (request) => {
      const data = await confirmEmailChange(db, request.body.token);
      return { status: 1 as const, message: `Your email is now ${data.email}.`, data };
    },
  );

  app.get(
    '/me',
    {
      // Read with the session itself: one round trip, no tenant transaction (every page asks this).
      onRequest: requireRole(ANY_ROLE, { withAccount: true }),
      schema: {
        tags,
        summary: 'The signed-in account, its company and what it may do',
        response: { 200: successEnvelope(accountDto) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const data = toAccountDto(request.account, actor.abilities);
      // Clients only, and outside the session's look-up function: one indexed read on their pages.
      if (isClientRole(actor.roleId)) data.clientSignupDetailsId = await mySignupDetailsId(db, actor);
      return { status: 1 as const, data };
    },
  );
};
