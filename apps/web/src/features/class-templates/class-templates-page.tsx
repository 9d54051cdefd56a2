import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  Modal,
  Pagination,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ClassTemplateDto } from '@kinetic/shared';
import { PageLoader } from '../../ui/page-loader.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useMe } from '../accounts/api/get-me.ts';
import { useCompanyDetails } from '../company-details/api/get-company-details.ts';
import { useArchiveClassTemplate } from './api/archive-class-template.ts';
import { useCopyClassTemplate } from './api/copy-class-template.ts';
import { TEMPLATES_PAGE_SIZE, useClassTemplates, type TemplateStatus } from './api/list-class-templates.ts';
import { useRestoreClassTemplate } from './api/restore-class-template.ts';
import { ClassTemplateCard } from './class-template-card.tsx';
import { ClassTemplateForm } from './class-template-form.tsx';
import { ConfirmActionButton } from './confirm-action-button.tsx';
import { StatusNote } from '../../ui/status-note.tsx';

type Editing = { mode: 'add' } | { mode: 'edit'; template: ClassTemplateDto } | null;

/** Settings › Templates: the classes a studio runs, to schedule from; copy, edit, archive and restore. */
export function ClassTemplatesPage() {
  usePageTitle('Templates');
  const me = useMe();
  const companyId = me.data?.company.id ?? '';
  const manage = me.data?.can.manageSettings ?? false;
  const details = useCompanyDetails(companyId);
  const [status, setStatus] = useState<TemplateStatus>('active');
  const [page, setPage] = useState(1);
  const templates = useClassTemplates(companyId, status, page);
  const [editing, setEditing] = useState<Editing>(null);
  const [note, setNote] = useState<string | null>(null);
  const narrow = useMediaQuery('(max-width: 47.99em)') ?? false;
  const copy = useCopyClassTemplate(companyId);
  const archive = useArchiveClassTemplate(companyId);
  const restore = useRestoreClassTemplate(companyId);
  const currency = details.data?.currency ?? templates.data?.items[0]?.currency ?? 'USD';
  const pages = Math.max(1, Math.ceil((templates.data?.total ?? 0) / TEMPLATES_PAGE_SIZE));

  const showStatus = (value: string) => {
    setStatus(value as TemplateStatus);
    setPage(1);
    setNote(null);
  };

  const saved = (template: ClassTemplateDto) => {
    setNote(editing?.mode === 'edit' ? `${template.name} saved.` : `${template.name} added.`);
    setEditing(null);
  };

  const actions = (template: ClassTemplateDto) =>
    template.archived ? (
      <Group gap="xs">
        <ConfirmActionButton
          label="Restore"
          ariaLabel={`Restore ${template.name}`}
          title={`Restore ${template.name}?`}
          confirmLabel="Restore the template"
          failedTitle="The template was not restored"
          busy={restore.isPending}
          run={async () => {
            await restore.mutateAsync(template.id);
            setNote(`${template.name} restored: it is back in the active templates.`);
          }}
        >
          {template.name} goes back to the active templates, ready to schedule.
        </ConfirmActionButton>
      </Group>
    ) : (
      <Group gap="xs">
        <Button
          variant="default"
          aria-label={`Edit ${template.name}`}
          onClick={() => setEditing({ mode: 'edit', template })}
        >
          Edit
        </Button>
        <ConfirmActionButton
          label="Copy"
          ariaLabel={`Copy ${template.name}`}
          title={`Copy ${template.name}?`}
          confirmLabel="Make a copy"
          failedTitle="The template was not copied"
          busy={copy.isPending}
          run={async () => {
            const made = await copy.mutateAsync(template.id);
            setNote(`Copied as ${made.name}. Edit the copy to change it.`);
          }}
        >
          A new active template is made with the same details, named as a copy. {template.name} stays as it
          is.
        </ConfirmActionButton>
        <ConfirmActionButton
          label="Archive"
          ariaLabel={`Archive ${template.name}`}
          title={`Archive ${template.name}?`}
          confirmLabel="Archive the template"
          failedTitle="The template was not archived"
          busy={archive.isPending}
          color="red"
          variant="subtle"
          run={async () => {
            await archive.mutateAsync(template.id);
            setNote(`${template.name} archived. Find it under Archived to restore it.`);
          }}
        >
          {template.name} will no longer be offered when you schedule classes. Classes already scheduled stay.
          You can restore it from Archived.
        </ConfirmActionButton>
      </Group>
    );

  const list = templates.data?.items ?? [];

  return (
    <Stack gap="md" maw={820}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={1}>Templates</Title>
          <Text c="dimmed">
            The classes you run: length, room for how many, drop-in price and calendar colour.
          </Text>
        </Stack>
        {manage ? <Button onClick={() => setEditing({ mode: 'add' })}>Add template</Button> : null}
      </Group>
      {!manage && me.data ? (
        <Alert color="secondary" variant="light" title="Read only">
          You need the “Manage settings” ability to change templates. Ask the business owner or an admin.
        </Alert>
      ) : null}
      <StatusNote note={note} />
      <SegmentedControl
        aria-label="Which templates"
        value={status}
        onChange={showStatus}
        data={[
          { value: 'active', label: 'Active' },
          { value: 'archived', label: 'Archived' },
        ]}
        w="fit-content"
      />
      {templates.isError ? (
        <Alert color="red" role="alert" title="The templates could not be loaded">
          {templates.error.message}
        </Alert>
      ) : !templates.data ? (
        <PageLoader />
      ) : list.length === 0 ? (
        <Paper withBorder p="lg" radius="md">
          <Stack gap="xs" align="flex-start">
            <Title order={2} size="h4">
              {status === 'active' ? 'No templates yet' : 'No archived templates'}
            </Title>
            <Text>
              {status === 'archived'
                ? 'Templates you archive are kept here, ready to restore.'
                : manage
                  ? 'Add a template for each class you run, such as Morning Yoga, 60 minutes, 20 people; you schedule classes from them.'
                  : 'The owner or an admin has not added a template yet.'}
            </Text>
            {manage && status === 'active' ? (
              <Button variant="light" onClick={() => setEditing({ mode: 'add' })}>
                Add your first template
              </Button>
            ) : null}
          </Stack>
        </Paper>
      ) : (
        <Stack gap="md">
          {list.map((template) => (
            <ClassTemplateCard
              key={template.id}
              template={template}
              actions={manage ? actions(template) : null}
            />
          ))}
          {pages > 1 ? <Pagination total={pages} value={page} onChange={setPage} aria-label="Pages" /> : null}
        </Stack>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.mode === 'edit' ? `Edit ${editing.template.name}` : 'Add a template'}
        size="lg"
        fullScreen={narrow}
        returnFocus
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {editing ? (
          <ClassTemplateForm
            companyId={companyId}
            currency={editing.mode === 'edit' ? editing.template.currency : currency}
            template={editing.mode === 'edit' ? editing.template : undefined}
            onCancel={() => setEditing(null)}
            onSaved={saved}
          />
        ) : null}
      </Modal>
    </Stack>
  );
}
