import { forwardRef, useRef, useState } from 'react';
import { Alert, Anchor, Checkbox, Paper, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import type { MyWaiverDto, WaiverDto } from '@kinetic/shared';
import { apiDownload, ApiError } from '../../api/client.ts';
import { RETURN_TO_PARAM, returnTarget } from '../../shell/return-to.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { useFocusLater } from '../../ui/use-focus-later.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useMe } from '../accounts/api/get-me.ts';
import { useMyWaiver, useSignWaiver } from './api/waivers-api.ts';
import { SignaturePad } from './signature-pad.tsx';

const when = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** Paragraphs as the studio wrote them (blank lines). */
export function Paragraphs({ text }: { text: string }) {
  return (
    <Stack gap="xs">
      {text.split(/\n\s*\n/).map((paragraph, index) => (
        <Text key={index} style={{ whiteSpace: 'pre-line' }}>
          {paragraph}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * Client › Settings › Waiver: read it, tick each term, type the name, sign; then a PDF copy. Opened from
 * a class with `?next=` (the class page asks for the waiver before Book), a signature goes back there;
 * otherwise the keyboard goes to the "Signed" confirmation that replaced the form.
 */
export function MyWaiverPage() {
  usePageTitle('Waiver');
  const me = useMe();
  const companyId = me.data?.company.id ?? '';
  const mine = useMyWaiver(companyId);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signed = useFocusLater<HTMLDivElement>();
  const back = me.data
    ? returnTarget(params.get(RETURN_TO_PARAM), {
        companySlug: me.data.company.slug,
        roleId: me.data.user.roleId,
      })
    : null;
  const afterSigning = () => {
    if (back) void navigate(back);
    else signed.focusLater();
  };
  if (!mine.data)
    return mine.isError ? (
      <Alert color="red" role="alert" title="The waiver could not be loaded">
        {mine.error.message}
      </Alert>
    ) : (
      <PageLoader />
    );
  const { waiver, signature, mustSign } = mine.data;
  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>Waiver</Title>
      {!waiver ? <Text>This studio has no waiver for you to sign.</Text> : null}
      {signature && !mustSign ? <SignedNote ref={signed.ref} data={mine.data} /> : null}
      {waiver && mustSign ? (
        <>
          {signature ? (
            <Alert color="yellow" title="The studio has updated its waiver">
              Please read and sign the new version before your next booking.
            </Alert>
          ) : (
            <Text c="dimmed">Please read and sign the studio’s waiver before your first booking.</Text>
          )}
          {back ? <Text size="sm">Once you have signed, you go straight back to the class.</Text> : null}
          <SignForm
            key={waiver.id}
            companyId={companyId}
            waiver={waiver}
            defaultName={me.data?.user.name ?? ''}
            onSigned={afterSigning}
          />
        </>
      ) : waiver ? (
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              {waiver.title} (version {waiver.version})
            </Title>
            <Paragraphs text={waiver.text} />
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}

/** The signature on record; it takes the focus right after signing (tabIndex -1), scrolled into view. */
const SignedNote = forwardRef<HTMLDivElement, { data: MyWaiverDto }>(function SignedNote({ data }, ref) {
  const [error, setError] = useState<string | null>(null);
  const signature = data.signature;
  if (!signature) return null;
  return (
    <Alert ref={ref} tabIndex={-1} color="green" title="Signed">
      <Stack gap={4}>
        <Text size="sm">
          You signed version {signature.version} as {signature.fullName} on {when(signature.signedAt)}.
        </Text>
        <Anchor
          component="button"
          type="button"
          size="sm"
          underline="always"
          onClick={() => {
            setError(null);
            apiDownload(
              `waiver-signatures/${signature.id}/pdf`,
              `waiver-v${signature.version}-signed.pdf`,
            ).catch((caught: unknown) =>
              setError(caught instanceof Error ? caught.message : 'The copy could not be downloaded'),
            );
          }}
        >
          Download the signed copy (PDF)
        </Anchor>
        {error ? (
          <Text size="sm" c="red.8" role="alert">
            {error}
          </Text>
        ) : null}
      </Stack>
    </Alert>
  );
});

export function SignForm({
  companyId,
  waiver,
  defaultName,
  onSigned,
}: {
  companyId: string;
  waiver: WaiverDto;
  defaultName: string;
  onSigned: () => void;
}) {
  const sign = useSignWaiver(companyId);
  const [ticked, setTicked] = useState<string[]>([]);
  const [fullName, setFullName] = useState(defaultName);
  const [mode, setMode] = useState<'drawn' | 'typed'>('drawn');
  const [path, setPath] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const unticked = waiver.terms.find((term) => !ticked.includes(term.value));
    if (unticked) found.acceptedTerms = 'Tick every term to sign';
    if (fullName.trim().length < 2) found.fullName = 'Type your full name';
    if (mode === 'drawn' && !path)
      found.signature = 'Draw your signature in the box, or choose “Type my name”';
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      // On a phone the first problem is far above the button: the keyboard goes to it (the first term left
      // unticked, the name, or the signature box), and a screen reader reads its message with it.
      const form = formRef.current;
      requestAnimationFrame(() => {
        const first = unticked
          ? [...(form?.querySelectorAll<HTMLInputElement>('input[type="checkbox"]') ?? [])].find(
              (box) => box.value === unticked.value,
            )
          : found.fullName
            ? form?.querySelector<HTMLInputElement>('input[name="fullName"]')
            : form?.querySelector<HTMLElement>('canvas');
        first?.focus();
      });
      return;
    }
    try {
      await sign.mutateAsync({
        waiverId: waiver.id,
        acceptedTerms: ticked,
        fullName: fullName.trim(),
        signature: mode === 'drawn' ? { kind: 'drawn', path } : { kind: 'typed' },
      });
      onSigned();
    } catch (error) {
      setFailure(
        error instanceof ApiError ? error.message : 'The signature was not saved; please try again.',
      );
    }
  };

  return (
    <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              {waiver.title}
            </Title>
            <Paragraphs text={waiver.text} />
          </Stack>
        </Paper>
        {waiver.terms.length > 0 ? (
          <Checkbox.Group
            label="I agree that"
            value={ticked}
            onChange={(value) => {
              setTicked(value);
              // The message goes once every term is ticked.
              if (waiver.terms.every((term) => value.includes(term.value)))
                setErrors(({ acceptedTerms: _done, ...rest }) => rest);
            }}
            error={errors.acceptedTerms}
            withAsterisk
          >
            <Stack gap="xs" mt="xs">
              {waiver.terms.map((term) => (
                <Checkbox
                  key={term.value}
                  value={term.value}
                  label={term.label}
                  styles={{ body: { minHeight: 44, alignItems: 'center' } }}
                />
              ))}
            </Stack>
          </Checkbox.Group>
        ) : null}
        <TextInput
          label="Your full name"
          name="fullName"
          required
          autoComplete="name"
          value={fullName}
          onChange={(event) => setFullName(event.currentTarget.value)}
          error={errors.fullName}
        />
        <Radio.Group label="Signature" value={mode} onChange={(value) => setMode(value as 'drawn' | 'typed')}>
          <Stack gap="xs" mt="xs">
            <Radio value="drawn" label="Draw my signature" />
            <Radio value="typed" label="Type my name as my signature" />
          </Stack>
        </Radio.Group>
        {mode === 'drawn' ? (
          <SignaturePad value={path} onChange={setPath} error={errors.signature} />
        ) : (
          <Text style={{ fontFamily: 'cursive', fontSize: 28 }} aria-label={`Signature: ${fullName}`}>
            {fullName || ' '}
          </Text>
        )}
        {failure ? (
          <Alert color="red" role="alert" title="Not signed">
            {failure}
          </Alert>
        ) : null}
        <div>
          <BusyButton type="submit" busy={sign.isPending}>
            Sign the waiver
          </BusyButton>
        </div>
        <Text size="xs" c="dimmed">
          We record the time, the version you signed and your device’s address with your signature.
        </Text>
      </Stack>
    </form>
  );
}
