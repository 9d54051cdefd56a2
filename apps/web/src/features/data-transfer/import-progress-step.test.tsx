import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { ImportJobDto } from '@kinetic/shared';
import { renderRoutes } from '../../test/render-page.tsx';
import { ImportProgressStep } from './import-progress-step.tsx';

const job: ImportJobDto = {
  id: '0123456789abcdef01234567',
  status: 'running',
  source: 'csv',
  fileName: 'mindbody-clients.csv',
  mapping: {},
  options: { dateOrder: 'mdy' },
  totalRows: 8,
  processedRows: 4,
  createdCount: 2,
  skippedCount: 1,
  rejectedCount: 1,
  rejections: [{ row: 3, email: null, reason: 'no email' }],
  error: null,
  createdAt: '2026-11-26T15:00:00.000Z',
  startedAt: '2026-11-26T15:00:01.000Z',
  finishedAt: null,
};

const show = (value: ImportJobDto) =>
  renderRoutes([{ path: '/', element: <ImportProgressStep job={value} onAnother={() => undefined} /> }], '/');

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the import’s progress step', () => {
  it('is a named progress bar that says how many rows are done', async () => {
    show(job);
    const bar = await screen.findByRole('progressbar', { name: 'Import progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('50');
    expect(bar.getAttribute('aria-valuetext')).toBe('4 of 8 rows');
    // Nothing to download while it runs.
    expect(screen.queryByRole('button', { name: /rejected rows/ })).toBeNull();
  });

  it('once finished, hands over the rejected rows with their reasons as a CSV', async () => {
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:rejected';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    show({ ...job, status: 'done', processedRows: 8, createdCount: 6, finishedAt: '2026-11-26T15:00:09.000Z' });
    expect(await screen.findByText('Import finished: 6 created, 1 skipped (already clients), 1 rejected.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Download the rejected rows (CSV)' }));
    expect(created).toHaveLength(1);
    // (text() decodes the UTF-8 and drops the byte order mark spreadsheets need.)
    expect(await created[0]!.text()).toBe('Row,Email,Reason\r\n3,,no email\r\n');
  });
});
