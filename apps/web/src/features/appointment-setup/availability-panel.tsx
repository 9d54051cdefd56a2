import { useState } from 'react';
import { Alert, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useMe } from '../accounts/api/get-me.ts';
import { useStudios } from '../studios/api/list-studios.ts';
import { useAvailability, useAvailabilityList } from './api/appointment-setup-api.ts';
import { AvailabilityExceptions } from './availability-exceptions.tsx';
import { WeeklyHoursForm } from './weekly-hours-form.tsx';

/**
 * Instructors' availability (issue 17 §2): choose an instructor (managers see the team; an instructor,
 * and a solo instructor, only themselves: the server's list says whom the actor may edit), then their
 * weekly hours per studio and their time off and extra hours. Shown in the Appointment page's
 * Availability tab and in a solo instructor's Settings › Private Sessions. `instructorId` preselects one;
 * `withHeading={false}` leaves out the panel's own heading and intro (the page gives the section one).
 */
export function AvailabilityPanel({
  instructorId,
  withHeading = true,
}: {
  instructorId?: string;
  withHeading?: boolean;
}) {
  const me = useMe();
  const companyId = me.data?.company.id ?? '';
  const list = useAvailabilityList(companyId);
  const studios = useStudios(companyId);
  const items = list.data?.items ?? [];
  const [picked, setPicked] = useState<string | null>(instructorId ?? null);
  const [weekDirty, setWeekDirty] = useState(false);
  const chosen =
    picked && items.some((item) => item.instructorId === picked)
      ? picked
      : (items[0]?.instructorId ?? undefined);
  const availability = useAvailability(companyId, chosen);
  const studioList = studios.data?.items ?? [];
  const error = list.error ?? studios.error;

  return (
    <Stack gap="md">
      {withHeading ? (
        <Stack gap={4}>
          <Title order={2}>Availability</Title>
          <Text c="dimmed">When each instructor can be booked for appointments, studio by studio.</Text>
        </Stack>
      ) : null}
      {error ? (
        <Alert color="red" role="alert" title="Availability could not be loaded">
          {error.message}
        </Alert>
      ) : !list.data || !studios.data ? (
        <Text c="dimmed" role="status">
          Loading…
        </Text>
      ) : items.length === 0 ? (
        <Alert color="secondary" variant="light" title="No instructors">
          Add an instructor first; then set when they can be booked here.
        </Alert>
      ) : (
        <>
          {items.length > 1 ? (
            <NativeSelect
              label="Instructor"
              value={chosen}
              onChange={(event) => setPicked(event.currentTarget.value)}
              // Another instructor's week would replace the one being edited: save or undo it first.
              disabled={weekDirty}
              description={
                weekDirty ? 'Save or undo the weekly hours to choose another instructor.' : undefined
              }
              data={items.map((item) => ({ value: item.instructorId, label: item.instructorName }))}
              maw={360}
            />
          ) : (
            <Text fw={600}>{items[0]?.instructorName}</Text>
          )}
          {availability.isError ? (
            <Alert color="red" role="alert" title="These hours could not be loaded">
              {availability.error.message}
            </Alert>
          ) : !availability.data || availability.data.instructorId !== chosen ? (
            <Text c="dimmed" role="status">
              Loading…
            </Text>
          ) : (
            <>
              <WeeklyHoursForm
                key={availability.data.instructorId}
                companyId={companyId}
                availability={availability.data}
                studios={studioList}
                onDirtyChange={setWeekDirty}
              />
              <AvailabilityExceptions
                key={`exceptions-${availability.data.instructorId}`}
                companyId={companyId}
                availability={availability.data}
                studios={studioList}
              />
            </>
          )}
        </>
      )}
    </Stack>
  );
}
