import { NumberInput, type NumberInputProps } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import { isBlockedNumberKey, moneyLocale, NUMBER_FIELD_MAX } from '@kinetic/shared';

/** The decimal and grouping marks of a locale: "." and "," in en-US, "," and "." in de-DE. */
export function separatorsOf(locale: string): { decimal: string; group: string } {
  const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
  return {
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
    group: parts.find((part) => part.type === 'group')?.value ?? ',',
  };
}

/**
 * The one number field of the app (spec §5): the keys plus, minus and e are refused as they are
 * typed, amounts use the company's decimal mark, no negatives, at most 1e20, and an empty field stays empty (the form decides whether empty
 * is allowed). `decimals` for money in major units; whole numbers otherwise.
 */
export function SpecNumberInput({ decimals = 0, onKeyDown, max = NUMBER_FIELD_MAX, ...props }: NumberInputProps & { decimals?: number }) {
  const blockKeys = (event: KeyboardEvent<HTMLInputElement>) => {
    if (isBlockedNumberKey(event.key)) event.preventDefault();
    onKeyDown?.(event);
  };
  // Amounts with decimals are typed and shown the company's way (12,50 in de-DE), so a pasted "12,50"
  // is never read as 1250 nor "1.234,50" as 1.23.
  const marks = decimals > 0 ? separatorsOf(moneyLocale()) : null;
  return (
    <NumberInput
      inputMode={decimals > 0 ? 'decimal' : 'numeric'}
      {...(marks
        ? { decimalSeparator: marks.decimal, thousandSeparator: marks.group, allowedDecimalSeparators: [marks.decimal] }
        : {})}
      allowNegative={false}
      allowDecimal={decimals > 0}
      decimalScale={decimals > 0 ? decimals : undefined}
      max={max}
      clampBehavior="none"
      hideControls
      onKeyDown={blockKeys}
      {...props}
    />
  );
}
