import { Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '../../ui/use-page-title.ts';

/** Settings › Email Settings (spec `email`, issue 16). */
export function EmailSettingsPage() {
  usePageTitle('Email Settings');
  return (
    <Stack gap="md">
      <Title order={1}>Email Settings</Title>
      <Text>Being built.</Text>
    </Stack>
  );
}
