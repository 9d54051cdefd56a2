import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id parameters (m=19 MiB, t=2, p=1); argon2id is the library's default algorithm.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check, so a missing account cannot be told apart by timing. */
export async function verifyAgainstNothing(password: string): Promise<void> {
  dummyHash ??= hashPassword('kinetic-timing-equaliser-0');
  await verifyPassword(await dummyHash, password);
}
