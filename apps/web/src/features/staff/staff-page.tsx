import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { STAFF_ROLE_LABELS, type StaffOverviewDto, type StaffWeekClassDto } from '@kinetic/shared';
import { ApiError } from '../../api/client.ts';
import { useAppBase, useIsSolo } from '../../shell/use-app-base.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { StatusNote } from '../../ui/status-note.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useMe } from '../accounts/api/get-me.ts';
import { useStaffAction, useStaffOverview } from '../staff-members/api/staff-members-api.ts';
import { StaffStatusBadge } from '../staff-members/staff-status-badge.tsx';
import { StaffTabs } from './staff-tabs.tsx';
import { formatCalendarDay } from '../../ui/calendar-day.ts';

type Member = StaffOverviewDto['members'][number];
const NO_STUDIO = 'none';

const addDays = (date: string, days: number) => {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
};

/** Which people and classes the studio filter keeps: who works there, or teaches there that week. */
export function filterByStudio(members: Member[], studioId: string): Member[] {
  if (!studioId) return members;
  if (studioId === NO_STUDIO) return members.filter((entry) => entry.member.studios.length === 0);
  return members
    .filter(
      (entry) =>
        entry.member.studios.some((studio) => studio.id === studioId) ||
        entry.classes.some((item) => item.studioId === studioId),
    )
    .map((entry) => ({ ...entry, classes: entry.classes.filter((item) => item.studioId === studioId) }));
}

