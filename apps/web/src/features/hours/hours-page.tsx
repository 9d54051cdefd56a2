import { Stack, Text, Title } from '@mantine/core';
import { settingsTitle } from '../../shell/menu.ts';
import { useIsSolo } from '../../shell/use-app-base.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';

/** Settings › Peak/Non Peak Hours (spec §3 hours state). */
export function HoursPage() {
  const title = settingsTitle('hours', useIsSolo());
  usePageTitle(title);
  return (
    <Stack gap="md" maw={960}>
      <Title order={1}>{title}</Title>
      <Text c="dimmed">Being built.</Text>
    </Stack>
  );
}
