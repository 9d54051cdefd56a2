import { useRef, useState } from 'react';
import { Alert, Badge, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { SupportSessionDto } from '@kinetic/shared';
import { ApiError } from '../../api/client.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useMe } from '../accounts/api/get-me.ts';
import { useEndSupportSession, useSupportSessions } from './api/support-access-api.ts';

const dayTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const time = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

const STATUS = {
  active: { color: 'yellow', label: 'Running now' },
  ended: { color: 'gray', label: 'Ended' },
  expired: { color: 'gray', label: 'Expired' },
} as const;

function SupportSessionItem({
  item,
  onEnd,
  ending,
}: {
  item: SupportSessionDto;
  onEnd: () => void;
  ending: boolean;
}) {
  const until = item.endedAt ?? item.expiresAt;
  return (
    <Paper component="li" withBorder p="md" radius="md">
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={700}>{item.platformUserName}</Text>
            <Badge color={STATUS[item.status].color} variant="light">
              {STATUS[item.status].label}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {item.platformUserEmail}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            Why: “{item.reason}”
          </Text>
          <Text size="sm">
            {dayTime.format(new Date(item.startedAt))} {item.status === 'active' ? 'until' : '–'}{' '}
            {time.format(new Date(until))}
            {item.status === 'expired' ? ' (time ran out)' : ''}
            {item.endedBy ? ` · ended by ${item.endedBy}` : ''}
          </Text>
        </Stack>
        {item.status === 'active' ? (
          <Button
            color="red"
            variant="light"
            loading={ending}
            onClick={onEnd}
            aria-label={`End ${item.platformUserName}’s support session now`}
          >
            End now
          </Button>
        ) : null}
      </Group>
    </Paper>
  );
}

/**
 * Settings › Support Access (issue 18 §2): every support session the platform's team started in this
 * business, who, why, when, until when and who ended it, with End for one running now.
 */
export function SupportAccessPage() {
  usePageTitle('Support Access');
  const me = useMe();
  const companyId = me.data?.company.id ?? '';
  const sessions = useSupportSessions(companyId);
  const end = useEndSupportSession(companyId);
  const [status, setStatus] = useState('');
  const [endingId, setEndingId] = useState<string | null>(null);
  // The End button goes away with the session: the focus moves to the sentence saying what happened.
  const statusRef = useRef<HTMLParagraphElement>(null);

  const endNow = (item: SupportSessionDto) => {
    setEndingId(item.id);
    setStatus('');
    end.mutate(item.id, {
      onSuccess: () =>
        setStatus(`${item.platformUserName}’s support session has ended: their access stopped.`),
      onError: (error) =>
        setStatus(
          error instanceof ApiError ? error.message : 'The support session could not be ended. Try again.',
        ),
      onSettled: () => {
        setEndingId(null);
        statusRef.current?.focus();
      },
    });
  };

  return (
    <Stack gap="md" maw={820}>
      <Title order={1}>Support Access</Title>
      <Paper withBorder p="md" radius="md" bg="gray.0">
        <Stack gap="xs">
          <Text fw={700}>What Kinetic support can see</Text>
          <List size="sm" spacing={4}>
            <List.Item>
              Kinetic’s platform team sees your business’s name, web address, kind, when it was created, how
              many studios, team members and clients it has, and when it was last used — never a client’s
              details or your money.
            </List.Item>
            <List.Item>
              To help with something inside your account, they start a support session: it is listed here with
              who started it and why, and it ends by itself at the time shown (at most 4 hours).
            </List.Item>
            <List.Item>
              During a support session they act as an admin of your business: they can see and change what an
              admin can, clients and money included. They never appear in your team.
            </List.Item>
            <List.Item>End a running session at any time: their access stops at once.</List.Item>
          </List>
        </Stack>
      </Paper>

      <Text ref={statusRef} tabIndex={-1} role="status" aria-live="polite" size="sm">
        {status}
      </Text>

      {sessions.isError ? (
        <Alert color="red" role="alert" title="The support sessions could not be loaded">
          {sessions.error.message}
        </Alert>
      ) : !sessions.data ? (
        <PageLoader />
      ) : sessions.data.items.length === 0 ? (
        <Paper withBorder p="md" radius="md">
          <Text>No support session yet. Kinetic support has never accessed your account.</Text>
        </Paper>
      ) : (
        <Stack
          gap="sm"
          component="ul"
          aria-label="Support sessions"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {sessions.data.items.map((item) => (
            <SupportSessionItem
              key={item.id}
              item={item}
              ending={endingId === item.id}
              onEnd={() => endNow(item)}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