/** The Staff page (issue 15 §5): who works where, this week's classes per person, invitation status. */
export function StaffPage() {
  usePageTitle('Staff');
  const me = useMe();
  const solo = useIsSolo();
  const allowed = (me.data?.can.manageStaff ?? false) && !solo;
  const companyId = me.data?.company.id ?? '';
  const locale = me.data?.company.locale ?? 'en-US';
  const [weekOf, setWeekOf] = useState<string | null>(null);
  const [studioId, setStudioId] = useState('');
  const [note, setNote] = useState<string | null>(null);
  const overview = useStaffOverview(allowed ? companyId : '', weekOf);
  const data = overview.data;
  const shown = useMemo(() => (data ? filterByStudio(data.members, studioId) : []), [data, studioId]);
  const day = (date: string) =>
    formatCalendarDay(date, locale, { weekday: 'short', day: 'numeric', month: 'short' });
  const weekLabel = data ? `${day(data.weekStart)} – ${day(data.weekEnd)}` : '';
  const thisWeek = data ? data.today >= data.weekStart && data.today <= data.weekEnd : true;

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1}>Staff</Title>
        <Text c="dimmed">
          Who works where, the classes each person teaches this week, and who still has to accept their
          invitation.
        </Text>
      </Stack>
      <StaffTabs active="team" />
      {me.data && !allowed ? (
        <Alert color="secondary" variant="light" title="Not available">
          You need the “Manage staff” ability to see the staff page. Ask the business owner or an admin.
        </Alert>
      ) : (
        <>
          <Paper withBorder p="md" radius="md" component="section" aria-label="Week and studio">
            <Group gap="sm" align="flex-end" wrap="wrap">
              <Stack gap={4}>
                <Text fw={700} aria-live="polite">
                  {data ? `${thisWeek ? 'This week' : 'Week'}: ${weekLabel}` : 'This week'}
                </Text>
                <Group gap="xs">
                  <Button
                    variant="default"
                    size="xs"
                    disabled={!data}
                    onClick={() => data && setWeekOf(addDays(data.weekStart, -7))}
                  >
                    Previous week
                  </Button>
                  <Button variant="default" size="xs" disabled={thisWeek} onClick={() => setWeekOf(null)}>
                    This week
                  </Button>
                  <Button
                    variant="default"
                    size="xs"
                    disabled={!data}
                    onClick={() => data && setWeekOf(addDays(data.weekStart, 7))}
                  >
                    Next week
                  </Button>
                </Group>
              </Stack>
              <NativeSelect
                label="Studio"
                data={[
                  { value: '', label: 'All studios' },
                  ...(data?.studios ?? []).map((studio) => ({ value: studio.id, label: studio.name })),
                  { value: NO_STUDIO, label: 'No studio chosen' },
                ]}
                value={studioId}
                onChange={(event) => setStudioId(event.currentTarget.value)}
                w={{ base: '100%', xs: 240 }}
              />
            </Group>
          </Paper>
          <StatusNote note={note} />
          {overview.isError && !data ? (
            <Alert color="red" role="alert" title="The staff could not be loaded">
              {overview.error.message}
            </Alert>
          ) : !data ? (
            <PageLoader />
          ) : shown.length === 0 ? (
            <Paper withBorder p="lg" radius="md">
              <Text>
                {studioId === NO_STUDIO
                  ? 'Everyone on the team has a studio chosen.'
                  : 'No staff members work at this studio.'}
              </Text>
            </Paper>
          ) : (
            <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Staff">
              {shown.map((entry) => (
                <StaffCard
                  key={entry.member.id}
                  entry={entry}
                  locale={locale}
                  companyId={companyId}
                  onNote={setNote}
                />
              ))}
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}

function classTime(item: StaffWeekClassDto, locale: string) {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: item.timeZone,
  }).format(new Date(item.startsAt));
}

function StaffCard({
  entry,
  locale,
  companyId,
  onNote,
}: {
  entry: Member;
  locale: string;
  companyId: string;
  onNote: (note: string | null) => void;
}) {
  const base = useAppBase();
  const { member, classes } = entry;
  const resend = useStaffAction(companyId, 'invitation');
  const [error, setError] = useState<string | null>(null);
  const teaching = classes.filter((item) => !item.cancelled).length;
  const headingId = `staff-${member.id}`;
  const send = async () => {
    setError(null);
    onNote(null);
    try {
      await resend.mutateAsync(member.id);
      onNote(`Invitation sent again to ${member.email}. The new link works for 7 days.`);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'Something went wrong.');
    }
  };
  return (
    <Paper component="li" withBorder p="md" radius="md" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={2}>
            <Title order={2} size="h4" id={headingId} style={{ overflowWrap: 'anywhere' }}>
              {member.name}
            </Title>
            <Text size="sm" c="dimmed">
              {STAFF_ROLE_LABELS[member.role]} ·{' '}
              {member.studios.length > 0
                ? member.studios.map((studio) => studio.name).join(', ')
                : 'No studio chosen'}
            </Text>
          </Stack>
          <Group gap="xs">
            <StaffStatusBadge status={member.status} />
            {member.status === 'invited' || member.status === 'expired' ? (
              <BusyButton
                size="xs"
                variant="light"
                busy={resend.isPending}
                aria-label={`Resend the invitation to ${member.name}`}
                onClick={() => void send()}
              >
                Resend invitation
              </BusyButton>
            ) : null}
            <Button
              size="xs"
              variant="default"
              component={Link}
              to={`${base}/settings/staffMembers/edit/${member.id}`}
              aria-label={`Edit ${member.name}`}
            >
              Edit
            </Button>
          </Group>
        </Group>
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        {member.instructorId === null ? (
          <Text size="sm" c="dimmed">
            Not an instructor: teaches no classes.
          </Text>
        ) : (
          <>
            <Text size="sm" fw={700}>
              {teaching === 0
                ? 'No classes this week'
                : `${teaching} ${teaching === 1 ? 'class' : 'classes'} this week`}
            </Text>
            {classes.length > 0 ? (
              <Stack
                gap={4}
                component="ul"
                p={0}
                m={0}
                style={{ listStyle: 'none' }}
                aria-label={`Classes of ${member.name}`}
              >
                {classes.map((item) => (
                  <Group key={item.id} component="li" gap="xs" wrap="wrap">
                    <Text size="sm" td={item.cancelled ? 'line-through' : undefined}>
                      {classTime(item, locale)} · {item.className} · {item.studioName}
                    </Text>
                    {item.substituteFor ? (
                      <Badge size="sm" color="grape" variant="light" style={{ textTransform: 'none' }}>
                        Substitute for {item.substituteFor}
                      </Badge>
                    ) : null}
                    {item.cancelled ? (
                      <Badge size="sm" color="gray" variant="light" style={{ textTransform: 'none' }}>
                        Cancelled
                      </Badge>
                    ) : null}
                  </Group>
                ))}
              </Stack>
            ) : null}
          </>
        )}
      </Stack>
    </Paper>
  );
}
