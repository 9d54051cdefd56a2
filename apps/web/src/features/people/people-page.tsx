import { useState } from 'react';
import { Alert, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { PersonDto, PersonKind } from '@kinetic/shared';
import { useIsSolo } from '../../shell/use-app-base.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useMe } from '../accounts/api/get-me.ts';
import { useInvitePerson } from './api/invite-person.ts';
import { usePeople } from './api/list-people.ts';
import { PEOPLE_KINDS } from './people-kind.ts';
import { PersonCard } from './person-card.tsx';
import { PersonForm } from './person-form.tsx';
import { StatusNote } from '../../ui/status-note.tsx';

type Editing = { mode: 'add' } | { mode: 'edit'; person: PersonDto } | null;

/** Settings › Instructors and Settings › Facilitators: one page, two kinds of people. */
export function PeoplePage({ kind }: { kind: PersonKind }) {
  const text = PEOPLE_KINDS[kind];
  usePageTitle(text.title);
  const me = useMe();
  const solo = useIsSolo();
  const companyId = me.data?.company.id ?? '';
  const manage = me.data?.can.manageSettings ?? false;
  // Giving someone a login is the owner's call (the same right as managing staff).
  const canInvite = (me.data?.can.manageStaff ?? false) && !solo;
  const invite = useInvitePerson(companyId, kind);
  // A solo business's owner is its only instructor (spec §1): nobody else to add.
  const canAdd = manage && !(solo && kind === 'instructor');
  const people = usePeople(companyId, kind);
  const [editing, setEditing] = useState<Editing>(null);
  const [note, setNote] = useState<string | null>(null);
  const narrow = useMediaQuery('(max-width: 47.99em)') ?? false;
  const list = people.data?.items ?? [];

  const sendInvitation = async (person: PersonDto) => {
    setNote(null);
    try {
      const { outcome } = await invite.mutateAsync(person.id);
      setNote(
        outcome === 'linked'
          ? `${person.name} can now log in with the login they already have.`
          : `Invitation sent to ${person.email}. The link to choose a password works for 7 days.`,
      );
    } catch {
      // The error is shown as a toast by the request layer.
    }
  };

  const saved = (person: PersonDto) => {
    setNote(editing?.mode === 'edit' ? `${person.name} saved.` : `${person.name} added.`);
    setEditing(null);
  };

  return (
    <Stack gap="md" maw={820}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={1}>{text.title}</Title>
          <Text c="dimmed">{text.intro}</Text>
          {canInvite ? (
            <Text size="sm" c="dimmed">
              Invite {text.one}s with an email address to log in: they get an email with a link to choose a
              password.
            </Text>
          ) : null}
        </Stack>
        {canAdd ? <Button onClick={() => setEditing({ mode: 'add' })}>Add {text.one}</Button> : null}
      </Group>
      {solo && kind === 'instructor' ? (
        <Alert color="secondary" variant="light" title="You are the instructor">
          As a solo instructor you teach your own classes, so there is no one else to add here.
        </Alert>
      ) : null}
      {!manage && me.data ? (
        <Alert color="secondary" variant="light" title="Read only">
          You need the “Manage settings” ability to change {text.one}s. Ask the business owner or an admin.
        </Alert>
      ) : null}
      <StatusNote note={note} />
      {people.isError ? (
        <Alert color="red" role="alert" title={`The ${text.one}s could not be loaded`}>
          {people.error.message}
        </Alert>
      ) : !people.data ? (
        <PageLoader />
      ) : list.length === 0 ? (
        <Paper withBorder p="lg" radius="md">
          <Stack gap="xs" align="flex-start">
            <Title order={2} size="h4">
              No {text.one}s yet
            </Title>
            <Text>{canAdd ? text.empty : `The owner or an admin has not added ${text.one}s yet.`}</Text>
            {canAdd ? (
              <Button variant="light" onClick={() => setEditing({ mode: 'add' })}>
                Add your first {text.one}
              </Button>
            ) : null}
          </Stack>
        </Paper>
      ) : (
        <Stack gap="md">
          {list.map((person) => (
            <PersonCard
              key={person.id}
              person={person}
              actions={
                manage ? (
                  <Group gap="xs">
                    <Button
                      variant="default"
                      size="xs"
                      aria-label={`Edit ${person.name}`}
                      onClick={() => setEditing({ mode: 'edit', person })}
                    >
                      Edit
                    </Button>
                    {canInvite && person.active && person.email && person.login !== 'active' ? (
                      <Button
                        variant="light"
                        size="xs"
                        aria-label={`${person.login === 'invited' ? 'Resend the invitation to' : 'Invite'} ${person.name}`}
                        loading={invite.isPending && invite.variables === person.id}
                        onClick={() => void sendInvitation(person)}
                      >
                        {person.login === 'invited' ? 'Resend invitation' : 'Invite to log in'}
                      </Button>
                    ) : null}
                  </Group>
                ) : null
              }
            />
          ))}
        </Stack>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={
          editing?.mode === 'edit'
            ? `Edit ${editing.person.name}`
            : `Add ${text.one === 'instructor' ? 'an' : 'a'} ${text.one}`
        }
        size="lg"
        fullScreen={narrow}
        returnFocus
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {editing ? (
          <PersonForm
            companyId={companyId}
            text={text}
            person={editing.mode === 'edit' ? editing.person : undefined}
            onCancel={() => setEditing(null)}
            onSaved={saved}
          />
        ) : null}
      </Modal>
    </Stack>
  );
}

export const InstructorsPage = () => <PeoplePage kind="instructor" />;
export const FacilitatorsPage = () => <PeoplePage kind="facilitator" />;
