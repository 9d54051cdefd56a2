import { useRef, useState } from 'react';
import { Alert, Badge, Button, Code, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import type { WebhookDeliveryDto, WebhookEndpointDto } from '@kinetic/shared';
import { apiFormError } from '../../ui/api-form-error.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { StatusNote } from '../../ui/status-note.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useMe } from '../accounts/api/get-me.ts';
import { ConfirmActionButton } from '../class-templates/confirm-action-button.tsx';
import {
  attemptSentence,
  useRemoveWebhookEndpoint,
  useResendDelivery,
  useRotateWebhookSecret,
  useSendTestEvent,
  useWebhookEndpoints,
} from './api/webhooks-api.ts';
import { WebhookDeliveryLog } from './webhook-delivery-log.tsx';
import { WebhookEndpointDialog } from './webhook-endpoint-dialog.tsx';
import { WebhookVerifyHelp } from './webhook-verify-help.tsx';

/**
 * Settings › Webhooks (issue 18 §4): the company's endpoints (address, events, on or off), each with its
 * signing secret (shown, copied, rotated), Send test event, and its delivery log with Re-send; how a
 * receiver verifies the signature.
 */
export function WebhooksPage() {
  usePageTitle('Webhooks');
  const me = useMe();
  const companyId = me.data?.company.id ?? '';
  const locale = me.data?.company.locale ?? 'en-US';
  const can = me.data?.can;
  // The server's guard (webhooks.routes.ts): events carry clients' details and sales.
  const allowed = can ? can.manageSettings && can.manageClients && can.seeFinancials : true;
  const endpoints = useWebhookEndpoints(companyId, allowed);
  const [editing, setEditing] = useState<WebhookEndpointDto | 'new' | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  return (
    <Stack gap="md" maw={880}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={1} ref={headingRef} tabIndex={-1}>
            Webhooks
          </Title>
          <Text c="dimmed">
            Tell your other software the moment something happens: a booking, a check-in, a sale, a new
            client.
          </Text>
        </Stack>
        {allowed && <Button onClick={() => setEditing('new')}>Add endpoint</Button>}
      </Group>
      <StatusNote note={note} />

      {!allowed ? (
        <Alert color="blue" title="Webhooks are for the owner and admins">
          Webhooks send clients’ names, emails and phones and your sales to other software. You need the
          “Manage clients” and “See financial data” abilities as well as “Manage settings”. Ask the business
          owner or an admin.
        </Alert>
      ) : endpoints.isError ? (
        <Alert color="red" role="alert" title="The webhooks could not be loaded">
          {endpoints.error.message}
        </Alert>
      ) : !endpoints.data ? (
        <PageLoader />
      ) : endpoints.data.items.length === 0 ? (
        <Text c="dimmed">No endpoints yet. Add one to start receiving events.</Text>
      ) : (
        <Stack
          gap="md"
          component="ul"
          aria-label="Webhook endpoints"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {endpoints.data.items.map((endpoint) => (
            <EndpointCard
              key={endpoint.id}
              endpoint={endpoint}
              companyId={companyId}
              locale={locale}
              onEdit={() => setEditing(endpoint)}
              onNote={setNote}
              onRemoved={() => {
                setNote(`${endpoint.url} removed: it receives no more events.`);
                headingRef.current?.focus();
              }}
            />
          ))}
        </Stack>
      )}

      <WebhookVerifyHelp />

      <WebhookEndpointDialog
        opened={editing !== null}
        companyId={companyId}
        endpoint={editing === 'new' ? null : editing}
        onClose={(saved) => {
          const wasNew = editing === 'new';
          setEditing(null);
          if (saved)
            setNote(
              wasNew
                ? `Endpoint added: ${saved.url}. Send a test event to check your receiver.`
                : `Endpoint saved: ${saved.url}.`,
            );
        }}
      />
    </Stack>
  );
}

