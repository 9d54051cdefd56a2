import { Anchor, Badge, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePageTitle } from '../ui/use-page-title.ts';

/** A page the signed-in role may not use: says so, says who may, and leads back to the dashboard. */
export function NoAccessPage({ title, whoMay, dashboard }: { title: string; whoMay: string; dashboard: string }) {
  usePageTitle(title);
  return (
    <Stack gap="md" align="flex-start" maw={640} py="md">
      <Badge variant="light" color="secondary" size="lg">
        No access
      </Badge>
      <Title order={1}>You do not have access to this page</Title>
      <Text size="lg">
        {title}: {whoMay}
      </Text>
      <Anchor component={Link} to={dashboard}>
        Back to the dashboard
      </Anchor>
    </Stack>
  );
}
