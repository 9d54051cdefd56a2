import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useAppBase } from '../../shell/use-app-base.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { useClassInstance } from './api/get-class-instance.ts';
import { ClassSummary } from './class-summary.tsx';

/** The class chosen on the Classes page, with a way to its full page and its actions. */
export function ClassPanel({ companyId, classInstanceId, onClose }: { companyId: string; classInstanceId: string; onClose: () => void }) {
  const base = useAppBase();
  const instance = useClassInstance(companyId, classInstanceId);
  if (instance.isError) return <Text role="alert">{instance.error.message}</Text>;
  if (!instance.data) return <PageLoader />;
  return (
    <Stack gap="sm">
      <ClassSummary item={instance.data} headingOrder={2} />
      <Group>
        <Anchor component={Link} to={`${base}/classes/details/${classInstanceId}`}>
          Open the class to edit, cancel or substitute
        </Anchor>
        <Button variant="subtle" size="compact-sm" onClick={onClose}>
          Close
        </Button>
      </Group>
    </Stack>
  );
}
