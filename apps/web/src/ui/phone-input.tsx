import { TextInput, type TextInputProps } from '@mantine/core';
import { formatPhone } from '@kinetic/shared';

/** A phone field that keeps the spec's (xxx) xxx-xxxx shape and at most ten digits as the user types. */
export function PhoneInput({
  onPhoneChange,
  ...props
}: Omit<TextInputProps, 'onChange'> & { onPhoneChange: (value: string) => void }) {
  return (
    <TextInput
      label="Phone"
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      placeholder="(555) 123-4567"
      {...props}
      onChange={(event) => onPhoneChange(formatPhone(event.currentTarget.value))}
    />
  );
}
