import { Alert, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageLoader } from '../../ui/page-loader.tsx';

/** What a tab knows of its report's request (a TanStack query's fields the result reads). */
export interface ReportQuery<T> {
  data: T | undefined;
  isError: boolean;
  error: Error | null;
  isPlaceholderData: boolean;
}

/**
 * A report's answer as each tab shows it: the error in words, the loader, the empty sentence, or the
 * result; while the next answer loads the last stays on screen (no jump), dimmed and said to be updating.
 */
export function ReportResult<T extends { rows: unknown[] }>({
  query,
  waiting,
  noun,
  empty,
  children,
}: {
  query: ReportQuery<T>;
  /** No period chosen yet (a custom period being typed): nothing to show. */
  waiting: boolean;
  /** "attendance", "revenue": named in the failure's title. */
  noun: string;
  empty: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isError)
    return (
      <Alert color="red" role="alert" title={`The ${noun} report could not be loaded`}>
        {query.error?.message}
      </Alert>
    );
  if (waiting) return null;
  if (!query.data) return <PageLoader />;
  if (query.data.rows.length === 0) return <Text role="status">{empty}</Text>;
  return (
    <Stack
      gap="md"
      aria-busy={query.isPlaceholderData}
      style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}
    >
      {query.isPlaceholderData ? (
        <Text size="sm" role="status">
          Updating…
        </Text>
      ) : null}
      {children(query.data)}
    </Stack>
  );
}

export interface ReportTableRow {
  key: string;
  label: string;
  cells: ReactNode;
}

/**
 * A report's table: the group's column, the figures' columns, a row per group and the totals. On a phone
 * it scrolls inside its own box, which takes focus so keys can scroll it.
 */
export function ReportTable({
  noun,
  groupLabel,
  about,
  minWidth,
  columns,
  rows,
  totals,
}: {
  /** "Attendance", "Revenue". */
  noun: string;
  /** The grouping's name as a column title ("Class", "Month"). */
  groupLabel: string;
  /** One sentence on what the table counts, read with it. */
  about: ReactNode;
  minWidth: number;
  columns: string[];
  rows: ReportTableRow[];
  totals: ReactNode;
}) {
  const aboutId = `${noun.toLowerCase()}-table-about`;
  return (
    <>
      <Text size="sm" id={aboutId}>
        {about}
      </Text>
      <Table.ScrollContainer
        minWidth={minWidth}
        type="native"
        tabIndex={0}
        role="region"
        aria-label={`${noun} table (scrolls sideways on small screens)`}
      >
        <Table
          striped
          highlightOnHover
          aria-label={`${noun} by ${groupLabel.toLowerCase()}`}
          aria-describedby={aboutId}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{groupLabel}</Table.Th>
              {columns.map((title) => (
                <Table.Th key={title} scope="col" ta="right">
                  {title}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.key}>
                <Table.Th scope="row" fw={400}>
                  {row.label}
                </Table.Th>
                {row.cells}
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr fw={700}>
              <Table.Th scope="row">Total</Table.Th>
              {totals}
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
