import { CalendarFeedCard } from '../calendar-feeds/calendar-feed-card.tsx';
import { useState } from 'react';
import { Alert, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyNotificationsDto, NotificationPreferencesDto } from '@kinetic/shared';
import { apiRequest } from '../../api/client.ts';
import { useFormSubmit } from '../../ui/api-form-error.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { FormSubmitError } from '../../ui/form-submit-error.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useUnsavedChangesGuard } from '../../ui/use-unsaved-changes-guard.ts';
import { useMe } from '../accounts/api/get-me.ts';

const key = (companyId: string) => [companyId, 'my-notifications'] as const;

const hoursText = (hours: number) => (hours === 1 ? 'an hour' : `${hours} hours`);

const choicesFor = (
  reminderHoursBefore: number,
): { field: keyof NotificationPreferencesDto; label: string; description: string }[] => [
  {
    field: 'bookingConfirmations',
    label: 'Booking confirmations',
    description: 'When you book or cancel a class.',
  },
  {
    field: 'reminders',
    label: 'Class reminders',
    description:
      `${hoursText(reminderHoursBefore)} before each class you booked (a class booked later than that gets its confirmation only).`.replace(
        /^./,
        (first) => first.toUpperCase(),
      ),
  },
  {
    field: 'waitlist',
    label: 'Waitlist news',
    description:
      'When a place opens for you. Turned off, you may miss a place held for you for a short time.',
  },
  {
    field: 'packageReminders',
    label: 'Membership and pack reminders',
    description:
      'A few days before your membership renews, and before a class pack with credits left expires. A renewal that could not be paid is always emailed.',
  },
  {
    field: 'marketing',
    label: 'News and offers',
    description: 'The studio’s newsletter, events and offers.',
  },
];

/** Client › Settings › Notifications: which optional emails they get. */
export function MyNotificationsPage() {
  usePageTitle('Notifications');
  const me = useMe();
  const companyId = me.data?.company.id ?? '';
  const current = useQuery({
    queryKey: key(companyId),
    queryFn: () => apiRequest<MyNotificationsDto>('my/notifications', { silent: true, showLoader: false }),
    enabled: Boolean(companyId),
  });
  return (
    <Stack gap="md" maw={640}>
      <Stack gap={4}>
        <Title order={1}>Notifications</Title>
        <Text c="dimmed">
          Choose the emails you get. Receipts, renewals, changes to your account, changes to classes you
          booked and classes the studio cancels always reach you.
        </Text>
      </Stack>
      {current.data ? (
        <PreferencesForm companyId={companyId} values={current.data} />
      ) : current.isError ? (
        <Alert color="red" role="alert" title="Your choices could not be loaded">
          {current.error.message}
        </Alert>
      ) : (
        <PageLoader />
      )}
      <CalendarFeedCard />
    </Stack>
  );
}

function PreferencesForm({ companyId, values }: { companyId: string; values: MyNotificationsDto }) {
  const queryClient = useQueryClient();
  const { reminderHoursBefore, notSentByStudio, ...choices } = values;
  const form = useForm<NotificationPreferencesDto>({ initialValues: choices });
  const { submitError, runSubmit } = useFormSubmit(form);
  const [saved, setSaved] = useState(false);
  useUnsavedChangesGuard(form.isDirty());
  const save = useMutation({
    mutationFn: (body: NotificationPreferencesDto) =>
      apiRequest<MyNotificationsDto>('my/notifications', {
        method: 'PUT',
        body,
        inlineErrors: true,
        silent: true,
      }),
    onSuccess: (data) => queryClient.setQueryData(key(companyId), data),
  });
  return (
    <form
      onSubmit={form.onSubmit((body) =>
        runSubmit(async () => {
          setSaved(false);
          const {
            reminderHoursBefore: _hours,
            notSentByStudio: _off,
            ...savedChoices
          } = await save.mutateAsync(body);
          form.resetDirty(savedChoices);
          setSaved(true);
        }),
      )}
      noValidate
    >
      <Stack gap="md">
        <Paper withBorder p="md" radius="md">
          <Stack gap="md">
            {choicesFor(reminderHoursBefore).map((choice) => {
              // The studio sends none of these now: a switch that would do nothing says so instead.
              const notSent = notSentByStudio.includes(choice.field);
              return (
                <Switch
                  key={choice.field}
                  label={choice.label}
                  description={
                    notSent ? 'Your studio does not send these emails at the moment.' : choice.description
                  }
                  disabled={notSent}
                  size="md"
                  {...form.getInputProps(choice.field, { type: 'checkbox' })}
                  onChange={(event) => {
                    setSaved(false);
                    form.setFieldValue(choice.field, event.currentTarget.checked);
                  }}
                />
              );
            })}
          </Stack>
        </Paper>
        <FormSubmitError message={submitError} />
        <div>
          <BusyButton type="submit" busy={save.isPending}>
            Save
          </BusyButton>
          {/* Always on the page, so "saved" is announced when it appears; a new switch clears it. */}
          <Text role="status" size="sm" mt={saved ? 'sm' : 0}>
            {saved ? 'Your email choices are saved.' : null}
          </Text>
        </div>
      </Stack>
    </form>
  );
}
