import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { EMAIL_SETTINGS_DEFAULTS, type EmailTrigger } from '@kinetic/shared';
import { withPlatform, withTenant, type Database, type Executor } from '../db/client.ts';
import { clientPackages, users } from '../db/schema/index.ts';
import { findCompanyById, type CompanyRow } from '../features/accounts/accounts.repo.ts';
import { dayLabel } from '../features/fitness-sessions/zoned-time.ts';
import { notify } from '../features/notifications/notify.ts';
import { packageVariables } from '../features/orders/order-emails.ts';
import { renewalPrice } from '../features/orders/renewals.ts';
import type { ClientPackageRow } from '../features/orders/orders.repo.ts';
import type { Jobs } from './runner.ts';

export interface PackageNoticeDeps {
  db: Database;
  jobs?: Pick<Jobs, 'deliverEmail'> | undefined;
  publicUrl: string;
  log: (error: unknown) => void;
}

/**
 * "Membership renewing soon" and "Pack expiring soon" (issue 16). Each notice goes once: a membership's
 * per renewal date (`client_packages.renewal_notice_for` = the `paid_until` it announced), a pack's once
 * (`expiry_notice_sent_at`). As with class reminders, one `UPDATE … WHERE <marker not set> … RETURNING`
 * per company claims the rows and the emails are written to the outbox in the same transaction: a second
 * process skips rows being claimed (`FOR UPDATE SKIP LOCKED`) or no longer finds them due; a crash
 * before the commit leaves them for the next run. A package is not claimed while the studio has the
 * trigger off or the client turned "Membership and pack reminders" off, so switching it back on in time
 * still sends it (once).
 */

const today = (at: SQL) => sql`(${at} at time zone c.time_zone)::date`;

/** Aliases: `cp` client_packages, `c` companies, `es` email_settings. */
function renewingSoon(now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  const days = sql`coalesce(es.renewal_notice_days, ${EMAIL_SETTINGS_DEFAULTS.renewalNoticeDays})`;
  return sql`cp.status = 'active'
    and cp.terms ->> 'kind' = 'membership'
    and (cp.terms ->> 'autoRenew')::boolean
    and cp.ends_on is null
    and cp.paused_from is null
    and cp.paid_until is not null
    and cp.paid_until > ${today(at)}
    and cp.paid_until <= ${today(at)} + ${days}
    and cp.renewal_notice_for is distinct from cp.paid_until
    and ${wanted('membershipRenewingSoon')}`;
}

function expiringSoon(now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  const days = sql`coalesce(es.expiry_notice_days, ${EMAIL_SETTINGS_DEFAULTS.expiryNoticeDays})`;
  return sql`cp.status = 'active'
    and cp.terms ->> 'kind' = 'class-pack'
    and cp.expires_at is not null
    and cp.expires_at > ${at}
    and cp.expires_at <= ${at} + make_interval(days => ${days})
    and cp.expiry_notice_sent_at is null
    and (select coalesce(sum(l.credits), 0) from credit_ledger l
          where l.company_id = cp.company_id and l.client_package_id = cp.id) > 0
    and ${wanted('packExpiringSoon')}`;
}

/**
 * The studio's switch for the trigger, the client's "Membership and pack reminders", a live account (not
 * anonymised, not deactivated by the studio).
 */
function wanted(trigger: EmailTrigger): SQL {
  return sql`not exists (select 1 from email_templates t
      where t.company_id = cp.company_id and t.trigger = ${trigger} and not t.enabled)
    and not exists (select 1 from client_preferences p
      where p.company_id = cp.company_id and p.client_id = cp.client_id and not p.package_reminders)
    and not exists (select 1 from users u
      where u.company_id = cp.company_id and u.id = cp.client_id
        and (u.anonymised_at is not null or u.deactivated_at is not null))`;
}

const FROM = sql`client_packages cp
  join companies c on c.id = cp.company_id
  left join email_settings es on es.company_id = cp.company_id`;

