import { Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { ExportCard } from './export-card.tsx';
import { ImportCard } from './import-card.tsx';

/**
 * Settings › Import & Export (issue 18 §5, "no lock-in"): clients in from a CSV or a Kinetic export
 * (ImportCard), and everything the studio owns out as one archive (ExportCard, the export's own card).
 */
export function ImportExportPage() {
  usePageTitle('Import & Export');
  return (
    <Stack gap="lg" maw={960}>
      <div>
        <Title order={1}>Import & Export</Title>
        <Text size="sm" c="dimmed" mt={4}>
          Your data is yours: move your clients in from another system, and take everything out whenever you
          like.
        </Text>
      </div>
      <ImportCard />
      <ExportCard />
    </Stack>
  );
}
