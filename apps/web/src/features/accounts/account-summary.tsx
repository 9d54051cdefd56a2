import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { AccountDto } from '@kinetic/shared';

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed" component="dt">
        {label}
      </Text>
      <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Stack>
  );
}

/** Who is signed in: name, email and phone. */
export function AccountSummary({ user }: { user: AccountDto['user'] }) {
  return (
    <Paper withBorder p="md" radius="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }} component="dl" m={0}>
        <Detail label="Name" value={user.name} />
        <Detail label="Email" value={user.email} />
        <Detail label="Phone" value={user.phone || 'Not given'} />
      </SimpleGrid>
    </Paper>
  );
}
