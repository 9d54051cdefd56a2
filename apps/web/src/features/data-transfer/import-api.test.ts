import { describe, expect, it } from 'vitest';
import { importFileProblem, rejectionsCsv } from './import-api.ts';

describe('import helpers', () => {
  it('refuses other kinds of files and empty or too large ones before sending them', () => {
    expect(importFileProblem(new File(['a'], 'photo.png'))).toBe('Choose a .csv file or a Kinetic export (.zip).');
    expect(importFileProblem(new File([], 'clients.csv'))).toBe('The file is empty.');
    const huge = new File(['a'], 'clients.csv');
    Object.defineProperty(huge, 'size', { value: 21 * 1024 * 1024 });
    expect(importFileProblem(huge)).toMatch(/larger than 20 MB/);
    expect(importFileProblem(new File(['Email\na@b.co'], 'Clients.CSV'))).toBeNull();
    expect(importFileProblem(new File(['PK'], 'kinetic-export.zip'))).toBeNull();
  });

  it('writes the rejected rows as a CSV a spreadsheet opens safely', () => {
    const csv = rejectionsCsv([
      { row: 3, email: null, reason: 'invalid email “x, y”' },
      { row: 9, email: '=cmd@example.com', reason: 'no name' },
    ]);
    expect(csv).toBe('\uFEFFRow,Email,Reason\r\n3,,"invalid email “x, y”"\r\n9,\'=cmd@example.com,no name\r\n');
  });
});
