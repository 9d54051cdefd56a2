import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { PlatformCompanyDto, SupportSessionDto } from '@kinetic/shared';
import { ApiError } from '../../api/client.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';
import {
  useCompany,
  useEndSupportSessionFromPlatform,
  useReactivateCompany,
  useStartSupportSession,
  useSuspendCompany,
} from './api/platform-api.ts';
import { enterSupportSession, openInNewRouteSet, supportAppPath } from './platform-session.ts';
import { formatDay, formatDayTime, formatTime, KIND_LABEL } from './platform-format.ts';

const errorsOf = (error: unknown): { message: string; fields: Record<string, string> } =>
  error instanceof ApiError
    ? { message: error.message, fields: error.errors }
    : { message: 'Something went wrong. Try again.', fields: {} };

function Fact({ label, value }: { label: string; value: string | number }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700}>{value}</Text>
    </Paper>
  );
}

function SuspendDialog({ company, onClose }: { company: PlatformCompanyDto; onClose: () => void }) {
  const suspend = useSuspendCompany(company.id);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    suspend.mutate(reason, {
      onSuccess: onClose,
      onError: (failure) => {
        setError(errorsOf(failure));
        // The busy button lost the focus: the field to correct takes it.
        reasonRef.current?.focus();
      },
    });
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={`Suspend ${company.name}?`}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            Everyone at {company.name} is logged out at once and cannot log in; its public pages and booking
            widget say the business is unavailable. Nothing is deleted: reactivating undoes it.
          </Text>
          <Textarea
            label="Reason"
            description="Kept in the audit log."
            required
            autosize
            minRows={2}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={error?.fields.reason}
            ref={reasonRef}
            data-autofocus
          />
          {error && !error.fields.reason ? (
            <Text c="red" size="sm" role="alert">
              {error.message}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red.9" loading={suspend.isPending}>
              Suspend
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

const MINUTES = [15, 30, 60, 120, 240];

function StartSupport({ company }: { company: PlatformCompanyDto }) {
  const start = useStartSupportSession(company.id);
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [minutes, setMinutes] = useState('30');
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    start.mutate(
      { reason, minutes: Number(minutes) },
      {
        onError: (failure) => {
          const problem = errorsOf(failure);
          setError(problem);
          // The busy button lost the focus: the reason to correct takes it (another problem is read out).
          if (problem.fields.reason) reasonRef.current?.focus();
        },
        onSuccess: (started) => {
          enterSupportSession(started);
          queryClient.clear();
          openInNewRouteSet(supportAppPath(started));
        },
      },
    );
  };
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="support-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h3" id="support-title">
            Start a support session
          </Title>
          <Text size="sm" c="dimmed">
            You act in {company.name}’s app as an admin, clients and money included, until the time runs out
            or you end it. Its admins see who, why and until when in Settings › Support Access, and can end
            it.
          </Text>
          <Textarea
            label="Why do you need access?"
            required
            autosize
            minRows={2}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={error?.fields.reason}
            ref={reasonRef}
          />
          <Select
            label="For how long"
            data={MINUTES.map((value) => ({
              value: String(value),
              label: value < 60 ? `${value} minutes` : `${value / 60} ${value === 60 ? 'hour' : 'hours'}`,
            }))}
            value={minutes}
            onChange={(value) => setMinutes(value ?? '30')}
            allowDeselect={false}
            error={error?.fields.minutes}
            w={{ base: '100%', xs: 200 }}
          />
          {error && !error.fields.reason && !error.fields.minutes ? (
            <Text c="red" size="sm" role="alert">
              {error.message}
            </Text>
          ) : null}
          <Group>
            <Button type="submit" loading={start.isPending} disabled={Boolean(company.suspendedAt)}>
              Start support session
            </Button>
          </Group>
          {company.suspendedAt ? (
            <Text size="sm" c="dimmed">
              A suspended company has no sessions: reactivate it first.
            </Text>
          ) : null}
        </Stack>
      </form>
    </Paper>
  );
}

const STATUS_BADGE = {
  active: { color: 'yellow', label: 'Running' },
  ended: { color: 'gray', label: 'Ended' },
  expired: { color: 'gray', label: 'Expired' },
} as const;

function SupportSessions({ company }: { company: PlatformCompanyDto }) {
  const end = useEndSupportSessionFromPlatform(company.id);
  const items: SupportSessionDto[] = company.supportSessions;
  // End now goes away with the session it ended: the focus moves to the list's heading, not to <body>.
  const headingRef = useRef<HTMLHeadingElement>(null);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="support-list-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="support-list-title" ref={headingRef} tabIndex={-1}>
          Support sessions
        </Title>
        {items.length === 0 ? <Text size="sm">None yet.</Text> : null}
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {items.map((item) => (
            <Paper key={item.id} component="li" withBorder p="sm" radius="sm">
              <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Group gap="xs">
                    <Text fw={700} size="sm">
                      {item.platformUserName}
                    </Text>
                    <Badge color={STATUS_BADGE[item.status].color} variant="light">
                      {STATUS_BADGE[item.status].label}
                    </Badge>
                  </Group>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    “{item.reason}”
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDayTime(item.startedAt)} until {formatTime(item.endedAt ?? item.expiresAt)}
                    {item.endedBy ? ` · ended by ${item.endedBy}` : ''}
                  </Text>
                </Stack>
                {item.status === 'active' ? (
                  <Button
                    size="xs"
                    variant="default"
                    loading={end.isPending && end.variables === item.id}
                    onClick={() => end.mutate(item.id, { onSettled: () => headingRef.current?.focus() })}
                  >
                    End now
                  </Button>
                ) : null}
              </Group>
            </Paper>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}

/** Issue 18 §2: one company as the platform sees it (no client data, no money), with its actions. */
export function CompanyPage() {
  const { companyId = '' } = useParams();
  const company = useCompany(companyId);
  const reactivate = useReactivateCompany(companyId);
  const [suspending, setSuspending] = useState(false);
  usePageTitle(company.data?.name ?? 'Company');
  // Suspend and Reactivate swap places: once the change is done (the button busy, then enabled again),
  // the focus goes back to that button, which now offers the other action, instead of the page's start.
  const actionRef = useRef<HTMLButtonElement>(null);
  const refocusAction = useRef(false);
  useEffect(() => {
    if (refocusAction.current && actionRef.current && !actionRef.current.disabled) {
      refocusAction.current = false;
      actionRef.current.focus();
    }
  });

  if (company.isError) {
    return (
      <Stack gap="sm">
        <Alert color="red" role="alert" title="This company could not be shown">
          {company.error instanceof ApiError && [400, 404].includes(company.error.statusCode)
            ? 'No company has this address. Open it from the list of companies.'
            : company.error.message}
        </Alert>
        <Anchor component={Link} to="/platform">
          Back to companies
        </Anchor>
      </Stack>
    );
  }
  const data = company.data;
  if (!data) return <Text>Loading…</Text>;

  return (
    <Stack gap="md">
      <Anchor component={Link} to="/platform" size="sm">
        ← Companies
      </Anchor>
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {data.name}
          </Title>
          <Text c="dimmed" size="sm">
            /{data.slug} · {KIND_LABEL[data.kind]} · created {formatDay(data.createdAt)} · {data.timeZone}
          </Text>
        </Stack>
        {data.suspendedAt ? (
          <Button
            ref={actionRef}
            loading={reactivate.isPending}
            onClick={() =>
              reactivate.mutate(undefined, {
                onSettled: () => {
                  refocusAction.current = true;
                },
              })
            }
          >
            Reactivate
          </Button>
        ) : (
          <Button ref={actionRef} color="red" variant="light" onClick={() => setSuspending(true)}>
            Suspend…
          </Button>
        )}
      </Group>

      {data.suspendedAt ? (
        <Alert color="red" title={`Suspended since ${formatDayTime(data.suspendedAt)}`}>
          Reason: “{data.suspendedReason}”. Its people cannot log in and its public pages say it is
          unavailable.
        </Alert>
      ) : null}
      {reactivate.isError ? (
        <Text c="red" role="alert">
          {reactivate.error.message}
        </Text>
      ) : null}

      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
        <Fact label="Status" value={data.suspendedAt ? 'Suspended' : 'Active'} />
        <Fact label="Studios" value={data.studios} />
        <Fact label="Team members" value={data.teamMembers} />
        <Fact label="Clients" value={data.clients} />
        <Fact label="Active clients (30 days)" value={data.activeClients} />
        <Fact label="Last activity" value={formatDayTime(data.lastActivityAt, 'Never')} />
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <StartSupport company={data} />
        <SupportSessions company={data} />
      </SimpleGrid>
      {suspending ? (
        <SuspendDialog
          company={data}
          onClose={() => {
            setSuspending(false);
            refocusAction.current = true;
          }}
        />
      ) : null}
    </Stack>
  );
}
