import { useState } from 'react';
import {
  Anchor,
  Badge,
  Group,
  Pagination,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { Link } from 'react-router';
import type { PlatformCompanyRowDto } from '@kinetic/shared';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { COMPANIES_PAGE_SIZE, useCompanies, type CompaniesFilter } from './api/platform-api.ts';
import { formatDay, formatDayTime, KIND_LABEL } from './platform-format.ts';

function StatusBadge({ company }: { company: PlatformCompanyRowDto }) {
  return company.suspendedAt ? (
    <Badge color="red" variant="light">
      Suspended
    </Badge>
  ) : (
    <Badge color="green" variant="light">
      Active
    </Badge>
  );
}

const companyLink = (company: PlatformCompanyRowDto) => (
  <Anchor
    component={Link}
    to={`/platform/companies/${company.id}`}
    fw={700}
    style={{ overflowWrap: 'anywhere' }}
  >
    {company.name}
  </Anchor>
);

/** Issue 18 §2: every company on the platform, searched by name or address, with its kind and activity. */
export function CompaniesPage() {
  usePageTitle('Companies');
  const wide = useMediaQuery('(min-width: 62em)') ?? true;
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [filter, setFilter] = useState<Omit<CompaniesFilter, 'search'>>({
    kind: '',
    status: 'all',
    sort: 'created',
    page: 1,
  });
  const companies = useCompanies({ ...filter, search: debounced });
  const data = companies.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / COMPANIES_PAGE_SIZE)) : 1;
  const update = (change: Partial<typeof filter>) =>
    setFilter((current) => ({ ...current, page: 1, ...change }));

  return (
    <Stack gap="md">
      <Title order={1}>Companies</Title>
      <Text c="dimmed" size="sm">
        Every business on this Kinetic. Open one to suspend it or to start a support session; its clients and
        money are seen only inside a support session, which the business sees too.
      </Text>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Name or address"
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            update({});
          }}
          w={{ base: '100%', sm: 260 }}
        />
        <Select
          label="Kind"
          data={[
            { value: '', label: 'All kinds' },
            { value: 'company', label: KIND_LABEL.company },
            { value: 'solo', label: KIND_LABEL.solo },
          ]}
          value={filter.kind}
          onChange={(value) => update({ kind: (value ?? '') as CompaniesFilter['kind'] })}
          allowDeselect={false}
          w={{ base: '100%', xs: 170 }}
        />
        <Select
          label="Status"
          data={[
            { value: 'all', label: 'All' },
            { value: 'active', label: 'Active' },
            { value: 'suspended', label: 'Suspended' },
          ]}
          value={filter.status}
          onChange={(value) => update({ status: (value ?? 'all') as CompaniesFilter['status'] })}
          allowDeselect={false}
          w={{ base: '100%', xs: 150 }}
        />
        <Select
          label="Sort by"
          data={[
            { value: 'created', label: 'Newest first' },
            { value: 'name', label: 'Name' },
            { value: 'lastActivity', label: 'Last activity' },
          ]}
          value={filter.sort}
          onChange={(value) => update({ sort: (value ?? 'created') as CompaniesFilter['sort'] })}
          allowDeselect={false}
          w={{ base: '100%', xs: 170 }}
        />
      </Group>

      <Text size="sm" aria-live="polite">
        {companies.isError
          ? companies.error.message
          : data
            ? `${data.total} ${data.total === 1 ? 'company' : 'companies'}`
            : 'Loading companies…'}
      </Text>

      {data && data.items.length === 0 ? (
        <Paper withBorder p="md">
          <Text>No company matches. Try another name or address.</Text>
        </Paper>
      ) : data && wide ? (
        <Table.ScrollContainer minWidth={800}>
          <Table striped highlightOnHover verticalSpacing="sm" aria-label="Companies">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Company</Table.Th>
                <Table.Th>Kind</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th>Active clients</Table.Th>
                <Table.Th>Last activity</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((company) => (
                <Table.Tr key={company.id}>
                  <Table.Td>
                    <Stack gap={0}>
                      {companyLink(company)}
                      <Text size="xs" c="dimmed">
                        /{company.slug}
                      </Text>
                    </Stack>
                  </Table.Td>
                  <Table.Td>{KIND_LABEL[company.kind]}</Table.Td>
                  <Table.Td>{formatDay(company.createdAt)}</Table.Td>
                  <Table.Td>{company.activeClients}</Table.Td>
                  <Table.Td>{formatDayTime(company.lastActivityAt, 'Never')}</Table.Td>
                  <Table.Td>
                    <StatusBadge company={company} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : data ? (
        <Stack
          gap="sm"
          component="ul"
          aria-label="Companies"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {data.items.map((company) => (
            <Paper key={company.id} component="li" withBorder p="md" radius="md">
              <Stack gap={4}>
                <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                  {companyLink(company)}
                  <StatusBadge company={company} />
                </Group>
                <Text size="sm" c="dimmed">
                  /{company.slug} · {KIND_LABEL[company.kind]} · created {formatDay(company.createdAt)}
                </Text>
                <Text size="sm">
                  {company.activeClients} active {company.activeClients === 1 ? 'client' : 'clients'} · last
                  activity {formatDayTime(company.lastActivityAt, 'never')}
                </Text>
              </Stack>
            </Paper>
          ))}
        </Stack>
      ) : null}

      {data && data.total > COMPANIES_PAGE_SIZE ? (
        <Pagination
          total={pages}
          value={Math.min(filter.page, pages)}
          onChange={(page) => setFilter((current) => ({ ...current, page }))}
          siblings={wide ? 1 : 0}
          getControlProps={(control) => ({
            'aria-label':
              control === 'previous' ? 'Previous page' : control === 'next' ? 'Next page' : control,
          })}
          getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
        />
      ) : null}
      <Text size="xs" c="dimmed">
        Active clients: clients with a booking made in the last 30 days.
      </Text>
    </Stack>
  );
}
