import { Alert, Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useAppBase } from '../../shell/use-app-base.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useMe } from '../accounts/api/get-me.ts';
import { useStudios } from './api/list-studios.ts';
import { StudioCard } from './studio-card.tsx';

/** Admin menu › Studios: each studio with its rooms and today's hours; changes are made in Settings. */
export function StudiosPage() {
  usePageTitle('Studios');
  const base = useAppBase();
  const me = useMe();
  const companyId = me.data?.company.id ?? '';
  const studios = useStudios(companyId);
  const manage = me.data?.can.manageStudios ?? false;
  return (
    <Stack gap="md" maw={960}>
      <Stack gap={4}>
        <Title order={1}>Studios</Title>
        <Text c="dimmed">
          Your studios, their rooms and today&apos;s opening hours.
          {manage ? (
            <>
              {' '}
              <Anchor component={Link} to={`${base}/settings/studios`} underline="always">
                Manage studios in Settings
              </Anchor>
            </>
          ) : null}
        </Text>
      </Stack>
      {studios.isError ? (
        <Alert color="red" role="alert" title="The studios could not be loaded">
          {studios.error.message}
        </Alert>
      ) : !studios.data ? (
        <PageLoader />
      ) : studios.data.items.length === 0 ? (
        <Paper withBorder p="lg" radius="md">
          <Stack gap="xs" align="flex-start">
            <Title order={2} size="h4">
              No studios yet
            </Title>
            <Text>
              {manage
                ? 'Add a studio with its rooms and opening hours in Settings, then schedule classes there.'
                : 'The owner or an admin has not added a studio yet.'}
            </Text>
            {manage ? (
              <Button component={Link} to={`${base}/settings/studios/new`} variant="light">
                Add a studio
              </Button>
            ) : null}
          </Stack>
        </Paper>
      ) : (
        <Stack gap="md">
          {studios.data.items.map((studio) => (
            <StudioCard
              key={studio.id}
              studio={studio}
              showRooms
              actions={
                manage ? (
                  <Anchor component={Link} to={`${base}/settings/studios/${studio.id}`} fw={700}>
                    Edit {studio.name}
                  </Anchor>
                ) : null
              }
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
