import { afterEach, describe, expect, it } from 'vitest';
import { focusFirstInvalid } from './focus-first-invalid.ts';

const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));

describe('focusFirstInvalid', () => {
  afterEach(() => document.body.replaceChildren());

  it('focuses the first field in error, also when the errors render a few frames after the refusal', async () => {
    const form = document.createElement('form');
    const first = document.createElement('input');
    const second = document.createElement('input');
    form.append(first, second);
    document.body.append(form);
    focusFirstInvalid(form);
    await frame();
    await frame();
    // The refusal's errors arrive late (React commits them in a task of its own).
    second.setAttribute('aria-invalid', 'true');
    for (let i = 0; i < 3; i += 1) await frame();
    expect(document.activeElement).toBe(second);
  });
});
