import { Modal } from '@mantine/core';
import type { FitnessSessionDto } from '@kinetic/shared';
import { useCreateFitnessSession } from './api/create-fitness-session.ts';
import { ClassForm, type ClassFormChoices } from './class-form.tsx';
import { toClassBody, type ClassFormValues } from './class-form-values.ts';

interface NewClassDialogProps extends ClassFormChoices {
  companyId: string;
  /** The form's first values (the slot clicked); null closes the dialog. */
  start: ClassFormValues | null;
  onClose: () => void;
  onCreated: (series: FitnessSessionDto) => void;
}

export function NewClassDialog({ companyId, start, onClose, onCreated, ...choices }: NewClassDialogProps) {
  const create = useCreateFitnessSession(companyId);
  return (
    <Modal opened={start !== null} onClose={onClose} title="New class" size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      {start ? (
        <ClassForm
          {...choices}
          initialValues={start}
          submitLabel="Create class"
          busy={create.isPending}
          onCancel={onClose}
          onSave={async (values) => {
            onCreated(await create.mutateAsync(toClassBody(values)));
          }}
        />
      ) : null}
    </Modal>
  );
}
