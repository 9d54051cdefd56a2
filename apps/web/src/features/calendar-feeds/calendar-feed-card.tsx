import { useEffect, useId, useRef, useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Group,
  List,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { isClientRole, type CalendarFeedDto } from '@kinetic/shared';
import { apiFormError } from '../../ui/api-form-error.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { useMe } from '../accounts/api/get-me.ts';
import { useCalendarFeed, useMakeCalendarFeed, useRevokeCalendarFeed } from './api/calendar-feed.ts';

type Asking = 'replace' | 'revoke' | null;

/**
 * "Add my classes to my calendar": the private iCal feed address (issue 16). The server keeps only the
 * secret's hash, so the address is shown once, right after it is made; later the card says one exists
 * and offers a new one (the old stops working) or to stop it.
 */
export function CalendarFeedCard() {
  const me = useMe();
  const companyId = me.data?.company.id ?? '';
  const locale = me.data?.company.locale;
  const client = me.data ? isClientRole(me.data.user.roleId) : true;
  const feed = useCalendarFeed(companyId);
  const make = useMakeCalendarFeed(companyId);
  const revoke = useRevokeCalendarFeed(companyId);
  const [made, setMade] = useState<CalendarFeedDto | null>(null);
  const [asking, setAsking] = useState<Asking>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const titleId = useId();
  const addressRef = useRef<HTMLInputElement>(null);
  const getRef = useRef<HTMLButtonElement>(null);
  const [focusNext, setFocusNext] = useState<'address' | 'get' | null>(null);
  // The dialog gives focus back to its button when dismissed; after it acted, the card moves focus itself.
  const [returnFocus, setReturnFocus] = useState(true);
  const ask = (what: Exclude<Asking, null>) => {
    setReturnFocus(true);
    setAsking(what);
  };

  // After making an address the keyboard lands on it (to copy); after stopping it, on "Get".
  useEffect(() => {
    if (focusNext === 'address' && addressRef.current) addressRef.current.select();
    if (focusNext === 'address') addressRef.current?.focus();
    if (focusNext === 'get') getRef.current?.focus();
    if (focusNext) setFocusNext(null);
  }, [focusNext]);

  const makeAddress = async () => {
    setProblem(null);
    setStatus('');
    try {
      const answer = await make.mutateAsync();
      setMade(answer);
      setReturnFocus(false);
      setAsking(null);
      setStatus(
        feed.data?.createdAt
          ? 'Your new calendar address is ready. The old one no longer works.'
          : 'Your calendar address is ready.',
      );
      setFocusNext('address');
    } catch (failure) {
      setProblem(apiFormError(failure).message);
    }
  };

  const stopAddress = async () => {
    setProblem(null);
    setStatus('');
    try {
      await revoke.mutateAsync();
      setMade(null);
      setReturnFocus(false);
      setAsking(null);
      setStatus('Your calendar address no longer works.');
      setFocusNext('get');
    } catch (failure) {
      setProblem(apiFormError(failure).message);
    }
  };

  const copy = async () => {
    if (!made?.url) return;
    try {
      await navigator.clipboard.writeText(made.url);
      setStatus('The address is copied. Paste it into your calendar app.');
    } catch {
      addressRef.current?.select();
      setStatus('Copying was refused: the address is selected, copy it yourself.');
    }
  };

  const when = (instant: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(instant));
  const exists = Boolean(feed.data?.createdAt);
  const shown = made?.url ? made : null;

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={titleId}>
          Add my classes to my calendar
        </Title>
        <Text>
          {client
            ? 'Your calendar app can subscribe to a private address of the classes you book.'
            : 'Your calendar app can subscribe to a private address of the classes you teach.'}{' '}
          Google Calendar, Apple Calendar and Outlook then update it by themselves: new{' '}
          {client ? 'bookings' : 'classes'}, changed times and cancellations appear within a few hours.
        </Text>

        {feed.isError ? (
          <Alert color="red" role="alert" title="Your calendar address could not be loaded">
            {feed.error.message}
          </Alert>
        ) : null}

        {shown ? (
          <Stack gap="xs">
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <TextInput
                ref={addressRef}
                label="Your calendar address"
                description="Shown only now: copy it before you leave this page."
                value={shown.url ?? ''}
                readOnly
                onFocus={(event) => event.currentTarget.select()}
                style={{ flex: 1, minWidth: 0 }}
              />
              <Button variant="default" onClick={copy}>
                Copy
              </Button>
            </Group>
            {shown.webcalUrl ? (
              <Anchor href={shown.webcalUrl} fw={700} py={6} style={{ alignSelf: 'flex-start' }}>
                Open in my calendar app
              </Anchor>
            ) : null}
            <List size="sm" spacing={4}>
              <List.Item>
                Google Calendar: on a computer, next to “Other calendars” choose + then “From URL”, and paste
                the address.
              </List.Item>
              <List.Item>Apple Calendar: “Open in my calendar app”, or File › New Calendar Subscription.</List.Item>
              <List.Item>Outlook: Add calendar › Subscribe from web, and paste the address.</List.Item>
            </List>
          </Stack>
        ) : exists && feed.data?.createdAt ? (
          <Text size="sm">
            You made your calendar address on {when(feed.data.createdAt)}.{' '}
            {feed.data.lastReadAt
              ? `A calendar app last read it on ${when(feed.data.lastReadAt)}.`
              : 'No calendar app has read it yet.'}{' '}
            It is shown only once, when it is made; to add it somewhere else, make a new address.
          </Text>
        ) : null}

        <Text size="sm">
          <strong>Keep it private.</strong> Anyone with the address can see your classes: do not post or share
          it. If it gets out, make a new address and the old one stops working.
        </Text>

        {problem ? (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        ) : null}

        <Group gap="sm">
          {exists || shown ? (
            <>
              <Button variant="default" onClick={() => ask('replace')}>
                Make a new address
              </Button>
              <Button variant="outline" color="red.9" onClick={() => ask('revoke')}>
                Stop my address
              </Button>
            </>
          ) : (
            <BusyButton ref={getRef} busy={make.isPending} disabled={!feed.data} onClick={makeAddress}>
              Get my calendar address
            </BusyButton>
          )}
        </Group>
        {/* A polite live region (not role="status": the pages around the card have their own). */}
        <Text aria-live="polite" size="sm" data-testid="calendar-feed-status">
          {status}
        </Text>
      </Stack>

      <Modal
        opened={asking !== null}
        onClose={() => setAsking(null)}
        returnFocus={returnFocus}
        title={asking === 'revoke' ? 'Stop your calendar address?' : 'Make a new calendar address?'}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack gap="md">
          <Text>
            {asking === 'revoke'
              ? 'The address stops working at once. Calendars subscribed to it stop updating and keep what they last showed.'
              : 'The old address stops working at once: calendars subscribed to it stop updating. Add the new address to your calendar app instead.'}
          </Text>
          <Group>
            <Button variant="default" data-autofocus onClick={() => setAsking(null)}>
              Keep my address
            </Button>
            {asking === 'revoke' ? (
              <BusyButton color="red.9" variant="outline" busy={revoke.isPending} onClick={stopAddress}>
                Stop the address
              </BusyButton>
            ) : (
              <BusyButton busy={make.isPending} onClick={makeAddress}>
                Make a new address
              </BusyButton>
            )}
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
