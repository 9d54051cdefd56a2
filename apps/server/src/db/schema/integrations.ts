import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { createdAt, idColumn, updatedAt } from './columns.ts';
import { platformUsers } from './users.ts';

/**
 * Issue 18. Platform (uber) sessions: a platform user belongs to no company, so their sessions are not
 * `sessions` rows (those name a company and a user of it). Only the token's SHA-256 is kept.
 */
export const platformSessions = pgTable(
  'platform_sessions',
  {
    id: idColumn('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    platformUserId: idColumn('platform_user_id')
      .notNull()
      .references(() => platformUsers.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('platform_sessions_token_hash_key').on(table.tokenHash)],
);

/** Every platform action (log in, suspend, reactivate, support session started/ended), newest first. */
export const platformAuditLog = pgTable(
  'platform_audit_log',
  {
    id: idColumn('id').primaryKey(),
    platformUserId: idColumn('platform_user_id').references(() => platformUsers.id, {
      onDelete: 'set null',
    }),
    /** Kept when the platform user is removed. */
    platformUserEmail: text('platform_user_email').notNull(),
    action: text('action').notNull(),
    companyId: idColumn('company_id').references(() => companies.id, { onDelete: 'set null' }),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [index('platform_audit_log_created_idx').on(table.createdAt)],
);

/**
 * A recorded, time-limited support session: while it runs, the platform user may act in the company
 * (the only way they read its clients or money). Tenant table: the company's admins see every one.
 */
export const supportSessions = pgTable(
  'support_sessions',
  {
    companyId: idColumn('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: idColumn('id').notNull(),
    platformUserId: idColumn('platform_user_id'),
    platformUserEmail: text('platform_user_email').notNull(),
    platformUserName: text('platform_user_name').notNull(),
    reason: text('reason').notNull(),
    /** The company login the support session acts as (a hidden admin of the company), if one was made. */
    userId: idColumn('user_id'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Who ended it early: `platform`, or the id of the company's admin who did. */
    endedBy: text('ended_by'),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    index('support_sessions_started_idx').on(table.companyId, table.startedAt),
  ],
);

/**
 * Public API keys (Settings › API Keys): `Authorization: Bearer kin_…`. Only the SHA-256 of the key is
 * kept; `prefix` (its first characters) names it in lists. `scope`: `read` (GET only) or `write`.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    companyId: idColumn('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: idColumn('id').notNull(),
    name: text('name').notNull(),
    scope: text('scope', { enum: ['read', 'write'] }).notNull(),
    prefix: text('prefix').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** Requests per minute this key may make (shared by every server process: rate_limits). */
    rateLimitPerMinute: integer('rate_limit_per_minute').notNull().default(120),
    createdBy: idColumn('created_by'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    uniqueIndex('api_keys_token_hash_key').on(table.tokenHash),
  ],
);

/** Settings › Webhooks: an HTTPS endpoint and the events it receives, signed with its secret. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    companyId: idColumn('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: idColumn('id').notNull(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: text('events').array().notNull(),
    /** The HMAC-SHA256 signing secret (`whsec_…`), shown to the owner so the receiver can verify. */
    secret: text('secret').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.id] })],
);

/**
 * One event for one endpoint, written in the transaction of the change (no event without the change),
 * delivered by the `webhook-delivery` job with retries and backoff; the log of Settings › Webhooks.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    companyId: idColumn('company_id').notNull(),
    id: idColumn('id').notNull(),
    endpointId: idColumn('endpoint_id').notNull(),
    /** The event's id (`evt_…`): the same for every attempt and re-send, so receivers can de-duplicate. */
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').notNull(),
    /** `pending`, `delivered` or `failed` (gave up after the last retry). */
    status: text('status', { enum: ['pending', 'delivered', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    responseStatus: integer('response_status'),
    /** The first characters of the receiver's answer or of the error. */
    responseBody: text('response_body'),
    lastError: text('last_error'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    index('webhook_deliveries_endpoint_idx').on(table.companyId, table.endpointId, table.createdAt),
    index('webhook_deliveries_pending_idx').on(table.status, table.createdAt),
    foreignKey({
      columns: [table.companyId, table.endpointId],
      foreignColumns: [webhookEndpoints.companyId, webhookEndpoints.id],
    }).onDelete('cascade'),
  ],
);

/** Settings › Import & Export: a client import (CSV or an export archive), run as a background job. */
export const importJobs = pgTable(
  'import_jobs',
  {
    companyId: idColumn('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: idColumn('id').notNull(),
    /** `pending` (dry run shown, not started), `queued`, `running`, `done`, `failed`. */
    status: text('status').notNull(),
    fileName: text('file_name').notNull(),
    /** `csv` (clients with a column mapping) or `archive` (a Kinetic export). */
    source: text('source').notNull(),
    /** The uploaded file's content (CSV text, or the archive's files by name). */
    content: jsonb('content').notNull(),
    /** Kinetic field → the file's column. */
    mapping: jsonb('mapping').$type<Record<string, string>>().notNull().default({}),
    options: jsonb('options').$type<Record<string, unknown>>().notNull().default({}),
    totalRows: integer('total_rows').notNull().default(0),
    processedRows: integer('processed_rows').notNull().default(0),
    createdCount: integer('created_count').notNull().default(0),
    skippedCount: integer('skipped_count').notNull().default(0),
    rejectedCount: integer('rejected_count').notNull().default(0),
    /** Rows refused and why: `[{ row, reason }]`. */
    rejections: jsonb('rejections').$type<{ row: number; reason: string }[]>().notNull().default([]),
    error: text('error'),
    createdBy: idColumn('created_by'),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.id] })],
);
