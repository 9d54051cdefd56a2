import type { Executor } from '../../db/client.ts';
import { badRequest } from '../../plugins/errors.ts';
import { judgePass } from './check-in-codes.ts';
import { findDoorClass, findSecret } from './check-in.repo.ts';

/**
 * Whether a door pass (bought by scanning the class's code) admits its holder to this class now: for the
 * booking endpoint, which lets a client at the door take a free place after booking has closed. A pass
 * that is not this class's, or has run out, is refused with the sentence the check-in gives.
 */
export async function admitDoorPass(
  tx: Executor,
  companyId: string,
  classInstanceId: string,
  pass: string,
  now: Date,
): Promise<true> {
  const cls = await findDoorClass(tx, companyId, classInstanceId);
  const secret = await findSecret(tx, companyId, classInstanceId);
  const verdict = cls
    ? judgePass(secret, pass, { fitnessSessionId: cls.fitnessSessionId, classInstanceId }, now)
    : 'forged';
  if (verdict === 'expired')
    throw badRequest('Your check-in pass has run out. Scan the code on the door screen at the studio again.', {
      checkInPass: 'expired',
    });
  if (verdict !== 'valid')
    throw badRequest('This check-in pass is not for this class. Scan the code on the door screen at the studio again.', {
      checkInPass: 'forged',
    });
  return true;
}
