import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import '../test/render-page.tsx';
import { SpecNumberInput } from './spec-number-input.tsx';

function Field() {
  const [value, setValue] = useState<string | number>('');
  return (
    <MantineProvider>
      <SpecNumberInput label="Capacity" value={value} onChange={setValue} />
      <output>{String(value)}</output>
    </MantineProvider>
  );
}

afterEach(cleanup);

describe('SpecNumberInput (spec §5 number fields)', () => {
  it('refuses the keys plus, minus, e and E as they are typed', () => {
    render(<Field />);
    const input = screen.getByLabelText('Capacity');
    for (const key of ['+', '-', 'e', 'E']) {
      const event = fireEvent.keyDown(input, { key });
      expect(event, key).toBe(false);
    }
    expect(fireEvent.keyDown(input, { key: '5' })).toBe(true);
  });

  it('keeps an empty field empty', () => {
    render(<Field />);
    const input = screen.getByLabelText('Capacity') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '12' } });
    fireEvent.change(input, { target: { value: '' } });
    expect(input.value).toBe('');
  });
});
