import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatMoney, type ClassInstanceDetailsDto } from '@kinetic/shared';
import { classTimeLabel, peopleLabel, placeLabel, studioZoneNote } from './class-labels.ts';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed" component="dt">
        {label}
      </Text>
      <Text component="dd" m={0}>
        {children}
      </Text>
    </Stack>
  );
}


/** One class's (or event date's) facts, the same for the team and the public pages (which never get notes). */
export function ClassSummary({
  item,
  headingOrder = 1,
}: {
  item: ClassInstanceDetailsDto;
  headingOrder?: 1 | 2;
}) {
  const cancelled = item.status === 'cancelled';
  const event = Boolean(item.eventId);
  const zone = studioZoneNote(item);
  return (
    <Stack gap="md">
      <Group gap="sm" align="center">
        <Title order={headingOrder} td={cancelled ? 'line-through' : undefined}>
          {item.templateName}
        </Title>
        {cancelled ? (
          <Badge color="red" variant="light">
            Cancelled
          </Badge>
        ) : null}
      </Group>
      {cancelled ? (
        <Text role="note">
          The studio cancelled this {event ? 'event date' : 'class'}{item.cancelReason ? `: ${item.cancelReason}` : '.'}
        </Text>
      ) : null}
      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" component="dl" m={0}>
          <Fact label="When">
            {classTimeLabel(item)}
            {zone ? (
              <Text span size="sm" c="dimmed">
                {' '}
                (the studio’s time: {zone})
              </Text>
            ) : null}
          </Fact>
          <Fact label="Where">{placeLabel(item)}</Fact>
          {/* An event's date names its facilitators (none may be chosen) where a class names its instructor. */}
          {event ? (
            item.instructorName ? <Fact label="Facilitators">{item.instructorName}</Fact> : null
          ) : (
            <Fact label="Instructor">{peopleLabel(item)}</Fact>
          )}
          <Fact label="Places">
            {cancelled
              ? 'Cancelled'
              : `${item.bookedCount} of ${item.capacity} booked${item.bookedCount >= item.capacity ? ' (full)' : ''}${
                  item.waitlistCount > 0 ? ` · ${item.waitlistCount} waitlisted` : ''
                }`}
          </Fact>
          <Fact label={event ? 'Price' : 'Drop-in price'}>
            {item.dropInPrice === 0 ? 'Free' : formatMoney(item.dropInPrice, item.currency)}
          </Fact>
        </SimpleGrid>
      </Paper>
      {item.description ? <Text style={{ whiteSpace: 'pre-line' }}>{item.description}</Text> : null}
    </Stack>
  );
}
