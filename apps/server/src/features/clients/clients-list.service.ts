import type { ClientsListPageDto, ClientsListParams } from '@kinetic/shared';
import { withTenant, type Database } from '../../db/client.ts';
import type { Actor } from '../../plugins/auth.ts';
import { notFound } from '../../plugins/errors.ts';
import { findCompanyById } from '../accounts/accounts.repo.ts';
import { currentWaiver } from '../waivers/waivers.service.ts';
import { listClientsPage, studioExists } from './clients-list.repo.ts';

const iso = (value: Date | string) => new Date(value).toISOString();

/** One page of the Clients list (issue 14 §1) with its total. */
export async function listClientsTab(
  db: Database,
  actor: Actor,
  params: ClientsListParams,
): Promise<ClientsListPageDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    // Another company's studio (or a made-up id) is not found, like any other of its things.
    if (params.studioId && !(await studioExists(tx, actor.companyId, params.studioId)))
      throw notFound('We could not find that studio.');
    const company = await findCompanyById(tx, actor.companyId);
    if (!company) throw notFound('We could not find your company.');
    const waiver = await currentWaiver(tx, actor.companyId);
    const page = await listClientsPage(tx, actor.companyId, params, waiver?.signaturesFromVersion ?? null);
    return {
      total: page.total,
      currency: company.currency,
      timeZone: company.timeZone,
      items: page.rows.map((row) => ({
        id: row.id,
        name: row.name,
        email: row.email,
        phone: row.phone,
        joinedAt: iso(row.created_at),
        lastVisitAt: row.last_visit_at === null ? null : iso(row.last_visit_at),
        packages: row.packages.map((held) => ({
          name: held.name,
          kind: held.kind,
          creditsLeft: held.creditsLeft,
          paused: held.status === 'paused',
        })),
        waiverSigned: row.waiver_signed,
      })),
    };
  });
}
