import { List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { StudioDto } from '@kinetic/shared';
import { addressText, roomsCount, todaysHours } from './studio-form-values.ts';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" fw={700} size="sm">
        {label}
      </Text>
      <Text component="dd" m={0}>
        {children}
      </Text>
    </div>
  );
}

/** One studio in a list: name, address, rooms and today's hours; `actions` are the caller's links. */
export function StudioCard({
  studio,
  actions,
  showRooms = false,
}: {
  studio: StudioDto;
  actions?: ReactNode;
  showRooms?: boolean;
}) {
  const address = addressText(studio.address);
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-labelledby={`studio-${studio.id}`}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={`studio-${studio.id}`} style={{ overflowWrap: 'anywhere' }}>
          {studio.name}
        </Title>
        <SimpleGrid component="dl" cols={{ base: 1, sm: 3 }} spacing="sm" m={0}>
          <Field label="Address">{address ?? 'Not set'}</Field>
          <Field label="Rooms">{roomsCount(studio.rooms.length)}</Field>
          <Field label="Open today">{todaysHours(studio)}</Field>
        </SimpleGrid>
        {showRooms && studio.rooms.length > 0 ? (
          <List size="sm" aria-label={`Rooms at ${studio.name}`}>
            {studio.rooms.map((room) => (
              <List.Item key={room.id}>
                {room.name}: {room.capacity === 1 ? '1 person' : `${room.capacity} people`}
              </List.Item>
            ))}
          </List>
        ) : null}
        {actions}
      </Stack>
    </Paper>
  );
}
