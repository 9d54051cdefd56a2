import { Title } from '@mantine/core';
import { usePageTitle } from '../../ui/use-page-title.ts';

/** Issue 18: being built. */
export function ApiKeysPage() {
  usePageTitle('API Keys');
  return <Title order={1}>API Keys</Title>;
}
