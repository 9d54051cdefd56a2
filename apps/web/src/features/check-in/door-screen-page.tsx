import { useEffect, useRef, useState, type RefObject } from 'react';
import { Alert, Anchor, Box, Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { DoorClassDto, StudioDto } from '@kinetic/shared';
import { isDocumentEntry } from '../../app/app-router.tsx';
import { readSessionUser } from '../../shell/session.ts';
import { useAppBase } from '../../shell/use-app-base.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useMe } from '../accounts/api/get-me.ts';
import { localTime } from '../schedule/class-labels.ts';
import { useStudios } from '../studios/api/list-studios.ts';
import { useDoor } from './api/check-in-api.ts';
import { DoorQr } from './door-qr.tsx';
import { useDoorCode } from './use-door-code.ts';
import classes from './door-screen.module.css';

/**
 * The door screen (issue 13 §1), for a tablet at the studio's door: `/app/check-in/door?studioId&roomId`
 * shows the class that starts next in that studio (room), or `?classInstanceId` one class. A QR code
 * that changes every 30 seconds (derived on this device, so it keeps working offline), the class, and
 * "checked in / booked", read every few seconds. Without a place, it asks for one.
 */
export function DoorScreenPage() {
  const [search] = useSearchParams();
  const me = useMe();
  // The session cookie names the company too: a screen reloaded offline (no `me`) still finds its class.
  const companyId = me.data?.company.id ?? readSessionUser()?.companyId ?? '';
  useKeepAssetsForOffline();
  const place = {
    classInstanceId: search.get('classInstanceId') ?? undefined,
    studioId: search.get('studioId') ?? undefined,
    roomId: search.get('roomId') ?? undefined,
  };
  if (!place.classInstanceId && !place.studioId) return <ChoosePlace companyId={companyId} />;
  return <DoorScreen companyId={companyId} place={place} />;
}

/**
 * Puts the files this page was drawn with into the service worker's asset cache (`kinetic-assets`, the
 * runtime cache vite.config.ts sets up): the first visit loads them before the worker controls the page,
 * so without this a reload with the network down could not draw the door screen.
 */
function useKeepAssetsForOffline() {
  useEffect(() => {
    if (!('caches' in window)) return;
    const urls = performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name))
      .filter(
        (url) =>
          url.origin === window.location.origin && /\/assets\/.+\.(?:js|css|woff2)$/.test(url.pathname),
      )
      .map((url) => url.href);
    void caches
      .open('kinetic-assets')
      .then((cache) => cache.addAll([...new Set(urls)]))
      .catch(() => undefined);
  }, []);
}

/**
 * The chooser and the screen are one page (only the query changes): after "Open the door screen" or
 * "Change studio" the button pressed is gone and focus would fall to <body>. Reached that way (not
 * as the page the document loaded on, where a tablet shows no focus ring on the class name), the
 * page's heading takes the focus once it is drawn.
 */
function useFocusOnArrival(heading: RefObject<HTMLHeadingElement | null>, drawn: boolean) {
  const location = useLocation();
  const arrivedAt = useRef<string | null>(null);
  useEffect(() => {
    if (!drawn || arrivedAt.current === location.key || isDocumentEntry(location)) return;
    arrivedAt.current = location.key;
    heading.current?.focus();
  }, [drawn, heading, location]);
}

function ChoosePlace({ companyId }: { companyId: string }) {
  usePageTitle('Door screen');
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnArrival(heading, true);
  const base = useAppBase();
  const studios = useStudios(companyId);
  const [, setSearch] = useSearchParams();
  const items: StudioDto[] = studios.data?.items ?? [];
  const [studioId, setStudioId] = useState('');
  const [roomId, setRoomId] = useState('');
  const studio = items.find((entry) => entry.id === (studioId || items[0]?.id));
  const open = (event: React.FormEvent) => {
    event.preventDefault();
    if (!studio) return;
    setSearch(roomId ? { studioId: studio.id, roomId } : { studioId: studio.id });
  };
  return (
    <Box component="main" id="main" className={classes.chooser}>
      <Paper withBorder p="lg" radius="md" maw={480} w="100%">
        <form onSubmit={open}>
          <Stack gap="md">
            <Title order={1} size="h2" ref={heading} tabIndex={-1}>
              Door screen
            </Title>
            <Text>
              Choose where this screen stands. It shows the class that starts next there, with a check-in code
              that changes every 30 seconds.
            </Text>
            {studios.isError ? (
              <Alert color="red" role="alert" title="Studios could not be loaded">
                {studios.error.message}
              </Alert>
            ) : null}
            <NativeSelect
              label="Studio"
              value={studio?.id ?? ''}
              onChange={(event) => {
                setStudioId(event.currentTarget.value);
                setRoomId('');
              }}
              data={items.map((entry) => ({ value: entry.id, label: entry.name }))}
              disabled={items.length === 0}
            />
            <NativeSelect
              label="Room"
              value={roomId}
              onChange={(event) => setRoomId(event.currentTarget.value)}
              data={[
                { value: '', label: 'Any room' },
                ...(studio?.rooms ?? []).map((room) => ({ value: room.id, label: room.name })),
              ]}
              disabled={!studio}
            />
            <Group justify="space-between">
              <Anchor component={Link} to={base}>
                Back to the app
              </Anchor>
              <Button type="submit" disabled={!studio}>
                Open the door screen
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Box>
  );
}

