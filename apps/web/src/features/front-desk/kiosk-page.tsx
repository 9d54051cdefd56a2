import {
  Alert,
  Box,
  Button,
  Modal,
  NativeSelect,
  PasswordInput,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { isDocumentEntry, useBlocker } from '../../app/app-router.tsx';
import { ApiError } from '../../api/client.ts';
import { readSessionUser } from '../../shell/session.ts';
import { useAppBase } from '../../shell/use-app-base.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useMe } from '../accounts/api/get-me.ts';
import { localTime } from '../schedule/class-labels.ts';
import { useStudios } from '../studios/api/list-studios.ts';
import { kioskCheckIn, unlockKiosk, useKiosk } from './api/front-desk-api.ts';

const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : 'Something went wrong. Please see the front desk.';
/** How long a welcome (or a refusal) stays before the kiosk clears for the next person. */
const CLEAR_AFTER_MS = 8_000;

/**
 * Kiosk mode (issue 13 §5): a tablet at the studio where clients type their email or phone to check in
 * to the class whose check-in is open. Opened by staff (`/app/kiosk?studioId=`), then locked: no menu,
 * and leaving (a link, Back) asks for the staff member's password.
 */
export function KioskPage() {
  const [search] = useSearchParams();
  const me = useMe();
  const companyId = me.data?.company.id ?? readSessionUser()?.companyId ?? '';
  const studioId = search.get('studioId') ?? '';
  return studioId ? (
    <Kiosk companyId={companyId} studioId={studioId} />
  ) : (
    <ChooseStudio companyId={companyId} />
  );
}

function ChooseStudio({ companyId }: { companyId: string }) {
  usePageTitle('Kiosk mode');
  const studios = useStudios(companyId);
  const [, setSearch] = useSearchParams();
  const list = studios.data?.items ?? [];
  const [chosen, setChosen] = useState('');
  return (
    <Box component="main" p="md" maw={560} mx="auto">
      <Stack gap="md">
        <Title order={1}>Kiosk mode</Title>
        <Text>
          Clients check themselves in on this device with their email or phone. Leaving kiosk mode asks for
          your password.
        </Text>
        {studios.isError ? (
          <Alert color="red" role="alert">
            {studios.error.message}
          </Alert>
        ) : (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              const id = chosen || list[0]?.id;
              if (id) setSearch({ studioId: id });
            }}
          >
            <Stack gap="md">
              <NativeSelect
                label="Studio"
                size="md"
                value={chosen || list[0]?.id || ''}
                onChange={(event) => setChosen(event.currentTarget.value)}
                data={list.map((studio) => ({ value: studio.id, label: studio.name }))}
              />
              <Button type="submit" size="md" disabled={list.length === 0}>
                Start kiosk mode
              </Button>
            </Stack>
          </form>
        )}
      </Stack>
    </Box>
  );
}

