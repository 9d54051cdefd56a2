import { useState } from 'react';
import { Anchor, Pagination, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from 'react-router';
import type { PlatformAuditEntryDto } from '@kinetic/shared';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { AUDIT_PAGE_SIZE, useAuditLog } from './api/platform-api.ts';
import { formatDayTime } from './platform-format.ts';

const ACTION_LABEL: Record<string, string> = {
  login: 'Logged in',
  'company.suspended': 'Suspended the company',
  'company.reactivated': 'Reactivated the company',
  'support_session.started': 'Started a support session',
  'support_session.ended': 'Ended a support session',
};

/** What the entry adds: the reason given, the minutes, who ended a support session. */
function detailOf(entry: PlatformAuditEntryDto): string {
  const { details } = entry;
  const parts: string[] = [];
  if (typeof details.reason === 'string') parts.push(`“${details.reason}”`);
  if (typeof details.minutes === 'number') parts.push(`${details.minutes} minutes`);
  if (details.endedBy === 'company') parts.push('by the company’s admin');
  if (typeof details.ip === 'string') parts.push(`from ${details.ip}`);
  return parts.join(' · ');
}

const companyOf = (entry: PlatformAuditEntryDto) =>
  entry.companyId ? (
    <Anchor component={Link} to={`/platform/companies/${entry.companyId}`}>
      {entry.companyName ?? 'A removed company'}
    </Anchor>
  ) : (
    '—'
  );

/** Issue 18 §2: every platform action, newest first. */
export function AuditLogPage() {
  usePageTitle('Audit log');
  const wide = useMediaQuery('(min-width: 62em)') ?? true;
  const [page, setPage] = useState(1);
  const audit = useAuditLog(page);
  const data = audit.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / AUDIT_PAGE_SIZE)) : 1;

  return (
    <Stack gap="md">
      <Title order={1}>Audit log</Title>
      <Text size="sm" c="dimmed">
        Every platform action: logins, suspensions and reactivations, support sessions started and ended.
      </Text>
      {audit.isError ? <Text role="alert">{audit.error.message}</Text> : null}
      {!data ? (
        <Text>Loading the log…</Text>
      ) : data.items.length === 0 ? (
        <Paper withBorder p="md">
          <Text>Nothing yet.</Text>
        </Paper>
      ) : wide ? (
        <Table.ScrollContainer minWidth={800}>
          <Table striped verticalSpacing="sm" aria-label="Audit log">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Who</Table.Th>
                <Table.Th>Action</Table.Th>
                <Table.Th>Company</Table.Th>
                <Table.Th>Details</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>{formatDayTime(entry.createdAt)}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{entry.platformUserEmail}</Table.Td>
                  <Table.Td>{ACTION_LABEL[entry.action] ?? entry.action}</Table.Td>
                  <Table.Td>{companyOf(entry)}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{detailOf(entry)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Stack
          gap="sm"
          component="ul"
          aria-label="Audit log"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {data.items.map((entry) => (
            <Paper key={entry.id} component="li" withBorder p="sm" radius="md">
              <Stack gap={2}>
                <Text fw={700}>{ACTION_LABEL[entry.action] ?? entry.action}</Text>
                {/* A login names no company: no line of its own with a lone dash. */}
                {entry.companyId ? <Text size="sm">{companyOf(entry)}</Text> : null}
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {formatDayTime(entry.createdAt)} · {entry.platformUserEmail}
                </Text>
                {detailOf(entry) ? (
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {detailOf(entry)}
                  </Text>
                ) : null}
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
      {data && data.total > AUDIT_PAGE_SIZE ? (
        <Pagination
          total={pages}
          value={Math.min(page, pages)}
          onChange={setPage}
          siblings={wide ? 1 : 0}
          getControlProps={(control) => ({
            'aria-label':
              control === 'previous' ? 'Previous page' : control === 'next' ? 'Next page' : control,
          })}
          getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
        />
      ) : null}
    </Stack>
  );
}