function DoorScreen({
  companyId,
  place,
}: {
  companyId: string;
  place: { classInstanceId?: string | undefined; studioId?: string | undefined; roomId?: string | undefined };
}) {
  const door = useDoor(companyId, place);
  const item = door.data?.classInstance ?? null;
  usePageTitle(item ? `Check in: ${item.name}` : 'Door screen');
  const offset = door.data && item ? Date.parse(item.serverTime) - door.dataUpdatedAt : 0;
  const code = useDoorCode(item, offset);
  // A failed read after a good one (or one held back because the device knows it is offline) is the
  // network or the server away: the screen goes on with what it has.
  const offline = Boolean(door.data) && (door.isError || door.fetchStatus === 'paused');
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnArrival(heading, Boolean(door.data));

  if (!door.data)
    return (
      <Box component="main" id="main" className={classes.chooser}>
        {door.isError ? (
          <Alert color="red" role="alert" title="The door screen could not open">
            {door.error.message}{' '}
            <Anchor component={Link} to="?">
              Choose the studio again
            </Anchor>
          </Alert>
        ) : (
          <Text role="status">Opening the door screen…</Text>
        )}
      </Box>
    );

  return (
    <Box component="main" id="main" className={classes.screen}>
      {item ? <ClassAtTheDoor item={item} code={code} heading={heading} /> : <NoClass heading={heading} />}
      <Group className={classes.footer} justify="space-between" gap="xs">
        <Text size="sm" role="status" c={offline ? 'red.9' : 'dimmed'}>
          {offline
            ? 'Offline: the code keeps working; the counts come back with the network.'
            : footerLine(item, code)}
        </Text>
        <Group gap="xs">
          {/* The door screen is a touch tablet: 44 px targets. */}
          <Button
            variant="subtle"
            size="md"
            mih={44}
            onClick={() => void document.documentElement.requestFullscreen?.().catch(() => undefined)}
          >
            Full screen
          </Button>
          <Button component={Link} to="?" variant="subtle" size="md" mih={44}>
            Change studio
          </Button>
        </Group>
      </Group>
    </Box>
  );
}

/** What the footer asks of someone at the door: to scan only while a code is shown. */
function footerLine(item: DoorClassDto | null, code: ReturnType<typeof useDoorCode>): string {
  if (!item) return 'The code appears here when check-in opens.';
  const now = code?.now ?? Date.now();
  if (now >= Date.parse(item.checkInClosesAt)) return 'Arriving late? Please see the front desk.';
  if (now < Date.parse(item.checkInOpensAt) || !code) return 'The code appears here when check-in opens.';
  return 'Scan with your phone’s camera to check in.';
}

function NoClass({ heading }: { heading: RefObject<HTMLHeadingElement | null> }) {
  return (
    <Stack className={classes.empty} align="center" justify="center">
      <Title order={1} ref={heading} tabIndex={-1}>No class coming up here</Title>
      <Text size="lg">The next class appears here by itself.</Text>
    </Stack>
  );
}

function ClassAtTheDoor({
  item,
  code,
  heading,
}: {
  item: DoorClassDto;
  code: ReturnType<typeof useDoorCode>;
  heading: RefObject<HTMLHeadingElement | null>;
}) {
  const now = code?.now ?? Date.now();
  const opensAt = Date.parse(item.checkInOpensAt);
  const closesAt = Date.parse(item.checkInClosesAt);
  const open = now >= opensAt && now < closesAt;
  const where = item.roomName ? `${item.studioName} · ${item.roomName}` : item.studioName;
  return (
    <div className={classes.layout}>
      <div className={classes.qr}>
        {open && code ? (
          <DoorQr
            text={code.url}
            label={`Check-in code for ${item.name}, changes every ${item.stepSeconds} seconds`}
          />
        ) : (
          <Stack className={classes.closed} align="center" justify="center" p="md" ta="center">
            <Text size="xl" fw={700}>
              {now < opensAt
                ? `Check-in opens at ${localTime(item.checkInOpensAt, item.timeZone)}`
                : 'Check-in has closed'}
            </Text>
          </Stack>
        )}
      </div>
      <Stack gap="sm" className={classes.facts}>
        <Text size="lg" c="dimmed">
          {where}
        </Text>
        <Title order={1} className={classes.name} ref={heading} tabIndex={-1}>
          {item.name}
        </Title>
        <Text className={classes.time}>
          {localTime(item.startsAt, item.timeZone)} – {localTime(item.endsAt, item.timeZone)}
        </Text>
        <Text className={classes.counts} aria-live="polite" data-testid="door-counts">
          Checked in <strong>{item.checkedIn}</strong> / booked <strong>{item.booked}</strong>
        </Text>
        {open && code ? <Text c="dimmed">New code in {code.secondsLeft} s</Text> : null}
      </Stack>
    </div>
  );
}
