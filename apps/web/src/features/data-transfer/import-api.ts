import { useMutation, useQuery } from '@tanstack/react-query';
import type { DryRunBody, DryRunDto, ImportJobDto, ImportJobsDto, ImportUploadDto } from '@kinetic/shared';
import { MAX_IMPORT_BYTES } from '@kinetic/shared';
import { apiRequest, apiUpload, saveFile } from '../../api/client.ts';

/** Why a file cannot be uploaded, checked before sending it; the server reads it again. */
export function importFileProblem(file: File): string | null {
  if (!/\.(csv|txt|zip)$/i.test(file.name)) return 'Choose a .csv file or a Kinetic export (.zip).';
  if (file.size === 0) return 'The file is empty.';
  if (file.size > MAX_IMPORT_BYTES) return 'The file is larger than 20 MB. Split it into smaller files.';
  return null;
}

export function useUploadImport() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return apiUpload<ImportUploadDto>('imports', form, {
        silent: true,
        inlineErrors: true,
        loaderTxt: 'Reading the file…',
        timeoutMs: 120_000,
      });
    },
  });
}

export function useDryRun() {
  return useMutation({
    mutationFn: ({ importId, body }: { importId: string; body: DryRunBody }) =>
      apiRequest<DryRunDto>(`imports/${importId}`, {
        method: 'PUT',
        body,
        silent: true,
        inlineErrors: true,
        loaderTxt: 'Checking every row…',
        timeoutMs: 120_000,
      }),
  });
}

export function useStartImport() {
  return useMutation({
    mutationFn: (importId: string) =>
      apiRequest<ImportJobDto>(`imports/${importId}/start`, {
        method: 'POST',
        body: {},
        silent: true,
        inlineErrors: true,
      }),
  });
}

export const importQueryKey = (companyId: string, importId: string) =>
  [companyId, 'imports', importId] as const;

/** An import's progress, read every second until it is done or failed. */
export function useImportProgress(companyId: string, importId: string | null) {
  return useQuery({
    queryKey: importQueryKey(companyId, importId ?? ''),
    queryFn: () => apiRequest<ImportJobDto>(`imports/${importId}`, { silent: true, showLoader: false }),
    enabled: Boolean(companyId && importId),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'done' || status === 'failed' ? false : 1000;
    },
  });
}

/** The rejected rows as a CSV a spreadsheet opens (row, email, reason). */
export function rejectionsCsv(rejections: { row: number; email: string | null; reason: string }[]): string {
  const cell = (value: string) => {
    const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
    return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
  };
  const lines = [
    ['Row', 'Email', 'Reason'],
    ...rejections.map((item) => [String(item.row), item.email ?? '', item.reason]),
  ];
  return `\uFEFF${lines.map((line) => line.map(cell).join(',')).join('\r\n')}\r\n`;
}

/** Hands the rejected rows to the browser as a CSV download (the dry run's list and the finished import's). */
export function saveRejectionsCsv(
  rejections: { row: number; email: string | null; reason: string }[],
  fileName: string,
): void {
  saveFile(new Blob([rejectionsCsv(rejections)], { type: 'text/csv;charset=utf-8' }), fileName);
}

/** The company's imports, newest first (the page resumes showing one still running). */
export function useImports(companyId: string) {
  return useQuery({
    queryKey: [companyId, 'imports'] as const,
    queryFn: () => apiRequest<ImportJobsDto>('imports', { silent: true, showLoader: false }),
    enabled: Boolean(companyId),
  });
}
