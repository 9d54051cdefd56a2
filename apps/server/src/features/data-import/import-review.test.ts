import { strToU8, zipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { bearer, signUpCompany } from '../../test/factories.ts';
import { createTestApp } from '../../test/harness.ts';
import { CsvError, parseCsv } from './csv-parse.ts';

/**
 * Review of the client import (issue 18 §5): a small upload must not turn into a huge table or a huge
 * inflate. Each file here is a few kilobytes or megabytes; the server answers 400 naming the problem.
 */
const { app } = await createTestApp();
afterAll(() => app.close());
const owner = await signUpCompany(app);

function upload(fileName: string, content: Uint8Array) {
  const boundary = 'reviewBoundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: 'POST',
    url: '/api/imports',
    headers: { ...bearer(owner.session.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

describe('import file limits', () => {
  it('refuses a wide header over many one-character lines (padding would multiply it) with a 400', async () => {
    // 800 columns × 15,000 rows = 12 million cells from a 40 KB file.
    const text = `${Array.from({ length: 800 }, (_, i) => `c${i}`).join(',')}\n${'x\n'.repeat(15_000)}`;
    expect(() => parseCsv(text)).toThrow(CsvError);
    const response = await upload('wide.csv', strToU8(text));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors.file).toMatch(/cells .*Split it/);
  });

  it('refuses a header naming more columns than can be read', () => {
    expect(() => parseCsv(`${','.repeat(5_000)}a\n1`)).toThrow(/5,001 columns/);
  });

  it('refuses an archive whose clients.csv inflates past 60 MB while claiming to be small', async () => {
    const zip = zipSync(
      {
        'manifest.json': strToU8(JSON.stringify({ format: 'kinetic-export', version: 1 })),
        'clients.csv': new Uint8Array(80 * 1024 * 1024).fill(0x2c),
      },
      { level: 6 },
    );
    // Both headers now say 1,000 bytes: the real 80 MB must still be caught.
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
    for (let at = 0; at < zip.length - 4; at += 1) {
      const signature = view.getUint32(at, true);
      if (signature === 0x04034b50 && view.getUint16(at + 26, true) === 11)
        view.setUint32(at + 22, 1000, true);
      if (signature === 0x02014b50 && view.getUint16(at + 28, true) === 11)
        view.setUint32(at + 24, 1000, true);
    }
    const response = await upload('bomb.zip', zip);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors.file).toMatch(/clients\.csv in the archive is larger than 60 MB/);
  });
});