interface Notice {
  due: (now: Date) => SQL;
  /** The marker the claim sets. */
  mark: (now: Date) => SQL;
  trigger: 'membershipRenewingSoon' | 'packExpiringSoon';
}

const NOTICES: Notice[] = [
  {
    due: renewingSoon,
    mark: () => sql`renewal_notice_for = paid_until`,
    trigger: 'membershipRenewingSoon',
  },
  {
    due: expiringSoon,
    mark: (now) => sql`expiry_notice_sent_at = ${now.toISOString()}::timestamptz`,
    trigger: 'packExpiringSoon',
  },
];

async function variablesOf(
  tx: Executor,
  company: CompanyRow,
  row: ClientPackageRow,
  trigger: Notice['trigger'],
  publicUrl: string,
) {
  if (trigger === 'membershipRenewingSoon') {
    const { priced } = await renewalPrice(tx, company.id, row);
    return packageVariables(
      company,
      { name: row.terms.name, price: priced.total, date: row.paidUntil },
      publicUrl,
    );
  }
  const left = await tx.execute<{ credits: number }>(sql`
    select coalesce(sum(credits), 0)::int as credits from credit_ledger
     where company_id = ${company.id} and client_package_id = ${row.id}`);
  return {
    ...packageVariables(
      company,
      {
        name: row.terms.name,
        price: row.terms.price,
        date: null,
        creditsLeft: Number(left.rows[0]?.credits ?? 0),
      },
      publicUrl,
    ),
    // The day the credits lapse, on the company's clock.
    'package.date': row.expiresAt ? dayLabel(row.expiresAt, company.timeZone) : '',
  };
}

/** Queues every due notice once; answers how many emails it queued. Run hourly and once at start. */
export async function sendPackageNotices(deps: PackageNoticeDeps, now = new Date()): Promise<number> {
  let queued = 0;
  for (const notice of NOTICES) {
    const companies = await withPlatform(deps.db, async (tx) => {
      const result = await tx.execute<{ company_id: string }>(
        sql`select distinct cp.company_id from ${FROM} where ${notice.due(now)}`,
      );
      return result.rows.map((row) => row.company_id);
    });
    for (const companyId of companies) {
      try {
        const emails = await withTenant(deps.db, companyId, async (tx) => {
          const claimed = await tx.execute<{ id: string }>(sql`
            update client_packages set ${notice.mark(now)}
             where company_id = ${companyId}
               and id in (
                 select cp.id from ${FROM}
                  where cp.company_id = ${companyId} and ${notice.due(now)}
                  for update of cp skip locked)
            returning id`);
          if (claimed.rows.length === 0) return [];
          const company = await findCompanyById(tx, companyId);
          if (!company) return [];
          const ids: string[] = [];
          const rows = await tx
            .select({ row: clientPackages, name: users.name, email: users.email })
            .from(clientPackages)
            .innerJoin(
              users,
              and(eq(users.companyId, clientPackages.companyId), eq(users.id, clientPackages.clientId)),
            )
            .where(
              and(
                eq(clientPackages.companyId, companyId),
                inArray(
                  clientPackages.id,
                  claimed.rows.map((claim) => claim.id),
                ),
              ),
            );
          for (const { row, name, email } of rows) {
            const emailId = await notify(
              tx,
              companyId,
              {
                trigger: notice.trigger,
                to: { id: row.clientId, name, email },
                variables: await variablesOf(tx, company, row, notice.trigger, deps.publicUrl),
              },
              { publicUrl: deps.publicUrl },
            );
            if (emailId) ids.push(emailId);
          }
          return ids;
        });
        queued += emails.length;
        for (const id of emails) deps.jobs?.deliverEmail(id).catch(deps.log);
      } catch (error) {
        // One company's failure (rolled back, so retried next run) does not hold up the others.
        deps.log(error);
      }
    }
  }
  return queued;
}
