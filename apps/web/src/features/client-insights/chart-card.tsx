import { Button, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';

export interface ChartRow {
  label: string;
  /** What the table says (e.g. "15", "Fewer than 5", "67%"). */
  value: string;
}

/** "Fewer than 5" wherever a published count is null. */
export const countText = (count: number | null) => (count === null ? 'Fewer than 5' : String(count));

/**
 * One chart with its heading, a sentence for screen readers (the chart is an image with that label) and
 * a "Show the numbers" button that reveals the same numbers as a table, for keyboard and screen readers.
 */
export function ChartCard({
  title,
  summary,
  rows,
  columns,
  caption,
  children,
}: {
  title: string;
  summary: string;
  rows: ChartRow[];
  columns: [string, string];
  caption?: ReactNode;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const tableId = useId();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId} miw={0}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {title}
        </Title>
        {rows.length > 0 ? (
          <div role="img" aria-label={summary} style={{ minWidth: 0 }}>
            {children}
          </div>
        ) : null}
        {caption ? (
          <Text size="sm" c="dimmed">
            {caption}
          </Text>
        ) : null}
        {rows.length > 0 ? (
          <>
            <div>
              <Button
                variant="subtle"
                size="compact-sm"
                aria-expanded={open}
                aria-controls={tableId}
                onClick={() => setOpen((value) => !value)}
              >
                {open ? 'Hide the numbers' : 'Show the numbers'}
              </Button>
            </div>
            <div id={tableId} hidden={!open}>
              <Table striped withTableBorder fz="sm" layout="fixed">
                <Table.Caption>{title}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{columns[0]}</Table.Th>
                    <Table.Th scope="col" ta="right">
                      {columns[1]}
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => (
                    <Table.Tr key={row.label}>
                      <Table.Th scope="row" fw={400} style={{ overflowWrap: 'anywhere' }}>
                        {row.label}
                      </Table.Th>
                      <Table.Td ta="right">{row.value}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </div>
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
