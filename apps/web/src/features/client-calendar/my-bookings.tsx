import { Alert, Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { MyBookingDto, MyBookingsDto } from '@kinetic/shared';
import { apiRequest } from '../../api/client.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { myBookingsQueryKey } from '../bookings/api/booking-keys.ts';
import { useMyUpcomingBookings } from '../bookings/api/list-my-bookings.ts';
import { paymentLine, statusLabel, STATUS_COLOURS } from '../bookings/booking-labels.ts';
import { classTimeLabel, dayTimeLabel, placeLabel } from '../schedule/class-labels.ts';

/** What the client reads beside a booking of theirs. */
function clientStatus(booking: MyBookingDto, past: boolean): string {
  if (booking.status === 'waitlisted' && booking.waitlistPosition !== null)
    return `Waitlist #${booking.waitlistPosition}`;
  if (booking.status === 'offered')
    return booking.offerExpiresAt
      ? `Place held until ${dayTimeLabel(booking.offerExpiresAt, booking.classInstance.timeZone)}`
      : 'Place held for you';
  if (booking.status === 'checked_in') return past ? 'Attended' : 'Checked in';
  if (booking.status === 'cancelled' && booking.cancelledBy === 'client') return 'You cancelled';
  return statusLabel(booking);
}

export function BookingList({ items, past, detailsPath }: { items: MyBookingDto[]; past: boolean; detailsPath: (id: string) => string }) {
  return (
    <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {items.map((booking) => {
        const cls = booking.classInstance;
        const paid = paymentLine(booking);
        return (
          <Paper key={booking.id} component="li" withBorder radius="md" p="sm">
            <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
              <Stack gap={2} style={{ minWidth: 0, flex: '1 1 14rem' }}>
                <Anchor component={Link} to={detailsPath(cls.id)} fw={700} underline="always">
                  {cls.templateName}
                </Anchor>
                <Text size="sm">{classTimeLabel(cls)}</Text>
                <Text size="sm" c="dimmed">
                  {[cls.instructorName, placeLabel(cls)].filter(Boolean).join(' · ')}
                </Text>
                {paid ? <Text size="sm">{paid}</Text> : null}
              </Stack>
              <Badge color={STATUS_COLOURS[booking.status]} variant="filled" style={{ flexShrink: 0 }}>
                {clientStatus(booking, past)}
              </Badge>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}

/** "My bookings": classes to come (booked, waiting, offered) and the last fifty already over. */
export function MyBookings({ companyId, detailsPath }: { companyId: string; detailsPath: (id: string) => string }) {
  const upcoming = useMyUpcomingBookings(companyId);
  const past = useQuery({
    queryKey: [...myBookingsQueryKey(companyId), 'past'],
    queryFn: () => apiRequest<MyBookingsDto>('my/bookings?when=past', { silent: true, showLoader: false }),
    enabled: Boolean(companyId),
  });
  const active = (upcoming.data?.items ?? []).filter((booking) =>
    ['booked', 'waitlisted', 'offered', 'checked_in'].includes(booking.status),
  );
  return (
    <Stack gap="lg">
      <Stack gap="xs" component="section" aria-labelledby="upcoming-heading">
        <Title order={2} size="h3" id="upcoming-heading">
          Coming up
        </Title>
        {upcoming.isError ? (
          <Alert color="red" role="alert" title="Your bookings could not be loaded">
            {upcoming.error.message}
          </Alert>
        ) : !upcoming.data ? (
          <PageLoader />
        ) : active.length === 0 ? (
          <Text c="dimmed">No classes booked. Choose one in the timetable.</Text>
        ) : (
          <BookingList items={active} past={false} detailsPath={detailsPath} />
        )}
      </Stack>
      <Stack gap="xs" component="section" aria-labelledby="past-heading">
        <Title order={2} size="h3" id="past-heading">
          Past classes
        </Title>
        {past.isError ? (
          <Alert color="red" role="alert" title="Your past classes could not be loaded">
            {past.error.message}
          </Alert>
        ) : !past.data ? (
          <PageLoader />
        ) : past.data.items.length === 0 ? (
          <Text c="dimmed">None yet.</Text>
        ) : (
          <BookingList items={past.data.items} past detailsPath={detailsPath} />
        )}
      </Stack>
    </Stack>
  );
}
