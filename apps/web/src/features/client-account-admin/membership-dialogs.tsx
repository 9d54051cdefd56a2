import { useState } from 'react';
import { Button, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { cancelRefusal, type CancelWhen, type ClientPackageDto } from '@kinetic/shared';
import { apiFormError, useFormSubmit } from '../../ui/api-form-error.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { FormSubmitError } from '../../ui/form-submit-error.tsx';
import { dayLabel } from './account-labels.ts';

interface PauseValues {
  from: string;
  until: string;
}

/** The local date `days` after `date` (both YYYY-MM-DD). */
export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The rules the server applies to a pause, said at once at both fields. */
export function pauseProblems(
  values: PauseValues,
  today: string,
): Partial<Record<keyof PauseValues, string>> {
  const errors: Partial<Record<keyof PauseValues, string>> = {};
  const from = values.from || today;
  if (values.from && values.from < today) errors.from = 'Pause from today or a later day';
  else if (from > addDays(today, 365)) errors.from = 'Plan a pause at most a year ahead';
  if (values.until && values.until <= from) errors.until = 'Resume on a day after the pause starts';
  return errors;
}

/**
 * The pause dialog's form: from (today by default) and until (optional: it resumes by itself then), and
 * what pausing does to renewals, the paid period and the commitment, in this membership's dates.
 */
export function PauseForm({
  held,
  today,
  busy,
  onPause,
  onCancel,
}: {
  held: ClientPackageDto;
  today: string;
  busy: boolean;
  onPause: (body: { from: string | null; until: string | null }) => Promise<void>;
  onCancel: () => void;
}) {
  const form = useForm<PauseValues>({
    initialValues: { from: today, until: '' },
    validate: (values) => pauseProblems(values, today),
  });
  const { submitError, runSubmit } = useFormSubmit(form);
  const name = held.terms.name;
  const { until } = form.values;
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        runSubmit(() => onPause({ from: values.from || null, until: values.until || null })),
      )}
    >
      <Stack gap="md">
        <Stack gap={6}>
          <Text size="sm">
            While paused, {name} pays for no classes and is not renewed, so nothing is charged. Classes
            already booked stay booked.
          </Text>
          {held.paidUntil ? (
            <Text size="sm">
              The days already paid for are kept: it is paid until {dayLabel(held.paidUntil)}, and when it
              resumes that day moves later by as many days as it was paused.
            </Text>
          ) : null}
          {held.cancellableFrom ? (
            <Text size="sm">
              Its commitment ends as many days later too (today it can be cancelled from{' '}
              {dayLabel(held.cancellableFrom)}).
            </Text>
          ) : null}
        </Stack>
        <TextInput
          type="date"
          label="Pause from"
          description="Today, or a later day"
          required
          min={today}
          data-autofocus
          {...form.getInputProps('from')}
        />
        <TextInput
          type="date"
          label="Resume on"
          description={
            until
              ? `It resumes by itself on ${dayLabel(until)}.`
              : 'Optional: it resumes by itself on this day. Empty: paused until someone presses Resume.'
          }
          min={form.values.from || today}
          {...form.getInputProps('until')}
        />
        <FormSubmitError message={submitError} />
        <Group>
          <BusyButton type="submit" busy={busy}>
            Pause membership
          </BusyButton>
          <Button variant="default" onClick={onCancel}>
            Keep it active
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** What the cancel dialog sends: when it ends, and whether the desk lets the client off the commitment. */
export type CancelChoice = { at: CancelWhen; waiveCommitment?: true };

/**
 * The cancel dialog's form. It offers only what the commitment rule allows (`cancelRefusal`, the rule the
 * server applies): a membership with a paid period to run can end at the end of it (the default: usable
 * until then, not renewed) or now; during its commitment only at the end of a period that runs to the
 * commitment's end. When the commitment blocks every choice it says so, and the desk may waive the
 * commitment and cancel now. The confirm button says what happens; the dismiss button keeps it.
 */
