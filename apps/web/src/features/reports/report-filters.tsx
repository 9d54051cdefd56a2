import { Group, NativeSelect, TextInput } from '@mantine/core';
import { PERIOD_LABELS, PERIOD_PRESETS, type Period, type PeriodPreset } from './report-period.ts';

export interface PeriodChoice {
  preset: PeriodPreset;
  /** The custom period as typed (the presets' days are worked out from today). */
  custom: Period;
}

/** The period: a preset, or two dates when Custom is chosen. */
export function PeriodFields({
  value,
  onChange,
  error,
}: {
  value: PeriodChoice;
  onChange: (next: PeriodChoice) => void;
  error: string | null;
}) {
  return (
    <Group align="flex-start" wrap="wrap" gap="sm">
      <NativeSelect
        label="Period"
        value={value.preset}
        onChange={(event) => onChange({ ...value, preset: event.currentTarget.value as PeriodPreset })}
        data={PERIOD_PRESETS.map((preset) => ({ value: preset, label: PERIOD_LABELS[preset] }))}
      />
      {value.preset === 'custom' ? (
        <>
          <TextInput
            type="date"
            label="From"
            value={value.custom.from}
            onChange={(event) =>
              onChange({ ...value, custom: { ...value.custom, from: event.currentTarget.value } })
            }
          />
          <TextInput
            type="date"
            label="To"
            value={value.custom.to}
            error={error}
            onChange={(event) =>
              onChange({ ...value, custom: { ...value.custom, to: event.currentTarget.value } })
            }
          />
        </>
      ) : null}
    </Group>
  );
}

/** A select of named choices with an "All …" first. */
export function ChoiceSelect({
  label,
  allLabel,
  value,
  onChange,
  options,
}: {
  label: string;
  allLabel: string;
  value: string | null;
  onChange: (value: string | null) => void;
  options: { id: string; name: string }[];
}) {
  return (
    <NativeSelect
      label={label}
      value={value ?? ''}
      onChange={(event) => onChange(event.currentTarget.value || null)}
      data={[
        { value: '', label: allLabel },
        ...options.map((option) => ({ value: option.id, label: option.name })),
      ]}
    />
  );
}
