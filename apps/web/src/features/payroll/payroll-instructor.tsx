import { Badge, Button, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { formatCalendarDay } from '../../ui/calendar-day.ts';
import { formatMoney, periodLabel, type PayrollInstructorDto, type PayrollLineDto } from '@kinetic/shared';

/** "Tue, 3 Nov" in the company's locale (a studio-calendar date). */
export const formatLineDay = (date: string, locale: string): string =>
  formatCalendarDay(date, locale, { weekday: 'short', day: 'numeric', month: 'short' });

/** What a line is besides a class taught: an appointment, a substitute's class, an adjustment and why. */
function LineMarks({ line }: { line: PayrollLineDto }) {
  return (
    <>
      {line.service === 'appointment' ? (
        <Text size="sm" component="div">
          <Badge color="indigo.9" variant="outline" size="sm">
            Appointment
          </Badge>
        </Text>
      ) : null}
      {line.kind === 'adjustment' ? (
        <Text size="sm" component="div">
          <Badge color="orange.9" variant="filled" size="sm" mr={6}>
            Adjustment
          </Badge>
          {line.adjustsPeriod ? `for ${periodLabel(line.adjustsPeriod)}` : null}
        </Text>
      ) : null}
      {line.substituteFor ? <Text size="sm">Substitute for {line.substituteFor}</Text> : null}
      {line.note && line.kind === 'adjustment' ? (
        <Text size="sm" c="dimmed">
          {line.note}
        </Text>
      ) : null}
    </>
  );
}

function RateCell({ line }: { line: PayrollLineDto }) {
  return line.noRate ? (
    <Text size="sm" c="red.8" fw={700}>
      No rate set
    </Text>
  ) : (
    <Text size="sm">{line.rateSummary}</Text>
  );
}

/** On a phone an instructor with more lines than this shows them on asking: a month is dozens of cards. */
export const FOLD_AFTER = 3;

/** What a folded list holds that needs a look: adjustments and classes without a rate. */
function foldedNotes(lines: readonly PayrollLineDto[]): string {
  const adjustments = lines.filter((line) => line.kind === 'adjustment').length;
  const noRate = lines.filter((line) => line.noRate && line.service === 'class').length;
  const noAppointmentRate = lines.filter((line) => line.noRate && line.service === 'appointment').length;
  return [
    adjustments ? (adjustments === 1 ? '1 adjustment' : `${adjustments} adjustments`) : '',
    noRate ? (noRate === 1 ? '1 class without a rate' : `${noRate} classes without a rate`) : '',
    noAppointmentRate
      ? noAppointmentRate === 1
        ? '1 appointment without a rate'
        : `${noAppointmentRate} appointments without a rate`
      : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

/** One instructor's lines and subtotal: a table when wide, cards when narrow (long lists folded). */
export function PayrollInstructor({
  instructor,
  currency,
  locale,
  narrow,
}: {
  instructor: PayrollInstructorDto;
  currency: string;
  locale: string;
  narrow: boolean;
}) {
  const money = (minor: number) => formatMoney(minor, currency);
  // An adjustment says which way it goes: "+$3.00" paid on top, "−$5.00" taken back.
  const amountOf = (line: PayrollLineDto) =>
    line.kind === 'adjustment' && line.amount > 0 ? `+${money(line.amount)}` : money(line.amount);
  const headingId = `payroll-${instructor.instructorId}`;
  const listId = `payroll-lines-${instructor.instructorId}`;
  const foldable = narrow && instructor.lines.length > FOLD_AFTER;
  const [open, setOpen] = useState(false);
  const notes = foldedNotes(instructor.lines);
  // `classes` counts every line paying a session taught, appointments included: said apart here.
  const appointmentCount = instructor.lines.filter(
    (line) => line.kind === 'class' && line.service === 'appointment',
  ).length;
  const classCount = instructor.classes - appointmentCount;
  const classes = [
    classCount > 0 || appointmentCount === 0 ? (classCount === 1 ? '1 class' : `${classCount} classes`) : '',
    appointmentCount ? (appointmentCount === 1 ? '1 appointment' : `${appointmentCount} appointments`) : '',
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline" wrap="wrap">
          <Title order={2} size="h3" id={headingId}>
            {instructor.instructorName}
          </Title>
          <Text fw={700}>
            {classes} · Subtotal {money(instructor.subtotal)}
          </Text>
        </Group>
        {foldable ? (
          <Group justify="space-between" wrap="wrap" gap="xs">
            {notes ? (
              <Text size="sm" fw={600} c="orange.9">
                {notes}
              </Text>
            ) : null}
            <Button
              variant="default"
              mih={44}
              aria-expanded={open}
              aria-controls={listId}
              onClick={() => setOpen((was) => !was)}
            >
              {open ? 'Hide the lines' : `Show the ${instructor.lines.length} lines`}
            </Button>
          </Group>
        ) : null}
        {foldable && !open ? null : narrow ? (
          <Stack
            component="ul"
            id={listId}
            gap="xs"
            aria-label={`${instructor.instructorName}’s lines`}
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {instructor.lines.map((line, index) => (
              <Paper
                key={`${line.kind}-${line.classInstanceId ?? index}-${index}`}
                component="li"
                withBorder
                p="sm"
                radius="sm"
                bg={line.kind === 'adjustment' ? 'orange.0' : undefined}
              >
                <Stack gap={2}>
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Text fw={700}>{line.className}</Text>
                    <Text fw={700}>{amountOf(line)}</Text>
                  </Group>
                  <Text size="sm">
                    {formatLineDay(line.localDate, locale)}, {line.localTime} · {line.studioName}
                  </Text>
                  <Text size="sm">
                    {line.attendees} {line.attendees === 1 ? 'attendee' : 'attendees'} · {line.minutes} min
                  </Text>
                  <RateCell line={line} />
                  <LineMarks line={line} />
                </Stack>
              </Paper>
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={860}>
            <Table striped verticalSpacing="xs">
              <VisuallyHidden component="caption">
                {instructor.instructorName}’s classes, appointments and adjustments
              </VisuallyHidden>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Date</Table.Th>
                  <Table.Th scope="col">Class</Table.Th>
                  <Table.Th scope="col">Studio</Table.Th>
                  <Table.Th scope="col" ta="right">
                    Attendees
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    Minutes
                  </Table.Th>
                  <Table.Th scope="col">Rate</Table.Th>
                  <Table.Th scope="col" ta="right">
                    Amount
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {instructor.lines.map((line, index) => (
                  <Table.Tr
                    key={`${line.kind}-${line.classInstanceId ?? index}-${index}`}
                    bg={line.kind === 'adjustment' ? 'orange.0' : undefined}
                  >
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formatLineDay(line.localDate, locale)}, {line.localTime}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {line.className}
                      </Text>
                      <LineMarks line={line} />
                    </Table.Td>
                    <Table.Td>{line.studioName}</Table.Td>
                    <Table.Td ta="right">{line.attendees}</Table.Td>
                    <Table.Td ta="right">{line.minutes}</Table.Td>
                    <Table.Td>
                      <RateCell line={line} />
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {amountOf(line)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th scope="row" colSpan={6}>
                    Subtotal
                  </Table.Th>
                  <Table.Td ta="right" fw={700}>
                    {money(instructor.subtotal)}
                  </Table.Td>
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
