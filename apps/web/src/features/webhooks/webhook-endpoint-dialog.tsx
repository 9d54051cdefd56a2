import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, Group, Modal, Stack, Switch, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  WEBHOOK_EVENT_DESCRIPTIONS,
  WEBHOOK_EVENT_TYPES,
  type WebhookEndpointDto,
  type WebhookEventType,
} from '@kinetic/shared';
import { apiFormError } from '../../ui/api-form-error.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { useSaveWebhookEndpoint } from './api/webhooks-api.ts';

/** Add or edit an endpoint: its https address, a description, the events it receives, on or off. */
export function WebhookEndpointDialog({
  opened,
  companyId,
  endpoint,
  onClose,
}: {
  opened: boolean;
  companyId: string;
  /** The endpoint edited; null adds one. */
  endpoint: WebhookEndpointDto | null;
  onClose: (saved: WebhookEndpointDto | null) => void;
}) {
  const save = useSaveWebhookEndpoint(companyId);
  const narrow = useMediaQuery('(max-width: 47.99em)') ?? false;
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<string[]>([]);
  const [active, setActive] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const urlRef = useRef<HTMLInputElement>(null);
  const eventsRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!opened) return;
    setUrl(endpoint?.url ?? '');
    setDescription(endpoint?.description ?? '');
    setEvents(endpoint?.events ?? []);
    setActive(endpoint?.active ?? true);
    setErrors({});
    setProblem(null);
  }, [opened, endpoint]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setProblem(null);
    try {
      const saved = await save.mutateAsync({
        id: endpoint?.id ?? null,
        body: { url, description, events: events as WebhookEventType[], active },
      });
      onClose(saved);
    } catch (failure) {
      const { fieldErrors, message } = apiFormError(failure);
      const fields = Object.fromEntries(
        Object.entries(fieldErrors).map(([key, value]) => [key.split('.')[0] ?? key, String(value)]),
      );
      setErrors(fields);
      if (Object.keys(fields).length === 0) setProblem(message);
      if (fields.url) urlRef.current?.focus();
      else if (fields.events) eventsRef.current?.focus();
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={() => onClose(null)}
      title={endpoint ? 'Edit webhook endpoint' : 'Add a webhook endpoint'}
      size="lg"
      fullScreen={narrow}
      returnFocus
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <TextInput
            ref={urlRef}
            label="Endpoint address"
            description="Where Kinetic sends the events: an https address your software answers, e.g. https://example.com/kinetic-webhooks."
            required
            type="url"
            value={url}
            onChange={(event) => setUrl(event.currentTarget.value)}
            error={errors.url}
            data-autofocus
          />
          <TextInput
            label="Description"
            description="Optional: what receives them, e.g. “Zapier” or “Website CRM”."
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
            error={errors.description}
            maxLength={200}
          />
          <Checkbox.Group
            label="Events to send"
            description="Choose at least one."
            value={events}
            onChange={setEvents}
            error={errors.events}
            required
          >
            <Stack gap="sm" mt="xs">
              {WEBHOOK_EVENT_TYPES.map((type, index) => (
                <Checkbox
                  key={type}
                  ref={index === 0 ? eventsRef : undefined}
                  value={type}
                  label={type}
                  description={WEBHOOK_EVENT_DESCRIPTIONS[type]}
                  styles={{ label: { fontFamily: 'monospace' } }}
                />
              ))}
            </Stack>
          </Checkbox.Group>
          <Switch
            label="On: send events to this endpoint"
            checked={active}
            onChange={(event) => setActive(event.currentTarget.checked)}
          />
          {problem ? (
            <Alert color="red" variant="light" role="alert" title="The endpoint was not saved">
              {problem}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => onClose(null)}>
              Cancel
            </Button>
            <BusyButton type="submit" busy={save.isPending}>
              {endpoint ? 'Save endpoint' : 'Add endpoint'}
            </BusyButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
