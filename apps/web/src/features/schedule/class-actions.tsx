import { Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { ClassInstanceDetailsDto, PersonDto, ScheduleScope } from '@kinetic/shared';
import { ApiError } from '../../api/client.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { FormSubmitError } from '../../ui/form-submit-error.tsx';
import { useFitnessSession } from './api/get-fitness-session.ts';
import { useCancelClassInstance } from './api/cancel-class-instance.ts';
import { useSubstituteInstructor } from './api/substitute-instructor.ts';
import { useUpdateFitnessSession } from './api/update-fitness-session.ts';
import { ClassForm, type ClassFormChoices } from './class-form.tsx';
import { editClassValues } from './class-form-values.ts';
import { classTimeLabel } from './class-labels.ts';
import { editBody, wallClock } from './move-class.ts';
import { SCOPE_LABELS, ScopeDialog } from './scope-dialog.tsx';

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : 'Something went wrong');

interface ClassActionsProps extends ClassFormChoices {
  companyId: string;
  item: ClassInstanceDetailsDto;
}

/** Edit (asks the scope first), cancel (asks for a reason) and substitute the instructor. */
export function ClassActions({ companyId, item, ...choices }: ClassActionsProps) {
  const [dialog, setDialog] = useState<'scope' | 'edit' | 'cancel' | 'substitute' | null>(null);
  const [scope, setScope] = useState<ScheduleScope>('one');
  const series = useFitnessSession(companyId, dialog === 'scope' || dialog === 'edit' ? item.fitnessSessionId : undefined);
  const update = useUpdateFitnessSession(companyId);
  const past = Date.parse(item.startsAt) <= Date.now();
  const cancelled = item.status === 'cancelled';
  const close = () => setDialog(null);
  const when = wallClock(item.startsAt, item.timeZone);

  // A cancelled class says so at its title; there is nothing left to do to it.
  if (cancelled) return null;
  return (
    <>
      <Group gap="sm">
        <Button onClick={() => setDialog('scope')} disabled={past}>
          Edit
        </Button>
        <Button variant="default" onClick={() => setDialog('substitute')} disabled={past}>
          Substitute instructor
        </Button>
        <Button variant="outline" color="red.8" onClick={() => setDialog('cancel')} disabled={past}>
          Cancel class
        </Button>
      </Group>
      {past ? (
        <Text size="sm" c="dimmed">
          This class has started; classes in the past are not changed.
        </Text>
      ) : null}
      <ScopeDialog
        opened={dialog === 'scope'}
        title={`Edit ${item.templateName}`}
        busy={false}
        error={null}
        onCancel={close}
        onChoose={(chosen) => {
          setScope(chosen);
          setDialog('edit');
        }}
      />
      <Modal opened={dialog === 'edit'} onClose={close} title={`Edit: ${SCOPE_LABELS[scope].toLowerCase()}`} size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
        {series.data ? (
          <ClassForm
            {...choices}
            initialValues={editClassValues(series.data, item, when.date, when.startTime)}
            hideRepeat={scope === 'one'}
            submitLabel="Save"
            busy={update.isPending}
            onCancel={close}
            onSave={async (values) => {
              await update.mutateAsync({ fitnessSessionId: item.fitnessSessionId, body: editBody(values, scope, item.id, series.data) });
              close();
            }}
          />
        ) : series.isError ? (
          <FormSubmitError message={series.error.message} />
        ) : (
          <Text>Loading the series…</Text>
        )}
      </Modal>
      <CancelDialog companyId={companyId} item={item} opened={dialog === 'cancel'} onClose={close} />
      <SubstituteDialog
        companyId={companyId}
        item={item}
        instructors={choices.instructors}
        opened={dialog === 'substitute'}
        onClose={close}
      />
    </>
  );
}

interface DialogProps {
  companyId: string;
  item: ClassInstanceDetailsDto;
  opened: boolean;
  onClose: () => void;
}

function CancelDialog({ companyId, item, opened, onClose }: DialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const cancel = useCancelClassInstance(companyId);
  const booked = item.bookedCount + item.waitlistCount;
  return (
    <Modal opened={opened} onClose={onClose} title={`Cancel ${item.templateName}?`} closeButtonProps={{ 'aria-label': 'Close' }}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setError(null);
          cancel.mutateAsync({ classInstanceId: item.id, reason: reason.trim() || null }).then(onClose, (failure: unknown) => setError(messageOf(failure)));
        }}
      >
        <Stack gap="md">
          <Text>
            {classTimeLabel(item)}.{' '}
            {booked > 0 ? `The ${booked} booking${booked === 1 ? '' : 's'} end as cancelled by the studio.` : 'No one has booked it yet.'}
          </Text>
          <Textarea label="Reason" description="Optional" maxLength={500} data-autofocus value={reason} onChange={(event) => setReason(event.currentTarget.value)} />
          <FormSubmitError message={error} />
          <Group>
            <BusyButton type="submit" color="red.8" busy={cancel.isPending}>
              Cancel the class
            </BusyButton>
            <Button variant="default" onClick={onClose}>
              Keep the class
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function SubstituteDialog({ companyId, item, instructors, opened, onClose }: DialogProps & { instructors: PersonDto[] }) {
  const [instructorId, setInstructorId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const substitute = useSubstituteInstructor(companyId);
  const data = instructors
    .filter((person) => person.active && person.id !== item.instructorId)
    .map((person) => ({ value: person.id, label: person.name }));
  return (
    <Modal opened={opened} onClose={onClose} title="Substitute instructor" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!instructorId) {
            setError('Choose who teaches this class instead');
            return;
          }
          setError(null);
          substitute.mutateAsync({ classInstanceId: item.id, instructorId }).then(onClose, (failure: unknown) => setError(messageOf(failure)));
        }}
      >
        <Stack gap="md">
          <Text>
            {item.instructorName} teaches {item.templateName} on {classTimeLabel(item)}. The rest of the series keeps its instructor.
          </Text>
          <Select label="Substitute" required data-autofocus data={data} value={instructorId} onChange={setInstructorId} nothingFoundMessage="No other active instructor" />
          <FormSubmitError message={error} />
          <Group>
            <BusyButton type="submit" busy={substitute.isPending}>
              Substitute
            </BusyButton>
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
