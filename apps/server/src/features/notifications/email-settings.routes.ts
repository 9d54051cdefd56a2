import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  emailPreviewBody,
  emailPreviewDto,
  emailSettingsBody,
  emailSettingsDto,
  emailTemplateBody,
  emailTemplateDto,
  emailTriggerParams,
  successEnvelope,
} from '@kinetic/shared';
import { actorOf } from '../../plugins/auth.ts';
import { requireAbility } from '../../plugins/guards.ts';
import {
  getEmailSettings,
  previewEmail,
  resetTemplate,
  saveEmailSettings,
  saveTemplate,
  sendTestEmail,
} from './email-settings.service.ts';

/** `POST .../templates/{trigger}/test`: the words being edited; either left out = the saved words. */
const emailTestBody = z
  .object({
    subject: emailTemplateBody.shape.subject.optional(),
    body: emailTemplateBody.shape.body.optional(),
  })
  .default({});
const emailTestDto = z.object({ message: z.string(), to: z.string() });

/** Settings › Email Settings (issue 16): `/api/settings/email`, its templates, preview and test. */
export const emailSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.db;
  const mailFrom = app.deps.config.MAIL_FROM;
  const tags = ['settings'];
  const guard = requireAbility('manageSettings');

  app.get(
    '/settings/email',
    {
      onRequest: guard,
      schema: {
        tags,
        summary:
          'Email settings: sender, look, footer, notice days and every email with its switch and words',
        response: { 200: successEnvelope(emailSettingsDto) },
      },
    },
    async (request) => ({ status: 1 as const, data: await getEmailSettings(db, actorOf(request), mailFrom) }),
  );

  app.put(
    '/settings/email',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Save the sender name, reply-to, colour, logo choice, footer and notice days',
        body: emailSettingsBody,
        response: { 200: successEnvelope(emailSettingsDto) },
      },
    },
    async (request) => ({
      status: 1 as const,
      message: 'Email settings saved.',
      data: await saveEmailSettings(db, actorOf(request), request.body, mailFrom),
    }),
  );

  app.put(
    '/settings/email/templates/:trigger',
    {
      onRequest: guard,
      schema: {
        tags,
        summary:
          'Switch an email on or off and save its words (checked: a mistake answers 400 naming the line)',
        params: emailTriggerParams,
        body: emailTemplateBody,
        response: { 200: successEnvelope(emailTemplateDto) },
      },
    },
    async (request) => {
      const template = await saveTemplate(db, actorOf(request), request.params.trigger, request.body);
      return { status: 1 as const, message: 'Email saved.', data: template };
    },
  );

  app.delete(
    '/settings/email/templates/:trigger',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Bring back the default words of an email (its on/off choice stays)',
        params: emailTriggerParams,
        response: { 200: successEnvelope(emailTemplateDto) },
      },
    },
    async (request) => ({
      status: 1 as const,
      message: 'The default words are back.',
      data: await resetTemplate(db, actorOf(request), request.params.trigger),
    }),
  );

  app.post(
    '/settings/email/preview',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'The words being edited with sample details in your layout: subject, text and HTML',
        body: emailPreviewBody,
        response: { 200: successEnvelope(emailPreviewDto) },
      },
    },
    async (request) => ({
      status: 1 as const,
      data: await previewEmail(db, actorOf(request), request.body, app.deps.publicUrl),
    }),
  );

  app.post(
    '/settings/email/templates/:trigger/test',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Email yourself the email with sample details, "[Test]" in its subject (rate-limited)',
        params: emailTriggerParams,
        body: emailTestBody,
        response: { 200: successEnvelope(emailTestDto) },
      },
    },
    async (request) => {
      const sent = await sendTestEmail(
        {
          db,
          jobs: app.deps.jobs,
          publicUrl: app.deps.publicUrl,
          log: (error) => request.log.error({ err: error }, 'email hand-off failed'),
        },
        actorOf(request),
        request.params.trigger,
        request.body,
      );
      return { status: 1 as const, message: sent.message, data: sent };
    },
  );
};
