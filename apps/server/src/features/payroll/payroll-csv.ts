import { Readable } from 'node:stream';
import { csvLine, currencyDigits, type CsvDecimal, type PayrollPeriodDto } from '@kinetic/shared';

const HEADER = [
  'Instructor',
  'Date',
  'Time',
  'Class',
  'Studio',
  'Substitute for',
  'Attendees',
  'Minutes',
  'Rate',
  'Amount',
  'Kind',
  'Note',
];

/**
 * A period as CSV, one line per class or adjustment, then the total. Everything comes from the answer's
 * lines, which for a closed period are its frozen rows (copied texts, local date and time, amounts and
 * its currency): nothing here reads the clock, a locale or time-zone data, so a closed period's file is
 * the same bytes forever.
 */
export function payrollCsv(period: PayrollPeriodDto): Readable {
  const digits = currencyDigits(period.currency);
  const amount = (minor: number): CsvDecimal => ({ decimal: (minor / 10 ** digits).toFixed(digits) });
  function* lines() {
    yield csvLine(HEADER);
    for (const instructor of period.instructors) {
      let chunk = '';
      for (const line of instructor.lines) {
        chunk += csvLine([
          line.instructorName,
          line.localDate,
          line.localTime,
          line.className,
          line.studioName,
          line.substituteFor,
          line.attendees,
          line.minutes,
          line.rateSummary,
          amount(line.amount),
          line.kind === 'adjustment'
            ? 'Adjustment'
            : line.service === 'appointment'
              ? 'Appointment'
              : 'Class',
          line.note,
        ]);
      }
      yield chunk;
    }
    yield csvLine(['Total', '', '', '', '', '', '', '', '', amount(period.total), '', '']);
  }
  return Readable.from(lines());
}
