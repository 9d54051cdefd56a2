import { COOKIE } from '@kinetic/shared';
import { ApiError, apiBase, currentHostType, saveFile } from '../../api/client.ts';
import { readCookie } from '../../api/cookies.ts';

/** The archive's address (docs/export-format.md). */
export const EXPORT_ARCHIVE_PATH = 'exports/archive';

/** The name the server gives the file (`kinetic-export-<slug>-<date>.zip`), or a plain one. */
export function fileNameOf(disposition: string | null): string {
  const match = /filename="([^"]+)"/.exec(disposition ?? '');
  return match?.[1] ?? 'kinetic-export.zip';
}

/**
 * Downloads the export archive with the session's bearer token, reporting the bytes received as they
 * arrive (the server builds the ZIP while it sends it, so its size is not known in advance), then hands
 * the file to the browser as a download. A refusal answers the server's sentence as an ApiError.
 */
export async function downloadExportArchive(
  onProgress: (bytes: number) => void,
  signal?: AbortSignal,
): Promise<{ fileName: string; bytes: number }> {
  const headers: Record<string, string> = { hosttype: currentHostType() };
  const token = readCookie(COOKIE.token);
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`${apiBase()}${EXPORT_ARCHIVE_PATH}`, {
    headers,
    credentials: 'include',
    signal,
  });
  if (!response.ok) {
    const envelope = (await response.json().catch(() => ({}))) as {
      message?: string;
      errors?: Record<string, string>;
    };
    throw new ApiError(
      envelope.message || 'The export could not be downloaded',
      response.status,
      envelope.errors,
    );
  }
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  if (response.body) {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      bytes += value.byteLength;
      onProgress(bytes);
    }
  }
  const fileName = fileNameOf(response.headers.get('content-disposition'));
  saveFile(new Blob(parts, { type: 'application/zip' }), fileName);
  return { fileName, bytes };
}
