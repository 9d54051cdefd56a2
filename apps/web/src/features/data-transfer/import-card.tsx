import { Alert, FileInput, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { DateOrder, DryRunDto, ImportMapping, ImportUploadDto } from '@kinetic/shared';
import { ApiError } from '../../api/client.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { useMe } from '../accounts/api/get-me.ts';
import {
  importFileProblem,
  useDryRun,
  useImportProgress,
  useImports,
  useStartImport,
  useUploadImport,
} from './import-api.ts';
import { ImportDryRunStep } from './import-dry-run-step.tsx';
import { ImportMappingStep } from './import-mapping-step.tsx';
import { ImportProgressStep } from './import-progress-step.tsx';

type Step = 'choose' | 'mapping' | 'dry-run' | 'progress';

const STEP_TITLES: Record<Step, string> = {
  choose: 'Import clients',
  mapping: 'Import clients: match the columns',
  'dry-run': 'Import clients: check the result',
  progress: 'Import clients: importing',
};

const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError ? error.message : error instanceof Error ? error.message : fallback;

/**
 * Settings › Import & Export, the import (issue 18 §5): choose a file (a CSV from any studio software or a
 * Kinetic export), match its columns, read the dry run, start the import and follow its progress.
 * Each step's heading takes the focus, so keyboard and screen-reader users land on what changed.
 */
export function ImportCard() {
  const me = useMe();
  const companyId = me.data?.company.id ?? '';
  const can = me.data?.can;
  const allowed = can ? can.manageSettings && can.manageClients : true;
  const [step, setStep] = useState<Step>('choose');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [upload, setUpload] = useState<ImportUploadDto | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [dateOrder, setDateOrder] = useState<DateOrder>('mdy');
  const [dryRun, setDryRun] = useState<DryRunDto | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [importId, setImportId] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const uploadFile = useUploadImport();
  const check = useDryRun();
  const start = useStartImport();
  const progress = useImportProgress(companyId, step === 'progress' ? importId : null);
  const imports = useImports(companyId);

  // Coming back while an import runs shows its progress.
  const running = imports.data?.items.find((item) => item.status === 'queued' || item.status === 'running');
  useEffect(() => {
    if (running && step === 'choose' && !importId) {
      setImportId(running.id);
      setStep('progress');
    }
  }, [running, step, importId]);

  useEffect(() => {
    if (moved.current) heading.current?.focus();
  }, [step]);
  const go = (next: Step) => {
    moved.current = true;
    setError(null);
    setFieldErrors({});
    setStep(next);
  };

  const read = async (event: FormEvent) => {
    event.preventDefault();
    const problem = file ? importFileProblem(file) : 'Choose a file first.';
    if (problem || !file) {
      setFileError(problem);
      return;
    }
    setFileError(null);
    try {
      const answer = await uploadFile.mutateAsync(file);
      setUpload(answer);
      setMapping(answer.suggestedMapping);
      go('mapping');
    } catch (failure) {
      setFileError(messageOf(failure, 'The file could not be read.'));
    }
  };

  const runDryRun = async () => {
    if (!upload) return;
    setError(null);
    try {
      const answer = await check.mutateAsync({
        importId: upload.job.id,
        body: { mapping, options: { dateOrder } },
      });
      setDryRun(answer);
      go('dry-run');
    } catch (failure) {
      setError(messageOf(failure, 'The rows could not be checked.'));
      setFieldErrors(failure instanceof ApiError ? failure.errors : {});
    }
  };

  const startImport = async () => {
    if (!upload) return;
    try {
      const job = await start.mutateAsync(upload.job.id);
      setImportId(job.id);
      go('progress');
    } catch (failure) {
      setError(messageOf(failure, 'The import could not start.'));
    }
  };

  const reset = () => {
    setFile(null);
    setUpload(null);
    setDryRun(null);
    setImportId(null);
    void imports.refetch();
    go('choose');
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="import-heading">
      <Stack gap="sm">
        <Title
          order={2}
          size="h3"
          id="import-heading"
          ref={heading}
          tabIndex={-1}
          // The heading takes the focus on each step: keep it clear of the sticky header when scrolled to.
          style={{ scrollMarginTop: 'calc(var(--app-shell-header-height, 60px) + 1rem)' }}
        >
          {step === 'progress' && progress.data?.status === 'done'
            ? 'Import clients: finished'
            : step === 'progress' && progress.data?.status === 'failed'
              ? 'Import clients: stopped'
              : STEP_TITLES[step]}
        </Title>
        {!allowed ? (
          <Alert color="secondary" variant="light" title="Not available to you">
            Importing clients needs the “Manage settings” and “Manage clients” abilities. Ask the business
            owner or an admin.
          </Alert>
        ) : step === 'choose' ? (
          <form onSubmit={read} noValidate>
            <Stack gap="sm">
              <Text size="sm">
                Bring your clients from another system: a CSV export from Mindbody, Mariana Tek, Momence,
                Arketa, Glofox, Zen Planner or a spreadsheet, or a Kinetic export archive (.zip). You match
                the columns and see what would be imported before anything is.
              </Text>
              <FileInput
                label="Client file"
                description="A .csv file or a Kinetic export (.zip), at most 20 MB"
                placeholder="Choose a file"
                accept=".csv,.txt,.zip,text/csv,application/zip"
                value={file}
                onChange={(chosen) => {
                  setFile(chosen);
                  setFileError(null);
                }}
                error={fileError}
                clearable
                clearButtonProps={{ 'aria-label': 'Remove the chosen file' }}
                maw={480}
                // Mantine's placeholder grey (#adb5bd) is 2.1:1 on white; the theme's dimmed grey passes (5.9:1).
                styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
                data-testid="import-file"
              />
              <div>
                <BusyButton type="submit" busy={uploadFile.isPending}>
                  Read the file
                </BusyButton>
              </div>
            </Stack>
          </form>
        ) : step === 'mapping' && upload ? (
          <ImportMappingStep
            upload={upload}
            mapping={mapping}
            dateOrder={dateOrder}
            onChange={setMapping}
            onDateOrder={setDateOrder}
            onSubmit={() => void runDryRun()}
            onCancel={reset}
            busy={check.isPending}
            error={error}
            fieldErrors={fieldErrors}
          />
        ) : step === 'dry-run' && dryRun ? (
          <ImportDryRunStep
            dryRun={dryRun}
            onStart={() => void startImport()}
            onBack={() => go('mapping')}
            busy={start.isPending}
            error={error}
          />
        ) : (
          <ImportProgressStep job={progress.data} onAnother={reset} />
        )}
      </Stack>
    </Paper>
  );
}
