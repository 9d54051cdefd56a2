import { Alert, Anchor, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import {
  EVENT_CATEGORY_IDS,
  EVENT_CATEGORY_OPTIONS,
  type EventCategory,
  type PublicEventDto,
} from '@kinetic/shared';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { usePublicEvents } from './event-booking-api.ts';
import { categoryLabel, dateLabel, placesLabel, priceLabel, useEventFlow } from './event-flow.ts';
import { EventFrame, EventLoading } from './event-frame.tsx';
import { READABLE_ALERT } from './event-facts.tsx';

const isCategory = (value: string | null): value is EventCategory =>
  value !== null && (EVENT_CATEGORY_IDS as readonly string[]).includes(value);

/**
 * `events` in the client group's `app/`: the studio's upcoming public events by category (spec §3's
 * nine), each leading to its event page. Unlisted events are not here (their link is shared instead).
 */
export function EventsListPage() {
  const flow = useEventFlow();
  const [search, setSearch] = useSearchParams();
  const raw = search.get('category');
  const category = isCategory(raw) ? raw : null;
  const events = usePublicEvents(flow.company, category);
  usePageTitle('Events');
  const groups = EVENT_CATEGORY_IDS.map((id) => ({
    id,
    items: (events.data?.items ?? []).filter((event) => event.category === id),
  })).filter((group) => group.items.length > 0);
  return (
    <EventFrame back={false}>
      <Title order={1}>Events</Title>
      <NativeSelect
        label="Category"
        value={category ?? ''}
        onChange={(change) => {
          const value = change.currentTarget.value;
          setSearch(value ? { category: value } : {}, { replace: true, preventScrollReset: true });
        }}
        data={[
          { value: '', label: 'All categories' },
          ...EVENT_CATEGORY_OPTIONS.map((option) => ({ ...option })),
        ]}
        style={{ maxWidth: 320 }}
      />
      {events.isError ? (
        <Alert styles={READABLE_ALERT} color="red" role="alert" title="The events could not be loaded">
          {events.error.message}
        </Alert>
      ) : !events.data ? (
        <EventLoading />
      ) : groups.length === 0 ? (
        <Text>
          {category ? `No ${categoryLabel(category)} events are coming up.` : 'No events are coming up.'}
        </Text>
      ) : (
        groups.map((group) => (
          <Stack key={group.id} gap="sm" component="section" aria-labelledby={`category-${group.id}`}>
            <Title order={2} size="h3" id={`category-${group.id}`}>
              {categoryLabel(group.id)}
            </Title>
            {group.items.map((event) => (
              <EventCard key={event.id} event={event} />
            ))}
          </Stack>
        ))
      )}
    </EventFrame>
  );
}

function EventCard({ event }: { event: PublicEventDto }) {
  const flow = useEventFlow();
  const first = event.dates[0];
  const more = event.dates.length - 1;
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap={4}>
        <Anchor component={Link} to={`${flow.base}/event/book-event/${event.id}${flow.returnQuery}`} fw={700} size="lg">
          {event.title}
        </Anchor>
        {first ? (
          <Text size="sm">
            {dateLabel(first, event.timeZone)}
            {more > 0 ? ` and ${more} more ${more === 1 ? 'date' : 'dates'}` : ''}
          </Text>
        ) : null}
        <Text size="sm" c="dimmed">
          {event.address ?? event.studioName} · {priceLabel(event)}
          {first ? ` · ${placesLabel(first.placesLeft)}` : ''}
        </Text>
      </Stack>
    </Paper>
  );
}
