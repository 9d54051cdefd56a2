import { NumberInput, type NumberInputProps } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import { isBlockedNumberKey, NUMBER_FIELD_MAX } from '@kinetic/shared';

/**
 * The one number field of the app (spec §5): the keys plus, minus and e are refused as they are
 * typed, no negatives, at most 1e20, and an empty field stays empty (the form decides whether empty
 * is allowed). `decimals` for money in major units; whole numbers otherwise.
 */
export function SpecNumberInput({ decimals = 0, onKeyDown, max = NUMBER_FIELD_MAX, ...props }: NumberInputProps & { decimals?: number }) {
  const blockKeys = (event: KeyboardEvent<HTMLInputElement>) => {
    if (isBlockedNumberKey(event.key)) event.preventDefault();
    onKeyDown?.(event);
  };
  return (
    <NumberInput
      inputMode={decimals > 0 ? 'decimal' : 'numeric'}
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
