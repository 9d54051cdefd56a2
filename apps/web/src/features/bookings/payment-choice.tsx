import { Radio, Stack, Text } from '@mantine/core';
import type { PaymentOptionsDto } from '@kinetic/shared';
import { DROP_IN, money, paymentChoices } from './booking-labels.ts';

/**
 * Says before booking what the place will use ("Uses 1 credit of your 10-Class Pack", "Drop-in: $25.00,
 * paid at the studio"); with more than one way to pay, every way is in sight as a radio, so the arrow
 * keys never change it unseen (and the Book button names the one chosen).
 */
export function PaymentChoice({
  options,
  value,
  onChange,
}: {
  options: PaymentOptionsDto | undefined;
  value: string | null;
  onChange: (value: string) => void;
}) {
  if (!options) return null;
  const choices = paymentChoices(options);
  const unusable = options.packages.filter((held) => !held.usable);
  if (choices.length <= 1)
    return (
      <Stack gap={2}>
        <Text size="sm">{options.best.label}.</Text>
        {options.best.kind === DROP_IN && unusable.length > 0 ? (
          <Text size="sm" c="dimmed">
            {unusable.map((held) => held.problem).join(' ')}
          </Text>
        ) : null}
      </Stack>
    );
  return (
    <Radio.Group label="Pay with" value={value ?? choices[0]?.value ?? ''} onChange={onChange}>
      <Stack gap={0} mt={4}>
        {choices.map((choice) => (
          <Radio
            key={choice.value}
            value={choice.value}
            label={choice.label}
            styles={{ body: { minHeight: 44, alignItems: 'center' } }}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}

/** What a place on the waitlist will use if one opens: the best the client holds then (the server's rule). */
export function waitlistPaymentNote(options: PaymentOptionsDto | undefined): string | null {
  if (!options) return null;
  const held = options.packages.find((entry) => entry.clientPackageId === options.best.clientPackageId);
  if (held)
    return held.kind === 'class-pack'
      ? `If a place opens for you, it uses 1 credit of ${held.name}.`
      : `If a place opens for you, it uses your ${held.name}.`;
  if (options.best.kind === DROP_IN)
    return `If a place opens for you, it is a ${money(options.dropInPrice, options.currency)} drop-in, paid at the studio (or a package you hold by then).`;
  return null;
}
