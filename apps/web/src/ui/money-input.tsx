import type { NumberInputProps } from '@mantine/core';
import { currencyDigits } from '@kinetic/shared';
import { SpecNumberInput } from './spec-number-input.tsx';

/** An amount in the company's currency, typed in major units with as many decimals as the currency has. */
export function MoneyInput({ currency, ...props }: NumberInputProps & { currency: string }) {
  return <SpecNumberInput decimals={currencyDigits(currency)} fixedDecimalScale={false} {...props} />;
}
