import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { generateId } from '../../db/ids.ts';
import { policies, users, waivers, waiverSignatures } from '../../db/schema/index.ts';

const DAY = 86_400_000;

export const DEMO_WAIVER = {
  title: 'Liability waiver and release',
  text: [
    'Exercise carries a risk of injury. I take part in classes, private sessions and events at the studio of my own free will and at my own risk.',
    'I will tell the instructor before class about any injury, illness, pregnancy or condition that could affect my practice, and I will stop if I feel pain, dizziness or shortness of breath.',
    'I release the studio, its owners and its instructors from claims for injury or loss arising from my participation, except where caused by their gross negligence.',
  ].join('\n\n'),
  terms: [
    { value: 'own-risk', label: 'I take part at my own risk' },
    {
      value: 'tell-the-instructor',
      label: 'I will tell the instructor about any injury or condition before class',
    },
    { value: 'adult', label: 'I am 18 or older (or my guardian signs for me)' },
  ],
};

const DEMO_POLICIES = [
  'Cancellations: cancel up to 12 hours before class and your credit comes back. Later cancellations and no-shows use the class (no credit back) and cost a $10 fee.',
  'Late arrival: doors close 5 minutes after the start, for everyone’s safety and focus.',
  'Memberships renew automatically each period. Pause or cancel any time after the minimum commitment, at the desk or by email.',
  'Refunds: class packs are refundable within 14 days of purchase if unused.',
].join('\n\n');

/** A hand-drawn-looking signature for the demo (a loop and a stroke in the 600×200 box). */
function squiggle(seed: number): string {
  const points: string[] = [];
  for (let i = 0; i <= 24; i += 1) {
    const x = 40 + i * 20;
    const y = 110 + Math.round(Math.sin(i * 0.9 + seed) * 45);
    points.push(`${i === 0 ? 'M' : 'L'} ${x} ${y}`);
  }
  return `${points.join(' ')} M 60 160 L 540 150`;
}

/**
 * Issue 11's demo: a waiver (version 1) most clients have signed — Casey Client among them, so the PDF
 * copy is there to download — and the studio's policies.
 */
export async function seedWaivers(tx: Executor, company: { id: string }, now = new Date()): Promise<void> {
  const [existing] = await tx
    .select({ id: waivers.id })
    .from(waivers)
    .where(eq(waivers.companyId, company.id))
    .limit(1);
  if (existing) return;
  const publishedAt = new Date(now.getTime() - 90 * DAY);
  const waiverId = generateId(publishedAt.getTime());
  await tx.insert(waivers).values({
    companyId: company.id,
    id: waiverId,
    version: 1,
    ...DEMO_WAIVER,
    signaturesFromVersion: 1,
    publishedAt,
  });
  await tx
    .insert(policies)
    .values({ companyId: company.id, text: DEMO_POLICIES, updatedAt: publishedAt })
    .onConflictDoNothing();
  const clientRows = await tx
    .select({ id: users.id, name: users.name, role: users.role })
    .from(users)
    .where(and(eq(users.companyId, company.id), inArray(users.role, ['client', 'solo-client'])))
    .orderBy(asc(users.name));
  // Every fourth regular has not signed yet (the admin page counts them); the client who logs in has.
  const signers = clientRows.filter((row, index) => row.name === 'Casey Client' || index % 4 !== 3);
  if (signers.length === 0) return;
  await tx.insert(waiverSignatures).values(
    signers.map((row, index) => {
      // Spread over the 90 days since it was published: never a signature dated in the future.
      const signedAt = new Date(
        publishedAt.getTime() +
          Math.round(((index + 1) * (now.getTime() - publishedAt.getTime())) / (signers.length + 1)),
      );
      const drawn = index % 3 !== 2;
      return {
        companyId: company.id,
        id: generateId(signedAt.getTime()),
        clientId: row.id,
        waiverId,
        version: 1,
        fullName: row.name,
        kind: drawn ? ('drawn' as const) : ('typed' as const),
        path: drawn ? squiggle(index) : null,
        acceptedTerms: DEMO_WAIVER.terms.map((term) => term.value),
        signedAt,
        ipAddress: '127.0.0.1',
        userAgent: 'Demo data',
      };
    }),
  );
}
