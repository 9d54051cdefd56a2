import { sql } from 'drizzle-orm';
import {
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ROLE_IDS } from '@kinetic/shared';
import { companies } from './companies.ts';
import { createdAt, idColumn, updatedAt } from './columns.ts';

const USER_ROLES = ROLE_IDS;

/** People of one company: its team and its clients. Tenant table: key (company_id, id). */
export const users = pgTable(
  'users',
  {
    companyId: idColumn('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: idColumn('id').notNull(),
    role: text('role', { enum: USER_ROLES }).notNull(),
    name: text('name').notNull(),
    /** Stored lower-cased; unique per company and role. */
    email: text('email').notNull(),
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    /** A new email address waiting to be confirmed from the link sent to it (Account details). */
    pendingEmail: text('pending_email'),
    /** SHA-256 of that link's token; the link works until `pendingEmailExpiresAt`. */
    pendingEmailTokenHash: text('pending_email_token_hash'),
    pendingEmailExpiresAt: timestamp('pending_email_expires_at', { withTimezone: true }),
    /** A client asked to delete their account (Settings › Account details); anonymised a grace period later. */
    deletionRequestedAt: timestamp('deletion_requested_at', { withTimezone: true }),
    /** When their personal details were replaced; financial records stay, without a name. */
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
    /**
     * A staff member's abilities (issue 15 §2) when an owner changed them; null: the role's defaults
     * (ROLE_DEFAULT_ABILITIES). Read with the session on every request (kinetic_open_session).
     */
    abilities: text('abilities').array(),
    /** A deactivated staff member cannot log in; their sessions ended when this was set; history stays. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    /**
     * Issue 18: the hidden admin login a platform user acts as during a support session (null for every
     * real person). Left out of the team's lists; cannot log in with a password.
     */
    platformUserId: idColumn('platform_user_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    uniqueIndex('users_company_email_role_key').on(table.companyId, table.email, table.role),
    index('users_email_idx').on(table.email),
    uniqueIndex('users_pending_email_token_key').on(table.pendingEmailTokenHash),
    // The Dashboard's new clients of a week (issue 18).
    index('users_company_created_idx').on(table.companyId, table.createdAt),
  ],
);

/** Opaque session tokens, kept only as SHA-256 hashes. Platform table: looked up before the company is known. */
export const sessions = pgTable(
  'sessions',
  {
    id: idColumn('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    companyId: idColumn('company_id').notNull(),
    userId: idColumn('user_id').notNull(),
    role: text('role', { enum: USER_ROLES }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('sessions_token_hash_key').on(table.tokenHash),
    index('sessions_user_idx').on(table.companyId, table.userId),
    foreignKey({
      columns: [table.companyId, table.userId],
      foreignColumns: [users.companyId, users.id],
    }).onDelete('cascade'),
  ],
);

/** Single-use reset links, valid one hour; only the hash is stored. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: idColumn('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    companyId: idColumn('company_id').notNull(),
    userId: idColumn('user_id').notNull(),
    /** The prefix the reset page lives under, so the link returns to the same login page. */
    roleId: text('role_id'),
    /** `reset` (forgot password) or `invitation` (a new login's first password; lives longer). */
    purpose: text('purpose').notNull().default('reset'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('password_reset_tokens_token_hash_key').on(table.tokenHash),
    foreignKey({
      columns: [table.companyId, table.userId],
      foreignColumns: [users.companyId, users.id],
    }).onDelete('cascade'),
  ],
);

/** Fixed-window counters for rate limits (failed logins, reset mails), shared by every server process. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
});

/** Platform (uber) users belong to no company. The first comes from UBER_ADMIN_EMAIL / UBER_ADMIN_PASSWORD. */
export const platformUsers = pgTable(
  'platform_users',
  {
    id: idColumn('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('platform_users_email_key').on(sql`lower(${table.email})`)],
);
