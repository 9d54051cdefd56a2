import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ABILITIES, STAFF_ROLE_LABELS, type StaffMemberDto } from '@kinetic/shared';
import { ApiError } from '../../api/client.ts';
import { useAppBase, useIsSolo } from '../../shell/use-app-base.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { SegmentedChoice } from '../../ui/segmented-choice.tsx';
import { StatusNote } from '../../ui/status-note.tsx';
import { useFocusLater } from '../../ui/use-focus-later.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useMe } from '../accounts/api/get-me.ts';
import { useStudios } from '../studios/api/list-studios.ts';
import {
  useCreateStaffMember,
  useStaffAction,
  useStaffMember,
  useStaffMembers,
  useUpdateStaffMember,
  type StaffStatusFilter,
} from './api/staff-members-api.ts';
import { StaffMemberForm } from './staff-member-form.tsx';
import { abilitiesSummary } from './staff-member-values.ts';
import { StaffStatusBadge } from './staff-status-badge.tsx';

const FILTERS = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Deactivated' },
  { value: 'all', label: 'All' },
] as const;

/** What stops a person without manageStaff (or a solo business) from using these pages. */
function useStaffAccess() {
  const me = useMe();
  const solo = useIsSolo();
  const allowed = (me.data?.can.manageStaff ?? false) && !solo;
  return {
    me,
    allowed,
    known: Boolean(me.data),
    companyId: me.data?.company.id ?? '',
    isAdmin: me.data?.user.roleId === 'admin',
    /** What they may give others: an admin everything (undefined), anyone else their own abilities. */
    givable:
      me.data && me.data.user.roleId !== 'admin'
        ? ABILITIES.filter((ability) => me.data?.can[ability])
        : undefined,
  };
}

function NotAvailable() {
  return (
    <Alert color="secondary" variant="light" title="Not available">
      You need the “Manage staff” ability to manage staff members. Ask the business owner or an admin.
    </Alert>
  );
}

