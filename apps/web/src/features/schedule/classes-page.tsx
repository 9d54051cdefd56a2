import {
  Alert,
  Anchor,
  Badge,
  Group,
  Pagination,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { ClassInstanceDto } from '@kinetic/shared';
import { useAppBase } from '../../shell/use-app-base.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useMe } from '../accounts/api/get-me.ts';
import { CLASSES_PAGE_SIZE, useClasses } from './api/list-classes.ts';
import { useScheduleChoices } from './api/list-schedule-choices.ts';
import { classTimeLabel, peopleLabel, placeLabel, seatLabel, seatSpoken } from './class-labels.ts';
import { ScheduleFilterBar } from './schedule-filter-bar.tsx';
import { useScheduleFilters } from './schedule-filters.ts';
import { ClassPanel } from './class-panel.tsx';

/** Classes: upcoming or past, searched and filtered on the server; choosing one shows it beside the list. */
export function ClassesPage() {
  usePageTitle('Classes');
  const base = useAppBase();
  const navigate = useNavigate();
  const { classInstanceId } = useParams();
  const panelRef = useRef<HTMLDivElement>(null);
  // The chosen class opens beside the list (below it on a phone): it gets focus and comes into view.
  useEffect(() => {
    if (!classInstanceId) return;
    const frame = requestAnimationFrame(() => {
      panelRef.current?.focus({ preventScroll: true });
      panelRef.current?.scrollIntoView?.({ block: 'start' });
    });
    return () => cancelAnimationFrame(frame);
  }, [classInstanceId]);
  const me = useMe();
  const companyId = me.data?.company.id ?? '';
  const choices = useScheduleChoices(companyId);
  const { params, filters, setParam } = useScheduleFilters();
  const when = params.get('when') === 'past' ? 'past' : 'upcoming';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [q] = useDebouncedValue(search, 300);
  useEffect(() => {
    if ((params.get('q') ?? '') !== q) setParam('q', q || null, true);
  }, [q, params, setParam]);
  const classes = useClasses(companyId, { ...filters, when, q, page });
  const total = classes.data?.total ?? 0;
  const keep = params.toString() ? `?${params.toString()}` : '';

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1}>Classes</Title>
        <Text c="dimmed">Every scheduled class, soonest first; choose one to see it.</Text>
      </Stack>
      <Group align="flex-end" wrap="wrap">
        <SegmentedControl
          aria-label="Which classes"
          value={when}
          onChange={(value) => setParam('when', value === 'past' ? 'past' : null, true)}
          data={[
            { value: 'upcoming', label: 'Upcoming' },
            { value: 'past', label: 'Past' },
          ]}
        />
        <TextInput
          label="Search"
          placeholder="Class, instructor or studio"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          style={{ flex: 1, minWidth: 200 }}
        />
      </Group>
      <ScheduleFilterBar
        filters={filters}
        templates={choices.templates}
        studios={choices.studios}
        instructors={choices.instructors}
        onChange={(key, value) => setParam(key, value, true)}
      />
      <Group align="flex-start" gap="lg" wrap="wrap">
        <Stack gap="sm" style={{ flex: '1 1 320px', minWidth: 0 }}>
          {classes.isError ? (
            <Alert color="red" role="alert" title="The classes could not be loaded">
              {classes.error.message}
            </Alert>
          ) : !classes.data ? (
            <PageLoader />
          ) : classes.data.items.length === 0 ? (
            <Paper withBorder p="lg" radius="md">
              <Stack gap="xs" align="flex-start">
                <Title order={2} size="h4">
                  No {when} classes{q || Object.keys(filters).length ? ' match' : ''}
                </Title>
                <Text>
                  {q || Object.keys(filters).length
                    ? 'Clear the search or filters to see more.'
                    : 'Schedule a class on the calendar; it is listed here.'}
                </Text>
                <Anchor component={Link} to={`${base}/calendar`}>
                  Open the calendar
                </Anchor>
              </Stack>
            </Paper>
          ) : (
            <>
              <Text size="sm" c="dimmed" role="status">
                {total} {when} class{total === 1 ? '' : 'es'}
              </Text>
              <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                {classes.data.items.map((item) => (
                  <li key={item.id}>
                    <ClassRow
                      item={item}
                      selected={item.id === classInstanceId}
                      to={`${base}/classes/${item.id}${keep}`}
                    />
                  </li>
                ))}
              </Stack>
              {total > CLASSES_PAGE_SIZE ? (
                <Pagination
                  total={Math.ceil(total / CLASSES_PAGE_SIZE)}
                  value={page}
                  onChange={(next) => setParam('page', next === 1 ? null : String(next))}
                  getControlProps={(control) => ({ 'aria-label': `${control} page` })}
                  getItemProps={(number) => ({ 'aria-label': `Page ${number}` })}
                />
              ) : null}
            </>
          )}
        </Stack>
        {classInstanceId ? (
          <Paper
            ref={panelRef}
            tabIndex={-1}
            withBorder
            p="md"
            radius="md"
            style={{ flex: '1 1 320px', minWidth: 0 }}
            component="section"
            aria-label="Selected class"
            onKeyDown={(event: React.KeyboardEvent) => {
              if (event.key === 'Escape') void navigate(`${base}/classes${keep}`);
            }}
          >
            <ClassPanel
              companyId={companyId}
              classInstanceId={classInstanceId}
              onClose={() => void navigate(`${base}/classes${keep}`)}
            />
          </Paper>
        ) : null}
      </Group>
    </Stack>
  );
}

function ClassRow({ item, selected, to }: { item: ClassInstanceDto; selected: boolean; to: string }) {
  const cancelled = item.status === 'cancelled';
  return (
    <UnstyledButton
      component={Link}
      to={to}
      aria-current={selected ? 'true' : undefined}
      display="block"
      p="sm"
      style={{
        border: `1px solid ${selected ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-gray-3)'}`,
        borderRadius: 'var(--mantine-radius-md)',
      }}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={700} td={cancelled ? 'line-through' : undefined}>
            {item.templateName}
          </Text>
          <Text size="sm">{classTimeLabel(item)}</Text>
          <Text size="sm" c="dimmed">
            {peopleLabel(item)} · {placeLabel(item)}
          </Text>
        </Stack>
        <Badge variant="light" color={cancelled ? 'red' : 'primary'} style={{ flexShrink: 0 }}>
          <span aria-hidden="true">{seatLabel(item)}</span>
          <VisuallyHidden>{seatSpoken(item)}</VisuallyHidden>
        </Badge>
      </Group>
    </UnstyledButton>
  );
}
