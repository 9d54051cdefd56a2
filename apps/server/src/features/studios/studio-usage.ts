import type { Executor } from '../../db/client.ts';
import { countUpcoming } from '../class-instances/class-instances.repo.ts';
export { keepClassesOnTheWallClock } from '../fitness-sessions/studio-zone.ts';
export { fitClassesToRoom } from '../fitness-sessions/room-capacity.ts';

export type StudioUsageTarget = { studioId: string } | { roomIds: readonly string[] };

/**
 * How many scheduled classes still to come are held in a studio, or in any of the given rooms. Deleting
 * either is refused while this is above 0; counted in the caller's transaction.
 */
export async function countFutureClasses(
  tx: Executor,
  companyId: string,
  target: StudioUsageTarget,
): Promise<number> {
  return countUpcoming(tx, companyId, target, new Date());
}
