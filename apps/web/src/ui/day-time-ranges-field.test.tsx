import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderRoutes } from '../test/render-page.tsx';
import {
  addRange,
  DayTimeRangesField,
  editRange,
  emptyWeek,
  nextRange,
  removeRange,
  toDayTimeRanges,
  type DayTimeRanges,
} from './day-time-ranges-field.tsx';

afterEach(cleanup);

describe('the ranges helpers', () => {
  it('starts an empty day at 09:00–17:00 and a next range where the last one ends, an hour long', () => {
    expect(nextRange([])).toEqual({ start: '09:00', end: '17:00' });
    expect(nextRange([{ start: '06:00', end: '09:30' }])).toEqual({ start: '09:30', end: '10:30' });
    expect(nextRange([{ start: '20:00', end: '24:00' }])).toEqual({ start: '23:00', end: '24:00' });
  });

  it('adds, edits and removes ranges without touching the others', () => {
    const one = addRange([]);
    const two = addRange(one);
    expect(two).toHaveLength(2);
    expect(editRange(two, 1, 'end', '18:30')[1]).toEqual({ start: '17:00', end: '18:30' });
    expect(editRange(two, 1, 'end', '18:30')[0]).toEqual(two[0]);
    expect(removeRange(two, 0)).toEqual([two[1]]);
  });

  it('fills the days a server map leaves out', () => {
    const week = toDayTimeRanges({ friday: [{ start: '17:00', end: '20:00' }] });
    expect(week.friday).toEqual([{ start: '17:00', end: '20:00' }]);
    expect(week.monday).toEqual([]);
    expect(Object.keys(week)).toHaveLength(7);
  });
});

function Editor({ initial, onValue }: { initial: DayTimeRanges; onValue: (value: DayTimeRanges) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <DayTimeRangesField
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
      error={{ tuesday: 'Tuesday 10:00–11:00 overlaps 09:00–12:00.' }}
    />
  );
}

describe('DayTimeRangesField', () => {
  it('labels each input by day, range and part, adds and removes ranges, and shows a day error', async () => {
    let latest = emptyWeek();
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <Editor
              initial={{ ...emptyWeek(), monday: [{ start: '06:00', end: '09:00' }] }}
              onValue={(value) => (latest = value)}
            />
          ),
        },
      ],
      '/',
    );
    const start = await screen.findByLabelText('Monday, range 1, start');
    expect((start as HTMLInputElement).value).toBe('06:00');
    fireEvent.change(screen.getByLabelText('Monday, range 1, end'), { target: { value: '10:00' } });
    expect(latest.monday).toEqual([{ start: '06:00', end: '10:00' }]);

    fireEvent.click(screen.getByRole('button', { name: 'Add a range on Monday' }));
    expect(latest.monday).toEqual([
      { start: '06:00', end: '10:00' },
      { start: '10:00', end: '11:00' },
    ]);
    expect(screen.getByLabelText('Monday, range 2, start')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Remove Monday range 1 (06:00–10:00)' }));
    expect(latest.monday).toEqual([{ start: '10:00', end: '11:00' }]);

    expect(screen.getByRole('alert').textContent).toBe('Tuesday 10:00–11:00 overlaps 09:00–12:00.');
    expect(screen.getByRole('group', { name: 'Tuesday' }).getAttribute('aria-describedby')).toBe(
      'ranges-tuesday-error',
    );
    expect(screen.getAllByText('No times').length).toBe(6);
  });
});
