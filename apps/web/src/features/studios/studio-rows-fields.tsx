import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { MAX_AMENITIES_PER_STUDIO, MAX_ROOMS_PER_STUDIO } from '@kinetic/shared';
import { SpecNumberInput } from '../../ui/spec-number-input.tsx';
import { focusLater } from './focus-later.ts';
import { newRowKey, type StudioFormValues } from './studio-form-values.ts';

type StudioForm = UseFormReturnType<StudioFormValues>;

const rowName = (name: string, fallback: string) => name.trim() || fallback;

/** Rooms: add, rename, resize, remove. A saved room keeps its id; a removed one is deleted on save. */
export function RoomsField({ form }: { form: StudioForm }) {
  const rooms = form.values.rooms;
  const add = () => {
    form.insertListItem('rooms', { key: newRowKey(), name: '', capacity: '' });
    focusLater(`[data-room-name="${rooms.length}"]`);
  };
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="studio-rooms-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="studio-rooms-title">
          Rooms
        </Title>
        {rooms.length === 0 ? (
          <Text c="dimmed" size="sm">
            No rooms yet. Add the rooms classes take place in, with how many people each holds.
          </Text>
        ) : null}
        {rooms.map((room, index) => (
          <Group key={room.key} gap="sm" align="flex-start" wrap="wrap" data-room-row={index}>
            <TextInput
              label="Room name"
              aria-label={`Room name (room ${index + 1})`}
              required
              data-room-name={index}
              style={{ flex: '1 1 200px' }}
              {...form.getInputProps(`rooms.${index}.name`)}
            />
            <SpecNumberInput
              label="Capacity"
              aria-label={`Capacity (room ${index + 1})`}
              required
              w={120}
              {...form.getInputProps(`rooms.${index}.capacity`)}
            />
            <Button
              variant="subtle"
              color="red"
              c="red.9"
              mt={{ base: 0, xs: 25 }}
              aria-label={`Remove room ${rowName(room.name, String(index + 1))}`}
              onClick={() => {
                form.removeListItem('rooms', index);
                focusLater('[data-add-room]');
              }}
            >
              Remove
            </Button>
          </Group>
        ))}
        {form.errors.rooms ? (
          <Text size="sm" c="red.9" role="alert">
            {form.errors.rooms}
          </Text>
        ) : null}
        <Group>
          <Button variant="default" data-add-room onClick={add} disabled={rooms.length >= MAX_ROOMS_PER_STUDIO}>
            Add a room
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Amenities: what the studio offers (showers, parking) and a word about each. */
export function AmenitiesField({ form }: { form: StudioForm }) {
  const amenities = form.values.amenities;
  const add = () => {
    form.insertListItem('amenities', { key: newRowKey(), name: '', value: '' });
    focusLater(`[data-amenity-name="${amenities.length}"]`);
  };
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="studio-amenities-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="studio-amenities-title">
          Amenities
        </Title>
        {amenities.length === 0 ? (
          <Text c="dimmed" size="sm">
            No amenities yet. Add what clients can use here, such as showers, lockers or parking.
          </Text>
        ) : null}
        {amenities.map((amenity, index) => (
          <Group key={amenity.key} gap="sm" align="flex-start" wrap="wrap">
            <TextInput
              label="Amenity"
              aria-label={`Amenity (amenity ${index + 1})`}
              required
              data-amenity-name={index}
              style={{ flex: '1 1 160px' }}
              {...form.getInputProps(`amenities.${index}.name`)}
            />
            <TextInput
              label="Details"
              aria-label={`Details (amenity ${index + 1})`}
              style={{ flex: '2 1 200px' }}
              {...form.getInputProps(`amenities.${index}.value`)}
            />
            <Button
              variant="subtle"
              color="red"
              c="red.9"
              mt={{ base: 0, xs: 25 }}
              aria-label={`Remove amenity ${rowName(amenity.name, String(index + 1))}`}
              onClick={() => {
                form.removeListItem('amenities', index);
                focusLater('[data-add-amenity]');
              }}
            >
              Remove
            </Button>
          </Group>
        ))}
        {form.errors.amenities ? (
          <Text size="sm" c="red.9" role="alert">
            {form.errors.amenities}
          </Text>
        ) : null}
        <Group>
          <Button
            variant="default"
            data-add-amenity
            onClick={add}
            disabled={amenities.length >= MAX_AMENITIES_PER_STUDIO}
          >
            Add an amenity
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
