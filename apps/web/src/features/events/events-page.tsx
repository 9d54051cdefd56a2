import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  NativeSelect,
  Pagination,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  EVENT_CATEGORY_OPTIONS,
  formatMoney,
  labelOf,
  type EventCategory,
  type EventDto,
} from '@kinetic/shared';
import { useAppBase } from '../../shell/use-app-base.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useMe } from '../accounts/api/get-me.ts';
import { useCompanyDetails } from '../company-details/api/get-company-details.ts';
import { ConfirmActionButton } from '../class-templates/confirm-action-button.tsx';
import { usePackages } from '../packages/api/packages-api.ts';
import { usePeople } from '../people/api/list-people.ts';
import { useStudios } from '../studios/api/list-studios.ts';
import { EVENTS_PAGE_SIZE, useCancelEvent, useDeleteEvent, useEvents } from './api/events.ts';
import { EventForm, type EventFormChoices } from './event-form.tsx';
import { isCancelledEvent } from './event-status.ts';

type Editing = { mode: 'new' } | { mode: 'edit'; event: EventDto } | null;

/** "Sat 5 Dec, 18:00–20:00" on the studio's clock. */
function dateLabel(startsAt: string, endsAt: string, timeZone: string): string {
  const day = new Intl.DateTimeFormat(undefined, {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(startsAt));
  const end = new Intl.DateTimeFormat(undefined, { timeZone, hour: '2-digit', minute: '2-digit' }).format(
    new Date(endsAt),
  );
  return `${day}–${end}`;
}

/** Events (issue 12 §1): one-off offerings with their dates; managers add, edit, cancel and delete. */
export function EventsPage() {
  usePageTitle('Events');
  const base = useAppBase();
  const me = useMe();
  const companyId = me.data?.company.id ?? '';
  const details = useCompanyDetails(companyId);
  const currency = details.data?.currency ?? 'USD';
  const manage = me.data?.can.manageSchedule ?? false;
  const narrow = useMediaQuery('(max-width: 47.99em)') ?? false;
  const [when, setWhen] = useState<'upcoming' | 'past'>('upcoming');
  const [category, setCategory] = useState<EventCategory | null>(null);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing>(null);
  const events = useEvents(companyId, { when, category, page });
  const studios = useStudios(companyId);
  const facilitators = usePeople(companyId, 'facilitator');
  const memberships = usePackages(companyId, 'membership', 'active');
  const packs = usePackages(companyId, 'class-pack', 'active');
  const remove = useDeleteEvent(companyId);
  const cancel = useCancelEvent(companyId);
  const choices: EventFormChoices = {
    studios: studios.data?.items ?? [],
    facilitators: facilitators.data?.items ?? [],
    packages: [...(memberships.data?.items ?? []), ...(packs.data?.items ?? [])],
  };
  const total = events.data?.total ?? 0;
  /** After the dialog that asked has gone (and given the focus back to a button no longer there). */
  const focusEditOf = (eventId: string) =>
    window.setTimeout(() => {
      document.querySelector<HTMLButtonElement>(`[data-edit-event="${eventId}"]`)?.focus();
    }, 100);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={1}>Events</Title>
          <Text c="dimmed">One-off offerings with their own dates, booked like classes.</Text>
        </Stack>
        {manage ? (
          <Button onClick={() => setEditing({ mode: 'new' })} disabled={choices.studios.length === 0}>
            Add an event
          </Button>
        ) : null}
      </Group>
      <Group align="flex-end" wrap="wrap">
        <SegmentedControl
          aria-label="Which events"
          value={when}
          onChange={(value) => {
            setWhen(value === 'past' ? 'past' : 'upcoming');
            setPage(1);
          }}
          data={[
            { value: 'upcoming', label: 'Upcoming' },
            { value: 'past', label: 'Past' },
          ]}
        />
        <NativeSelect
          label="Category"
          value={category ?? ''}
          onChange={(change) => {
            setCategory((change.currentTarget.value || null) as EventCategory | null);
            setPage(1);
          }}
          data={[{ value: '', label: 'All categories' }, ...EVENT_CATEGORY_OPTIONS]}
        />
      </Group>
      {events.isError ? (
        <Alert color="red" role="alert" title="The events could not be loaded">
          {events.error.message}
        </Alert>
      ) : !events.data ? (
        <PageLoader />
      ) : events.data.items.length === 0 ? (
        <Paper withBorder p="lg" radius="md">
          <Title order={2} size="h4">
            No {when} events{category ? ' in this category' : ''}
          </Title>
          <Text>
            {manage
              ? 'Add an event; its dates show on the calendar too.'
              : 'Events the studio adds show here.'}
          </Text>
        </Paper>
      ) : (
        <>
          <Text size="sm" c="dimmed" role="status">
            {total} {when} event{total === 1 ? '' : 's'}
          </Text>
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {events.data.items.map((event) => {
              const cancelled = isCancelledEvent(event);
              return (
                <li key={event.id}>
                  <Paper withBorder p="md" radius="md">
                    <Stack gap="xs">
                      <Group justify="space-between" align="flex-start" wrap="wrap">
                        <Stack gap={2}>
                          <Title order={2} size="h4">
                            {event.title}
                          </Title>
                          <Group gap="xs">
                            <Badge variant="light" color="grape">
                              {labelOf(EVENT_CATEGORY_OPTIONS, event.category)}
                            </Badge>
                            {cancelled ? (
                              <Badge color="red" variant="light">
                                Cancelled
                              </Badge>
                            ) : null}
                            {event.visibility === 'unlisted' ? (
                              <Badge variant="outline">Unlisted</Badge>
                            ) : null}
                          </Group>
                        </Stack>
                        <Text fw={600}>
                          {event.price === 0 ? 'Free' : formatMoney(event.price, event.currency)}
                        </Text>
                      </Group>
                      <Text size="sm">{event.address ?? event.studioName}</Text>
                      <Stack gap={2} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                        {event.dates.map((date) => (
                          <Text component="li" size="sm" key={date.classInstanceId}>
                            {/* The date's own page: its places and roster, where clients are checked in. */}
                            <Anchor
                              component={Link}
                              to={`${base}/classes/details/${date.classInstanceId}`}
                              underline="always"
                            >
                              {dateLabel(date.startsAt, date.endsAt, event.timeZone)}
                            </Anchor>{' '}
                            ·{' '}
                            {date.status === 'cancelled'
                              ? 'cancelled'
                              : `${date.bookedCount} of ${date.capacity} booked${date.waitlistCount ? `, ${date.waitlistCount} waiting` : ''}`}
                          </Text>
                        ))}
                      </Stack>
                      {manage ? (
                        <Group gap="xs">
                          <Button
                            variant="default"
                            onClick={() => setEditing({ mode: 'edit', event })}
                            aria-label={`Edit ${event.title}`}
                            data-edit-event={event.id}
                          >
                            Edit
                          </Button>
                          {cancelled ? null : (
                            <ConfirmActionButton
                              label="Cancel"
                              ariaLabel={`Cancel ${event.title}`}
                              title={`Cancel ${event.title}?`}
                              confirmLabel="Cancel the event"
                              failedTitle="The event was not cancelled"
                              busy={cancel.isPending}
                              color="orange"
                              dismissLabel="Keep the event"
                              run={async () => {
                                await cancel.mutateAsync(event.id);
                                // The Cancel button goes (nothing left to cancel): the keyboard goes to Edit.
                                focusEditOf(event.id);
                              }}
                            >
                              <Text>
                                Every date still to come is cancelled; its clients are told and nothing is
                                charged.
                              </Text>
                            </ConfirmActionButton>
                          )}
                          <ConfirmActionButton
                            label="Delete"
                            ariaLabel={`Delete ${event.title}`}
                            title={`Delete ${event.title}?`}
                            confirmLabel="Delete"
                            failedTitle="The event was not deleted"
                            busy={remove.isPending}
                            color="red"
                            run={async () => {
                              await remove.mutateAsync(event.id);
                            }}
                          >
                            <Text>
                              The event and its dates are removed. An event with bookings is cancelled
                              instead.
                            </Text>
                          </ConfirmActionButton>
                        </Group>
                      ) : null}
                    </Stack>
                  </Paper>
                </li>
              );
            })}
          </Stack>
          {total > EVENTS_PAGE_SIZE ? (
            <Pagination
              total={Math.ceil(total / EVENTS_PAGE_SIZE)}
              value={page}
              onChange={setPage}
              aria-label="Pages"
            />
          ) : null}
        </>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.mode === 'edit' ? `Edit ${editing.event.title}` : 'Add an event'}
        size="lg"
        fullScreen={narrow}
        returnFocus
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {editing ? (
          <EventForm
            companyId={companyId}
            currency={editing.mode === 'edit' ? editing.event.currency : currency}
            event={editing.mode === 'edit' ? editing.event : undefined}
            choices={choices}
            onCancel={() => setEditing(null)}
            onSaved={() => setEditing(null)}
          />
        ) : null}
      </Modal>
    </Stack>
  );
}