/** Whether a person matches what was typed in the search box (name or email, any case, in any order of words). */
export function matchesSearch(member: Pick<StaffMemberDto, 'name' | 'email'>, search: string): boolean {
  const haystack = `${member.name} ${member.email}`.toLocaleLowerCase();
  return search
    .toLocaleLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

const studiosText = (member: StaffMemberDto) =>
  member.studios.length > 0 ? member.studios.map((studio) => studio.name).join(', ') : 'No studio chosen';

/** Settings › Staff Members (issue 15 §1): the team's logins, roles, abilities and studios. */
export function StaffMembersPage() {
  usePageTitle('Staff Members');
  const base = useAppBase();
  const location = useLocation();
  const { allowed, known, companyId } = useStaffAccess();
  const [filter, setFilter] = useState<StaffStatusFilter>('active');
  const members = useStaffMembers(allowed ? companyId : '', filter);
  const wide = useMediaQuery('(min-width: 62em)') ?? false;
  const added = (location.state as { added?: string } | null)?.added;
  const [search, setSearch] = useState('');
  const listed = members.data?.items ?? [];
  // A team fits the server's largest page (100), so the search box filters what is already here.
  const items = listed.filter((member) => matchesSearch(member, search));

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={1}>Staff Members</Title>
          <Text c="dimmed">
            Your team&rsquo;s logins: their role, the studios they work at and what they can do.
          </Text>
        </Stack>
        {allowed ? (
          <Button component={Link} to={`${base}/settings/staffMembers/add`}>
            Add a staff member
          </Button>
        ) : null}
      </Group>
      <StatusNote
        note={added ? `${added} added. We emailed them an invitation to choose a password.` : null}
      />
      {known && !allowed ? (
        <NotAvailable />
      ) : (
        <>
          <Group align="flex-end" wrap="wrap" gap="md">
            <SegmentedChoice label="Show" value={filter} onChange={setFilter} options={FILTERS} />
            <TextInput
              type="search"
              label="Search"
              placeholder="Name or email"
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              w={{ base: '100%', sm: 280 }}
            />
          </Group>
          {members.isError ? (
            <Alert color="red" role="alert" title="The staff members could not be loaded">
              {members.error.message}
            </Alert>
          ) : !members.data ? (
            <PageLoader />
          ) : items.length === 0 ? (
            <Paper withBorder p="lg" radius="md">
              <Text>
                {listed.length > 0
                  ? `No one here matches “${search.trim()}”.`
                  : filter === 'inactive'
                    ? 'No one is deactivated.'
                    : 'No staff members to show.'}
              </Text>
            </Paper>
          ) : wide ? (
            <Table striped highlightOnHover verticalSpacing="sm" aria-label="Staff members">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col" w="26%">
                    Name
                  </Table.Th>
                  <Table.Th scope="col">Role</Table.Th>
                  <Table.Th scope="col">Studios</Table.Th>
                  <Table.Th scope="col">Status</Table.Th>
                  <Table.Th scope="col">Abilities</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((member) => (
                  <Table.Tr key={member.id}>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={`${base}/settings/staffMembers/edit/${member.id}`}
                        fw={700}
                      >
                        {member.name}
                      </Anchor>
                      {member.isYou ? ' (you)' : null}
                      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                        {member.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>{STAFF_ROLE_LABELS[member.role]}</Table.Td>
                    <Table.Td>{studiosText(member)}</Table.Td>
                    <Table.Td>
                      <StaffStatusBadge status={member.status} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{abilitiesSummary(member)}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : (
            <Stack
              gap="sm"
              component="ul"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
              aria-label="Staff members"
            >
              {items.map((member) => (
                <Paper key={member.id} component="li" withBorder p="md" radius="md">
                  <Stack gap={6}>
                    <Group justify="space-between" wrap="nowrap" align="flex-start">
                      <Anchor
                        component={Link}
                        to={`${base}/settings/staffMembers/edit/${member.id}`}
                        fw={700}
                        style={{ overflowWrap: 'anywhere' }}
                      >
                        {member.name}
                        {member.isYou ? ' (you)' : ''}
                      </Anchor>
                      <StaffStatusBadge status={member.status} />
                    </Group>
                    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {member.email}
                    </Text>
                    <Text size="sm">
                      {STAFF_ROLE_LABELS[member.role]} · {studiosText(member)}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {abilitiesSummary(member)}
                    </Text>
                  </Stack>
                </Paper>
              ))}
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}

/** Settings › Staff Members › add: saving sends the invitation email. */
export function AddStaffMemberPage() {
  usePageTitle('Add a staff member');
  const base = useAppBase();
  const navigate = useNavigate();
  const { allowed, known, companyId, isAdmin, givable } = useStaffAccess();
  const studios = useStudios(companyId);
  const create = useCreateStaffMember(companyId);
  return (
    <Stack gap="md" maw={820}>
      <Stack gap={4}>
        <Title order={1}>Add a staff member</Title>
        <Text c="dimmed">
          We email them an invitation with a link to choose their password. The link works for 7 days.
        </Text>
      </Stack>
      {known && !allowed ? (
        <NotAvailable />
      ) : !known || !studios.data ? (
        <PageLoader />
      ) : (
        <StaffMemberForm
          studios={studios.data.items}
          busy={create.isPending}
          cancelTo={`${base}/settings/staffMembers`}
          submitLabel="Add and send invitation"
          canMakeAdmins={isAdmin}
          givable={givable}
          save={(body) => create.mutateAsync(body)}
          onSaved={(member, allowNextNavigation) => {
            allowNextNavigation();
            void navigate(`${base}/settings/staffMembers`, { state: { added: member.name } });
          }}
        />
      )}
    </Stack>
  );
}

/** Settings › Staff Members › edit/{staffId}: details, role, studios, abilities; invitation and deactivation. */
export function EditStaffMemberPage() {
  const { staffId = '' } = useParams();
  const base = useAppBase();
  const { allowed, known, companyId, isAdmin, givable } = useStaffAccess();
  const member = useStaffMember(allowed ? companyId : '', staffId);
  const studios = useStudios(companyId);
  const update = useUpdateStaffMember(companyId);
  const [note, setNote] = useState<string | null>(null);
  usePageTitle(member.data ? `Edit ${member.data.name}` : 'Edit staff member');
  return (
    <Stack gap="md" maw={820}>
      <Stack gap={4}>
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {member.data ? `Edit ${member.data.name}` : 'Edit staff member'}
        </Title>
        {member.data ? (
          <Group gap="xs">
            <StaffStatusBadge status={member.data.status} />
            <Text size="sm" c="dimmed">
              {statusSentence(member.data)}
            </Text>
          </Group>
        ) : null}
      </Stack>
      {known && !allowed ? (
        <NotAvailable />
      ) : member.isError ? (
        <Alert color="red" role="alert" title="The staff member could not be loaded">
          {member.error.message}
        </Alert>
      ) : member.data && studios.data ? (
        <>
          <StatusNote note={note} />
          <StaffMemberForm
            key={member.data.id}
            member={member.data}
            studios={studios.data.items}
            busy={update.isPending}
            cancelTo={`${base}/settings/staffMembers`}
            submitLabel="Save"
            canMakeAdmins={isAdmin}
            givable={givable}
            save={async (body) => {
              setNote(null);
              return update.mutateAsync({ staffId, body });
            }}
            onSaved={(saved) => setNote(`${saved.name} saved. Changes apply from their next click.`)}
          />
          <AccessActions member={member.data} companyId={companyId} onDone={setNote} />
        </>
      ) : (
        <PageLoader />
      )}
    </Stack>
  );
}

function statusSentence(member: StaffMemberDto): string {
  const date = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });
  switch (member.status) {
    case 'invited':
      return `Invitation sent; the link works until ${date(member.invitationExpiresAt ?? member.updatedAt)}.`;
    case 'expired':
      return 'The invitation link has expired. Resend it below.';
    case 'active':
      return 'They log in with their own password.';
    case 'deactivated':
      return `Deactivated on ${date(member.deactivatedAt ?? member.updatedAt)}. They cannot log in.`;
  }
}

const errorText = (error: unknown) => (error instanceof ApiError ? error.message : 'Something went wrong.');

/** Resend the invitation, deactivate (after a confirm that says their sessions end now) or reactivate. */
function AccessActions({
  member,
  companyId,
  onDone,
}: {
  member: StaffMemberDto;
  companyId: string;
  onDone: (note: string) => void;
}) {
  const resend = useStaffAction(companyId, 'invitation');
  const deactivate = useStaffAction(companyId, 'deactivate');
  const reactivate = useStaffAction(companyId, 'reactivate');
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const narrow = useMediaQuery('(max-width: 47.99em)') ?? false;
  // Deactivate and Reactivate replace each other: the keyboard goes on to the one that appears.
  const toggle = useFocusLater<HTMLButtonElement>();

  const run = async (work: () => Promise<unknown>, done: string, moveFocus = false) => {
    setError(null);
    try {
      await work();
      onDone(done);
      if (moveFocus) toggle.focusLater();
    } catch (failure) {
      setError(errorText(failure));
    }
  };

  const invited = member.status === 'invited' || member.status === 'expired';
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="staff-access-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="staff-access-title">
          Login
        </Title>
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <Group gap="sm">
          {invited ? (
            <BusyButton
              variant="light"
              busy={resend.isPending}
              onClick={() =>
                void run(
                  () => resend.mutateAsync(member.id),
                  `Invitation sent again to ${member.email}. The new link works for 7 days; the old one no longer works.`,
                )
              }
            >
              Resend invitation
            </BusyButton>
          ) : null}
          {member.status === 'deactivated' ? (
            <BusyButton
              ref={toggle.ref}
              variant="default"
              busy={reactivate.isPending}
              onClick={() =>
                void run(() => reactivate.mutateAsync(member.id), `${member.name} is active again.`, true)
              }
            >
              Reactivate
            </BusyButton>
          ) : member.isYou ? (
            <Text size="sm" c="dimmed">
              You cannot deactivate yourself; another admin can.
            </Text>
          ) : (
            <Button
              ref={toggle.ref}
              color="red"
              c="red.9"
              variant="outline"
              onClick={() => setConfirming(true)}
            >
              Deactivate
            </Button>
          )}
        </Group>
      </Stack>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={`Deactivate ${member.name}?`}
        fullScreen={narrow}
        returnFocus
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack gap="md">
          <Text>
            {member.name} is logged out everywhere now and cannot log in until you reactivate them. Their
            classes, check-ins and pay history stay.
          </Text>
          <Group>
            <BusyButton
              color="red.8"
              busy={deactivate.isPending}
              data-autofocus
              onClick={() =>
                void run(
                  async () => {
                    try {
                      await deactivate.mutateAsync(member.id);
                    } finally {
                      setConfirming(false);
                    }
                  },
                  `${member.name} is deactivated and logged out.`,
                  true,
                )
              }
            >
              Deactivate and log out
            </BusyButton>
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
