import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { packageTermsLabel, type PackageKind } from '@kinetic/shared';
import { PageLoader } from '../../ui/page-loader.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useMe } from '../accounts/api/get-me.ts';
import { ConfirmActionButton } from '../class-templates/confirm-action-button.tsx';
import { byLabel, focusWhenGone } from './focus-when-gone.ts';
import {
  setPackageArchived,
  usePackageMutation,
  usePackages,
  type PackageStatus,
} from './api/packages-api.ts';
import { StatusNote } from '../../ui/status-note.tsx';

const KIND_PATH: Record<PackageKind, string> = { membership: 'membership', 'class-pack': 'class-pack' };

/** Settings › Packages: memberships and class packs, with edit, copy, archive and restore. */
export function PackagesPage() {
  usePageTitle('Packages');
  const me = useMe();
  const companyId = me.data?.company.id ?? '';
  const manage = me.data?.can.manageSettings ?? false;
  const [status, setStatus] = useState<PackageStatus>('active');
  const [note, setNote] = useState<string | null>(null);

  return (
    <Stack gap="md" maw={820}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={1}>Packages</Title>
          <Text c="dimmed">Memberships and class packs clients buy, and which classes they pay for.</Text>
        </Stack>
        {manage ? (
          <Group gap="sm">
            <Button component={Link} to="membership">
              Add membership
            </Button>
            <Button component={Link} to="class-pack" variant="light">
              Add class pack
            </Button>
          </Group>
        ) : null}
      </Group>
      <StatusNote note={note} />
      <SegmentedControl
        aria-label="Which packages"
        value={status}
        onChange={(value) => {
          setStatus(value as PackageStatus);
          setNote(null);
        }}
        data={[
          { value: 'active', label: 'On sale' },
          { value: 'archived', label: 'Archived' },
        ]}
        w="fit-content"
      />
      {(['membership', 'class-pack'] as const).map((kind) => (
        <PackageSection
          key={kind}
          companyId={companyId}
          kind={kind}
          status={status}
          manage={manage}
          onNote={setNote}
        />
      ))}
    </Stack>
  );
}

function PackageSection({
  companyId,
  kind,
  status,
  manage,
  onNote,
}: {
  companyId: string;
  kind: PackageKind;
  status: PackageStatus;
  manage: boolean;
  onNote: (note: string) => void;
}) {
  const list = usePackages(companyId, kind, status);
  const archive = usePackageMutation(companyId, setPackageArchived);
  const title = kind === 'membership' ? 'Memberships' : 'Class packs';
  const headingId = `packages-${kind}`;
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId} tabIndex={-1}>
        {title}
      </Title>
      {list.isError ? (
        <Alert color="red" role="alert" title={`The ${title.toLowerCase()} could not be loaded`}>
          {list.error.message}
        </Alert>
      ) : !list.data ? (
        <PageLoader />
      ) : list.data.items.length === 0 ? (
        <Text c="dimmed">
          {status === 'archived'
            ? `No archived ${title.toLowerCase()}.`
            : kind === 'membership'
              ? 'No memberships yet: add one such as “Unlimited Monthly” or “8 Classes a Month”.'
              : 'No class packs yet: add one such as “10-Class Pack”.'}
        </Text>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {list.data.items.map((item, index, all) => (
            <Paper key={item.id} component="li" withBorder p="md" radius="md" data-package-id={item.id}>
              <Stack gap={6}>
                <Group gap="xs" wrap="wrap">
                  <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                    {item.name}
                  </Text>
                  {item.introOffer ? (
                    <Badge color="grape.9" variant="filled">
                      Intro offer
                    </Badge>
                  ) : null}
                </Group>
                <Text size="sm">{packageTermsLabel(item)}</Text>
                {item.description ? (
                  <Text size="sm" c="dimmed">
                    {item.description}
                  </Text>
                ) : null}
                <Text size="sm" c="dimmed">
                  {item.activeHolders === 1 ? '1 client holds it' : `${item.activeHolders} clients hold it`}
                </Text>
                {manage ? (
                  <Group gap="xs">
                    {!item.archived ? (
                      <>
                        <Button
                          size="xs"
                          variant="default"
                          component={Link}
                          to={`${KIND_PATH[kind]}/edit/${item.id}`}
                          aria-label={`Edit ${item.name}`}
                        >
                          Edit
                        </Button>
                        <Button
                          size="xs"
                          variant="default"
                          component={Link}
                          to={`${KIND_PATH[kind]}/copy/${item.id}`}
                          aria-label={`Copy ${item.name}`}
                        >
                          Copy
                        </Button>
                      </>
                    ) : null}
                    <ConfirmActionButton
                      label={item.archived ? 'Restore' : 'Archive'}
                      ariaLabel={`${item.archived ? 'Restore' : 'Archive'} ${item.name}`}
                      title={`${item.archived ? 'Restore' : 'Archive'} ${item.name}?`}
                      confirmLabel={item.archived ? 'Put it on sale again' : 'Stop selling it'}
                      failedTitle="That did not work"
                      busy={archive.isPending}
                      color={item.archived ? undefined : 'red'}
                      variant="subtle"
                      run={async () => {
                        await archive.mutateAsync({ packageId: item.id, archived: !item.archived });
                        onNote(
                          item.archived
                            ? `${item.name} is on sale again.`
                            : `${item.name} archived: clients who hold it keep it.`,
                        );
                        // It leaves this list: focus goes to the next package's first button (or the one
                        // before), else this section's heading — not to the top of the page.
                        const next = all[index + 1] ?? all[index - 1];
                        focusWhenGone(
                          () => !document.querySelector(`[data-package-id="${item.id}"]`),
                          () =>
                            (next ? byLabel(`${next.archived ? 'Restore' : 'Edit'} ${next.name}`) : null) ??
                            document.getElementById(headingId),
                        );
                      }}
                    >
                      {item.archived
                        ? `${item.name} goes back on sale.`
                        : `${item.name} will no longer be sold. Clients who hold it keep it until it ends.`}
                    </ConfirmActionButton>
                  </Group>
                ) : null}
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
