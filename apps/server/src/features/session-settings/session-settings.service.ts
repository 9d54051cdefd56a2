import {
  REMINDER_HOURS_DEFAULT,
  SESSION_SETTINGS_DEFAULTS,
  type SaveSessionSettingsValues,
  type SessionSettingsAnswer,
  type SessionSettingsValues,
} from '@kinetic/shared';
import { withTenant, type Database, type Executor } from '../../db/client.ts';
import type { Actor } from '../../plugins/auth.ts';
import { notFound } from '../../plugins/errors.ts';
import { findCompanyById } from '../accounts/accounts.repo.ts';
import { completeOnboardingStep } from '../onboarding/onboarding.repo.ts';
import {
  findSessionSettings,
  upsertSessionSettings,
  type SessionSettingsRow,
} from './session-settings.repo.ts';

function toAnswer(row: SessionSettingsRow | undefined, currency: string): SessionSettingsAnswer {
  if (!row)
    return { ...SESSION_SETTINGS_DEFAULTS, reminderHoursBefore: REMINDER_HOURS_DEFAULT, saved: false, currency };
  const { companyId: _companyId, updatedAt: _updatedAt, ...values } = row;
  return { ...values, saved: true, currency };
}

/** The rules the schedule and bookings apply: the saved ones, or the defaults until the owner saves. */
export async function sessionRulesOf(tx: Executor, companyId: string): Promise<SessionSettingsValues> {
  const row = await findSessionSettings(tx, companyId);
  if (!row) return { ...SESSION_SETTINGS_DEFAULTS };
  // The reminder time is the company's alone, not a rule a class follows (or a series overrides).
  const { companyId: _companyId, updatedAt: _updatedAt, reminderHoursBefore: _reminder, ...values } = row;
  return values;
}

async function currencyOf(tx: Executor, companyId: string): Promise<string> {
  const company = await findCompanyById(tx, companyId);
  if (!company) throw notFound('Your company no longer exists.');
  return company.currency;
}

export async function getSessionSettings(db: Database, actor: Actor): Promise<SessionSettingsAnswer> {
  return withTenant(db, actor.companyId, async (tx) => {
    const currency = await currencyOf(tx, actor.companyId);
    return toAnswer(await findSessionSettings(tx, actor.companyId), currency);
  });
}

/** Saves the booking policy and completes the `classesSettings` onboarding step. */
export async function saveSessionSettings(
  db: Database,
  actor: Actor,
  values: SaveSessionSettingsValues,
): Promise<SessionSettingsAnswer> {
  return withTenant(db, actor.companyId, async (tx) => {
    const currency = await currencyOf(tx, actor.companyId);
    const row = await upsertSessionSettings(tx, actor.companyId, values);
    await completeOnboardingStep(tx, actor.companyId, 'classesSettings');
    return toAnswer(row, currency);
  });
}