export function CancelForm({
  held,
  today,
  busy,
  onConfirm,
  onCancel,
}: {
  held: ClientPackageDto;
  today: string;
  busy: boolean;
  onConfirm: (choice: CancelChoice) => Promise<void>;
  onCancel: () => void;
}) {
  const membership = held.terms.kind === 'membership';
  const nowRefused = cancelRefusal(held, 'now', today);
  const endRefused = membership ? cancelRefusal(held, 'period-end', today) : 'not-a-membership';
  const canNow = nowRefused === null;
  const canWait = endRefused === null;
  // The commitment stands in the way of every choice: the studio may still let the client off it.
  const waive = nowRefused === 'commitment' && !canWait;
  const [at, setAt] = useState<CancelWhen>(canWait ? 'period-end' : 'now');
  const [problem, setProblem] = useState<string | null>(null);
  const name = held.terms.name;
  const paidUntil = held.paidUntil ? dayLabel(held.paidUntil) : '';
  const from = held.cancellableFrom ? dayLabel(held.cancellableFrom) : '';
  const hasCommitment = membership && held.terms.commitmentPeriods > 0 && Boolean(held.cancellableFrom);
  const periods = `${held.terms.commitmentPeriods} ${held.terms.period ?? 'period'}${held.terms.commitmentPeriods === 1 ? '' : 's'}`;
  const choice: CancelChoice = waive ? { at: 'now', waiveCommitment: true } : { at };

  const confirm = async () => {
    setProblem(null);
    try {
      await onConfirm(choice);
    } catch (error) {
      // A refusal (the day turned, or someone changed it meanwhile) is said in the dialog; focus stays.
      setProblem(apiFormError(error).message);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void confirm();
      }}
    >
      <Stack gap="md">
        {!hasCommitment ? null : waive ? (
          <Stack gap={6}>
            <Text size="sm" fw={700}>
              It cannot be cancelled yet: its commitment of {periods} (paused days added) runs until {from}.
            </Text>
            <Text size="sm">
              {endRefused === 'period-before-commitment'
                ? `Its paid period ends on ${paidUntil}, before that, so it cannot end at the end of this period either.`
                : endRefused === 'paused'
                  ? 'It is paused, so it cannot end at the end of a paid period either.'
                  : endRefused === 'already-ends'
                    ? `It already ends on ${dayLabel(held.endsOn ?? '')}, at the end of its paid period.`
                    : 'It has no paid period left to run, so it cannot end at the end of one either.'}{' '}
              From {from} it can be cancelled now.
            </Text>
            <Text size="sm">If the studio lets the client off the commitment, waive it and cancel now.</Text>
          </Stack>
        ) : nowRefused === 'commitment' ? (
          <Text size="sm">
            Commitment: {periods} (paused days added), until {from}. It cannot be cancelled now, but it can
            end at the end of its paid period ({paidUntil}), which runs to that day or later.
          </Text>
        ) : (
          <Text size="sm">
            Commitment: {periods} (paused days added), over since {from}: it can be cancelled.
          </Text>
        )}
        {canNow && canWait ? (
          <Radio.Group
            label="When does it end?"
            value={at}
            onChange={(value) => {
              setAt(value as CancelWhen);
              setProblem(null);
            }}
          >
            <Stack gap="xs" mt={6}>
              <Radio
                value="period-end"
                label={`At the end of the paid period (${paidUntil})`}
                description={`Usable until then; not renewed, so nothing more is charged.`}
              />
              <Radio value="now" label="Now" description="It stops paying for classes today." />
            </Stack>
          </Radio.Group>
        ) : null}
        <Text size="sm">
          {choice.at === 'period-end'
            ? `${name} stays usable until ${paidUntil} and then ends.`
            : waive
              ? `${name} ends now, although its commitment runs until ${from}: it no longer pays for classes or renews.`
              : membership
                ? `${name} ends now: it no longer pays for classes or renews.`
                : `${name} ends now: its credits left can no longer be used.`}{' '}
          Nothing is refunded by this; refund the order if money goes back.
        </Text>
        <FormSubmitError message={problem} />
        <Group>
          <BusyButton type="submit" busy={busy} color="red.9">
            {choice.at === 'period-end'
              ? 'Cancel membership at end of period'
              : waive
                ? 'Waive the commitment and cancel now'
                : membership
                  ? 'Cancel now'
                  : 'Cancel the pack now'}
          </BusyButton>
          <Button variant="default" onClick={onCancel} data-autofocus>
            {membership ? 'Keep membership' : 'Keep the pack'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
