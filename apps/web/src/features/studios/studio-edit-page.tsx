import { useState } from 'react';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { useAppBase } from '../../shell/use-app-base.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useMe } from '../accounts/api/get-me.ts';
import { useCreateStudio } from './api/create-studio.ts';
import { useStudio } from './api/get-studio.ts';
import { useUpdateStudio } from './api/update-studio.ts';
import { StudioForm } from './studio-form.tsx';
import { SavedNote } from './studios-settings-page.tsx';

function ReadOnly() {
  return (
    <Alert color="secondary" variant="light" title="Read only">
      You need the “Manage settings” ability to change studios. Ask the business owner or an admin.
    </Alert>
  );
}

/** Settings › Studios › Add studio. Saving it completes the studios onboarding step. */
export function NewStudioPage() {
  usePageTitle('Add studio');
  const base = useAppBase();
  const navigate = useNavigate();
  const me = useMe();
  const companyId = me.data?.company.id ?? '';
  const create = useCreateStudio(companyId);
  return (
    <Stack gap="md" maw={820}>
      <Stack gap={4}>
        <Title order={1}>Add studio</Title>
        <Text c="dimmed">Its address, opening hours, rooms and amenities. You can change them later.</Text>
      </Stack>
      {me.data && !me.data.can.manageStudios ? (
        <ReadOnly />
      ) : (
        <StudioForm
          busy={create.isPending}
          cancelTo={`${base}/settings/studios`}
          save={(body) => create.mutateAsync(body)}
          onSaved={(studio, allowNextNavigation) => {
            allowNextNavigation();
            void navigate(`${base}/settings/studios`, { state: { added: studio.name } });
          }}
        />
      )}
    </Stack>
  );
}

/** Settings › Studios › one studio: edit everything, save once. */
export function EditStudioPage() {
  const { studioId = '' } = useParams();
  const base = useAppBase();
  const me = useMe();
  const companyId = me.data?.company.id ?? '';
  const studio = useStudio(companyId, studioId);
  const update = useUpdateStudio(companyId);
  const [saved, setSaved] = useState(false);
  usePageTitle(studio.data ? `Edit ${studio.data.name}` : 'Edit studio');
  return (
    <Stack gap="md" maw={820}>
      <Stack gap={4}>
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {studio.data ? `Edit ${studio.data.name}` : 'Edit studio'}
        </Title>
        <Text c="dimmed">Hours, rooms and amenities you change here are saved together with Save.</Text>
      </Stack>
      {me.data && !me.data.can.manageStudios ? (
        <ReadOnly />
      ) : studio.isError ? (
        <Alert color="red" role="alert" title="The studio could not be loaded">
          {studio.error.message}
        </Alert>
      ) : studio.data ? (
        <StudioForm
          key={studio.data.id}
          studio={studio.data}
          busy={update.isPending}
          cancelTo={`${base}/settings/studios`}
          save={async (body) => {
            setSaved(false);
            return update.mutateAsync({ studioId, body });
          }}
          onSaved={() => setSaved(true)}
        >
          {saved ? <SavedNote title="Studio saved" /> : null}
        </StudioForm>
      ) : (
        <PageLoader />
      )}
    </Stack>
  );
}