function Kiosk({ companyId, studioId }: { companyId: string; studioId: string }) {
  usePageTitle('Check in');
  const base = useAppBase();
  const navigate = useNavigate();
  const kiosk = useKiosk(companyId, studioId);
  const [identifier, setIdentifier] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ text: string; ok: boolean } | null>(null);
  const [leaving, setLeaving] = useState(false);
  const unlocked = useRef(false);
  const input = useRef<HTMLInputElement>(null);
  const location = useLocation();
  const trapped = useRef(false);
  // Locked: every navigation away (a link, Back) waits for the staff password.
  const blocker = useBlocker(() => !unlocked.current && trapped.current);
  useEffect(() => {
    if (trapped.current) return;
    // Opened by its address (or reloaded): a second entry of this page, so Back stays in the app and asks.
    if (isDocumentEntry(location)) void navigate(`${location.pathname}${location.search}`);
    trapped.current = true;
  }, [location, navigate]);
  useEffect(() => {
    if (blocker.state === 'blocked') {
      blocker.reset();
      setLeaving(true);
    }
  }, [blocker]);
  // The tablet is for typing: the field is ready when the kiosk opens.
  useEffect(() => input.current?.focus(), []);
  useEffect(() => {
    if (!result) return undefined;
    const timer = window.setTimeout(() => {
      setResult(null);
      input.current?.focus();
    }, CLEAR_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [result]);

  const studio = kiosk.data;
  const classes = studio?.classes ?? [];
  return (
    <Box component="main" p="md" maw={640} mx="auto" data-kiosk>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Check in{studio ? ` at ${studio.studioName}` : ''}</Title>
          {kiosk.isError ? (
            <Alert color="red" role="alert">
              {kiosk.error.message}
            </Alert>
          ) : studio ? (
            <Text size="lg">
              {classes.length === 0
                ? 'No class is open for check-in right now.'
                : `Now: ${classes.map((cls) => `${cls.name} at ${localTime(cls.startsAt, studio.timeZone)}${cls.roomName ? ` (${cls.roomName})` : ''}`).join(', ')}`}
            </Text>
          ) : (
            <Text>Loading…</Text>
          )}
        </Stack>
        <Paper withBorder p="md" radius="md">
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (busy) return;
              if (!identifier.trim()) {
                setResult({ text: 'Type your email or phone number.', ok: false });
                return;
              }
              setBusy(true);
              kioskCheckIn(studioId, identifier)
                .then(
                  (answer) => {
                    setResult({
                      text: answer.alreadyCheckedIn
                        ? `${answer.displayName} You are already checked in to ${answer.className}.`
                        : `Welcome, ${answer.displayName} You are checked in to ${answer.className}.`,
                      ok: true,
                    });
                    setIdentifier('');
                  },
                  (failure: unknown) => setResult({ text: messageOf(failure), ok: false }),
                )
                .finally(() => setBusy(false));
            }}
          >
            <Stack gap="md">
              <TextInput
                ref={input}
                label="Your email or phone number"
                size="xl"
                autoComplete="off"
                autoCapitalize="off"
                spellCheck={false}
                inputMode="email"
                value={identifier}
                onChange={(event) => {
                  setIdentifier(event.currentTarget.value);
                  setResult(null);
                }}
              />
              <BusyButton type="submit" size="xl" busy={busy}>
                Check in
              </BusyButton>
            </Stack>
          </form>
        </Paper>
        <Text
          role="status"
          size="xl"
          fw={700}
          c={result && !result.ok ? 'red.8' : 'green.9'}
          style={{ minHeight: '2em' }}
        >
          {result?.text ?? ''}
        </Text>
        <Button
          variant="subtle"
          size="md"
          style={{ alignSelf: 'flex-start', minHeight: 44 }}
          onClick={() => setLeaving(true)}
        >
          Leave kiosk mode (staff)
        </Button>
      </Stack>
      <LeaveKiosk
        opened={leaving}
        onClose={() => setLeaving(false)}
        onUnlocked={() => {
          unlocked.current = true;
          void navigate(`${base}/front-desk`);
        }}
      />
    </Box>
  );
}

function LeaveKiosk({
  opened,
  onClose,
  onUnlocked,
}: {
  opened: boolean;
  onClose: () => void;
  onUnlocked: () => void;
}) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setPassword('');
    setError(null);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Leave kiosk mode"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setBusy(true);
          unlockKiosk(password).then(
            () => {
              setBusy(false);
              onUnlocked();
            },
            (failure: unknown) => {
              setBusy(false);
              setError(
                failure instanceof ApiError
                  ? (failure.errors?.password ?? failure.message)
                  : 'Something went wrong',
              );
            },
          );
        }}
      >
        <Stack gap="md">
          <PasswordInput
            label="Your staff password"
            data-autofocus
            size="md"
            autoComplete="current-password"
            value={password}
            error={error}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <BusyButton type="submit" size="md" busy={busy}>
            Leave kiosk mode
          </BusyButton>
          <Button variant="default" size="md" onClick={close}>
            Stay in kiosk mode
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
