/** PostgreSQL's error code, whether or not Drizzle wrapped the driver's error. */
export function postgresErrorCode(error: unknown): string | undefined {
  const direct = (error as { code?: unknown }).code;
  if (typeof direct === 'string') return direct;
  const cause = (error as { cause?: { code?: unknown } }).cause?.code;
  return typeof cause === 'string' ? cause : undefined;
}

export const isUniqueViolation = (error: unknown) => postgresErrorCode(error) === '23505';
