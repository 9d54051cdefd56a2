import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Code, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { stripeKeysBody, type PaymentSettingsDto, type StripeKeysBody } from '@kinetic/shared';
import { apiRequest } from '../../api/client.ts';
import { useFormSubmit } from '../../ui/api-form-error.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { FormSubmitError } from '../../ui/form-submit-error.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { ConfirmActionButton } from '../class-templates/confirm-action-button.tsx';

const settingsKey = (companyId: string) => [companyId, 'payment-settings'] as const;

interface KeysFormValues {
  publishableKey: string;
  secretKey: string;
  webhookSecret: string;
}

/** The contract's first message per field, for the form. */
function issuesOf(values: StripeKeysBody): Record<string, string> {
  const result = stripeKeysBody.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '');
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * Settings › Services and Products › Online payments: the studio connects its own Stripe account (its
 * keys, its clients' cards: no lock-in). Pay at the studio always works; this adds Checkout, saved cards
 * for renewals and fees, and refunds to the card.
 */
export function OnlinePaymentsSection({ companyId }: { companyId: string }) {
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: settingsKey(companyId),
    queryFn: () => apiRequest<PaymentSettingsDto>('payment-settings', { silent: true, showLoader: false }),
    enabled: Boolean(companyId),
  });
  const [editing, setEditing] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  // What was pressed goes away (the keys form for Save keys or Cancel, Disconnect with its button): focus
  // goes to the result line, or back to Connect Stripe / Change keys, once the page shows them.
  const [focusTo, setFocusTo] = useState<'note' | 'edit' | null>(null);
  const noteRef = useRef<HTMLParagraphElement>(null);
  const editRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!focusTo) return;
    (focusTo === 'note' ? noteRef.current : editRef.current)?.focus();
    setFocusTo(null);
  }, [focusTo]);
  const disconnect = useMutation({
    mutationFn: () => apiRequest<PaymentSettingsDto>('payment-settings/stripe', { method: 'DELETE', silent: true }),
    onSuccess: (data) => queryClient.setQueryData(settingsKey(companyId), data),
  });
  const data = settings.data;
  const stripe = data?.stripe;

  return (
    <Stack gap="sm" component="section" aria-labelledby="online-payments-heading" mt="md">
      <Title order={2} size="h3" id="online-payments-heading">
        Online payments
      </Title>
      <Text c="dimmed" size="sm">
        Clients can always pay at the studio (cash, card terminal or other, marked paid by your team). Connect
        your own Stripe account to let them pay online, save their card for renewals and fees, and refund to
        their card.
      </Text>
      {/* Always on the page, so what is put in it is announced; it takes focus after a change. */}
      <Text role="status" size="sm" ref={noteRef} tabIndex={-1}>
        {note}
      </Text>
      {!data || !stripe ? (
        settings.isError ? (
          <Alert color="red" role="alert" title="Payment settings could not be loaded">
            {settings.error.message}
          </Alert>
        ) : (
          <PageLoader />
        )
      ) : !data.canStoreKeys ? (
        <Alert color="yellow" title="Online payments are not available on this server">
          Whoever runs this Kinetic server must set <Code>PAYMENTS_SECRET</Code> (32 characters or more) and
          restart it; your Stripe keys are stored encrypted with it.
        </Alert>
      ) : (
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            {stripe.connected ? (
              <>
                <Text fw={700}>
                  Stripe connected ({stripe.mode === 'live' ? 'live mode' : 'test mode'}), secret key{' '}
                  {stripe.secretKeyHint}
                </Text>
                {stripe.webhookSecretSet ? (
                  <Text size="sm">Webhook signing secret saved: payments are confirmed as Stripe sends them.</Text>
                ) : (
                  <Alert color="yellow" title="Webhook signing secret missing">
                    Online purchases stay unpaid until Stripe’s webhook confirms them. Add the endpoint below in
                    your Stripe dashboard and enter its signing secret.
                  </Alert>
                )}
              </>
            ) : (
              <Text>Not connected: clients pay at the studio.</Text>
            )}
            <Stack gap={2}>
              <Text size="sm">
                Webhook endpoint for your Stripe dashboard (events: checkout.session.completed,
                checkout.session.expired):
              </Text>
              <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                {stripe.webhookUrl}
              </Code>
            </Stack>
            {editing ? (
              <StripeKeysForm
                settings={data}
                onCancel={() => {
                  setEditing(false);
                  setFocusTo('edit');
                }}
                onSaved={(saved) => {
                  queryClient.setQueryData(settingsKey(companyId), saved);
                  setEditing(false);
                  setFocusTo('note');
                  setNote(
                    saved.keyCheck === 'unreachable'
                      ? 'Stripe keys saved, but Stripe could not be reached to check them: the first online payment will tell whether they work.'
                      : 'Stripe accepted the keys: clients can pay online.',
                  );
                }}
              />
            ) : (
              <Group gap="xs">
                <Button ref={editRef} onClick={() => setEditing(true)}>
                  {stripe.connected ? 'Change keys' : 'Connect Stripe'}
                </Button>
                {stripe.connected ? (
                  <ConfirmActionButton
                    label="Disconnect"
                    ariaLabel="Disconnect Stripe"
                    title="Disconnect Stripe?"
                    confirmLabel="Disconnect"
                    failedTitle="Stripe was not disconnected"
                    busy={disconnect.isPending}
                    color="red"
                    variant="subtle"
                    run={async () => {
                      await disconnect.mutateAsync();
                      setNote('Stripe disconnected: clients pay at the studio.');
                      setFocusTo('note');
                    }}
                  >
                    Clients will pay at the studio. Renewals and fees are owed instead of charged to saved cards;
                    card payments already taken are refunded from your Stripe dashboard.
                  </ConfirmActionButton>
                ) : null}
              </Group>
            )}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

function StripeKeysForm({
  settings,
  onCancel,
  onSaved,
}: {
  settings: PaymentSettingsDto;
  onCancel: () => void;
  onSaved: (saved: PaymentSettingsDto) => void;
}) {
  const connected = settings.stripe.connected;
  const toBody = (values: KeysFormValues): StripeKeysBody => ({
    publishableKey: values.publishableKey.trim(),
    ...(values.secretKey.trim() ? { secretKey: values.secretKey.trim() } : {}),
    ...(values.webhookSecret.trim() ? { webhookSecret: values.webhookSecret.trim() } : {}),
  });
  const form = useForm<KeysFormValues>({
    initialValues: { publishableKey: settings.stripe.publishableKey ?? '', secretKey: '', webhookSecret: '' },
    validate: (values) => {
      const errors = issuesOf(toBody(values));
      if (!connected && !values.secretKey.trim()) errors.secretKey ??= 'Enter the secret key (sk_test_… or sk_live_…)';
      return errors;
    },
  });
  const { submitError, runSubmit } = useFormSubmit(form);
  const save = useMutation({
    mutationFn: (body: StripeKeysBody) =>
      apiRequest<PaymentSettingsDto>('payment-settings/stripe', { method: 'PUT', body, inlineErrors: true, silent: true }),
  });
  const keep = (what: string) => (connected ? `Leave empty to keep the ${what} saved now.` : undefined);
  // The button that opened the form is gone: start at its first field (data-autofocus works in dialogs only).
  const firstRef = useRef<HTMLInputElement>(null);
  useEffect(() => firstRef.current?.focus(), []);
  return (
    <form onSubmit={form.onSubmit((values) => runSubmit(async () => onSaved(await save.mutateAsync(toBody(values)))))} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          From your Stripe dashboard, Developers › API keys. Keys are stored encrypted and never shown again.
        </Text>
        <TextInput
          label="Publishable key"
          placeholder="pk_test_…"
          required
          autoComplete="off"
          spellCheck={false}
          ref={firstRef}
          {...form.getInputProps('publishableKey')}
        />
        <PasswordInput
          label="Secret key"
          placeholder={connected ? `Saved (${settings.stripe.secretKeyHint ?? ''})` : 'sk_test_…'}
          description={keep('secret key')}
          required={!connected}
          autoComplete="off"
          {...form.getInputProps('secretKey')}
        />
        <PasswordInput
          label="Webhook signing secret"
          placeholder={settings.stripe.webhookSecretSet ? 'Saved' : 'whsec_…'}
          description={settings.stripe.webhookSecretSet ? keep('signing secret') : 'Shown when you add the endpoint in Stripe.'}
          autoComplete="off"
          {...form.getInputProps('webhookSecret')}
        />
        <FormSubmitError message={submitError} />
        <Group>
          <BusyButton type="submit" busy={save.isPending}>
            Save keys
          </BusyButton>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
