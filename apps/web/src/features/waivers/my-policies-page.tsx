import { Alert, Stack, Text, Title } from '@mantine/core';
import { PageLoader } from '../../ui/page-loader.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useMe } from '../accounts/api/get-me.ts';
import { usePolicies } from './api/waivers-api.ts';
import { Paragraphs } from './my-waiver-page.tsx';

/** Client › Settings › Terms: the studio's Policies & Procedures, to read. */
export function MyPoliciesPage() {
  usePageTitle('Policies');
  const me = useMe();
  const policies = usePolicies(me.data?.company.id ?? '');
  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>Studio policies</Title>
      {policies.data ? (
        policies.data.text ? (
          <>
            <Paragraphs text={policies.data.text} />
            {policies.data.updatedAt ? (
              <Text size="sm" c="dimmed">
                Last updated{' '}
                {new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' }).format(new Date(policies.data.updatedAt))}.
              </Text>
            ) : null}
          </>
        ) : (
          <Text>The studio has not written its policies yet.</Text>
        )
      ) : policies.isError ? (
        <Alert color="red" role="alert" title="The policies could not be loaded">
          {policies.error.message}
        </Alert>
      ) : (
        <PageLoader />
      )}
    </Stack>
  );
}
