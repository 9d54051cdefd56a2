import { Stack, Title } from '@mantine/core';
import { usePageTitle } from '../../ui/use-page-title.ts';

/** Settings › Staff Payrates (issue 15 §3): each instructor's effective-dated rates. */
export function PayRatesPage() {
  usePageTitle('Staff Payrates');
  return (
    <Stack>
      <Title order={1}>Staff Payrates</Title>
    </Stack>
  );
}
