import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  Pagination,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import {
  NOTE_MAX,
  type BookingChangeDto,
  type ClientNoteDto,
  type ClientProfileDto,
  type ProfileBookingDto,
  type ProfileBookingListDto,
} from '@kinetic/shared';
import { apiDownload } from '../../api/client.ts';
import { apiFormError } from '../../ui/api-form-error.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { StatusNote } from '../../ui/status-note.tsx';
import { STATUS_COLOURS, STATUS_LABELS, paidWithLabel } from '../bookings/booking-labels.ts';
import { dayLabel, instantLabel, PACKAGE_STATUS_COLOUR, PACKAGE_STATUS_LABEL } from './account-labels.ts';
import { useNoteMutation, useProfileBookings } from './api/client-profile-api.ts';

const listStyle = { listStyle: 'none', padding: 0, margin: 0 } as const;

/** A top-level part of the profile: a region named by its heading, a target of the section links. */
export function ProfileSection({
  id,
  title,
  landmark = true,
  children,
}: {
  id: string;
  title: string;
  /**
   * False when the parts inside are the landmarks: a region named "Packages & credits" around one named
   * "Packages" would give two answers to "the Packages region".
   */
  landmark?: boolean;
  children: ReactNode;
}) {
  return (
    <Stack
      gap="md"
      component="section"
      aria-labelledby={landmark ? `${id}-heading` : undefined}
      id={id}
      style={{ scrollMarginTop: 16 }}
    >
      <Title order={2} id={`${id}-heading`} tabIndex={-1}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs" m={0}>
      {rows.map(([term, value]) => (
        <div key={term} style={{ minWidth: 0 }}>
          <Text component="dt" size="sm" c="dimmed">
            {term}
          </Text>
          <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

/** Contact, when they joined and last came, and whether they agreed to marketing emails. */
export function ContactCard({ profile }: { profile: ClientProfileDto }) {
  const { client } = profile;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="contact-heading">
      <Stack gap="sm">
        <Title order={3} size="h4" id="contact-heading">
          Contact
        </Title>
        <Facts
          rows={[
            ['Email', client.email],
            ['Phone', client.phone ?? 'Not given'],
            ['Joined', dayLabel(client.joinedAt.slice(0, 10))],
            ['Last visit', client.lastVisitAt ? instantLabel(client.lastVisitAt) : 'No visit yet'],
            ['Marketing emails', profile.marketingConsent ? 'Agreed to receive them' : 'Not agreed'],
          ]}
        />
      </Stack>
    </Paper>
  );
}

const WAIVER_STATUS = {
  none: { label: 'No waiver to sign', colour: 'gray.7' },
  signed: { label: 'Signed', colour: 'teal.9' },
  unsigned: { label: 'Not signed', colour: 'red.9' },
} as const;

/** The current waiver's status, and the copy the client signed (its text and terms, their name, when). */
export function WaiverCard({ profile }: { profile: ClientProfileDto }) {
  const { waiver } = profile;
  const [shown, setShown] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const status = WAIVER_STATUS[waiver.status];
  const signed = waiver.signed;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="waiver-heading">
      <Stack gap="sm">
        <Group gap="xs" wrap="wrap">
          <Title order={3} size="h4" id="waiver-heading">
            Waiver
          </Title>
          <Badge color={status.colour} variant="filled">
            {status.label}
          </Badge>
        </Group>
        {waiver.status === 'unsigned' ? (
          <Text size="sm">
            {signed
              ? `They signed version ${signed.version}; the current version ${waiver.currentVersion} asks them to sign again.`
              : `They have not signed the current waiver (version ${waiver.currentVersion}) yet.`}
          </Text>
        ) : null}
        {signed ? (
          <>
            <Text size="sm">
              Version {signed.version} signed by “{signed.fullName}” (
              {signed.kind === 'drawn' ? 'drawn signature' : 'typed name'}) on {instantLabel(signed.signedAt)}
              .
            </Text>
            <Group gap="xs">
              <Button
                size="xs"
                variant="default"
                aria-expanded={shown}
                onClick={() => setShown((value) => !value)}
              >
                {shown ? 'Hide the signed copy' : 'Show the signed copy'}
              </Button>
              <Button
                size="xs"
                variant="subtle"
                onClick={() => {
                  setProblem(null);
                  apiDownload(
                    `waiver-signatures/${signed.signatureId}/pdf`,
                    `waiver-v${signed.version}-signed.pdf`,
                  ).catch((error: unknown) => setProblem(apiFormError(error).message));
                }}
              >
                Download the signed PDF
              </Button>
            </Group>
            {problem ? (
              <Alert color="red" variant="light" role="alert">
                {problem}
              </Alert>
            ) : null}
            {shown ? (
              <Paper withBorder p="sm" radius="sm" bg="gray.0">
                <Stack gap="xs">
                  <Text fw={700}>{signed.title}</Text>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {signed.text}
                  </Text>
                  {signed.terms.length > 0 ? (
                    <Stack gap={2} component="ul" m={0} pl="md">
                      {signed.terms.map((term) => (
                        <Text component="li" size="sm" key={term.value}>
                          ☑ {term.label}
                        </Text>
                      ))}
                    </Stack>
                  ) : null}
                </Stack>
              </Paper>
            ) : null}
          </>
        ) : waiver.status === 'none' ? null : (
          <Text size="sm" c="dimmed">
            No signature on record.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** "the client" / "automatic" / "Olive Owner" as the person reading sees it. */
function byLabel(change: BookingChangeDto): string {
  if (change.by === 'automatic') return 'automatically';
  return `by ${change.by}`;
}

/** "Booked by Olive Owner", "Cancelled by the client", "Offered automatically". */
const changeLabel = (change: BookingChangeDto) => `${STATUS_LABELS[change.toStatus]} ${byLabel(change)}`;

function classTime(booking: ProfileBookingDto): string {
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: booking.timeZone,
  }).format(new Date(booking.startsAt));
}

function statusOf(booking: ProfileBookingDto): string {
  if (booking.status === 'cancelled' && booking.cancelledBy)
    return booking.cancelledBy === 'studio' ? 'Cancelled by the studio' : 'Cancelled by the client';
  return STATUS_LABELS[booking.status];
}

function BookingItem({ booking }: { booking: ProfileBookingDto }) {
  const label = `${booking.className}, ${classTime(booking)}`;
  const paid = paidWithLabel(booking.paidWith);
  return (
    <Paper component="li" withBorder p="sm" radius="md" aria-label={label}>
      <Stack gap={4}>
        <Group gap="xs" wrap="wrap" justify="space-between">
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {booking.className}
          </Text>
          <Badge color={STATUS_COLOURS[booking.status]} variant="filled">
            {statusOf(booking)}
          </Badge>
        </Group>
        <Text size="sm">
          {classTime(booking)} · {booking.studioName}
          {booking.instructorName ? ` · ${booking.instructorName}` : ''}
          {paid ? ` · ${paid}` : ''}
        </Text>
        {booking.history.length > 0 ? (
          <Stack gap={0} component="ol" m={0} pl="md" aria-label={`History of ${label}`}>
            {booking.history.map((change, index) => (
              <Text component="li" size="xs" c="dimmed" key={`${change.at}-${index}`}>
                {changeLabel(change)}, {instantLabel(change.at, booking.timeZone)}
                {change.reason && change.reason.toLowerCase() !== changeLabel(change).toLowerCase()
                  ? ` (${change.reason})`
                  : ''}
              </Text>
            ))}
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}

const BOOKINGS_PAGE = 10;

function BookingList({
  companyId,
  clientId,
  when,
  first,
}: {
  companyId: string;
  clientId: string;
  when: 'upcoming' | 'past';
  first: ProfileBookingListDto;
}) {
  const [page, setPage] = useState(1);
  const later = useProfileBookings(companyId, clientId, when, page, BOOKINGS_PAGE);
  const shown = page === 1 ? first : (later.data ?? first);
  const pages = Math.ceil(first.total / BOOKINGS_PAGE);
  const title = when === 'upcoming' ? 'Upcoming bookings' : 'Past bookings';
  const id = `bookings-${when}`;
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Title order={3} size="h4" id={id}>
        {title} ({first.total})
      </Title>
      {later.isError ? (
        <Alert color="red" variant="light" role="alert">
          {later.error.message}
        </Alert>
      ) : null}
      {first.total === 0 ? (
        <Text c="dimmed">{when === 'upcoming' ? 'No upcoming bookings.' : 'No past bookings.'}</Text>
      ) : (
        <Stack gap="xs" component="ul" style={listStyle}>
          {shown.items.map((booking) => (
            <BookingItem key={booking.id} booking={booking} />
          ))}
        </Stack>
      )}
      {pages > 1 ? (
        <Pagination
          total={pages}
          value={page}
          onChange={setPage}
          size="sm"
          getControlProps={(control) => ({
            'aria-label': `${control} page of ${title.toLowerCase()} bookings`,
          })}
          getItemProps={(item) => ({ 'aria-label': `${title} bookings, page ${item}` })}
        />
      ) : null}
    </Stack>
  );
}

export function BookingsSection({ companyId, profile }: { companyId: string; profile: ClientProfileDto }) {
  return (
    <>
      <BookingList
        companyId={companyId}
        clientId={profile.client.id}
        when="upcoming"
        first={profile.upcoming}
      />
      <BookingList companyId={companyId} clientId={profile.client.id} when="past" first={profile.past} />
    </>
  );
}

/** What the client holds, without prices: for the team members who do not see money. */
export function HeldPackagesList({ profile }: { profile: ClientProfileDto }) {
  return (
    <Stack gap="sm">
      {profile.packages.length === 0 ? (
        <Text c="dimmed">No packages.</Text>
      ) : (
        <Stack gap="xs" component="ul" style={listStyle}>
          {profile.packages.map((held) => (
            <Paper component="li" withBorder p="sm" radius="md" key={held.id}>
              <Group gap="xs" wrap="wrap">
                <Text fw={700}>{held.name}</Text>
                {/* Like the account's packages (packageBadge): an active pack with no credit left is used up. */}
                {held.status === 'active' && held.kind === 'class-pack' && held.remaining === 0 ? (
                  <Badge color="gray.7" variant="filled">
                    Used up
                  </Badge>
                ) : (
                  <Badge color={PACKAGE_STATUS_COLOUR[held.status]} variant="filled">
                    {PACKAGE_STATUS_LABEL[held.status]}
                  </Badge>
                )}
              </Group>
              <Text size="sm">
                {held.kind === 'class-pack' ? 'Class pack' : 'Membership'} ·{' '}
                {held.remaining === null
                  ? 'Unlimited classes'
                  : `${held.remaining} ${held.kind === 'class-pack' ? 'credits' : 'classes this period'} left`}
                {held.expiresAt ? ` · expires ${instantLabel(held.expiresAt)}` : ''}
                {held.paidUntil ? ` · paid until ${dayLabel(held.paidUntil)}` : ''}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function NoteForm({
  initial,
  label,
  submitLabel,
  busy,
  onSubmit,
  onCancel,
}: {
  initial: string;
  label: string;
  submitLabel: string;
  busy: boolean;
  onSubmit: (body: string) => Promise<void>;
  onCancel?: () => void;
}) {
  const [body, setBody] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const editing = Boolean(onCancel);
  useEffect(() => {
    // Edit replaces the note's text (and the Edit button) with this form: the keyboard goes into the
    // field, not to the page (data-autofocus only works inside a modal).
    if (editing) field.current?.focus();
  }, [editing]);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const text = body.trim();
        if (!text) {
          setError('Write the note');
          field.current?.focus();
          return;
        }
        if (text.length > NOTE_MAX) {
          setError(`A note is at most ${NOTE_MAX.toLocaleString('en-US')} characters`);
          field.current?.focus();
          return;
        }
        setError(null);
        onSubmit(text).then(
          () => setBody(''),
          (failure: unknown) => {
            const problem = apiFormError(failure);
            const atField = problem.fieldErrors.body;
            setError(typeof atField === 'string' ? atField : problem.message);
            field.current?.focus();
          },
        );
      }}
    >
      <Stack gap="xs">
        <Textarea
          ref={field}
          label={label}
          rows={3}
          value={body}
          onChange={(event) => setBody(event.currentTarget.value)}
          error={error}
          description={`${body.trim().length.toLocaleString('en-US')} of ${NOTE_MAX.toLocaleString('en-US')} characters`}
        />
        <Group gap="xs">
          <BusyButton type="submit" size="xs" busy={busy}>
            {submitLabel}
          </BusyButton>
          {onCancel ? (
            <Button size="xs" variant="default" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}

function NoteItem({
  note,
  companyId,
  clientId,
  onDone,
}: {
  note: ClientNoteDto;
  companyId: string;
  clientId: string;
  onDone: (message: string) => void;
}) {
  const change = useNoteMutation(companyId, clientId);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  const wasConfirming = useRef(false);
  useEffect(() => {
    // Back from the form: the keyboard returns to the note's Edit button.
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  useEffect(() => {
    // "Keep it": the question goes away with its buttons; the keyboard returns to the note's Delete.
    if (wasConfirming.current && !confirming) deleteButton.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);
  const edited = note.updatedAt !== note.createdAt;
  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      radius="md"
      aria-label={`Note by ${note.authorName}, ${instantLabel(note.createdAt)}`}
    >
      <Stack gap={6}>
        <Text size="xs" c="dimmed">
          {note.authorName} · {instantLabel(note.createdAt)}
          {edited ? ` · edited ${instantLabel(note.updatedAt)}` : ''}
        </Text>
        {editing ? (
          <NoteForm
            initial={note.body}
            label="Edit the note"
            submitLabel="Save note"
            busy={change.isPending}
            onCancel={() => setEditing(false)}
            onSubmit={async (body) => {
              await change.mutateAsync({ kind: 'edit', noteId: note.id, body });
              setEditing(false);
              onDone('Note saved.');
            }}
          />
        ) : (
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{note.body}</Text>
        )}
        {problem ? (
          <Alert color="red" variant="light" role="alert">
            {problem}
          </Alert>
        ) : null}
        {note.editable && !editing ? (
          confirming ? (
            <Group gap="xs">
              <Text size="sm">Delete this note?</Text>
              <BusyButton
                size="xs"
                color="red"
                busy={change.isPending}
                data-autofocus
                ref={(element) => element?.focus()}
                onClick={() => {
                  setProblem(null);
                  change.mutateAsync({ kind: 'delete', noteId: note.id }).then(
                    () => onDone('Note deleted.'),
                    (failure: unknown) => setProblem(apiFormError(failure).message),
                  );
                }}
              >
                Delete
              </BusyButton>
              <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
                Keep it
              </Button>
            </Group>
          ) : (
            <Group gap="xs">
              <Button ref={editButton} size="xs" variant="default" onClick={() => setEditing(true)}>
                Edit
              </Button>
              <Button
                ref={deleteButton}
                size="xs"
                variant="subtle"
                color="red"
                onClick={() => setConfirming(true)}
              >
                Delete
              </Button>
            </Group>
          )
        ) : null}
      </Stack>
    </Paper>
  );
}

/** The team's notes: add one; edit or delete your own (an admin any). Never shown to the client. */
export function NotesSection({ companyId, profile }: { companyId: string; profile: ClientProfileDto }) {
  const clientId = profile.client.id;
  const add = useNoteMutation(companyId, clientId);
  const [note, setNote] = useState<string | null>(null);
  const done = (message: string) => {
    setNote(message);
    // A deleted note's buttons are gone: the keyboard goes to the Notes heading, not the page.
    if (message === 'Note deleted.') document.getElementById('notes-heading')?.focus();
  };
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Only the team sees notes; the client never does.
      </Text>
      <NoteForm
        initial=""
        label="New note"
        submitLabel="Add note"
        busy={add.isPending}
        onSubmit={async (body) => {
          await add.mutateAsync({ kind: 'add', body });
          setNote('Note added.');
        }}
      />
      <StatusNote note={note} />
      {profile.notes.items.length === 0 ? (
        <Text c="dimmed">No notes yet.</Text>
      ) : (
        <Stack gap="xs" component="ul" style={listStyle} aria-label="Notes, newest first">
          {profile.notes.items.map((item) => (
            <NoteItem key={item.id} note={item} companyId={companyId} clientId={clientId} onDone={done} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
