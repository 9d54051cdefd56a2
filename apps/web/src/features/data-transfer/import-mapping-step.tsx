import { Alert, Button, Group, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import type { FormEvent } from 'react';
import {
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  type DateOrder,
  type ImportField,
  type ImportMapping,
  type ImportUploadDto,
} from '@kinetic/shared';
import { BusyButton } from '../../ui/busy-button.tsx';

const PACKAGE_FIELDS: readonly ImportField[] = ['packageName', 'creditsRemaining', 'packageExpiresOn'];
const NOT_IMPORTED = '';

/** Up to three values of a column from the sample rows, so the owner sees what the column holds. */
function samplesOf(upload: ImportUploadDto, column: string | null | undefined): string {
  if (!column) return '';
  const index = upload.columns.indexOf(column);
  const values = upload.sampleRows
    .map((row) => (row[index] ?? '').trim())
    .filter(Boolean)
    .slice(0, 3);
  return values.length > 0 ? `e.g. ${values.join(' · ')}` : 'empty in the first rows';
}

/**
 * The mapping step: each Kinetic field with a select of the file's columns, pre-filled from the
 * suggestion, and sample values of the chosen column. An archive's packages come from its own file.
 */
export function ImportMappingStep(props: {
  upload: ImportUploadDto;
  mapping: ImportMapping;
  dateOrder: DateOrder;
  onChange: (mapping: ImportMapping) => void;
  onDateOrder: (order: DateOrder) => void;
  onSubmit: () => void;
  onCancel: () => void;
  busy: boolean;
  error: string | null;
  fieldErrors: Record<string, string>;
}) {
  const { upload, mapping } = props;
  const archive = upload.job.source === 'archive';
  const fields = IMPORT_FIELDS.filter((field) => !(archive && PACKAGE_FIELDS.includes(field)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby="import-mapping-heading">
      <Stack gap="sm">
        <Text size="sm">
          {upload.job.fileName}: {upload.job.totalRows.toLocaleString()} rows, {upload.columns.length}{' '}
          columns. Choose which column holds each detail; Kinetic has filled in the ones it recognised. Email
          and a name are needed.
        </Text>
        {archive ? (
          <Alert color="secondary" variant="light" title="A Kinetic export">
            {upload.packageRows
              ? `${upload.packageRows.toLocaleString()} active memberships and class packs are in the archive; each is given to its client when you have a package of the same name.`
              : 'The archive has no active memberships or class packs.'}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          {fields.map((field) => (
            <div key={field}>
              <NativeSelect
                label={IMPORT_FIELD_LABELS[field].label}
                description={IMPORT_FIELD_LABELS[field].description || undefined}
                required={field === 'email'}
                error={props.fieldErrors[`mapping.${field}`]}
                value={mapping[field] ?? NOT_IMPORTED}
                onChange={(event) =>
                  props.onChange({ ...mapping, [field]: event.currentTarget.value || null })
                }
                data={[
                  { value: NOT_IMPORTED, label: 'Not imported' },
                  ...upload.columns.map((column) => ({ value: column, label: column })),
                ]}
                data-testid={`map-${field}`}
              />
              <Text size="xs" c="dimmed" mt={2}>
                {samplesOf(upload, mapping[field])}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        <NativeSelect
          label="Dates like 03/04/1990 are"
          value={props.dateOrder}
          onChange={(event) => props.onDateOrder(event.currentTarget.value as DateOrder)}
          data={[
            { value: 'mdy', label: 'Month first (March 4)' },
            { value: 'dmy', label: 'Day first (3 April)' },
          ]}
          maw={320}
        />
        {props.error ? (
          <Alert color="red" role="alert" title="The rows could not be checked">
            {props.error}
          </Alert>
        ) : null}
        <Group gap="sm">
          <BusyButton type="submit" busy={props.busy}>
            Check the rows
          </BusyButton>
          <Button variant="default" onClick={props.onCancel}>
            Choose another file
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
