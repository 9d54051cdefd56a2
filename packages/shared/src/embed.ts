import { z } from 'zod';

/** At most this many sites may embed one company's widget. */
export const MAX_EMBED_ORIGINS = 20;

const LOOPBACK = new Set(['localhost', '127.0.0.1']);

/**
 * An https origin as a browser writes it (`https://studio.example` or `https://studio.example:8443`,
 * no path, no trailing slash): the CSP `frame-ancestors` source the widget pages answer with. Plain
 * http (but for localhost), paths, wildcards, quotes and spaces are refused (each would weaken or break
 * the header).
 */
export function normalizeEmbedOrigin(value: string): string | null {
  const text = value.trim();
  if (!/^https?:\/\/[a-z0-9.-]+(:\d{1,5})?\/?$/i.test(text)) return null;
  try {
    const url = new URL(text);
    if (url.username || url.password) return null;
    // Plain http only for a site on this machine (a studio trying its page locally): browsers treat
    // loopback as secure.
    if (url.protocol === 'http:' && !LOOPBACK.has(url.hostname)) return null;
    return url.origin;
  } catch {
    return null;
  }
}

export const embedOriginSchema = z.string({ error: 'Enter a site address' }).transform((value, ctx) => {
  const origin = normalizeEmbedOrigin(value);
  if (origin === null) {
    ctx.addIssue({
      code: 'custom',
      message: 'Enter an https site address without a path, like https://www.your-studio.com',
    });
    return z.NEVER;
  }
  return origin;
});

export const saveEmbedSettingsBody = z.object({
  embedOrigins: z
    .array(embedOriginSchema, { error: 'Send the list of site addresses' })
    .max(MAX_EMBED_ORIGINS, { error: `List at most ${MAX_EMBED_ORIGINS} sites` })
    .transform((origins) => [...new Set(origins)]),
});
export type SaveEmbedSettingsValues = z.infer<typeof saveEmbedSettingsBody>;

export const embedSettingsAnswer = z.object({
  /** The company's `{company}` URL segment, for the snippet's data-company. */
  slug: z.string(),
  embedOrigins: z.array(z.string()),
});
export type EmbedSettingsAnswer = z.infer<typeof embedSettingsAnswer>;
