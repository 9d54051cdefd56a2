import { z } from 'zod';

/** `page`/`pageSize` of every list (blueprint §3): 1-based, at most 100 a page, 50 unless asked. */
export const pageQuery = z.object({
  page: z.coerce
    .number({ error: 'Use a page number' })
    .int('Use a page number')
    .min(1, 'Pages start at 1')
    .max(100_000)
    .default(1),
  pageSize: z.coerce
    .number({ error: 'Use a page size' })
    .int('Use a page size')
    .min(1, 'Use at least 1 per page')
    .max(100, 'Use at most 100 per page')
    .default(50),
});

/** Every list answers `{ items, total }`. */
export const listOf = <Item extends z.ZodType>(item: Item) => z.object({ items: z.array(item), total: z.number().int() });
