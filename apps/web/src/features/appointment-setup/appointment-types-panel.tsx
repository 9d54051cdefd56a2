import { useRef, useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { formatMoney, type AppointmentTypeDto, type PackageListDto } from '@kinetic/shared';
import { apiRequest } from '../../api/client.ts';
import { StatusNote } from '../../ui/status-note.tsx';
import { useMe } from '../accounts/api/get-me.ts';
import { ConfirmActionButton } from '../class-templates/confirm-action-button.tsx';
import { packagesQueryKey } from '../packages/api/packages-api.ts';
import { byLabel, focusWhenGone } from '../packages/focus-when-gone.ts';
import { usePeople } from '../people/api/list-people.ts';
import { useSessionSettings } from '../session-settings/api/get-session-settings.ts';
import { useStudios } from '../studios/api/list-studios.ts';
import { useAppointmentTypes, useDeleteAppointmentType } from './api/appointment-setup-api.ts';
import { AppointmentTypeForm, type AppointmentTypeChoices } from './appointment-type-form.tsx';
import { formatMinutes } from './appointment-type-values.ts';

type Editing = { mode: 'add' } | { mode: 'edit'; appointmentType: AppointmentTypeDto } | null;

/** Every package, on sale or archived: a type may still name an archived one. */
function useAllPackages(companyId: string) {
  return useQuery({
    queryKey: [...packagesQueryKey(companyId), 'all-for-appointments'],
    queryFn: () =>
      apiRequest<PackageListDto>('packages?status=all&pageSize=100', { silent: true, showLoader: false }),
    enabled: Boolean(companyId),
  });
}

const names = (ids: readonly string[], all: readonly { id: string; name: string }[]) =>
  ids.map((id) => all.find((item) => item.id === id)?.name ?? 'Unknown').join(', ');

function AppointmentTypeCard({
  appointmentType: type,
  choices,
  actions,
}: {
  appointmentType: AppointmentTypeDto;
  choices: AppointmentTypeChoices;
  actions: React.ReactNode;
}) {
  const titleId = `appointment-type-${type.id}`;
  const rooms = choices.studios.flatMap((studio) => studio.rooms);
  const where = [
    names(type.studioIds, choices.studios),
    type.roomIds.length ? names(type.roomIds, rooms) : null,
  ]
    .filter(Boolean)
    .join(' · ');
  const buffers = [
    type.bufferBeforeMinutes ? ` · ${type.bufferBeforeMinutes} min buffer before` : '',
    type.bufferAfterMinutes ? ` · ${type.bufferAfterMinutes} min buffer after` : '',
  ].join('');
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-labelledby={titleId}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Title order={3} size="h4" id={titleId} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {type.name}
          </Title>
          <Badge
            color={type.active ? 'green' : 'gray'}
            variant="light"
            styles={{
              root: { textTransform: 'none', flexShrink: 0, overflow: 'visible' },
              label: { overflow: 'visible' },
            }}
          >
            {type.active ? 'Active' : 'Inactive'}
          </Badge>
        </Group>
        <Text size="sm">
          {formatMinutes(type.durationMinutes)} ·{' '}
          {type.price === 0 ? 'Free' : formatMoney(type.price, type.currency)} ·{' '}
          {type.maxAttendees === 1 ? 'Private (1 client)' : `Up to ${type.maxAttendees} clients`}
          {buffers}
        </Text>
        <Text size="sm">
          <Text span fw={700} size="sm">
            With:{' '}
          </Text>
          {names(type.instructorIds, choices.instructors) || 'Nobody yet'}
        </Text>
        <Text size="sm">
          <Text span fw={700} size="sm">
            Where:{' '}
          </Text>
          {where || 'Nowhere yet'}
        </Text>
        {type.packageIds.length ? (
          <Text size="sm">
            <Text span fw={700} size="sm">
              Packages that pay:{' '}
            </Text>
            {names(type.packageIds, choices.packages)}
          </Text>
        ) : null}
        {actions ? <Group gap="xs">{actions}</Group> : null}
      </Stack>
    </Paper>
  );
}

/**
 * Appointment types (issue 17 §1): the list and its editor. Shown in the Appointment page's Types tab
 * and in a solo instructor's Settings › Private Sessions. `withHeading={false}` leaves out the panel's
 * own heading and intro, for a page that gives the section a heading of its own.
 */
