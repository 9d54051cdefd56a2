import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import '../test/render-page.tsx';
import { moneyLocale, setMoneyLocale } from '@kinetic/shared';
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

  it('reads and writes amounts with the company’s decimal mark: 12,50 and 1.234,50 in de-DE', () => {
    const before = moneyLocale();
    setMoneyLocale('de-DE');
    try {
      function Price() {
        const [value, setValue] = useState<string | number>('');
        return (
          <MantineProvider>
            <SpecNumberInput label="Price" decimals={2} value={value} onChange={setValue} />
            <output>{String(value)}</output>
          </MantineProvider>
        );
      }
      render(<Price />);
      const input = screen.getByLabelText('Price') as HTMLInputElement;
      fireEvent.change(input, { target: { value: '12,50' } });
      expect(Number(screen.getByRole('status').textContent)).toBe(12.5);
      fireEvent.change(input, { target: { value: '1.234,50' } });
      expect(Number(screen.getByRole('status').textContent)).toBe(1234.5);
      expect(input.value).toBe('1.234,50');
    } finally {
      setMoneyLocale(before);
    }
  });
});
