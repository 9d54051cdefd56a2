import type pg from 'pg';

const TIMEOUT_MS = 2000;

export async function checkDatabase(pool: pg.Pool): Promise<'up' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'down'>((resolve) => {
    timer = setTimeout(() => resolve('down'), TIMEOUT_MS);
  });
  const query = pool.query('select 1').then(
    () => 'up' as const,
    () => 'down' as const,
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