function EndpointCard({
  endpoint,
  companyId,
  locale,
  onEdit,
  onNote,
  onRemoved,
}: {
  endpoint: WebhookEndpointDto;
  companyId: string;
  locale: string;
  onEdit: () => void;
  onNote: (note: string) => void;
  onRemoved: () => void;
}) {
  const test = useSendTestEvent(companyId);
  const resend = useResendDelivery(companyId);
  const remove = useRemoveWebhookEndpoint(companyId);
  const rotate = useRotateWebhookSecret(companyId);
  const [showSecret, setShowSecret] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const [resendingId, setResendingId] = useState<string | null>(null);
  const name = endpoint.description || endpoint.url;
  const logId = `webhook-log-${endpoint.id}`;

  const sendTest = async () => {
    setProblem(null);
    try {
      onNote(attemptSentence('Test event', await test.mutateAsync(endpoint.id)));
      setShowLog(true);
    } catch (failure) {
      setProblem(apiFormError(failure).message);
    }
  };
  const resendOne = async (delivery: WebhookDeliveryDto) => {
    setProblem(null);
    setResendingId(delivery.id);
    try {
      onNote(attemptSentence(`Re-sent ${delivery.eventType}`, await resend.mutateAsync(delivery.id)));
    } catch (failure) {
      setProblem(apiFormError(failure).message);
    } finally {
      setResendingId(null);
    }
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(endpoint.secret);
      setCopied('The signing secret is copied.');
    } catch {
      setCopied('Copying was refused: show the secret, select it and copy it yourself.');
    }
  };

  return (
    <Paper component="li" withBorder p="md" radius="md" data-webhook-endpoint-id={endpoint.id}>
      <Stack gap="sm">
        <Group gap="xs" justify="space-between" wrap="wrap" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Title>
            {endpoint.description ? (
              <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                {endpoint.url}
              </Text>
            ) : null}
          </Stack>
          <Badge color={endpoint.active ? 'green' : 'gray'} variant={endpoint.active ? 'light' : 'filled'}>
            {endpoint.active ? 'On' : 'Off'}
          </Badge>
        </Group>
        <Group gap={6} wrap="wrap" aria-label="Events sent">
          {endpoint.events.map((type) => (
            <Code key={type}>{type}</Code>
          ))}
        </Group>
        <Text size="sm" c="dimmed">
          {endpoint.lastDelivery
            ? `Last event ${new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(endpoint.lastDelivery.createdAt))}: ${endpoint.lastDelivery.status === 'pending' ? 'not delivered yet (being sent or retried)' : endpoint.lastDelivery.status}`
            : 'Nothing sent yet.'}
        </Text>

        <Stack gap={4}>
          <Textarea
            label="Signing secret"
            readOnly
            // A one-row text area, not an input: a single-line input clips the underscore of "whsec_" in
            // some monospace fonts (DejaVu Sans Mono in Chromium), and the secret is read off the screen.
            autosize
            minRows={1}
            value={showSecret ? endpoint.secret : 'whsec_' + '•'.repeat(24)}
            styles={{ input: { fontFamily: 'monospace', wordBreak: 'break-all' } }}
            onFocus={(event) => (showSecret ? event.currentTarget.select() : undefined)}
            description="Your receiver uses it to check the Kinetic-Signature header. Keep it secret."
          />
          <Group gap="xs" wrap="wrap">
            {/* Default size, like Rotate secret beside them (its confirm button has one size). */}
            <Button variant="default" onClick={() => setShowSecret(!showSecret)} aria-pressed={showSecret}>
              {showSecret ? 'Hide secret' : 'Show secret'}
            </Button>
            <Button variant="default" onClick={() => void copy()}>
              Copy secret
            </Button>
            <ConfirmActionButton
              label="Rotate secret"
              ariaLabel={`Rotate the signing secret of ${name}`}
              title="Make a new signing secret?"
              confirmLabel="Make a new secret"
              failedTitle="The secret was not changed"
              busy={rotate.isPending}
              variant="default"
              run={async () => {
                await rotate.mutateAsync(endpoint.id);
                setShowSecret(true);
                onNote(`New signing secret for ${name}: update your receiver with it.`);
              }}
            >
              The current secret stops working at once: events from now on are signed with the new one.
            </ConfirmActionButton>
          </Group>
          <Text role="status" aria-live="polite" size="sm">
            {copied}
          </Text>
        </Stack>

        {problem ? (
          <Alert color="red" variant="light" role="alert" title="That did not work">
            {problem}
          </Alert>
        ) : null}
        <Group gap="xs" wrap="wrap">
          <BusyButton variant="light" busy={test.isPending} onClick={() => void sendTest()}>
            Send test event
          </BusyButton>
          <Button
            variant="default"
            onClick={() => setShowLog(!showLog)}
            aria-expanded={showLog}
            aria-controls={logId}
          >
            {showLog ? 'Hide delivery log' : 'Delivery log'}
          </Button>
          <Button variant="default" onClick={onEdit} aria-label={`Edit ${name}`}>
            Edit
          </Button>
          <ConfirmActionButton
            label="Remove"
            ariaLabel={`Remove ${name}`}
            title={`Remove ${name}?`}
            confirmLabel="Remove the endpoint"
            failedTitle="The endpoint was not removed"
            busy={remove.isPending}
            color="red"
            confirmColor="red.9"
            variant="subtle"
            run={async () => {
              await remove.mutateAsync(endpoint.id);
              onRemoved();
            }}
          >
            It receives no more events, and its delivery log is deleted.
          </ConfirmActionButton>
        </Group>
        <div id={logId} hidden={!showLog}>
          {showLog ? (
            <Stack gap="xs">
              <Title order={3} size="h5">
                Delivery log
              </Title>
              <WebhookDeliveryLog
                companyId={companyId}
                endpointId={endpoint.id}
                locale={locale}
                resendingId={resendingId}
                onResend={(delivery) => void resendOne(delivery)}
              />
            </Stack>
          ) : null}
        </div>
      </Stack>
    </Paper>
  );
}
