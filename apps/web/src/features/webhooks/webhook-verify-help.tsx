import { Code, List, Paper, Stack, Text, Title } from '@mantine/core';

/** The Node.js check a receiver makes; the same as docs/architecture.md, "Issue 18: Webhooks". */
export const VERIFY_SAMPLE = `import { createHmac, timingSafeEqual } from 'node:crypto';

// rawBody: the request body exactly as received (a string, before JSON.parse).
function verifyKinetic(header, rawBody, secret) {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=')));
  const t = Number(parts.t);
  // Refuse anything signed more than 5 minutes from now (replays).
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > 300) return false;
  const expected = createHmac('sha256', secret).update(\`\${t}.\${rawBody}\`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}`;

/** How a receiver checks that an event came from Kinetic: headers, the signed text, the 5-minute rule. */
export function WebhookVerifyHelp() {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Title order={2} size="h3">
          How to verify an event
        </Title>
        <Text size="sm">
          Each event is a <Code>POST</Code> of JSON with these headers:
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>
            <Code>Kinetic-Signature: t=1764170000,v1=5f2b…</Code> — <Code>t</Code> is when it was signed (Unix
            seconds), <Code>v1</Code> the HMAC-SHA256 of <Code>{'"<t>.<raw body>"'}</Code> with the endpoint’s
            signing secret, in hex.
          </List.Item>
          <List.Item>
            <Code>Kinetic-Event-Id</Code> (the same on every retry and re-send: skip ids you have seen) and{' '}
            <Code>Kinetic-Event-Type</Code>.
          </List.Item>
        </List>
        <Text size="sm">
          Refuse a signature that does not match, or whose <Code>t</Code> is more than 5 minutes from your
          clock. Answer any 2xx within 10 seconds; anything else is tried again later (8 tries over several
          hours).
        </Text>
        <Code
          block
          aria-label="Verification example in Node.js"
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {VERIFY_SAMPLE}
        </Code>
      </Stack>
    </Paper>
  );
}
