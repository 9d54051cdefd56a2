import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { WebhookEventPayload } from '@kinetic/shared';
import type { Executor } from '../../db/client.ts';
import { generateId } from '../../db/ids.ts';
import {
  apiKeys,
  importJobs,
  platformAuditLog,
  platformUsers,
  supportSessions,
  users,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema/index.ts';
import { hashToken } from '../../plugins/tokens.ts';

const DAY = 86_400_000;

/** A key nobody will ever be shown: the demo's keys exist to be listed and revoked, not used. */
function unusableKey() {
  const key = `kin_${randomBytes(32).toString('base64url')}`;
  return { prefix: key.slice(0, 12), tokenHash: hashToken(key) };
}

/**
 * Issue 18 in the demo business: the API keys of its website's timetable (read) and of an old
 * integration (revoked), a paused webhook endpoint with its delivery log, the import the studio moved
 * its clients in with eight months ago (two rows refused, with why), and a past support session with
 * the platform's audit entries. Written once (when the company has no API key yet).
 */
export async function seedIntegrations(
  tx: Executor,
  company: { id: string; kind: 'company' | 'solo' },
): Promise<void> {
  if (company.kind !== 'company') return;
  const [existing] = await tx
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(eq(apiKeys.companyId, company.id));
  if (existing) return;
  const now = Date.now();
  const [admin] = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.companyId, company.id), eq(users.role, 'admin'), sql`${users.platformUserId} is null`),
    )
    .orderBy(asc(users.createdAt))
    .limit(1);
  const adminId = admin?.id ?? null;

  await tx.insert(apiKeys).values([
    {
      companyId: company.id,
      id: generateId(now - 40 * DAY),
      name: 'Website timetable',
      scope: 'read',
      ...unusableKey(),
      rateLimitPerMinute: 120,
      createdBy: adminId,
      createdAt: new Date(now - 40 * DAY),
      lastUsedAt: new Date(now - 2 * 3_600_000),
    },
    {
      companyId: company.id,
      id: generateId(now - 90 * DAY),
      name: 'Old newsletter sync',
      scope: 'write',
      ...unusableKey(),
      rateLimitPerMinute: 60,
      createdBy: adminId,
      createdAt: new Date(now - 90 * DAY),
      lastUsedAt: new Date(now - 12 * DAY),
      revokedAt: new Date(now - 10 * DAY),
    },
  ]);

  // Paused, so nothing is sent from a demo to an address that does not exist; its log shows what a
  // working endpoint's looks like.
  const endpointId = generateId(now - 30 * DAY);
  await tx.insert(webhookEndpoints).values({
    companyId: company.id,
    id: endpointId,
    url: 'https://hooks.example.com/kinetic/demo-fitness',
    description: 'Newsletter sign-ups (paused in the demo)',
    events: ['client.created', 'booking.created'],
    secret: `whsec_${randomBytes(24).toString('base64url')}`,
    active: false,
    createdAt: new Date(now - 30 * DAY),
    updatedAt: new Date(now - 3 * DAY),
  });
  const clients = await tx
    .select({ id: users.id, name: users.name, email: users.email, phone: users.phone })
    .from(users)
    .where(and(eq(users.companyId, company.id), eq(users.role, 'client')))
    .orderBy(asc(users.createdAt))
    .limit(4);
  await tx.insert(webhookDeliveries).values(
    clients.map((client, index) => {
      const at = new Date(now - (index + 4) * DAY - index * 3_600_000);
      const failed = index === 1;
      const payload: WebhookEventPayload = {
        id: `evt_${generateId(at.getTime())}`,
        type: 'client.created',
        createdAt: at.toISOString(),
        companyId: company.id,
        data: {
          client: { ...client, createdAt: at.toISOString() },
          source: 'signup',
        },
      };
      return {
        companyId: company.id,
        id: generateId(at.getTime()),
        endpointId,
        eventId: payload.id,
        eventType: payload.type,
        payload,
        status: failed ? ('failed' as const) : ('delivered' as const),
        attempts: failed ? 8 : 1,
        responseStatus: failed ? 503 : 200,
        responseBody: failed ? 'Service Unavailable' : '{"ok":true}',
        lastError: failed ? 'The endpoint answered 503.' : null,
        lastAttemptAt: failed ? new Date(at.getTime() + 6 * 3_600_000) : at,
        deliveredAt: failed ? null : at,
        createdAt: at,
      };
    }),
  );

  const importedAt = new Date(now - 240 * DAY);
  await tx.insert(importJobs).values({
    companyId: company.id,
    id: generateId(importedAt.getTime()),
    status: 'done',
    fileName: 'mindbody-clients.csv',
    source: 'csv',
    // The file itself is not kept after an import (clients' personal data).
    content: {},
    mapping: {
      firstName: 'First Name',
      lastName: 'Last Name',
      email: 'Email',
      phone: 'Mobile Phone',
      birthDate: 'Birth Date',
    },
    options: { dateOrder: 'mdy' },
    totalRows: 42,
    processedRows: 42,
    createdCount: 38,
    skippedCount: 2,
    rejectedCount: 2,
    rejections: [
      { row: 17, reason: 'No email' },
      { row: 31, reason: 'Email “maria.g@@example.com” is not a valid address' },
    ],
    createdBy: adminId,
    createdAt: importedAt,
    startedAt: importedAt,
    finishedAt: new Date(importedAt.getTime() + 40_000),
  });

  const [platformUser] = await tx.select().from(platformUsers).orderBy(asc(platformUsers.createdAt)).limit(1);
  if (!platformUser) return;
  const startedAt = new Date(now - 12 * DAY);
  const supportSessionId = generateId(startedAt.getTime());
  const reason = 'The owner asked for help connecting Stripe payments';
  await tx.insert(supportSessions).values({
    companyId: company.id,
    id: supportSessionId,
    platformUserId: platformUser.id,
    platformUserEmail: platformUser.email,
    platformUserName: platformUser.name,
    reason,
    startedAt,
    expiresAt: new Date(startedAt.getTime() + 60 * 60_000),
    endedAt: new Date(startedAt.getTime() + 25 * 60_000),
    endedBy: 'platform',
  });
  const actor = { platformUserId: platformUser.id, platformUserEmail: platformUser.email };
  await tx.insert(platformAuditLog).values([
    {
      id: generateId(startedAt.getTime() - 60_000),
      ...actor,
      action: 'login',
      companyId: null,
      details: {},
      createdAt: new Date(startedAt.getTime() - 60_000),
    },
    {
      id: generateId(startedAt.getTime()),
      ...actor,
      action: 'support_session.started',
      companyId: company.id,
      details: { supportSessionId, reason, minutes: 60 },
      createdAt: startedAt,
    },
    {
      id: generateId(startedAt.getTime() + 25 * 60_000),
      ...actor,
      action: 'support_session.ended',
      companyId: company.id,
      details: { supportSessionId, endedBy: 'platform' },
      createdAt: new Date(startedAt.getTime() + 25 * 60_000),
    },
  ]);
}
