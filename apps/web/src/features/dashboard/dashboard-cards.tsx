import type { ReactNode } from 'react';
import { Anchor, Badge, Box, Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { Can, DashboardClassDto, DashboardDto, WeekComparisonDto } from '@kinetic/shared';
import {
  checkInLabel,
  classPath,
  clientPath,
  comparison,
  longDayLabel,
  moneyFormat,
  seatsLabel,
  shortDayLabel,
  type Trend,
} from './dashboard-labels.ts';

/** Secondary text dark enough for AA on white (Mantine's "dimmed" is not, at small sizes). */
const QUIET = 'gray.7';

function Card({
  id,
  title,
  subtitle,
  children,
}: {
  id: string;
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={id} data-testid={id}>
      <Stack gap="sm">
        <Stack gap={0}>
          <Title order={2} size="h3" id={id}>
            {title}
          </Title>
          {subtitle ? (
            <Text size="sm" c={QUIET}>
              {subtitle}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}

/** A plain list (ul/li) without bullets: screen readers say how many items it holds. */
function Items({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
      {children}
    </Stack>
  );
}

function More({ shown, count, noun }: { shown: number; count: number; noun: string }) {
  if (count <= shown) return null;
  return (
    <Text size="sm" c={QUIET}>
      and {count - shown} more {noun}
    </Text>
  );
}

function ClassRow({
  item,
  base,
  showStudio,
}: {
  item: DashboardClassDto;
  base: string;
  showStudio?: boolean;
}) {
  const percent = item.capacity > 0 ? Math.min(100, Math.round((item.booked / item.capacity) * 100)) : 0;
  const who = [
    item.kind === 'event' ? 'Event' : item.instructorName,
    item.kind === 'appointment' && item.clientName ? `with ${item.clientName}` : null,
    showStudio ? item.studioName : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Box component="li" data-testid="dashboard-class" data-class-id={item.id}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={0} style={{ flex: '1 1 12rem', minWidth: 0 }}>
          <Anchor component={Link} to={classPath(base, item)} fw={600} style={{ overflowWrap: 'anywhere' }}>
            {item.startTime}–{item.endTime} {item.name}
          </Anchor>
          {who ? (
            <Text size="sm" c={QUIET}>
              {who}
            </Text>
          ) : null}
        </Stack>
        {item.cancelled ? (
          <Badge color="red" variant="light">
            Cancelled
          </Badge>
        ) : (
          <Stack gap={2} style={{ flex: '0 1 13rem' }}>
            <Text size="sm" data-testid="dashboard-seats">
              {seatsLabel(item)}
            </Text>
            {item.kind === 'appointment' ? null : (
              <Progress
                value={percent}
                size="sm"
                aria-hidden
                color={percent >= 100 ? 'orange.8' : 'blue.7'}
              />
            )}
            <Text size="sm" c={QUIET}>
              {checkInLabel(item)}
              {item.waitlist > 0 ? ` · ${item.waitlist} on the waitlist` : ''}
            </Text>
          </Stack>
        )}
      </Group>
    </Box>
  );
}

function NextClass({ item, base, today }: { item: DashboardClassDto | null; base: string; today: string }) {
  if (!item) return <Text>No more classes are scheduled in the coming week.</Text>;
  const when =
    item.localDate === today ? item.startTime : `${shortDayLabel(item.localDate)}, ${item.startTime}`;
  return (
    <Paper bg="blue.0" p="sm" radius="sm" data-testid="dashboard-next-class">
      <Stack gap={4}>
        <Text fw={600}>
          Next: {item.name} at {when}, {item.studioName}
        </Text>
        <Text size="sm">
          {[item.kind === 'event' ? 'Event' : item.instructorName, seatsLabel(item)]
            .filter(Boolean)
            .join(' · ')}
          {item.waitlist > 0 ? ` · ${item.waitlist} on the waitlist` : ''}
        </Text>
        <Anchor component={Link} to={classPath(base, item)}>
          Open the roster of {item.name}
        </Anchor>
      </Stack>
    </Paper>
  );
}

function TodayCard({
  data,
  base,
  can,
  title,
}: {
  data: DashboardDto;
  base: string;
  can: Can;
  title: string;
}) {
  const updated = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: data.timeZone,
  }).format(new Date(data.now));
  const instructor = data.view === 'instructor';
  return (
    <Card id="dashboard-today" title={title} subtitle={longDayLabel(data.date)}>
      <NextClass item={data.nextClass} base={base} today={data.today} />
      {data.studios.length === 0 ? (
        instructor ? (
          <Text>You teach no classes today.</Text>
        ) : (
          <Text>
            No studio yet: classes appear here once a studio has a schedule.{' '}
            {can.manageStudios ? (
              <Anchor component={Link} to={`${base}/settings/studios`}>
                Add a studio
              </Anchor>
            ) : null}
          </Text>
        )
      ) : (
        data.studios.map((studio) => (
          <Stack key={studio.id} gap="xs" component="section" aria-labelledby={`studio-${studio.id}`}>
            <Title order={3} size="h5" id={`studio-${studio.id}`}>
              {studio.name}
            </Title>
            {studio.classes.length === 0 ? (
              <Text size="sm">
                Nothing scheduled at {studio.name} today.{' '}
                {can.manageSchedule ? (
                  <Anchor component={Link} to={`${base}/classes`}>
                    Open the schedule
                  </Anchor>
                ) : null}
              </Text>
            ) : (
              <Items>
                {studio.classes.map((item) => (
                  <ClassRow key={item.id} item={item} base={base} />
                ))}
              </Items>
            )}
          </Stack>
        ))
      )}
      {/* Only when there are seats to count: a studio without a schedule has nothing that refreshes. */}
      {data.studios.some((studio) => studio.classes.length > 0) ? (
        <Text size="xs" c={QUIET}>
          Places and check-ins as of {updated}; they refresh every 30 seconds.
        </Text>
      ) : null}
    </Card>
  );
}

const ARROWS: Record<Trend, string> = { up: '▲', down: '▼', same: '=' };

function Metric({
  label,
  value,
  format,
  link,
}: {
  label: string;
  value: WeekComparisonDto;
  format?: (value: number) => string;
  link: { to: string; text: string } | null;
}) {
  const shown = format ?? ((n: number) => n.toLocaleString('en-US'));
  const { trend, words } = comparison(value.thisWeek, value.lastWeek, shown);
  return (
    <Box component="li" data-testid={`dashboard-metric-${label.toLowerCase().replace(/\W+/g, '-')}`}>
      <Text fw={600}>{label}</Text>
      <Group gap="xs" align="baseline" wrap="wrap">
        <Text size="xl" fw={700}>
          {shown(value.thisWeek)}
        </Text>
        <Text size="sm" c={trend === 'down' ? 'red.9' : trend === 'up' ? '#1f5f2c' : QUIET}>
          <span aria-hidden>{ARROWS[trend]} </span>
          {words}
        </Text>
      </Group>
      {link ? (
        <Anchor component={Link} to={link.to} size="sm">
          {link.text}
        </Anchor>
      ) : null}
    </Box>
  );
}

function WeekCard({ data, base, can }: { data: DashboardDto; base: string; can: Can }) {
  const week = data.week;
  if (!week) return null;
  // Each opens its own report for this week, the period the card counts.
  const reports = (report: 'attendance' | 'revenue', text: string) =>
    can.runReports ? { to: `${base}/reports?report=${report}&period=this-week`, text } : null;
  return (
    <Card
      id="dashboard-week"
      title="This week"
      subtitle={`${shortDayLabel(week.from)} to ${shortDayLabel(week.to)}, against last week`}
    >
      <Items>
        <Metric label="Bookings" value={week.bookings} link={reports('attendance', 'Attendance report')} />
        {week.revenue ? (
          <Metric
            label="Money taken (payments minus refunds)"
            value={week.revenue}
            format={moneyFormat(data.currency, data.locale)}
            link={reports('revenue', 'Revenue report')}
          />
        ) : null}
        <Metric
          label="New clients"
          value={week.newClients}
          link={can.viewClients ? { to: `${base}/clients`, text: 'Open the clients' } : null}
        />
      </Items>
    </Card>
  );
}

function MembershipsCard({ data, base }: { data: DashboardDto; base: string }) {
  const memberships = data.memberships;
  if (!memberships) return null;
  return (
    <Card id="dashboard-memberships" title="Memberships">
      <Stack gap={4}>
        <Title order={3} size="h5">
          Renewing in the next 7 days: {memberships.renewingCount}
        </Title>
        {memberships.renewingCount === 0 ? (
          <Text size="sm">No membership renews in the next 7 days.</Text>
        ) : (
          <Items>
            {memberships.renewing.map((item) => (
              <li key={item.clientPackageId}>
                <Anchor component={Link} to={clientPath(base, item.clientId)}>
                  {item.clientName}
                </Anchor>{' '}
                <Text span size="sm">
                  {item.packageName}, renews {item.date ? shortDayLabel(item.date) : ''}
                </Text>
              </li>
            ))}
          </Items>
        )}
        <More shown={memberships.renewing.length} count={memberships.renewingCount} noun="renewing" />
      </Stack>
      <Stack gap={4}>
        <Title order={3} size="h5">
          Failed renewals: {memberships.failedCount}
        </Title>
        {memberships.failedCount === 0 ? (
          <Text size="sm">
            No card renewal has failed. A failed one stays here until it is paid or resumed.
          </Text>
        ) : (
          <Items>
            {memberships.failed.map((item) => (
              <li key={item.clientPackageId}>
                <Anchor component={Link} to={clientPath(base, item.clientId)}>
                  {item.clientName}
                </Anchor>{' '}
                <Text span size="sm">
                  {item.packageName}:{' '}
                  {item.paused
                    ? `paused after ${item.failures} failed tries`
                    : `${item.failures} failed ${item.failures === 1 ? 'try' : 'tries'}, trying again`}
                </Text>
              </li>
            ))}
          </Items>
        )}
        <More shown={memberships.failed.length} count={memberships.failedCount} noun="failed" />
      </Stack>
    </Card>
  );
}

function WaiversCard({ data, base, can }: { data: DashboardDto; base: string; can: Can }) {
  const waivers = data.waivers;
  if (!waivers) return null;
  let body: ReactNode;
  if (!waivers.required)
    body = (
      <Text size="sm">
        No waiver is published, so nobody needs to sign one.{' '}
        {can.manageSettings ? (
          <Anchor component={Link} to={`${base}/settings/clientWaiver`}>
            Write a waiver
          </Anchor>
        ) : null}
      </Text>
    );
  else if (waivers.count === 0) body = <Text size="sm">Everyone booked today has signed the waiver.</Text>;
  else
    body = (
      <>
        <Text>
          {waivers.count} {waivers.count === 1 ? 'client' : 'clients'} booked today{' '}
          {waivers.count === 1 ? 'has' : 'have'} not signed the waiver. They sign it at the door or in their
          account before they can be checked in.
        </Text>
        <Items>
          {waivers.clients.map((item) => (
            <li key={item.clientId}>
              <Anchor component={Link} to={clientPath(base, item.clientId)}>
                {item.clientName}
              </Anchor>{' '}
              <Text span size="sm">
                {item.startTime}{' '}
                <Anchor
                  component={Link}
                  to={classPath(base, { id: item.classInstanceId, kind: 'class' })}
                  size="sm"
                >
                  {item.className}
                </Anchor>
              </Text>
            </li>
          ))}
        </Items>
        <More shown={waivers.clients.length} count={waivers.count} noun="unsigned" />
      </>
    );
  return (
    <Card id="dashboard-waivers" title="Waivers unsigned today">
      {body}
    </Card>
  );
}

function BalancesCard({ data, base }: { data: DashboardDto; base: string }) {
  const balances = data.balances;
  if (!balances) return null;
  const money = moneyFormat(data.currency, data.locale);
  return (
    <Card id="dashboard-balances" title="Balances owing">
      {balances.count === 0 ? (
        <Text size="sm">No client owes anything: every order is paid.</Text>
      ) : (
        <>
          <Text>
            {balances.count} {balances.count === 1 ? 'client owes' : 'clients owe'} {money(balances.total)} in
            all.
          </Text>
          <Items>
            {balances.clients.map((item) => (
              <li key={item.clientId}>
                <Anchor component={Link} to={clientPath(base, item.clientId)}>
                  {item.clientName}
                </Anchor>{' '}
                <Text span size="sm">
                  owes {money(item.amount)}
                </Text>
              </li>
            ))}
          </Items>
          <More shown={balances.clients.length} count={balances.count} noun="owing" />
        </>
      )}
    </Card>
  );
}

function MyWeekCard({ data, base }: { data: DashboardDto; base: string }) {
  const classes = data.myWeek ?? [];
  const days = [...new Set(classes.map((item) => item.localDate))];
  return (
    <Card id="dashboard-my-week" title="Your week">
      {classes.length === 0 ? (
        <Text>You teach no classes this week.</Text>
      ) : (
        days.map((day) => (
          <Stack key={day} gap="xs" component="section" aria-labelledby={`day-${day}`}>
            <Title order={3} size="h5" id={`day-${day}`}>
              {longDayLabel(day)}
            </Title>
            <Items>
              {classes
                .filter((item) => item.localDate === day)
                .map((item) => (
                  <ClassRow key={item.id} item={item} base={base} showStudio />
                ))}
            </Items>
          </Stack>
        ))
      )}
    </Card>
  );
}

/** The Dashboard's cards (issue 18): what is happening today, this week, and what needs handling. */
export function DashboardCards({ data, base, can }: { data: DashboardDto; base: string; can: Can }) {
  if (data.view === 'instructor')
    return (
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <TodayCard data={data} base={base} can={can} title="Your classes today" />
        <MyWeekCard data={data} base={base} />
      </SimpleGrid>
    );
  return (
    <Stack gap="lg">
      <TodayCard data={data} base={base} can={can} title="Today" />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <WeekCard data={data} base={base} can={can} />
        <MembershipsCard data={data} base={base} />
        <WaiversCard data={data} base={base} can={can} />
        <BalancesCard data={data} base={base} />
      </SimpleGrid>
    </Stack>
  );
}
