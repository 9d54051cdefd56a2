import { describe, expect, it } from 'vitest';
import { normalizeEmbedOrigin, saveEmbedSettingsBody } from './embed.ts';

describe('embed origins', () => {
  it('keeps https origins as the browser writes them', () => {
    expect(normalizeEmbedOrigin(' https://Studio.Example/ ')).toBe('https://studio.example');
    expect(normalizeEmbedOrigin('https://studio.example:8443')).toBe('https://studio.example:8443');
    expect(normalizeEmbedOrigin('http://localhost:5173')).toBe('http://localhost:5173');
    expect(normalizeEmbedOrigin('http://127.0.0.1:8080/')).toBe('http://127.0.0.1:8080');
  });

  it.each([
    'http://studio.example',
    'https://studio.example/book',
    'https://*.example',
    "https://a.example 'self'",
    'studio.example',
    '',
  ])('refuses %j', (value) => expect(normalizeEmbedOrigin(value)).toBeNull());

  it('the body names the refused entry and drops duplicates', () => {
    const bad = saveEmbedSettingsBody.safeParse({ embedOrigins: ['https://a.example', 'http://b.example'] });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['embedOrigins', 1]);
    expect(
      saveEmbedSettingsBody.parse({ embedOrigins: ['https://a.example/', 'https://a.example'] }),
    ).toEqual({
      embedOrigins: ['https://a.example'],
    });
  });
});
