import { useMemo } from 'react';
import { Select, type SelectProps } from '@mantine/core';

function timeZones(): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes('UTC') ? zones : [...zones, 'UTC'];
}

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** IANA time zones, searchable by typing a city ("Chicago", "London"). */
export function TimeZoneSelect(props: Omit<SelectProps, 'data'>) {
  const data = useMemo(
    () => timeZones().map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') })),
    [],
  );
  return (
    <Select
      label="Time zone"
      searchable
      allowDeselect={false}
      nothingFoundMessage="No time zone matches"
      maxDropdownHeight={280}
      comboboxProps={{ withinPortal: true }}
      {...props}
      data={data}
    />
  );
}
