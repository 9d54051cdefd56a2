import { Button, Group } from '@mantine/core';
import { BusyButton } from './busy-button.tsx';
import { FormSubmitError } from './form-submit-error.tsx';

/** The foot of a dialog's form: what the server refused (if anything), then Save (busy while sending) and Cancel. */
export function FormActions({
  submitLabel,
  busy,
  error,
  onCancel,
}: {
  submitLabel: string;
  busy: boolean;
  error: string | null;
  onCancel: () => void;
}) {
  return (
    <>
      <FormSubmitError message={error} />
      <Group>
        <BusyButton type="submit" busy={busy}>
          {submitLabel}
        </BusyButton>
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
      </Group>
    </>
  );
}
