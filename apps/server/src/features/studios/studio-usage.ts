import type { Executor } from '../../db/client.ts';

export type StudioUsageTarget = { studioId: string } | { roomIds: readonly string[] };

/**
 * How many classes still to come are held in a studio, or in any of the given rooms. Deleting either
 * is refused while this is above 0. The seam the schedule fills: class instances do not exist yet, so
 * no class can use a studio or room and the answer is 0; when the schedule lands, this becomes one
 * count over `class_instances` (starts_at > now, not cancelled) in the same transaction.
 */
export async function countFutureClasses(
  _tx: Executor,
  _companyId: string,
  _target: StudioUsageTarget,
): Promise<number> {
  return 0;
}
