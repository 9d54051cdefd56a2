import type { Ref } from 'react';
import { Avatar, Button, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { PublicAppointmentTypeDto } from '@kinetic/shared';
import { attendeesLabel, lengthLabel, photoSrc, typePriceLabel } from './appointment-labels.ts';
import { ANYONE } from './booking-address.ts';
import styles from './choose-steps.module.css';

/** Step 1: the studio's private-session types as cards, each with its Choose button. */
export function TypeStep({
  types,
  headingRef,
  onChoose,
}: {
  types: PublicAppointmentTypeDto[];
  headingRef: Ref<HTMLHeadingElement>;
  onChoose: (type: PublicAppointmentTypeDto) => void;
}) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="step-heading">
      <Title order={2} size="h3" id="step-heading" ref={headingRef} tabIndex={-1}>
        Choose a session
      </Title>
      <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {types.map((type) => (
          <Paper key={type.id} component="li" withBorder radius="md" p="md">
            <Stack gap={6}>
              <Title order={3} size="h4">
                {type.name}
              </Title>
              <Text size="sm" fw={500}>
                {[lengthLabel(type.durationMinutes), attendeesLabel(type.maxAttendees)].join(' · ')}
              </Text>
              <Text size="sm">{typePriceLabel(type)}</Text>
              {type.description ? (
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
                  {type.description}
                </Text>
              ) : null}
              <Button
                mt={4}
                style={{ alignSelf: 'flex-start' }}
                aria-label={`Choose ${type.name}`}
                onClick={() => onChoose(type)}
              >
                Choose
              </Button>
            </Stack>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}

/**
 * Step 2: "Anyone available" first, then each instructor who offers the type; where the type is held at
 * several studios, which one comes first (native radios: the phone's own control). A type with one
 * instructor at one studio skips this step (`readChoice`); at several studios only where is asked.
 */
export function InstructorStep({
  type,
  studioId,
  headingRef,
  onStudio,
  onChoose,
}: {
  type: PublicAppointmentTypeDto;
  studioId: string | null;
  headingRef: Ref<HTMLHeadingElement>;
  onStudio: (studioId: string) => void;
  onChoose: (instructor: string, studioId: string) => void;
}) {
  const studio = studioId ?? type.studios[0]?.id ?? '';
  const several = type.studios.length > 1;
  return (
    <Stack gap="sm" component="section" aria-labelledby="step-heading">
      <Title order={2} size="h3" id="step-heading" ref={headingRef} tabIndex={-1}>
        {several ? 'Choose where and with whom' : 'Choose an instructor'}
      </Title>
      {several ? (
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>Studio</legend>
          {type.studios.map((entry) => (
            <label key={entry.id} className={styles.radioRow}>
              <input
                type="radio"
                name="studio"
                value={entry.id}
                checked={entry.id === studio}
                onChange={() => onStudio(entry.id)}
                className={styles.radio}
              />
              <span>{entry.name}</span>
            </label>
          ))}
        </fieldset>
      ) : (
        <Text size="sm">At {type.studios[0]?.name}</Text>
      )}
      <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Instructors">
        {/* With one instructor "anyone" is them: only their own button. */}
        {type.instructors.length > 1 ? (
          <li>
            <UnstyledButton className={styles.person} onClick={() => onChoose(ANYONE, studio)}>
              <Avatar radius="xl" size={40} color="blue" aria-hidden>
                ★
              </Avatar>
              <span>
                <Text span fw={700} display="block">
                  Anyone available
                </Text>
                <Text span size="sm" c="dimmed" display="block">
                  See every free time
                </Text>
              </span>
            </UnstyledButton>
          </li>
        ) : null}
        {type.instructors.map((person) => (
          <li key={person.id}>
            <UnstyledButton className={styles.person} onClick={() => onChoose(person.id, studio)}>
              <Avatar
                src={photoSrc(person.photo)}
                alt=""
                radius="xl"
                size={40}
                name={person.name}
                color="initials"
              />
              <Text span fw={700}>
                {person.name}
              </Text>
            </UnstyledButton>
          </li>
        ))}
      </Stack>
      <Group>
        <Text size="sm" c="dimmed">
          {lengthLabel(type.durationMinutes)} · {typePriceLabel(type)}
        </Text>
      </Group>
    </Stack>
  );
}
