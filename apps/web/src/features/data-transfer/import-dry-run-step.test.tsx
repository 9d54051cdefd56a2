import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { DryRunDto, ImportJobDto } from '@kinetic/shared';
import { renderRoutes } from '../../test/render-page.tsx';
import { ImportDryRunStep } from './import-dry-run-step.tsx';

const job: ImportJobDto = {
  id: '0123456789abcdef01234567',
  status: 'pending',
  source: 'csv',
  fileName: 'mindbody-clients.csv',
  mapping: {},
  options: { dateOrder: 'mdy' },
  totalRows: 3,
  processedRows: 0,
  createdCount: 0,
  skippedCount: 0,
  rejectedCount: 0,
  rejections: [],
  error: null,
  createdAt: '2026-11-26T15:00:00.000Z',
  startedAt: null,
  finishedAt: null,
};
const dryRun: DryRunDto = {
  job,
  totalRows: 3,
  wouldCreate: 1,
  wouldSkip: 1,
  wouldReject: 1,
  packagesToCreate: 0,
  rejections: [{ row: 3, email: null, reason: 'no email' }],
  skips: [{ row: 2, email: 'maya.brooks@example.com' }],
  creates: [{ row: 1, name: 'Harriet Okafor', email: 'harriet@example.com', packages: [] }],
};

const show = (value: DryRunDto) =>
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <ImportDryRunStep dryRun={value} onStart={() => undefined} onBack={() => undefined} busy={false} error={null} />
        ),
      },
    ],
    '/',
  );

afterEach(cleanup);

describe('the import’s dry run', () => {
  it('names the rows skipped because they are already clients', async () => {
    show(dryRun);
    expect(await screen.findByRole('button', { name: 'Import 1 client' })).toBeTruthy();
    const skipped = await screen.findByRole('list', { name: 'Already your clients: kept as they are' });
    expect(within(skipped).getByText('Row 2: maya.brooks@example.com')).toBeTruthy();
    // A CSV says nothing about an archive's other files.
    expect(screen.queryByTestId('dry-archive-note')).toBeNull();
  });

  it('offers no start when nothing would be created', async () => {
    show({ ...dryRun, wouldCreate: 0, creates: [] });
    expect((await screen.findByTestId('dry-nothing')).textContent).toMatch(/^Nothing to import/);
    expect(screen.queryByRole('button', { name: /^Import / })).toBeNull();
    expect(screen.getByRole('button', { name: 'Change the mapping' })).toBeTruthy();
  });

  it('from a Kinetic export, says only active memberships and packs come with the clients', async () => {
    show({ ...dryRun, job: { ...job, source: 'archive', fileName: 'kinetic-export-acme-2026-11-26.zip' } });
    expect((await screen.findByTestId('dry-archive-note')).textContent).toMatch(
      /active\s+memberships and packs .* Paused, cancelled and expired ones, bookings,\s+orders and the archive’s other files are not imported\./,
    );
  });
});
