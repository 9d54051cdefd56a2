import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import type { PackageKind } from '@kinetic/shared';
import { PageLoader } from '../../ui/page-loader.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useMe } from '../accounts/api/get-me.ts';
import { useCompanyDetails } from '../company-details/api/get-company-details.ts';
import { usePackage } from './api/packages-api.ts';
import { PackageForm } from './package-form.tsx';
import { toPackageFormValues } from './package-values.ts';

type Mode = 'new' | 'edit' | 'copy';

/**
 * `packages/membership`, `membership/edit/{membershipId}`, `membership/copy/{membershipId}` and the same
 * for `class-pack` (spec §2). A copy is a new, unsaved package with the copied terms.
 */
function PackageEditPage({ kind, mode }: { kind: PackageKind; mode: Mode }) {
  const params = useParams();
  const id = kind === 'membership' ? params.membershipId : params.classPackId;
  const noun = kind === 'membership' ? 'membership' : 'class pack';
  const heading = mode === 'edit' ? `Edit ${noun}` : mode === 'copy' ? `Copy a ${noun}` : `Add a ${noun}`;
  usePageTitle(heading);
  const me = useMe();
  const companyId = me.data?.company.id ?? '';
  const details = useCompanyDetails(companyId);
  const saved = usePackage(companyId, mode === 'new' ? undefined : id);
  const navigate = useNavigate();
  const list = mode === 'new' ? '..' : '../../..';
  const currency = details.data?.currency ?? saved.data?.currency;

  let body: React.ReactNode;
  if (saved.isError)
    body = (
      <Alert color="red" role="alert" title={`This ${noun} could not be found`}>
        {saved.error.message}
      </Alert>
    );
  else if (!currency || (mode !== 'new' && !saved.data)) body = <PageLoader />;
  else if (saved.data && saved.data.kind !== kind)
    body = (
      <Alert color="red" role="alert" title={`This is not a ${noun}`}>
        Open it from the packages list.
      </Alert>
    );
  else
    body = (
      <PackageForm
        companyId={companyId}
        currency={currency}
        initialValues={toPackageFormValues(kind, saved.data, currency, mode === 'copy')}
        packageId={mode === 'edit' ? saved.data?.id : undefined}
        onCancel={() => void navigate(list, { relative: 'path' })}
        onSaved={() => void navigate(list, { relative: 'path' })}
      />
    );
  return (
    <Stack gap="md" maw={820}>
      <Anchor component={Link} to={list} relative="path" size="sm">
        Packages
      </Anchor>
      <Title order={1}>{heading}</Title>
      {mode === 'copy' && saved.data ? (
        <Text c="dimmed">
          A new {noun} with the terms of {saved.data.name}; it is saved only when you add it.
        </Text>
      ) : null}
      {body}
    </Stack>
  );
}

export const NewMembershipPage = () => <PackageEditPage kind="membership" mode="new" />;
export const EditMembershipPage = () => <PackageEditPage kind="membership" mode="edit" />;
export const CopyMembershipPage = () => <PackageEditPage kind="membership" mode="copy" />;
export const NewClassPackPage = () => <PackageEditPage kind="class-pack" mode="new" />;
export const EditClassPackPage = () => <PackageEditPage kind="class-pack" mode="edit" />;
export const CopyClassPackPage = () => <PackageEditPage kind="class-pack" mode="copy" />;
