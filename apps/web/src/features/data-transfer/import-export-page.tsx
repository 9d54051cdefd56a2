import { Stack, Title } from '@mantine/core';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { ExportCard } from './export-card.tsx';

/** Issue 18: being built (the import part by the import engineer). */
export function ImportExportPage() {
  usePageTitle('Import & Export');
  return (
    <Stack gap="lg">
      <Title order={1}>Import & Export</Title>
      {/* Export section (export engineer): the archive download, features/data-transfer/export-card.tsx. */}
      <ExportCard />
    </Stack>
  );
}
