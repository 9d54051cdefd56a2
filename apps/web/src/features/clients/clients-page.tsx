import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Pagination,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { Link } from 'react-router';
import {
  CLIENTS_ITEMS_PER_PAGE,
  type ClientsListItemDto,
  type ClientsListParams,
  type ClientsOrderBy,
} from '@kinetic/shared';
import { useAppBase } from '../../shell/use-app-base.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useMe } from '../accounts/api/get-me.ts';
import { useStudios } from '../studios/api/list-studios.ts';
import { useClientsList } from './api/clients-list-api.ts';
import { ClientQuickActions } from './client-quick-actions.tsx';
import { DEFAULT_CLIENTS_TAB, hasNarrowing, readClientsTab, saveClientsTab } from './clients-tab-state.ts';

const SORT_LABELS: Record<ClientsOrderBy, string> = {
  'First Name': 'First name',
  'Last Name': 'Last name',
  Email: 'Email',
  Joined: 'Date joined',
};
const FILTERS = [
  { key: 'activeMembership', label: 'Active membership' },
  { key: 'packHolder', label: 'Pack with credits left' },
  { key: 'noRecentVisit', label: 'No visit in 30 days' },
  { key: 'waiverUnsigned', label: 'Waiver not signed' },
] as const;

const directionLabel = (orderBy: ClientsOrderBy, direction: 'asc' | 'desc') =>
  orderBy === 'Joined'
    ? direction === 'asc'
      ? 'Oldest first'
      : 'Newest first'
    : direction === 'asc'
      ? 'A to Z'
      : 'Z to A';

