import { useId } from 'react';
import type { AppointmentSlotDto } from '@kinetic/shared';
import styles from './slot-picker.module.css';

export interface SlotPickerProps {
  /** The free slots to choose from, in the order shown. */
  slots: AppointmentSlotDto[];
  /** The chosen slot's `startsAt` (with its instructor when `showInstructor`), or null. */
  value: string | null;
  onChange: (slot: AppointmentSlotDto) => void;
  /** The group's name, read first ("Free times on Mon 30 Nov"). */
  label: string;
  /** Name each slot's instructor (when the slots are several people's). */
  showInstructor?: boolean;
}

/** The value a slot stands for: its start, and its instructor when several people's slots are shown. */
export const slotValue = (slot: AppointmentSlotDto, withInstructor = false) =>
  withInstructor ? `${slot.startsAt}|${slot.instructorId}` : slot.startsAt;

/**
 * Free appointment times as a radio group drawn as buttons (issue 17 §3): one Tab stop, arrow keys move
 * between times, 44 px targets, times on the studio's clock (`localTime`). Semi-private slots say the
 * places left. Used by the client's booking page and the team's "Book appointment" dialog.
 */
export function SlotPicker({ slots, value, onChange, label, showInstructor = false }: SlotPickerProps) {
  const name = useId();
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{label}</legend>
      <div className={styles.grid}>
        {slots.map((slot) => {
          const own = slotValue(slot, showInstructor);
          const id = `${name}-${own}`;
          const details = [
            showInstructor ? slot.instructorName : null,
            slot.appointmentId
              ? slot.placesLeft === 1
                ? '1 place left'
                : `${slot.placesLeft} places left`
              : null,
          ].filter(Boolean);
          return (
            <div key={own} className={styles.option}>
              <input
                id={id}
                className={styles.input}
                type="radio"
                name={name}
                value={own}
                checked={value === own}
                onChange={() => onChange(slot)}
              />
              <label htmlFor={id} className={styles.label}>
                <span className={styles.time}>{slot.localTime}</span>
                {details.length > 0 ? <span className={styles.detail}>{details.join(' · ')}</span> : null}
              </label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
