import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderRoutes } from '../test/render-page.tsx';
import { useFormSubmit } from './api-form-error.ts';
import { BusyButton } from './busy-button.tsx';

afterEach(cleanup);

/** A form whose save the test settles by hand. */
function SaveForm({ onSubmitted }: { onSubmitted: () => void }) {
  const [busy, setBusy] = useState(false);
  const [release, setRelease] = useState<(() => void) | null>(null);
  const { runSubmit } = useFormSubmit({ setErrors: () => {} });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    onSubmitted();
    setBusy(true);
    void runSubmit(
      () =>
        new Promise<void>((resolve) => {
          setRelease(() => () => {
            setBusy(false);
            resolve();
          });
        }),
    );
  };
  return (
    <form onSubmit={submit}>
      <label>
        City
        <input name="city" />
      </label>
      <BusyButton type="submit" busy={busy}>
        Save
      </BusyButton>
      <button type="button" onClick={() => release?.()}>
        Answer
      </button>
    </form>
  );
}

describe('a button whose action takes a request', () => {
  it('stays focusable while busy (aria-disabled, not disabled), ignores clicks, and keeps focus after', async () => {
    let submitted = 0;
    renderRoutes([{ path: '/', element: <SaveForm onSubmitted={() => (submitted += 1)} /> }], '/');
    const save = await screen.findByRole('button', { name: 'Save' });
    save.focus();
    fireEvent.click(save);
    await waitFor(() => expect(save.getAttribute('data-loading')).not.toBeNull());
    expect(save.hasAttribute('disabled')).toBe(false);
    expect(save.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(save);

    // A second click (or Enter in a field) while the first save runs does not send the form again.
    fireEvent.click(save);
    expect(submitted).toBe(1);

    fireEvent.click(screen.getByRole('button', { name: 'Answer' }));
    await waitFor(() => expect(save.getAttribute('data-loading')).toBeNull());
    expect(save.hasAttribute('aria-disabled')).toBe(false);
    // The test clicked "Answer" with fireEvent, which does not move focus: Save still has it.
    expect(document.activeElement).toBe(save);
  });

  it('the submit helper puts focus back on what started the work if it dropped to the page meanwhile', async () => {
    renderRoutes([{ path: '/', element: <SaveForm onSubmitted={() => {}} /> }], '/');
    const save = await screen.findByRole('button', { name: 'Save' });
    save.focus();
    fireEvent.click(save);
    await waitFor(() => expect(save.getAttribute('data-loading')).not.toBeNull());
    save.blur();
    expect(document.activeElement).toBe(document.body);
    fireEvent.click(screen.getByRole('button', { name: 'Answer' }));
    await waitFor(() => expect(document.activeElement).toBe(save));
  });

  it('is really disabled when disabled and not busy', async () => {
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <BusyButton busy={false} disabled>
              Continue
            </BusyButton>
          ),
        },
      ],
      '/',
    );
    const button = await screen.findByRole('button', { name: 'Continue' });
    expect(button.hasAttribute('disabled')).toBe(true);
  });
});