/** Admin › Clients (issue 14 §1): search, filters, sort and pages over every client, with quick actions. */
export function ClientsPage() {
  usePageTitle('Clients');
  const me = useMe();
  const base = useAppBase();
  const companyId = me.data?.company.id ?? '';
  const locale = me.data?.company.locale ?? 'en-US';
  const wide = useMediaQuery('(min-width: 62em)') ?? false;
  const [state, setState] = useState<ClientsListParams>(readClientsTab);
  const [typed, setTyped] = useState(state.searchString);
  const searchRef = useRef<HTMLInputElement>(null);
  const [debounced] = useDebouncedValue(typed.trim(), 300);
  const studios = useStudios(companyId);
  const list = useClientsList(companyId, state);

  const update = (changes: Partial<ClientsListParams>, keepPage = false) =>
    setState((current) => ({ ...current, ...changes, ...(keepPage ? {} : { currentPage: 0 }) }));

  useEffect(() => saveClientsTab(state), [state]);
  useEffect(() => {
    setState((current) =>
      current.searchString === debounced ? current : { ...current, searchString: debounced, currentPage: 0 },
    );
  }, [debounced]);

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / state.itemsPerPage)) : 1;
  const dateFormat = useMemo(
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: data?.timeZone }),
    [locale, data?.timeZone],
  );
  const narrowed = hasNarrowing(state);
  // The button pressed goes away with the filters: the keyboard lands in the search, not on <body>.
  const clear = () => {
    setTyped('');
    setState({
      ...DEFAULT_CLIENTS_TAB,
      itemsPerPage: state.itemsPerPage,
      orderBy: state.orderBy,
      orderDirection: state.orderDirection,
    });
    searchRef.current?.focus();
  };
  const sortBy = (orderBy: ClientsOrderBy) =>
    update({
      orderBy,
      orderDirection: state.orderBy === orderBy && state.orderDirection === 'asc' ? 'desc' : 'asc',
    });

  const shown = data?.params ?? state;
  const first = data && data.total > 0 ? shown.currentPage * shown.itemsPerPage + 1 : 0;
  const last = data ? Math.min(data.total, first - 1 + data.items.length) : 0;
  const count = new Intl.NumberFormat(locale);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={1}>Clients</Title>
          <Text c="dimmed">Find a client, see where they stand, and book, sell or help them sign in.</Text>
        </Stack>
        {me.data?.can.runReports ? (
          <Group gap="sm">
            <Button component={Link} to={`${base}/client-insights`} variant="light">
              Client insights
            </Button>
            <Button component={Link} to={`${base}/clientreports`} variant="default">
              Client report (CSV)
            </Button>
          </Group>
        ) : null}
      </Group>

      <Paper withBorder p="md" radius="md" component="section" aria-label="Search and filters">
        <Stack gap="sm">
          <TextInput
            label="Search clients"
            description="Name, email or phone number"
            type="search"
            ref={searchRef}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            maxLength={100}
            rightSection={list.isFetching && data ? <Loader size="xs" aria-hidden /> : null}
          />
          <Checkbox.Group
            label="Show only clients with"
            value={FILTERS.filter((filter) => state[filter.key]).map((filter) => filter.key)}
            onChange={(values) =>
              update(Object.fromEntries(FILTERS.map((filter) => [filter.key, values.includes(filter.key)])))
            }
          >
            <Group gap="md" mt={6} wrap="wrap">
              {FILTERS.map((filter) => (
                <Checkbox key={filter.key} value={filter.key} label={filter.label} />
              ))}
            </Group>
          </Checkbox.Group>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <Select
              label="Studio"
              description="The client’s home studio"
              data={[
                { value: '', label: 'All studios' },
                ...(studios.data?.items ?? []).map((studio) => ({ value: studio.id, label: studio.name })),
              ]}
              value={state.studioId ?? ''}
              onChange={(value) => update({ studioId: value || undefined })}
              allowDeselect={false}
              w={{ base: '100%', xs: 240 }}
            />
            <Select
              label="Sort by"
              data={(Object.keys(SORT_LABELS) as ClientsOrderBy[]).map((key) => ({
                value: key,
                label: SORT_LABELS[key],
              }))}
              value={state.orderBy}
              onChange={(value) => value && update({ orderBy: value as ClientsOrderBy })}
              allowDeselect={false}
              w={{ base: '100%', xs: 180 }}
            />
            <Select
              label="Order"
              data={(['asc', 'desc'] as const).map((direction) => ({
                value: direction,
                label: directionLabel(state.orderBy, direction),
              }))}
              value={state.orderDirection}
              onChange={(value) => value && update({ orderDirection: value as 'asc' | 'desc' })}
              allowDeselect={false}
              w={{ base: '100%', xs: 160 }}
            />
            {narrowed ? (
              <Button variant="subtle" onClick={clear}>
                Clear search and filters
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Paper>

      <div role="status" aria-live="polite">
        {data ? (
          <Text size="sm" c="dimmed">
            {data.total === 0
              ? 'No clients to show.'
              : `Showing ${count.format(first)}–${count.format(last)} of ${count.format(data.total)} ${data.total === 1 ? 'client' : 'clients'}`}
          </Text>
        ) : null}
      </div>

      {list.isError && !data ? (
        <Alert color="red" role="alert" title="The clients could not be loaded">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{list.error.message}</Text>
            <Button size="xs" variant="default" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : !data ? (
        <PageLoader />
      ) : data.items.length === 0 ? (
        <Paper withBorder p="lg" radius="md">
          {narrowed ? (
            <Stack gap="xs" align="flex-start">
              <Text fw={700}>
                No client matches{state.searchString ? ` “${state.searchString}”` : ''} with these filters.
              </Text>
              <Text size="sm" c="dimmed">
                Check the spelling, search by part of the email or phone, or clear the filters.
              </Text>
              <Button variant="light" onClick={clear}>
                Clear search and filters
              </Button>
            </Stack>
          ) : data.total > 0 ? (
            <Stack gap="xs" align="flex-start">
              <Text fw={700}>This page is past the last client.</Text>
              <Button variant="light" onClick={() => update({ currentPage: 0 })}>
                Go to the first page
              </Button>
            </Stack>
          ) : (
            <Stack gap="xs" align="flex-start">
              <Text fw={700}>No clients yet.</Text>
              <Text size="sm" c="dimmed">
                Clients appear here when they sign up on your studio’s page, or when you add one to a class
                from its roster.
              </Text>
              <Button component={Link} to={`${base}/classes`} variant="light">
                Go to your classes
              </Button>
            </Stack>
          )}
        </Paper>
      ) : wide ? (
        <ClientsTable
          items={data.items}
          state={state}
          base={base}
          companyId={companyId}
          currency={data.currency}
          dateFormat={dateFormat}
          onSort={sortBy}
        />
      ) : (
        <Stack
          gap="sm"
          component="ul"
          aria-label="Clients"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {data.items.map((item) => (
            <Paper key={item.id} component="li" withBorder p="md" radius="md">
              <Stack gap={6}>
                <Anchor
                  component={Link}
                  to={`${base}/clients/profile/${item.id}/${item.id}`}
                  fw={700}
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {item.name}
                </Anchor>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {item.email}
                  {item.phone ? ` · ${item.phone}` : ''}
                </Text>
                <Text size="sm" c="dimmed">
                  Joined {dateFormat.format(new Date(item.joinedAt))} · {lastVisit(item, dateFormat)}
                </Text>
                <Group gap="xs" wrap="wrap">
                  <PackagesSummary item={item} />
                  <WaiverBadge signed={item.waiverSigned} />
                </Group>
                <ClientQuickActions client={item} companyId={companyId} currency={data.currency} />
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}

      {data && data.total > 0 ? (
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Pagination
            total={pages}
            value={Math.min(state.currentPage + 1, pages)}
            onChange={(page) => update({ currentPage: page - 1 }, true)}
            siblings={wide ? 1 : 0}
            boundaries={1}
            getControlProps={(control) => ({
              'aria-label':
                control === 'previous' ? 'Previous page' : control === 'next' ? 'Next page' : control,
            })}
            getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
          />
          <Select
            label="Clients per page"
            data={CLIENTS_ITEMS_PER_PAGE.map((size) => String(size))}
            value={String(state.itemsPerPage)}
            onChange={(value) => value && update({ itemsPerPage: Number(value) })}
            allowDeselect={false}
            w={140}
          />
        </Group>
      ) : null}
    </Stack>
  );
}

function lastVisit(item: ClientsListItemDto, dateFormat: Intl.DateTimeFormat) {
  return item.lastVisitAt ? `Last visit ${dateFormat.format(new Date(item.lastVisitAt))}` : 'No visit yet';
}

/** A class pack with no credit left is still "active" on the server, but the client holds nothing usable. */
const isUsedUpPack = (held: ClientsListItemDto['packages'][number]) =>
  held.kind === 'class-pack' && (held.creditsLeft ?? 0) <= 0;

function PackagesSummary({ item }: { item: ClientsListItemDto }) {
  const usable = item.packages.filter((held) => !isUsedUpPack(held));
  const usedUp = item.packages.length - usable.length;
  if (item.packages.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No membership or pack
      </Text>
    );
  return (
    <>
      {usable.map((held, index) => (
        <Badge key={`${held.name}-${index}`} variant="light" color={held.paused ? 'gray' : 'blue'} tt="none">
          {held.name}
          {held.kind === 'class-pack'
            ? ` · ${held.creditsLeft === 1 ? '1 credit' : `${held.creditsLeft ?? 0} credits`} left`
            : ''}
          {held.paused ? ' · paused' : ''}
        </Badge>
      ))}
      {usedUp > 0 ? (
        <Text size="sm" c="dimmed">
          {usable.length > 0 ? '+ ' : ''}
          {usedUp === 1 ? '1 used-up pack' : `${usedUp} used-up packs`}
        </Text>
      ) : null}
    </>
  );
}

/** The badge keeps its whole words: a squeezed table column would otherwise cut it to "Waiver…". */
const WHOLE_BADGE = { root: { flexShrink: 0, maxWidth: 'none' }, label: { overflow: 'visible' } } as const;

function WaiverBadge({ signed }: { signed: boolean | null }) {
  if (signed === null) return null;
  return signed ? (
    <Badge variant="light" color="green" tt="none" styles={WHOLE_BADGE}>
      Waiver signed
    </Badge>
  ) : (
    <Badge variant="filled" color="red.9" tt="none" styles={WHOLE_BADGE}>
      Waiver not signed
    </Badge>
  );
}

function ClientsTable({
  items,
  state,
  base,
  companyId,
  currency,
  dateFormat,
  onSort,
}: {
  items: ClientsListItemDto[];
  state: ClientsListParams;
  base: string;
  companyId: string;
  currency: string;
  dateFormat: Intl.DateTimeFormat;
  onSort: (orderBy: ClientsOrderBy) => void;
}) {
  const sortable = (orderBy: ClientsOrderBy, label: string) => {
    const active = state.orderBy === orderBy || (orderBy === 'First Name' && state.orderBy === 'Last Name');
    const current = state.orderBy === orderBy;
    return (
      <Table.Th aria-sort={active ? (state.orderDirection === 'asc' ? 'ascending' : 'descending') : 'none'}>
        <UnstyledButton
          onClick={() => onSort(orderBy)}
          fw={700}
          fz="sm"
          style={{ textDecoration: current ? 'underline' : undefined }}
        >
          {label}
          <span aria-hidden>{active ? (state.orderDirection === 'asc' ? ' ▲' : ' ▼') : ''}</span>
          <VisuallyHidden>
            {current
              ? `, sorted ${directionLabel(orderBy, state.orderDirection)}; sort ${directionLabel(orderBy, state.orderDirection === 'asc' ? 'desc' : 'asc')}`
              : `, sort by ${SORT_LABELS[orderBy].toLowerCase()}`}
          </VisuallyHidden>
        </UnstyledButton>
      </Table.Th>
    );
  };
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            {sortable(state.orderBy === 'Last Name' ? 'Last Name' : 'First Name', 'Name')}
            {sortable('Email', 'Email and phone')}
            {sortable('Joined', 'Joined')}
            <Table.Th>Last visit</Table.Th>
            <Table.Th>Membership or pack</Table.Th>
            <Table.Th>Waiver</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td>
                <Anchor
                  component={Link}
                  to={`${base}/clients/profile/${item.id}/${item.id}`}
                  fw={700}
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {item.name}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {item.email}
                </Text>
                {item.phone ? (
                  <Text size="sm" c="dimmed">
                    {item.phone}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>{dateFormat.format(new Date(item.joinedAt))}</Table.Td>
              <Table.Td>
                {item.lastVisitAt ? dateFormat.format(new Date(item.lastVisitAt)) : 'None yet'}
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="wrap">
                  <PackagesSummary item={item} />
                </Group>
              </Table.Td>
              <Table.Td>
                {item.waiverSigned === null ? (
                  <Text size="sm" c="dimmed">
                    No waiver
                  </Text>
                ) : (
                  <WaiverBadge signed={item.waiverSigned} />
                )}
              </Table.Td>
              <Table.Td>
                <ClientQuickActions client={item} companyId={companyId} currency={currency} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
