import { Title } from '@mantine/core';
import { usePageTitle } from '../../ui/use-page-title.ts';

/** Issue 18: being built. */
export function ImportExportPage() {
  usePageTitle('Import & Export');
  return <Title order={1}>Import & Export</Title>;
}
