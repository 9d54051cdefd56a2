import { Button, Group, Modal, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import {
  newClientBody,
  type ClassInstanceDetailsDto,
  type ClientDto,
  type NewClientBody,
} from '@kinetic/shared';
import { ApiError } from '../../api/client.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { FormSubmitError } from '../../ui/form-submit-error.tsx';
import { PhoneInput } from '../../ui/phone-input.tsx';
import { scheduleQueryKey } from '../schedule/api/schedule-keys.ts';
import { bookClass } from './api/book-class.ts';
import { clientsQueryKey } from './api/booking-keys.ts';
import { createClient } from './api/create-client.ts';
import { useClientSearch } from './api/search-clients.ts';
import { useRefreshingMutation } from './api/use-refreshing-mutation.ts';
import { walkIn as walkInRequest } from '../front-desk/api/front-desk-api.ts';

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : 'Something went wrong');
const optionLabel = (client: ClientDto) => `${client.name} · ${client.email}`;

interface AddClientDialogProps {
  companyId: string;
  item: ClassInstanceDetailsDto;
  opened: boolean;
  onClose: () => void;
  /** A walk-in: booked and checked in at once (POST …/walk-ins), never the waitlist. */
  walkIn?: boolean;
}

/** The front desk books someone in: find an existing client, or create one and book them in one go. */
export function AddClientDialog({ companyId, item, opened, onClose, walkIn = false }: AddClientDialogProps) {
  const [mode, setMode] = useState<'find' | 'new'>('find');
  const full = item.bookedCount >= item.capacity;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={walkIn ? `Walk-in: ${item.templateName}` : `Add a client to ${item.templateName}`}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {walkIn && full ? (
        // Nobody can walk in: the sentence and the way back, no form to fill for nothing.
        <Stack gap="md">
          <Text size="sm">{`The class is full: all ${item.capacity} places are taken, so nobody can walk in.`}</Text>
          <Group>
            <Button variant="default" onClick={onClose} data-autofocus>
              Back to the roster
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <SegmentedControl
            aria-label="How to add the client"
            fullWidth
            value={mode}
            onChange={(value) => setMode(value === 'new' ? 'new' : 'find')}
            data={[
              { value: 'find', label: 'Find a client' },
              { value: 'new', label: 'New client' },
            ]}
          />
          {full ? (
            <Text size="sm">The class is full: the client joins the waitlist.</Text>
          ) : walkIn ? (
            // What checking in will do (not what happened: a refusal may follow below).
            <Text size="sm">
              Checking in books the client (a package they hold, or a drop-in paid at the studio) and checks
              them in.
            </Text>
          ) : null}
          {mode === 'find' ? (
            <FindClientForm companyId={companyId} item={item} onDone={onClose} walkIn={walkIn} />
          ) : (
            <NewClientForm companyId={companyId} item={item} onDone={onClose} walkIn={walkIn} />
          )}
        </Stack>
      )}
    </Modal>
  );
}

interface FormProps {
  companyId: string;
  item: ClassInstanceDetailsDto;
  onDone: () => void;
  walkIn: boolean;
}

/** Books the client, or (a walk-in) books and checks them in. */
function usePlace(companyId: string, walkIn: boolean) {
  const book = useRefreshingMutation(bookClass, [scheduleQueryKey(companyId)]);
  const enter = useRefreshingMutation(walkInRequest, [scheduleQueryKey(companyId)]);
  return {
    isPending: book.isPending || enter.isPending,
    mutateAsync: (variables: { classInstanceId: string; clientId: string; overrideWaiver?: boolean }) =>
      walkIn ? enter.mutateAsync(variables) : book.mutateAsync(variables),
  };
}

