import { useState } from 'react';
import { Alert, Button, Divider, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { WEEKDAYS } from '@kinetic/shared';
import { settingsTitle } from '../../shell/menu.ts';
import { useIsSolo } from '../../shell/use-app-base.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useMe } from '../accounts/api/get-me.ts';
import { useHours } from './api/get-hours.ts';
import { HoursDayRow } from './hours-day-row.tsx';
import { BANDS, hasAnyHours, rangesOf } from './hours-values.ts';

/** Settings › Peak/Non Peak Hours (spec §3 hours state, §4 hours transitions). */
export function HoursPage() {
  const title = settingsTitle('hours', useIsSolo());
  usePageTitle(title);
  const me = useMe();
  const companyId = me.data?.company.id ?? '';
  const hours = useHours(companyId);
  const [saved, setSaved] = useState('');
  const readOnly = Boolean(me.data && !me.data.can.manageSettings);
  return (
    <Stack gap="md" maw={1100}>
      <Stack gap={4}>
        <Title order={1}>{title}</Title>
        <Text c="dimmed">The times of the week your studio is busiest (peak) and quietest (non-peak).</Text>
      </Stack>
      {/* Spec §4 success: what was just saved is announced here. */}
      <Text role="status" size="sm" c="#1f5f2c" fw={700}>
        {saved}
      </Text>
      {hours.isError ? (
        <Alert color="red" role="alert" title="The hours could not be loaded">
          <Stack gap="xs" align="flex-start">
            <Text>{hours.error.message}</Text>
            <Button variant="default" size="xs" onClick={() => void hours.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : hours.data && me.data ? (
        <>
          {readOnly ? (
            <Alert color="secondary" variant="light" title="Read only">
              You need the “Manage settings” ability to change peak and non-peak hours. Ask the business owner
              or an admin.
            </Alert>
          ) : null}
          {hasAnyHours(hours.data) ? null : (
            <Alert color="secondary" variant="light" title="No hours yet">
              {readOnly
                ? 'No peak or non-peak hours have been set.'
                : 'Start with your busiest times: choose Add next to a day under Peak hours, for example Monday 17:00–20:00.'}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {BANDS.map(({ band, key, title: bandTitle, empty, intro }) => (
              <Paper
                key={band}
                withBorder
                p="md"
                radius="md"
                component="section"
                aria-labelledby={`band-${band}`}
              >
                <Stack gap="sm">
                  <div>
                    <Title order={2} size="h3" id={`band-${band}`}>
                      {bandTitle}
                    </Title>
                    <Text size="sm" c="dimmed">
                      {intro}
                    </Text>
                  </div>
                  {WEEKDAYS.map((day, index) => (
                    <Stack key={day} gap="sm">
                      {index > 0 ? <Divider /> : null}
                      <HoursDayRow
                        companyId={companyId}
                        band={band}
                        bandTitle={bandTitle}
                        day={day}
                        ranges={rangesOf(hours.data, key, day)}
                        empty={empty}
                        readOnly={readOnly}
                        onSaved={setSaved}
                      />
                    </Stack>
                  ))}
                </Stack>
              </Paper>
            ))}
          </SimpleGrid>
        </>
      ) : (
        <PageLoader />
      )}
    </Stack>
  );
}
