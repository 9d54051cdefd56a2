import type { ReactNode } from 'react';
import {
  Anchor,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link } from 'react-router';
import {
  ABILITIES,
  ABILITY_LABELS,
  STAFF_ROLE_LABELS,
  STAFF_ROLES,
  staffMemberBody,
  type Ability,
  type StaffMemberBody,
  type StaffMemberDto,
  type StaffRole,
} from '@kinetic/shared';
import { useFormSubmit } from '../../ui/api-form-error.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { FormSubmitError } from '../../ui/form-submit-error.tsx';
import { PhoneInput } from '../../ui/phone-input.tsx';
import { useUnsavedChangesGuard } from '../../ui/use-unsaved-changes-guard.ts';
import {
  isRoleDefault,
  roleDefaults,
  toStaffBody,
  toStaffFormValues,
  type StaffMemberFormValues,
} from './staff-member-values.ts';

const ROLE_DESCRIPTIONS: Record<StaffRole, string> = {
  admin: 'Can do everything, including managing staff.',
  staff: 'The front desk: schedule, clients, sales and check-in.',
  instructor: 'Teaches classes and checks clients in; can be scheduled and paid.',
};

interface StaffMemberFormProps {
  member?: StaffMemberDto;
  studios: { id: string; name: string }[];
  busy: boolean;
  cancelTo: string;
  save: (body: StaffMemberBody) => Promise<StaffMemberDto>;
  onSaved: (member: StaffMemberDto, allowNextNavigation: () => void) => void;
  submitLabel: string;
  /** Only an admin makes admins (someone else with "Manage staff" cannot). */
  canMakeAdmins: boolean;
  /**
   * The abilities the person filling the form may give (their own); undefined for an admin, who may give
   * every one. The server refuses to add any other, so such a box cannot be ticked (only unticked).
   */
  givable?: readonly Ability[];
  children?: ReactNode;
}

/** Add or edit a staff member: details, role, studios and abilities, saved together. */
export function StaffMemberForm({
  member,
  studios,
  busy,
  cancelTo,
  save,
  onSaved,
  submitLabel,
  canMakeAdmins,
  givable,
  children,
}: StaffMemberFormProps) {
  const form = useForm<StaffMemberFormValues>({
    initialValues: toStaffFormValues(member),
    validate: schemaResolver(staffMemberBody, { sync: true }),
  });
  const { submitError, runSubmit } = useFormSubmit(form);
  const { allowNextNavigation } = useUnsavedChangesGuard(form.isDirty());
  const { role, abilities } = form.values;
  const admin = role === 'admin';
  const held = member?.abilities ?? [];
  /** Not theirs to give: they lack it, and this person did not have it already. */
  const outOfReach = (ability: Ability) =>
    givable !== undefined && !givable.includes(ability) && !held.includes(ability);

  const submit = async (values: StaffMemberFormValues) => {
    await runSubmit(async () => {
      const saved = await save(toStaffBody(values));
      const next = toStaffFormValues(saved);
      form.setValues(next);
      form.resetDirty(next);
      onSaved(saved, allowNextNavigation);
    });
  };

  // A new role brings its defaults, unless abilities were chosen by hand for the old one.
  const changeRole = (value: string) => {
    const next = value as StaffRole;
    if (isRoleDefault(role, abilities) || next === 'admin' || role === 'admin')
      form.setFieldValue('abilities', roleDefaults(next));
    form.setFieldValue('role', next);
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="lg">
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="staff-details-title">
          <Stack gap="md">
            <Title order={2} size="h4" id="staff-details-title">
              Details
            </Title>
            <TextInput label="Name" required autoComplete="off" {...form.getInputProps('name')} />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label="Email"
                type="email"
                required
                autoComplete="off"
                description={
                  member ? 'They log in with it.' : 'The invitation to choose a password is sent here.'
                }
                {...form.getInputProps('email')}
              />
              <PhoneInput
                autoComplete="off"
                {...form.getInputProps('phone')}
                onPhoneChange={(value) => form.setFieldValue('phone', value)}
              />
            </SimpleGrid>
            <Radio.Group label="Role" required {...form.getInputProps('role')} onChange={changeRole}>
              <Stack gap="xs" mt={6}>
                {STAFF_ROLES.map((value) => (
                  <Radio
                    key={value}
                    value={value}
                    label={STAFF_ROLE_LABELS[value]}
                    disabled={value === 'admin' && !canMakeAdmins && role !== 'admin'}
                    description={
                      value === 'admin' && !canMakeAdmins
                        ? `${ROLE_DESCRIPTIONS.admin} Only an admin can make someone an admin.`
                        : ROLE_DESCRIPTIONS[value]
                    }
                  />
                ))}
              </Stack>
            </Radio.Group>
            <MultiSelect
              label="Studios"
              description="Where they work. Leave empty for none in particular."
              placeholder={form.values.studioIds.length === 0 ? 'Choose studios' : undefined}
              data={studios.map((studio) => ({ value: studio.id, label: studio.name }))}
              searchable
              clearable
              nothingFoundMessage="No studio by that name"
              {...form.getInputProps('studioIds')}
            />
          </Stack>
        </Paper>

        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="staff-abilities-title">
          <Stack gap="sm">
            <Group justify="space-between" align="flex-end" wrap="wrap">
              <Title order={2} size="h4" id="staff-abilities-title">
                What they can do
              </Title>
              {!admin ? (
                <Button
                  variant="subtle"
                  size="xs"
                  disabled={isRoleDefault(role, abilities)}
                  onClick={() => form.setFieldValue('abilities', roleDefaults(role))}
                >
                  Reset to the role&rsquo;s defaults
                </Button>
              ) : null}
            </Group>
            <Text size="sm" c="dimmed">
              {admin
                ? 'Admins can always do everything, so your business always has someone who can manage it. Choose another role to limit what they can do.'
                : isRoleDefault(role, abilities)
                  ? `These are the ${STAFF_ROLE_LABELS[role].toLowerCase()} role’s defaults. Changes apply from their next click.`
                  : 'Chosen for this person. Changes apply from their next click.'}
            </Text>
            <Checkbox.Group
              label="Abilities"
              value={admin ? [...ABILITIES] : abilities}
              onChange={(value) => form.setFieldValue('abilities', value as Ability[])}
              error={form.errors.abilities}
            >
              <Stack gap="sm" mt={6}>
                {ABILITIES.map((ability) => (
                  <Checkbox
                    key={ability}
                    value={ability}
                    disabled={admin || (outOfReach(ability) && !abilities.includes(ability))}
                    label={ABILITY_LABELS[ability].label}
                    description={
                      outOfReach(ability) && !admin
                        ? `${ABILITY_LABELS[ability].description} You cannot give it: you do not have it yourself.`
                        : ABILITY_LABELS[ability].description
                    }
                  />
                ))}
              </Stack>
            </Checkbox.Group>
          </Stack>
        </Paper>

        <FormSubmitError message={submitError} />
        {children}
        <Group>
          <BusyButton type="submit" busy={busy}>
            {submitLabel}
          </BusyButton>
          <Anchor component={Link} to={cancelTo}>
            Back to staff members
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
