import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { isObjectId, type OfferLinkDto } from '@kinetic/shared';
import { ApiError, apiRequest } from '../../api/client.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { useFocusLater } from '../../ui/use-focus-later.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { CompanyBrand } from '../public-company/company-branding.tsx';
import { usePublicCompany } from '../public-company/api/get-public-company.ts';

/**
 * `/{company}/{client|solo-client}/client/app/offer/{bookingId}?exp&sig&choice`: where the "Place
 * offered" email's accept and decline links lead (issue 16). No login: the link is signed. Opening it
 * changes nothing (mail scanners open links too); the buttons answer the offer, once.
 */
const READABLE = { message: { color: 'var(--mantine-color-text)' } } as const;
const quiet = { silent: true, showLoader: false, inlineErrors: true } as const;

const offerPath = (company: string, bookingId: string, exp: string, sig: string, verb?: string) =>
  `public/${encodeURIComponent(company)}/offers/${encodeURIComponent(bookingId)}${verb ? `/${verb}` : ''}?${new URLSearchParams({ exp, sig }).toString()}`;

export function OfferPage() {
  const { company = '', roleId = 'client', bookingId = '' } = useParams();
  const [search] = useSearchParams();
  const exp = search.get('exp') ?? '';
  const sig = search.get('sig') ?? '';
  const chosen = search.get('choice');
  const choice = chosen === 'decline' ? 'decline' : 'accept';
  const brand = usePublicCompany(company);
  usePageTitle('Your held place');
  const wellFormed = isObjectId(bookingId) && /^\d{1,15}$/.test(exp) && /^[\w-]{43}$/.test(sig);
  return (
    <Container size="sm" py="lg" px="md" component="main" id="main">
      <Stack gap="md">
        {brand.data ? <CompanyBrand company={brand.data} align="start" /> : null}
        {wellFormed ? (
          <Offer
            company={company}
            roleId={roleId}
            bookingId={bookingId}
            exp={exp}
            sig={sig}
            choice={choice}
            focusChoice={chosen === 'accept' || chosen === 'decline'}
          />
        ) : (
          <BrokenLink
            company={company}
            roleId={roleId}
            message="The link is incomplete: it may have been cut short. Open it from your email as it was sent."
          />
        )}
      </Stack>
    </Container>
  );
}

function BrokenLink({ company, roleId, message }: { company: string; roleId: string; message: string }) {
  return (
    <Stack gap="md">
      <Title order={1}>This link does not work</Title>
      <Alert styles={READABLE} color="red" variant="light" role="alert">
        {message}
      </Alert>
      <Text>
        You can also log in and answer the offer from the class page.{' '}
        <Anchor
          component={Link}
          to={`/${company}/${roleId}/client/app/login`}
          underline="always"
          className="tap-link"
        >
          Log in
        </Anchor>
      </Text>
    </Stack>
  );
}

interface OfferProps {
  company: string;
  roleId: string;
  bookingId: string;
  exp: string;
  sig: string;
  choice: 'accept' | 'decline';
  /** The link is the email's Accept or Decline: the keyboard starts on that button. */
  focusChoice: boolean;
}

function Offer({ company, roleId, bookingId, exp, sig, choice, focusChoice }: OfferProps) {
  const key = [company.toLowerCase(), 'offer-link', bookingId, exp, sig];
  const offer = useQuery({
    queryKey: key,
    queryFn: () => apiRequest<OfferLinkDto>(offerPath(company, bookingId, exp, sig), quiet),
    retry: false,
  });
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<'accept' | 'decline' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { ref, focusLater } = useFocusLater<HTMLHeadingElement>();
  // What was answered on this page (a reload only knows the offer is used).
  const [answered, setAnswered] = useState<'accept' | 'decline' | null>(null);
  const choiceRef = useRef<HTMLButtonElement>(null);
  const choiceFocused = useRef(false);
  const open = offer.data?.state === 'open';
  useEffect(() => {
    if (!focusChoice || !open || choiceFocused.current) return;
    choiceFocused.current = true;
    choiceRef.current?.focus();
  }, [focusChoice, open]);

  if (offer.isError) {
    const status = offer.error instanceof ApiError ? offer.error.statusCode : 0;
    return (
      <BrokenLink
        company={company}
        roleId={roleId}
        message={
          status === 404
            ? 'We could not find this offer: the link may have been changed. Open it from your email as it was sent.'
            : offer.error.message
        }
      />
    );
  }
  if (!offer.data) return <PageLoader />;
  const data = offer.data;

  const answer = async (verb: 'accept' | 'decline') => {
    setBusy(verb);
    setProblem(null);
    try {
      const done = await apiRequest<OfferLinkDto>(offerPath(company, bookingId, exp, sig, verb), {
        method: 'POST',
        ...quiet,
      });
      queryClient.setQueryData(key, done);
      setAnswered(verb);
      focusLater();
    } catch (failure) {
      // Answered meanwhile (another tab, or the time ran out): show what became of it.
      if (failure instanceof ApiError && (failure.statusCode === 409 || failure.statusCode === 410))
        await offer.refetch();
      setProblem(
        failure instanceof Error ? failure.message : 'The offer could not be answered. Please try again.',
      );
      focusLater();
    } finally {
      setBusy(null);
    }
  };

  const facts = (
    <Text>
      <strong>{data.className}</strong>, {data.when}, at {data.where}.
    </Text>
  );
  if (data.state !== 'open')
    return (
      <Stack gap="md">
        <Title order={1} ref={ref} tabIndex={-1}>
          {data.state === 'expired'
            ? 'This offer has expired'
            : answered === 'accept'
              ? 'You’re booked'
              : answered === 'decline'
                ? 'You declined the place'
                : 'This offer is answered'}
        </Title>
        {facts}
        <Alert
          styles={READABLE}
          color={data.state === 'expired' ? 'gray' : 'green'}
          variant="light"
          role="status"
        >
          {data.note}
        </Alert>
        <Anchor component={Link} to={`/${company}/${roleId}/client`} underline="always" className="tap-link">
          Go to my calendar
        </Anchor>
      </Stack>
    );

  const accept = (
    <BusyButton
      key="accept"
      ref={choice === 'accept' ? choiceRef : undefined}
      busy={busy === 'accept'}
      disabled={busy !== null}
      variant={choice === 'accept' ? 'filled' : 'outline'}
      onClick={() => void answer('accept')}
    >
      Accept the place
    </BusyButton>
  );
  const decline = (
    <BusyButton
      key="decline"
      ref={choice === 'decline' ? choiceRef : undefined}
      busy={busy === 'decline'}
      disabled={busy !== null}
      color="red.8"
      variant={choice === 'decline' ? 'filled' : 'outline'}
      onClick={() => void answer('decline')}
    >
      Decline it
    </BusyButton>
  );
  return (
    <Stack gap="md">
      <Title order={1} ref={ref} tabIndex={-1}>
        {data.clientFirstName
          ? `${data.clientFirstName}, a place is held for you`
          : 'A place is held for you'}
      </Title>
      {facts}
      <Text>
        It is held until <strong>{data.expires}</strong>. Accept it to be booked in, or decline it so the next
        person on the waitlist gets it.
      </Text>
      {problem ? (
        <Alert styles={READABLE} color="red" variant="light" role="alert">
          {problem}
        </Alert>
      ) : null}
      <Group gap="sm">{choice === 'decline' ? [decline, accept] : [accept, decline]}</Group>
    </Stack>
  );
}