function FindClientForm({ companyId, item, onDone, walkIn }: FormProps) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<ClientDto | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The client has not signed the waiver: the team may book them for this class anyway.
  const [unsigned, setUnsigned] = useState(false);
  // Choosing an option writes its label into the search box; that is not a new search.
  const typed = chosen && search === optionLabel(chosen) ? '' : search;
  const [q] = useDebouncedValue(typed.trim(), 250);
  const clients = useClientSearch(companyId, q, true);
  const book = usePlace(companyId, walkIn);
  const verb = walkIn ? 'Check in' : 'Book';
  const found = clients.data?.items ?? [];
  const options = [...(chosen && !found.some((client) => client.id === chosen.id) ? [chosen] : []), ...found];

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!chosen) {
          setError('Choose a client to book');
          return;
        }
        setError(null);
        book
          .mutateAsync({
            classInstanceId: item.id,
            clientId: chosen.id,
            ...(unsigned ? { overrideWaiver: true } : {}),
          })
          .then(onDone, (failure: unknown) => {
            setError(messageOf(failure));
            setUnsigned(failure instanceof ApiError && Boolean(failure.errors?.overrideWaiver));
          });
      }}
    >
      <Stack gap="md">
        <Select
          label="Client"
          placeholder="Search by name, email or phone"
          data-autofocus
          searchable
          clearable
          searchValue={search}
          onSearchChange={setSearch}
          // The server already matched name, email and phone; filtering again here would hide phone matches.
          filter={({ options: all }) => all}
          data={options.map((client) => ({ value: client.id, label: optionLabel(client) }))}
          value={chosen?.id ?? null}
          onChange={(id) => {
            setChosen(options.find((client) => client.id === id) ?? null);
            setError(null);
            setUnsigned(false);
          }}
          nothingFoundMessage={
            clients.isFetching ? 'Searching…' : 'No client matches; add them as a new client'
          }
          error={clients.isError ? clients.error.message : undefined}
        />
        <FormSubmitError message={error} />
        <Group>
          <BusyButton type="submit" busy={book.isPending}>
            {chosen ? (unsigned ? `${verb} ${chosen.name} anyway` : `${verb} ${chosen.name}`) : verb}
          </BusyButton>
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function NewClientForm({ companyId, item, onDone, walkIn }: FormProps) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm<NewClientBody>({
    initialValues: { name: '', email: '', phone: '' },
    validate: schemaResolver(newClientBody, { sync: true }),
  });
  const create = useRefreshingMutation(createClient, [clientsQueryKey(companyId)]);
  const book = usePlace(companyId, walkIn);
  const phone = form.getInputProps('phone');
  // Made, but refused for the unsigned waiver: the team may let them in for this class only.
  const [unsigned, setUnsigned] = useState<ClientDto | null>(null);
  const anyway = useRef<HTMLButtonElement>(null);
  // Made, but not placed and nothing to offer (a walk-in's unsigned waiver, a full class…): the form
  // would only make them again ("email in use"), so it gives way to what happened and a way back.
  const [madeOnly, setMadeOnly] = useState(false);
  const close = useRef<HTMLButtonElement>(null);
  // The form gives way to the question: the keyboard goes to its button, not to <body>.
  useEffect(() => {
    if (unsigned) anyway.current?.focus();
    else if (madeOnly) close.current?.focus();
  }, [unsigned, madeOnly]);

  const placeAnyway = (client: ClientDto) => {
    setError(null);
    book
      .mutateAsync({ classInstanceId: item.id, clientId: client.id, overrideWaiver: true })
      .then(onDone, (failure: unknown) => setError(messageOf(failure)));
  };

  const submit = async (values: NewClientBody) => {
    setError(null);
    let client: ClientDto;
    try {
      client = await create.mutateAsync(values);
    } catch (failure) {
      setError(messageOf(failure));
      return;
    }
    try {
      await book.mutateAsync({ classInstanceId: item.id, clientId: client.id });
      onDone();
    } catch (failure) {
      form.reset();
      const offer = failure instanceof ApiError && failure.errors?.overrideWaiver ? client : null;
      setUnsigned(offer);
      setMadeOnly(!offer);
      setError(
        `${client.name} is now a client, but was not ${walkIn ? 'checked in' : 'booked'}: ${messageOf(failure)}`,
      );
    }
  };

  if (unsigned)
    return (
      <Stack gap="md">
        <FormSubmitError message={error} />
        <Group>
          <BusyButton ref={anyway} busy={book.isPending} onClick={() => placeAnyway(unsigned)}>
            {`${walkIn ? 'Check in' : 'Book'} ${unsigned.name} anyway`}
          </BusyButton>
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
        </Group>
      </Stack>
    );

  if (madeOnly)
    return (
      <Stack gap="md">
        <FormSubmitError message={error} />
        <Group>
          <Button ref={close} variant="default" onClick={onDone}>
            Back to the roster
          </Button>
        </Group>
      </Stack>
    );

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <TextInput label="Name" required autoComplete="off" data-autofocus {...form.getInputProps('name')} />
        <TextInput label="Email" type="email" required autoComplete="off" {...form.getInputProps('email')} />
        <PhoneInput
          {...phone}
          value={String(phone.value ?? '')}
          onPhoneChange={(value) => form.setFieldValue('phone', value)}
        />
        <FormSubmitError message={error} />
        <Group>
          <BusyButton type="submit" busy={create.isPending || book.isPending}>
            {walkIn ? 'Create and check in' : 'Create and book'}
          </BusyButton>
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