export function AppointmentTypesPanel({ withHeading = true }: { withHeading?: boolean } = {}) {
  const me = useMe();
  const companyId = me.data?.company.id ?? '';
  const manage = me.data?.can.manageSettings ?? false;
  const types = useAppointmentTypes(companyId);
  const studios = useStudios(companyId);
  const instructors = usePeople(companyId, 'instructor');
  const packages = useAllPackages(companyId);
  const settings = useSessionSettings(companyId);
  const remove = useDeleteAppointmentType(companyId);
  const [editing, setEditing] = useState<Editing>(null);
  const [note, setNote] = useState<string | null>(null);
  const narrow = useMediaQuery('(max-width: 47.99em)') ?? false;
  const newButton = useRef<HTMLButtonElement>(null);

  const choices: AppointmentTypeChoices = {
    instructors: instructors.data?.items ?? [],
    studios: studios.data?.items ?? [],
    packages: packages.data?.items ?? [],
    settings: settings.data,
  };
  const currency = settings.data?.currency ?? types.data?.items[0]?.currency ?? 'USD';
  const loaded = Boolean(types.data && studios.data && instructors.data && packages.data && settings.data);
  const error = types.error ?? studios.error ?? instructors.error ?? packages.error ?? settings.error;
  const list = types.data?.items ?? [];

  const saved = (type: AppointmentTypeDto) => {
    setNote(editing?.mode === 'edit' ? `${type.name} saved.` : `${type.name} added.`);
    setEditing(null);
  };

  const actions = (type: AppointmentTypeDto) =>
    manage ? (
      <>
        <Button
          variant="default"
          aria-label={`Edit ${type.name}`}
          onClick={() => {
            setNote(null);
            setEditing({ mode: 'edit', appointmentType: type });
          }}
        >
          Edit
        </Button>
        <ConfirmActionButton
          label="Delete"
          ariaLabel={`Delete ${type.name}`}
          title={`Delete ${type.name}?`}
          confirmLabel="Delete the type"
          failedTitle="The type was not deleted"
          busy={remove.isPending}
          color="red"
          variant="subtle"
          run={async () => {
            const { archived } = await remove.mutateAsync(type.id);
            // Its card leaves the list: focus goes to the next type's Edit (or the one before), else to
            // "New appointment type", not to the top of the page.
            const index = list.findIndex((item) => item.id === type.id);
            const next = list[index + 1] ?? list[index - 1];
            focusWhenGone(
              () => !document.getElementById(`appointment-type-${type.id}`),
              () => (next ? byLabel(`Edit ${next.name}`) : null) ?? newButton.current,
            );
            setNote(
              archived
                ? `${type.name} deleted. It has appointments, so it is archived: they keep it in their history.`
                : `${type.name} deleted.`,
            );
          }}
        >
          Clients can no longer book {type.name}. A type that already has appointments is archived instead:
          its booked and past sessions keep it.
        </ConfirmActionButton>
      </>
    ) : null;

  return (
    <Stack gap="md">
      <Group justify={withHeading ? 'space-between' : 'flex-start'} align="flex-end" wrap="wrap">
        {withHeading ? (
          <Stack gap={4}>
            <Title order={2}>Appointment types</Title>
            <Text c="dimmed">
              What clients can book with an instructor: length, price, who, where and the rules.
            </Text>
          </Stack>
        ) : null}
        {manage ? (
          <Button
            ref={newButton}
            onClick={() => {
              setNote(null);
              setEditing({ mode: 'add' });
            }}
            disabled={!loaded}
          >
            New appointment type
          </Button>
        ) : null}
      </Group>
      {!manage && me.data ? (
        <Alert color="secondary" variant="light" title="Read only">
          You need the “Manage settings” ability to change appointment types.
        </Alert>
      ) : null}
      <StatusNote note={note} />
      {error ? (
        <Alert color="red" role="alert" title="The appointment types could not be loaded">
          {error.message}
        </Alert>
      ) : !loaded ? (
        <Text c="dimmed" role="status">
          Loading…
        </Text>
      ) : list.length === 0 ? (
        <Paper withBorder p="lg" radius="md">
          <Stack gap="xs" align="flex-start">
            <Title order={3} size="h4">
              No appointment types yet
            </Title>
            <Text>
              {manage
                ? 'Add one for each kind of private session you offer, such as Personal training, 60 minutes.'
                : 'The owner or an admin has not added one yet.'}
            </Text>
          </Stack>
        </Paper>
      ) : (
        <Stack gap="md">
          {list.map((type) => (
            <AppointmentTypeCard
              key={type.id}
              appointmentType={type}
              choices={choices}
              actions={actions(type)}
            />
          ))}
        </Stack>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.mode === 'edit' ? `Edit ${editing.appointmentType.name}` : 'New appointment type'}
        size="lg"
        fullScreen={narrow}
        returnFocus
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {editing ? (
          <AppointmentTypeForm
            companyId={companyId}
            currency={editing.mode === 'edit' ? editing.appointmentType.currency || currency : currency}
            choices={choices}
            appointmentType={editing.mode === 'edit' ? editing.appointmentType : undefined}
            onCancel={() => setEditing(null)}
            onSaved={saved}
          />
        ) : null}
      </Modal>
    </Stack>
  );
}
