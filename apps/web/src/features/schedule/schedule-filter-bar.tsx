import { Select, SimpleGrid } from '@mantine/core';
import type { ClassTemplateDto, PersonDto, StudioDto } from '@kinetic/shared';
import type { ScheduleFilters } from './api/list-class-instances.ts';

interface ScheduleFilterBarProps {
  filters: ScheduleFilters;
  templates: ClassTemplateDto[];
  studios: StudioDto[];
  instructors: PersonDto[];
  onChange: (key: keyof ScheduleFilters, value: string | null) => void;
}

const options = (items: { id: string; name: string }[]) => items.map((item) => ({ value: item.id, label: item.name }));

/** Class, instructor and studio filters; the page keeps them in the address. */
export function ScheduleFilterBar({ filters, templates, studios, instructors, onChange }: ScheduleFilterBarProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
      <Select
        label="Class"
        placeholder="All classes"
        clearable
        searchable
        data={options(templates)}
        value={filters.templateId ?? null}
        onChange={(value) => onChange('templateId', value)}
      />
      <Select
        label="Instructor"
        placeholder="All instructors"
        clearable
        searchable
        data={options(instructors)}
        value={filters.instructorId ?? null}
        onChange={(value) => onChange('instructorId', value)}
      />
      <Select
        label="Studio"
        placeholder="All studios"
        clearable
        data={options(studios)}
        value={filters.studioId ?? null}
        onChange={(value) => onChange('studioId', value)}
      />
    </SimpleGrid>
  );
}
