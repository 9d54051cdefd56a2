import {
  normaliseAgeValue,
  signupDetailsLabels,
  type SignupDetailsDto,
  type SignupDetailsValues,
} from '@kinetic/shared';
import { withPlatform, withTenant, type Database, type Executor } from '../../db/client.ts';
import type { Actor } from '../../plugins/auth.ts';
import { badRequest, notFound } from '../../plugins/errors.ts';
import { assertCompanyAvailable } from '../platform/suspension.ts';
import { findCompanyBySlug } from '../accounts/accounts.repo.ts';
import { findClient } from '../bookings/bookings.repo.ts';
import { getMyPreferences, saveMyPreferences, wantsEmail } from '../client-preferences/client-preferences.service.ts';
import {
  findSignupDetails,
  findSignupDetailsId,
  findStudioName,
  studioExists,
  upsertSignupDetails,
  type SignupDetailsRow,
} from './signup-details.repo.ts';

const EMPTY_ADDRESS = { line1: null, line2: null, city: null, state: null, postalCode: null, country: null };
const CLIENT_NOT_FOUND = 'We could not find that client.';
const NOT_A_STUDIO = 'Choose one of the studio’s locations';

function toDto(
  clientId: string,
  found: { details: SignupDetailsRow; homeStudioName: string | null } | undefined,
  marketingEmails: boolean,
): SignupDetailsDto {
  const row = found?.details;
  const answers = {
    heardAbout: row?.heardAbout ?? null,
    planningUnit: row?.planningUnit ?? null,
    // An answer stored under the spec's duplicate key reads as the one offered range.
    age: row?.age == null ? null : normaliseAgeValue(row.age),
    raceEthnicity: row?.raceEthnicity ?? null,
    industry: row?.industry ?? null,
    incomeBandTo200k: row?.incomeBandTo200k ?? null,
    incomeBandTo120k: row?.incomeBandTo120k ?? null,
  };
  const homeStudioName = found?.homeStudioName ?? null;
  return {
    id: row?.id ?? null,
    clientId,
    birthDate: row?.birthDate ?? null,
    address: row?.address ?? EMPTY_ADDRESS,
    emergencyContactName: row?.emergencyContactName ?? null,
    emergencyContactPhone: row?.emergencyContactPhone ?? null,
    heardAboutDetail: row?.heardAboutDetail ?? null,
    neighborhood: row?.neighborhood ?? null,
    ...answers,
    homeStudioId: homeStudioName === null ? null : (row?.homeStudioId ?? null),
    homeStudioName,
    marketingEmails,
    labels: signupDetailsLabels(answers),
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

async function detailsOf(tx: Executor, companyId: string, clientId: string): Promise<SignupDetailsDto> {
  const found = await findSignupDetails(tx, companyId, clientId);
  return toDto(clientId, found, await wantsEmail(tx, companyId, clientId, 'marketing'));
}

/** The signed-in client's own details: empty answers and id null until they first save. */
export function getMySignupDetails(db: Database, actor: Actor): Promise<SignupDetailsDto> {
  return withTenant(db, actor.companyId, (tx) => detailsOf(tx, actor.companyId, actor.userId));
}

/** The id the spec's user state names (`clientSignupDetailsId`), or null before the first save. */
export function mySignupDetailsId(db: Database, actor: Actor): Promise<string | null> {
  return withTenant(db, actor.companyId, (tx) => findSignupDetailsId(tx, actor.companyId, actor.userId));
}

/**
 * Creates or replaces the client's answers. The home studio and the marketing choice change only when
 * the body names them; the marketing choice is the one kept by Settings › Notifications.
 */
export async function saveMySignupDetails(
  db: Database,
  actor: Actor,
  body: SignupDetailsValues,
): Promise<SignupDetailsDto> {
  const { marketingEmails, homeStudioId, address, ...answers } = body;
  await withTenant(db, actor.companyId, async (tx) => {
    if (homeStudioId && !(await studioExists(tx, actor.companyId, homeStudioId)))
      throw badRequest(NOT_A_STUDIO, { homeStudioId: NOT_A_STUDIO });
    await upsertSignupDetails(tx, actor.companyId, actor.userId, {
      ...answers,
      address: address ?? EMPTY_ADDRESS,
      ...(homeStudioId === undefined ? {} : { homeStudioId }),
    });
  });
  if (marketingEmails !== undefined) {
    const preferences = await getMyPreferences(db, actor);
    if (preferences.marketing !== marketingEmails)
      await saveMyPreferences(db, actor, { ...preferences, marketing: marketingEmails });
  }
  return getMySignupDetails(db, actor);
}

/** A client's details as the team sees them (the same people who may list clients). */
export function getClientSignupDetails(db: Database, actor: Actor, clientId: string): Promise<SignupDetailsDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    if (!(await findClient(tx, actor.companyId, clientId))) throw notFound(CLIENT_NOT_FOUND);
    return detailsOf(tx, actor.companyId, clientId);
  });
}

/** `{widgetStudioId}/client-signup` names the studio: its name if it is this company's, else 404. */
export async function getWidgetStudio(db: Database, slug: string, studioId: string) {
  const company = await withPlatform(db, (tx) => findCompanyBySlug(tx, slug));
  if (company) assertCompanyAvailable(company);
  const name = company ? await withTenant(db, company.id, (tx) => findStudioName(tx, company.id, studioId)) : null;
  if (!company || name === null) throw notFound('We could not find that studio.');
  return { id: studioId, name };
}
