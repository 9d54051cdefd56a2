import { Alert, Anchor, Badge, Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { FrontDeskClassDto } from '@kinetic/shared';
import { useAppBase } from '../../shell/use-app-base.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useMe } from '../accounts/api/get-me.ts';
import { rosterAbilities, type RosterAbilities } from '../bookings/can-manage-bookings.ts';
import { RosterSection } from '../bookings/roster-section.tsx';
import { useClassInstance } from '../schedule/api/get-class-instance.ts';
import { localTime } from '../schedule/class-labels.ts';
import { useStudios } from '../studios/api/list-studios.ts';
import { useFrontDesk } from './api/front-desk-api.ts';

const STUDIO_KEY = 'kinetic.frontDesk.studioId';
const tap = { minHeight: 44 } as const;

/** The studio this device used last (a front desk stays at one studio), else the first. */
function useStudioChoice(ids: string[]) {
  const [chosen, setChosen] = useState(() => localStorage.getItem(STUDIO_KEY) ?? '');
  const studioId = ids.includes(chosen) ? chosen : (ids[0] ?? '');
  const choose = (id: string) => {
    localStorage.setItem(STUDIO_KEY, id);
    setChosen(id);
  };
  return [studioId, choose] as const;
}

/**
 * The front desk (issue 13 §4): today's classes at one studio with live counts, each opening the same
 * check-in list as the class details roster (search, Enter checks in, undo, walk-ins, no-shows).
 */
export function FrontDeskPage() {
  usePageTitle('Front desk');
  const base = useAppBase();
  const me = useMe();
  const companyId = me.data?.company.id ?? '';
  const studios = useStudios(companyId);
  const list = studios.data?.items ?? [];
  const [studioId, choose] = useStudioChoice(list.map((studio) => studio.id));
  const desk = useFrontDesk(companyId, studioId);
  const [open, setOpen] = useState<string | null>(null);
  const items = desk.data?.items ?? [];
  const now = Date.now();
  // The class whose check-in is open (the first, if two) starts open.
  const current = items.find(
    (cls) => cls.status !== 'cancelled' && now >= Date.parse(cls.checkInOpensAt) && now < Date.parse(cls.checkInClosesAt),
  );
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (!touched && current) setOpen(current.classInstanceId);
  }, [touched, current]);

  if (studios.isPending) return <PageLoader />;
  return (
    <Stack gap="md" maw={900}>
      <Title order={1}>Front desk</Title>
      {studios.isError ? (
        <Alert color="red" role="alert" title="The studios could not be loaded">
          {studios.error.message}
        </Alert>
      ) : list.length === 0 ? (
        <Text>
          No studio yet. <Anchor component={Link} to={`${base}/settings/studios`}>Add a studio</Anchor> to check clients in.
        </Text>
      ) : (
        <>
          <Group align="end" gap="sm" wrap="wrap">
            {list.length > 1 ? (
              <NativeSelect
                label="Studio"
                size="md"
                value={studioId}
                onChange={(event) => {
                  choose(event.currentTarget.value);
                  setTouched(false);
                }}
                data={list.map((studio) => ({ value: studio.id, label: studio.name }))}
              />
            ) : (
              <Text fw={700}>{list[0]?.name}</Text>
            )}
            <Button component={Link} to={`${base}/kiosk?studioId=${studioId}`} variant="default" style={tap}>
              Start kiosk mode
            </Button>
          </Group>
          {current && open === current.classInstanceId && items.indexOf(current) > 0 && desk.data ? (
            // Earlier classes come first: on a phone the open list is screens below, behind their buttons.
            <Button
              variant="subtle"
              style={{ ...tap, alignSelf: 'flex-start' }}
              onClick={() => goToCheckInList(current.classInstanceId)}
            >
              Go to the check-in list of {localTime(current.startsAt, desk.data.timeZone)} {current.name}
            </Button>
          ) : null}
          {desk.isError ? (
            <Alert color="red" role="alert" title="Today’s classes could not be loaded">
              {desk.error.message}
            </Alert>
          ) : !desk.data ? (
            <Text>Loading today’s classes…</Text>
          ) : items.length === 0 ? (
            <Text>No classes at {desk.data.studioName} today.</Text>
          ) : (
            <Stack component="ul" gap="sm" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={`Today at ${desk.data.studioName}`}>
              {items.map((cls) => (
                <DeskClass
                  key={cls.classInstanceId}
                  companyId={companyId}
                  cls={cls}
                  timeZone={desk.data.timeZone}
                  abilities={rosterAbilities(me.data)}
                  expanded={open === cls.classInstanceId}
                  focusSearch={touched}
                  onToggle={() => {
                    setTouched(true);
                    setOpen(open === cls.classInstanceId ? null : cls.classInstanceId);
                  }}
                />
              ))}
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}

/** Shows a class's check-in list from its heading and puts the keyboard in its search. */
function goToCheckInList(classInstanceId: string) {
  const panel = document.getElementById(`desk-${classInstanceId}`);
  // The class's heading in sight too (below the app's header: the item's scroll margin), not only the field.
  panel?.closest('li')?.scrollIntoView({ block: 'start' });
  panel?.querySelector<HTMLInputElement>('input[type="search"]')?.focus({ preventScroll: true });
}

interface DeskClassProps {
  companyId: string;
  cls: FrontDeskClassDto;
  timeZone: string;
  abilities: RosterAbilities;
  expanded: boolean;
  /** Opened by the person (not on arrival): the list's search takes the keyboard. */
  focusSearch: boolean;
  onToggle: () => void;
}

function DeskClass({ companyId, cls, timeZone, abilities, expanded, focusSearch, onToggle }: DeskClassProps) {
  const panelId = `desk-${cls.classInstanceId}`;
  const headingId = `${panelId}-heading`;
  const cancelled = cls.status === 'cancelled';
  return (
    <Paper component="li" withBorder p="sm" radius="md" aria-labelledby={headingId} style={{ scrollMarginTop: 72 }}>
      <Stack gap="sm">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={2} size="h4" id={headingId} style={{ overflowWrap: 'anywhere' }}>
              {localTime(cls.startsAt, timeZone)} {cls.name}
            </Title>
            <Text size="sm">
              {cancelled ? (
                <Badge color="gray.7" variant="filled">
                  Cancelled
                </Badge>
              ) : (
                <>
                  <strong>{cls.checkedIn}</strong> checked in · <strong>{cls.booked}</strong> booked of {cls.capacity}
                </>
              )}
              {cls.roomName ? ` · ${cls.roomName}` : ''}
            </Text>
          </Stack>
          {cancelled ? null : (
            <Button
              variant={expanded ? 'default' : 'filled'}
              style={{ minHeight: 44 }}
              aria-expanded={expanded}
              aria-controls={panelId}
              aria-label={`${expanded ? 'Hide the check-in list of' : 'Check in to'} ${cls.name} at ${localTime(cls.startsAt, timeZone)}`}
              onClick={onToggle}
            >
              {expanded ? 'Hide the check-in list' : 'Check in'}
            </Button>
          )}
        </Group>
        <div id={panelId} hidden={!expanded}>
          {expanded ? (
            <DeskRoster companyId={companyId} classInstanceId={cls.classInstanceId} abilities={abilities} focusSearch={focusSearch} />
          ) : null}
        </div>
      </Stack>
    </Paper>
  );
}

function DeskRoster({
  companyId,
  classInstanceId,
  abilities,
  focusSearch,
}: {
  companyId: string;
  classInstanceId: string;
  abilities: RosterAbilities;
  focusSearch: boolean;
}) {
  const instance = useClassInstance(companyId, classInstanceId);
  if (instance.isError)
    return (
      <Alert color="red" role="alert" title="This class could not be loaded">
        {instance.error.message}
      </Alert>
    );
  if (!instance.data) return <Text>Loading the check-in list…</Text>;
  return <RosterSection companyId={companyId} item={instance.data} abilities={abilities} focusSearch={focusSearch} />;
}
