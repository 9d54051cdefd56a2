import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { settingsTitle } from '../../shell/menu.ts';
import { useAppBase, useIsSolo } from '../../shell/use-app-base.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useMe } from '../accounts/api/get-me.ts';
import { useStudios } from './api/list-studios.ts';
import { DeleteStudioButton } from './delete-studio-button.tsx';
import { StudioCard } from './studio-card.tsx';

/** The "added" note a new studio's save leaves for this page, with the next onboarding step. */
export function SavedNote({ title }: { title: string }) {
  const base = useAppBase();
  const solo = useIsSolo();
  const me = useMe();
  const next = me.data?.onBoardingData[0];
  return (
    // The light variant paints the title in a green under 4.5:1 on its tint (even green.9); this one reads at AA.
    <Alert color="green" variant="light" role="status" title={title} styles={{ label: { color: '#1f5f2c' } }}>
      {next ? (
        <Anchor component={Link} to={`${base}/settings/${next}`} fw={700}>
          Next: {settingsTitle(next, solo)}
        </Anchor>
      ) : (
        <Text>Your changes are saved.</Text>
      )}
    </Alert>
  );
}

/** Settings › Studios: every studio, with Add, Edit and Delete for those who manage studios. */
export function StudiosSettingsPage() {
  usePageTitle('Studios');
  const base = useAppBase();
  const me = useMe();
  const companyId = me.data?.company.id ?? '';
  const studios = useStudios(companyId);
  const manage = me.data?.can.manageStudios ?? false;
  const location = useLocation();
  const navigate = useNavigate();
  // The note is read once and the history entry cleared, so a reload or Back does not repeat it.
  const [added] = useState(() => (location.state as { added?: string } | null)?.added);
  const hasState = Boolean(location.state);
  useEffect(() => {
    if (hasState) void navigate(location.pathname, { replace: true, state: null });
  }, [hasState, location.pathname, navigate]);

  return (
    <Stack gap="md" maw={820}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={1}>Studios</Title>
          <Text c="dimmed">Where classes take place: address, opening hours, rooms and amenities.</Text>
        </Stack>
        {manage ? (
          <Button component={Link} to={`${base}/settings/studios/new`}>
            Add studio
          </Button>
        ) : null}
      </Group>
      {added ? <SavedNote title={`${added} added`} /> : null}
      {!manage && me.data ? (
        <Alert color="secondary" variant="light" title="Read only">
          You need the “Manage settings” ability to change studios. Ask the business owner or an admin.
        </Alert>
      ) : null}
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
                ? 'Add your first studio with its opening hours and rooms, so classes have somewhere to take place.'
                : 'The owner or an admin has not added a studio yet.'}
            </Text>
            {manage ? (
              <Button component={Link} to={`${base}/settings/studios/new`} variant="light">
                Add your first studio
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
              actions={
                manage ? (
                  <Group gap="xs">
                    <Button
                      component={Link}
                      to={`${base}/settings/studios/${studio.id}`}
                      variant="default"
                      aria-label={`Edit ${studio.name}`}
                    >
                      Edit
                    </Button>
                    <DeleteStudioButton companyId={companyId} studio={studio} />
                  </Group>
                ) : null
              }
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
