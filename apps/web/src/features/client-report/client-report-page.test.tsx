import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { ok, renderRoutes, stubFetch, withoutHeaders } from '../../test/render-page.tsx';
import { ClientReportPage, REPORT_PROCESSING_TEXT } from './client-report-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const COMPANY_ID = 'aaaaaaaaaaaaaaaaaaaaaaa1';
const FILENAME = '0123456789abcdef0123456789abcdef.csv';
const me = ok({ company: { id: COMPANY_ID, locale: 'en-US' }, can: { runReports: true } });
const open = () =>
  renderRoutes([{ path: '/app/clientreports', element: <ClientReportPage /> }], '/app/clientreports');

describe('ClientReportPage (spec §4, §8)', () => {
  it('a failed generate call goes to the console only: the page keeps waiting and asks nothing more', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const calls = stubFetch((call) =>
      call.path === 'me'
        ? me
        : { code: 503, body: { status: 0, message: 'Reports cannot be made right now.' } },
    );
    open();
    await waitFor(() => expect(logged).toHaveBeenCalled(), { timeout: 5000 });
    expect(String(logged.mock.calls[0]?.[0])).toContain('client report');
    expect(screen.getByText(REPORT_PROCESSING_TEXT)).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Processing the report' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download Report' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(calls.map(withoutHeaders).filter((call) => call.path !== 'me')).toEqual([
      {
        method: 'POST',
        path: 'generate-client-report-in-csv',
        body: {
          companyId: COMPANY_ID,
          isSolo: true,
          currentPage: 0,
          itemsPerPage: 10,
          searchString: '',
          orderBy: 'First Name',
          orderDirection: 'asc',
        },
      },
    ]);
  }, 15_000);

  it('follows the progress until status 1, then shows Download Report without taking the focus', async () => {
    let reads = 0;
    const calls = stubFetch((call) => {
      if (call.path === 'me') return me;
      if (call.path === 'generate-client-report-in-csv')
        return {
          code: 202,
          body: {
            status: 2,
            filename: FILENAME,
            data: { filename: FILENAME, ready: false, done: 0, total: 1200 },
          },
        };
      reads += 1;
      const ready = reads > 1;
      return {
        body: {
          status: ready ? 1 : 2,
          filename: FILENAME,
          data: { filename: FILENAME, ready, done: ready ? 1200 : 600, total: 1200 },
        },
      };
    });
    open();
    await screen.findByText('0 of 1,200 clients done');
    await screen.findByText('600 of 1,200 clients done', {}, { timeout: 3000 });
    const button = await screen.findByRole('button', { name: 'Download Report' }, { timeout: 3000 });
    expect(screen.getByRole('status').textContent).toBe('Your report is ready: 1,200 clients.');
    expect(document.activeElement).not.toBe(button);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(calls.filter((call) => call.path === `client-reports/${FILENAME}`)).toHaveLength(2);
  }, 15_000);
});
