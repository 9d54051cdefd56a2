import { useCallback, useEffect, useState } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { clearSession } from '../../shell/session.ts';
import { endSupportSession } from './api/support-access-api.ts';
import { leaveSupportSession, openInNewRouteSet, readSupportSession } from './platform-session.ts';

const timeOf = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { timeStyle: 'short' }).format(new Date(iso));

/** Leaves the company's app for the platform area (or the login, if the platform session is gone too). */
export function useLeaveSupportSession() {
  const queryClient = useQueryClient();
  return useCallback(
    (companyId: string) => {
      const back = leaveSupportSession();
      if (!back) clearSession();
      queryClient.clear();
      openInNewRouteSet(back ? `/platform/companies/${companyId}` : '/login');
    },
    [queryClient],
  );
}

/**
 * Issue 18 §2: inside a company's app during a support session, always in view: whose company, until
 * when, and End (the support session ends at once and the platform area opens again). At its end time the
 * platform area opens by itself: the company's session has expired with it.
 */
export function SupportSessionBanner({ companyId }: { companyId: string }) {
  const [support] = useState(readSupportSession);
  const [ending, setEnding] = useState(false);
  const leave = useLeaveSupportSession();
  const active = support !== null && support.companyId === companyId;

  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(
      () => leave(support.companyId),
      Math.max(0, Date.parse(support.expiresAt) - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [active, support, leave]);

  if (!active) return null;
  const end = async () => {
    setEnding(true);
    try {
      await endSupportSession(support.id);
    } catch {
      // Already ended or expired: leaving is all there is to do.
    }
    leave(support.companyId);
  };

  return (
    <Paper
      role="region"
      aria-label="Support session"
      withBorder
      radius="md"
      p="sm"
      mb="md"
      bg="yellow.0"
      style={{ borderColor: 'var(--mantine-color-yellow-6)' }}
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" fw={600}>
          Support session for {support.companyName} until {timeOf(support.expiresAt)}
        </Text>
        <Button size="xs" color="dark" variant="filled" loading={ending} onClick={() => void end()}>
          End and return to the platform
        </Button>
      </Group>
    </Paper>
  );
}
