import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  Group,
  Modal,
  Paper,
  Radio,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  API_KEY_RATE_LIMIT,
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES,
  type ApiKeyDto,
  type ApiKeyScope,
  type CreatedApiKeyDto,
} from '@kinetic/shared';
import { apiFormError } from '../../ui/api-form-error.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { SpecNumberInput } from '../../ui/spec-number-input.tsx';
import { StatusNote } from '../../ui/status-note.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useMe } from '../accounts/api/get-me.ts';
import { ConfirmActionButton } from '../class-templates/confirm-action-button.tsx';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from './api/api-keys-api.ts';

const when = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** The short "how to call" example, with this server's address. */
export const curlExample = (origin: string) =>
  `curl -H "Authorization: Bearer kin_…" \\\n  "${origin}/api/clients?page=1&pageSize=50"`;

/**
 * Settings › API Keys (issue 18 §3): the company's keys (working first, revoked ones kept), Create key
 * (name, read or write, requests a minute) showing the key once with Copy, Revoke with a confirm, and
 * how to call the API (a link to /api/docs and an example).
 */
export function ApiKeysPage() {
  usePageTitle('API Keys');
  const me = useMe();
  const companyId = me.data?.company.id ?? '';
  const locale = me.data?.company.locale ?? 'en-US';
  const keys = useApiKeys(companyId);
  const revoke = useRevokeApiKey(companyId);
  const [creating, setCreating] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const createRef = useRef<HTMLButtonElement>(null);
  const manage = me.data?.can.manageSettings ?? false;
  const origin = window.location.origin;

  return (
    <Stack gap="md" maw={820}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={1} ref={headingRef} tabIndex={-1}>
            API Keys
          </Title>
          <Text c="dimmed">Let other software (your website, Zapier, a spreadsheet) use Kinetic for your business.</Text>
        </Stack>
        {manage ? (
          <Button ref={createRef} onClick={() => setCreating(true)}>
            Create key
          </Button>
        ) : null}
      </Group>
      <StatusNote note={note} />

      {keys.isError ? (
        <Alert color="red" role="alert" title="The API keys could not be loaded">
          {keys.error.message}
        </Alert>
      ) : !keys.data ? (
        <PageLoader />
      ) : keys.data.items.length === 0 ? (
        <Text c="dimmed">No API keys yet.</Text>
      ) : (
        <Stack gap="sm" component="ul" aria-label="API keys" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {keys.data.items.map((key) => (
            <KeyCard
              key={key.id}
              apiKey={key}
              locale={locale}
              manage={manage}
              busy={revoke.isPending}
              onRevoke={async () => {
                await revoke.mutateAsync(key.id);
                setNote(`${key.name} revoked: calls with it are now refused.`);
                headingRef.current?.focus();
              }}
            />
          ))}
        </Stack>
      )}

      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Title order={2} size="h3">
            How to call the API
          </Title>
          <Text size="sm">
            Send the key in the <Code>Authorization</Code> header of every request. Every route, its fields and
            answers are described in the{' '}
            <Anchor href="/api/docs" target="_blank" rel="noopener">
              API documentation (opens in a new tab)
            </Anchor>
            .
          </Text>
          <Code block aria-label="Example request" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {curlExample(origin)}
          </Code>
          <Text size="sm" c="dimmed">
            Answers are JSON: <Code>{'{ status, message, data }'}</Code>. Each key may make a set number of
            requests a minute; over it the answer is 429 with <Code>Retry-After</Code>.
          </Text>
        </Stack>
      </Paper>

      <CreateKeyDialog
        opened={creating}
        companyId={companyId}
        onClose={(created) => {
          setCreating(false);
          if (created) setNote(`${created.apiKey.name} created. It is listed as ${created.apiKey.prefix}…`);
        }}
      />
    </Stack>
  );
}

