import { Title } from '@mantine/core';
import { usePageTitle } from '../../ui/use-page-title.ts';

/** Issue 18: being built. */
export function SupportAccessPage() {
  usePageTitle('Support Access');
  return <Title order={1}>Support Access</Title>;
}
