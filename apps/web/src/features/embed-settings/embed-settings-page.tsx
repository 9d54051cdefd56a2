import { Alert, Button, Group, List, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { normalizeEmbedOrigin } from '@kinetic/shared';
import { ApiError } from '../../api/client.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useMe } from '../accounts/api/get-me.ts';
import { useEmbedSettings, useSaveEmbedSettings } from './embed-settings-api.ts';

/** The one line a studio pastes into its website (served by GET /embed.js). */
export const embedSnippet = (origin: string, slug: string) =>
  `<script src="${origin}/embed.js" data-company="${slug}"></script>`;

const messageOf = (error: unknown) =>
  error instanceof ApiError
    ? (Object.values(error.errors)[0] ?? error.message)
    : 'The sites could not be saved. Try again.';

/**
 * Website Widget (issue 12 §4): the line to paste into the studio's site with a Copy button, the sites
 * allowed to show the widget (the widget pages' CSP frame-ancestors), and the widget itself as a preview.
 */
export function EmbedSettingsPage() {
  usePageTitle('Website Widget');
  const me = useMe();
  const companyId = me.data?.company.id ?? '';
  const settings = useEmbedSettings(companyId);
  const save = useSaveEmbedSettings(companyId);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [copied, setCopied] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const mayChange = me.data?.can.manageSettings ?? false;

  if (settings.isError)
    return (
      <Alert color="red" role="alert" title="The widget settings could not be loaded">
        {settings.error.message}
      </Alert>
    );
  if (!settings.data) return <PageLoader />;
  const { slug, embedOrigins } = settings.data;
  const snippet = embedSnippet(window.location.origin, slug);

  const saveOrigins = async (next: string[], done: string) => {
    setError(null);
    try {
      await save.mutateAsync({ embedOrigins: next });
      setStatus(done);
      return true;
    } catch (failure) {
      setError(messageOf(failure));
      input.current?.focus();
      return false;
    }
  };

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const origin = normalizeEmbedOrigin(draft);
    if (!origin) {
      setError('Enter an https site address without a path, like https://www.your-studio.com');
      input.current?.focus();
      return;
    }
    if (embedOrigins.includes(origin)) {
      setError(`${origin} is already listed.`);
      input.current?.focus();
      return;
    }
    if (await saveOrigins([...embedOrigins, origin], `${origin} may now show the widget.`)) setDraft('');
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      setCopied(true);
      setStatus('The line is copied.');
    } catch {
      setStatus('Copying was refused: select the line and copy it yourself.');
    }
  };

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Website Widget</Title>
        <Text c="dimmed">
          Let clients see your schedule and book on your own website. Paste the line below where the widget
          should appear; it fits the page’s width and grows with its content.
        </Text>
      </Stack>
      <Text role="status" size="sm" aria-live="polite">
        {status}
      </Text>

      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={2} size="h3">
            The line to paste
          </Title>
          <Textarea
            label="Widget code"
            readOnly
            // The whole line in view at any width (it wraps to 4-5 rows on a phone), nothing scrolled away.
            autosize
            minRows={2}
            value={snippet}
            styles={{ input: { fontFamily: 'monospace' } }}
          />
          <Group>
            <Button onClick={() => void copy()}>{copied ? 'Copied' : 'Copy the line'}</Button>
          </Group>
        </Stack>
      </Paper>

      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={2} size="h3">
            Sites that may show the widget
          </Title>
          <Text size="sm" c="dimmed">
            Browsers show the widget only on the sites listed here (https addresses, without a path). Until
            you list one, the widget shows only here.
          </Text>
          {embedOrigins.length === 0 ? (
            <Text size="sm">No sites yet.</Text>
          ) : (
            <List listStyleType="none" spacing="xs" aria-label="Sites that may show the widget">
              {embedOrigins.map((origin) => (
                <List.Item key={origin}>
                  <Group gap="sm" wrap="nowrap">
                    <Text style={{ overflowWrap: 'anywhere' }}>{origin}</Text>
                    {mayChange ? (
                      <Button
                        size="compact-sm"
                        variant="default"
                        aria-label={`Remove ${origin}`}
                        onClick={() =>
                          void saveOrigins(
                            embedOrigins.filter((item) => item !== origin),
                            `${origin} was removed.`,
                          )
                        }
                      >
                        Remove
                      </Button>
                    ) : null}
                  </Group>
                </List.Item>
              ))}
            </List>
          )}
          {mayChange ? (
            <form onSubmit={(event) => void add(event)} noValidate>
              <Group align="flex-end" gap="sm">
                <TextInput
                  ref={input}
                  label="Add a site"
                  placeholder="https://www.your-studio.com"
                  value={draft}
                  onChange={(event) => setDraft(event.currentTarget.value)}
                  error={error}
                  style={{ flex: '1 1 16rem' }}
                />
                <Button type="submit" loading={save.isPending}>
                  Add
                </Button>
              </Group>
            </form>
          ) : null}
        </Stack>
      </Paper>

      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={2} size="h3">
            Preview
          </Title>
          <WidgetPreview slug={slug} />
        </Stack>
      </Paper>
    </Stack>
  );
}

/** The widget as a studio's site shows it, sized by the height it reports (as /embed.js does). */
function WidgetPreview({ slug }: { slug: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(600);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { kinetic?: string; type?: string; height?: number } | null;
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow) return;
      if (data?.kinetic === 'widget' && data.type === 'height' && typeof data.height === 'number')
        setHeight(Math.ceil(data.height));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
  return (
    <iframe
      ref={frame}
      src={`/${slug}/widget`}
      title="Widget preview"
      style={{ display: 'block', width: '100%', height, border: 0 }}
    />
  );
}