function KeyCard({
  apiKey,
  locale,
  manage,
  busy,
  onRevoke,
}: {
  apiKey: ApiKeyDto;
  locale: string;
  manage: boolean;
  busy: boolean;
  onRevoke: () => Promise<void>;
}) {
  const revoked = apiKey.revokedAt !== null;
  return (
    <Paper component="li" withBorder p="md" radius="md" data-api-key-id={apiKey.id} bg={revoked ? 'gray.0' : undefined}>
      <Stack gap={4}>
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Group gap="xs" wrap="wrap">
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              {apiKey.name}
            </Text>
            <Badge variant="light" color={apiKey.scope === 'write' ? 'orange' : 'blue'}>
              {API_KEY_SCOPE_LABELS[apiKey.scope].label}
            </Badge>
            {revoked ? (
              <Badge variant="filled" color="gray.7">
                Revoked
              </Badge>
            ) : null}
          </Group>
          <Text ff="monospace" size="sm" aria-label={`Starts with ${apiKey.prefix}`}>
            {apiKey.prefix}…
          </Text>
        </Group>
        <Text size="sm">
          Created {when(apiKey.createdAt, locale)}
          {apiKey.createdBy ? ` by ${apiKey.createdBy.name}` : ''}
          {' · '}
          {apiKey.lastUsedAt ? `last used ${when(apiKey.lastUsedAt, locale)}` : 'never used'}
        </Text>
        <Text size="sm" c="dimmed">
          {revoked && apiKey.revokedAt
            ? `Revoked ${when(apiKey.revokedAt, locale)}`
            : `Up to ${apiKey.rateLimitPerMinute.toLocaleString(locale)} requests a minute`}
        </Text>
        {manage && !revoked ? (
          <Group gap="xs">
            <ConfirmActionButton
              label="Revoke"
              ariaLabel={`Revoke ${apiKey.name}`}
              title={`Revoke ${apiKey.name}?`}
              confirmLabel="Revoke the key"
              failedTitle="The key was not revoked"
              busy={busy}
              color="red"
              confirmColor="red.9"
              variant="subtle"
              run={onRevoke}
            >
              Software using this key stops working at once. This cannot be undone: you would create a new key.
            </ConfirmActionButton>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

function CreateKeyDialog({
  opened,
  companyId,
  onClose,
}: {
  opened: boolean;
  companyId: string;
  onClose: (created: CreatedApiKeyDto | null) => void;
}) {
  const create = useCreateApiKey(companyId);
  const narrow = useMediaQuery('(max-width: 47.99em)') ?? false;
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiKeyScope>('read');
  const [rate, setRate] = useState<string | number>(API_KEY_RATE_LIMIT.default);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedApiKeyDto | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const rateRef = useRef<HTMLInputElement>(null);
  const keyRef = useRef<HTMLTextAreaElement>(null);

  // The form (and its focused Create button) is replaced by the new key: the focus goes to the key, selected,
  // instead of falling to the page behind the dialog (data-autofocus acts only when the dialog opens).
  useEffect(() => {
    if (created) keyRef.current?.focus();
  }, [created]);

  const reset = () => {
    setName('');
    setScope('read');
    setRate(API_KEY_RATE_LIMIT.default);
    setErrors({});
    setProblem(null);
    setCreated(null);
    setCopied(null);
  };
  const close = () => {
    const done = created;
    reset();
    onClose(done);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setProblem(null);
    try {
      setCreated(await create.mutateAsync({ name, scope, rateLimitPerMinute: rate === '' ? null : Number(rate) }));
    } catch (failure) {
      const { fieldErrors, message } = apiFormError(failure);
      const fields = Object.fromEntries(Object.entries(fieldErrors).map(([key, value]) => [key, String(value)]));
      setErrors(fields);
      if (Object.keys(fields).length === 0) setProblem(message);
      if (fields.name) nameRef.current?.focus();
      else if (fields.rateLimitPerMinute) rateRef.current?.focus();
    }
  };

  const copy = async (key: string) => {
    try {
      await navigator.clipboard.writeText(key);
      setCopied('The key is copied.');
    } catch {
      setCopied('Copying was refused: select the key and copy it yourself.');
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={created ? `Your new key: ${created.apiKey.name}` : 'Create an API key'}
      size="lg"
      fullScreen={narrow}
      returnFocus
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {created ? (
        <Stack gap="md">
          <Alert color="yellow" variant="light" title="Copy the key now">
            This is the only time the whole key is shown. Kinetic keeps only a fingerprint of it; if it is lost,
            revoke it and create another. Anyone with the key can use your business’s data: keep it secret.
          </Alert>
          <Textarea
            ref={keyRef}
            label="API key"
            readOnly
            // The whole key in view at any width (two rows on a phone), nothing scrolled away or clipped.
            autosize
            minRows={1}
            value={created.key}
            data-autofocus
            onFocus={(event) => event.currentTarget.select()}
            styles={{ input: { fontFamily: 'monospace', wordBreak: 'break-all' } }}
          />
          <Text role="status" aria-live="polite" size="sm">
            {copied}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => void copy(created.key)}>
              Copy the key
            </Button>
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="md">
            <TextInput
              ref={nameRef}
              label="Name"
              description="Who or what uses it, e.g. “Website bookings” or “Zapier”."
              required
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              error={errors.name}
              maxLength={80}
              data-autofocus
            />
            <Radio.Group
              label="What it may do"
              value={scope}
              onChange={(value) => setScope(value as ApiKeyScope)}
              error={errors.scope}
            >
              <Stack gap="sm" mt="xs">
                {API_KEY_SCOPES.map((option) => (
                  <Radio
                    key={option}
                    value={option}
                    label={API_KEY_SCOPE_LABELS[option].label}
                    description={API_KEY_SCOPE_LABELS[option].description}
                  />
                ))}
              </Stack>
            </Radio.Group>
            <SpecNumberInput
              ref={rateRef}
              label="Requests a minute"
              description={`How many calls it may make each minute (${API_KEY_RATE_LIMIT.min} to ${API_KEY_RATE_LIMIT.max.toLocaleString('en-US')}). More answer “too many requests” until the minute is over.`}
              value={rate}
              onChange={setRate}
              min={API_KEY_RATE_LIMIT.min}
              max={API_KEY_RATE_LIMIT.max}
              error={errors.rateLimitPerMinute}
            />
            {problem ? (
              <Alert color="red" variant="light" role="alert" title="The key was not created">
                {problem}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <BusyButton type="submit" busy={create.isPending}>
                Create key
              </BusyButton>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
