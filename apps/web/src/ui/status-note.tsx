import { Alert } from '@mantine/core';

/**
 * The result of a list page's last action ("Archived 10-Class Pack."), in a live region that is on the
 * page before it says anything, so screen readers announce each new note.
 */
export function StatusNote({ note }: { note: string | null | undefined }) {
  return (
    <div role="status" aria-live="polite">
      {note ? (
        // role="none": Mantine's Alert is role="alert" (assertive) by itself; inside this polite live region
        // screen readers announced the note twice.
        <Alert
          role="none"
          color="green"
          variant="light"
          styles={{ message: { color: 'var(--mantine-color-text)' } }}
        >
          {note}
        </Alert>
      ) : null}
    </div>
  );
}
