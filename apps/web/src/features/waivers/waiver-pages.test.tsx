import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import type { AdminWaiverDto, MyWaiverDto, WaiverDto } from '@kinetic/shared';
import { noStub, ok, renderRoutes, stubFetch, type Answer } from '../../test/render-page.tsx';
import { account } from '../schedule/schedule-test-fixtures.ts';
import { MyWaiverPage } from './my-waiver-page.tsx';
import { SignaturePad } from './signature-pad.tsx';
import { WaiverPage } from './waiver-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// Mantine's autosize Textarea measures with document.fonts.
Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() }, configurable: true });

const WAIVER_ID = 'cccccccccccccccccccccccc';
const waiver: WaiverDto = {
  id: WAIVER_ID,
  version: 2,
  title: 'Liability waiver',
  text: 'I take part at my own risk.\n\nI tell the instructor about injuries.',
  terms: [
    { value: 'adult', label: 'I am 18 or older' },
    { value: 'no-injury', label: 'I have no untold injury' },
  ],
  publishedAt: '2026-11-01T10:00:00.000Z',
  signaturesFromVersion: 2,
};
const admin: AdminWaiverDto = { waiver, signedCount: 3, clientCount: 10 };
const client = { ...account, user: { ...account.user, name: 'Chris Client', roleId: 'client' as const } };

function serve(reads: Record<string, Answer>, write?: (method: string, path: string, body: unknown) => Answer | undefined) {
  return stubFetch((call) =>
    call.method === 'GET' ? (reads[call.path] ?? noStub(call)) : (write?.(call.method, call.path, call.body) ?? noStub(call)),
  );
}

describe('Settings › Client Waiver', () => {
  it('shows the version and who signed; deletes a term by its value; publishes a new version asking to sign again', async () => {
    const calls = serve({ me: ok(account), waiver: ok(admin) }, (method) =>
      method === 'PUT' ? ok({ ...admin, waiver: { ...waiver, version: 3, terms: [waiver.terms[1]] }, signedCount: 0 }) : undefined,
    );
    renderRoutes([{ path: '/', element: <WaiverPage /> }], '/');
    expect(await screen.findByText('Version 2, published 1 Nov 2026. 3 of 10 clients have signed it.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete term 1' }));
    expect(screen.queryByDisplayValue('I am 18 or older')).toBeNull();
    expect(screen.getByDisplayValue('I have no untold injury')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add term' }));
    fireEvent.click(screen.getByRole('button', { name: 'Publish new version' }));
    // An empty new term is named, not sent.
    expect(await screen.findByText('Write what the client agrees to')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    fireEvent.change(screen.getByRole('textbox', { name: 'Term 2' }), { target: { value: 'I bring my own mat' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish new version' }));
    expect(await screen.findByText('Version 3 published: clients sign it before their next booking.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      title: 'Liability waiver',
      text: waiver.text,
      terms: [{ value: 'no-injury', label: 'I have no untold injury' }, { label: 'I bring my own mat' }],
      askToSignAgain: true,
    });
  });

  it('with no waiver yet says clients book without one, and offers to publish the first', async () => {
    serve({ me: ok(account), waiver: ok({ waiver: null, signedCount: 0, clientCount: 4 }) });
    renderRoutes([{ path: '/', element: <WaiverPage /> }], '/');
    expect(await screen.findByText('No waiver: clients book without signing one.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Publish waiver' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: /sign this version again/ })).toBeNull();
  });

  it('Add term puts the keyboard in the new term; Delete term on the term that took its place, or the one before', async () => {
    serve({ me: ok(account), waiver: ok(admin) });
    renderRoutes([{ path: '/', element: <WaiverPage /> }], '/');
    const add = await screen.findByRole('button', { name: 'Add term' });
    add.focus();
    fireEvent.click(add);
    // Typing goes into Term 3, not onto the button (where a space would add another term).
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Term 3' })));

    screen.getByRole('button', { name: 'Delete term 1' }).focus();
    fireEvent.click(screen.getByRole('button', { name: 'Delete term 1' }));
    // The old Term 2 is Term 1 now, and has the keyboard (the pressed button has gone).
    await waitFor(() => expect(document.activeElement).toBe(screen.getByDisplayValue('I have no untold injury')));
    fireEvent.click(screen.getByRole('button', { name: 'Delete term 2' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Term 1' })));
    fireEvent.click(screen.getByRole('button', { name: 'Delete term 1' }));
    // None left: Add term, to write the next one.
    expect(await screen.findByText('No terms: clients sign the text as a whole.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add term' })));
  });
});

describe('client › Settings › Waiver', () => {
  const mustSign: MyWaiverDto = { waiver, signature: null, mustSign: true };

  it('asks for every term and a signature before sending; typed signature is the keyboard way; then says it is signed', async () => {
    const calls = serve({ me: ok(client), 'my/waiver': ok(mustSign) }, (method, path) =>
      method === 'POST' && path === 'my/waiver/signatures'
        ? {
            code: 201,
            body: {
              status: 1,
              data: {
                waiver,
                mustSign: false,
                signature: {
                  id: 'dddddddddddddddddddddddd',
                  waiverId: WAIVER_ID,
                  version: 2,
                  fullName: 'Chris Client',
                  kind: 'typed',
                  acceptedTerms: ['adult', 'no-injury'],
                  signedAt: '2026-11-22T18:30:00.000Z',
                },
              },
            },
          }
        : undefined,
    );
    renderRoutes([{ path: '/', element: <MyWaiverPage /> }], '/');
    expect(await screen.findByText('I tell the instructor about injuries.')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /Your full name/ }) as HTMLInputElement).value).toBe('Chris Client');
    fireEvent.click(screen.getByRole('button', { name: 'Sign the waiver' }));
    expect(await screen.findByText('Tick every term to sign')).toBeTruthy();
    expect(screen.getByText('Draw your signature in the box, or choose “Type my name”')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.click(screen.getByRole('checkbox', { name: 'I am 18 or older' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'I have no untold injury' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Type my name as my signature' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign the waiver' }));
    const signed = await screen.findByText(/You signed version 2 as Chris Client on/);
    expect(within(signed.closest('[role="alert"], div') as HTMLElement).getByRole('button', { name: 'Download the signed copy (PDF)' })).toBeTruthy();
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        waiverId: WAIVER_ID,
        acceptedTerms: ['adult', 'no-injury'],
        fullName: 'Chris Client',
        signature: { kind: 'typed' },
      }),
    );
  });

  it('refused, puts the keyboard on the first thing to fix: a term left unticked, then the name, then the signature box', async () => {
    const calls = serve({ me: ok(client), 'my/waiver': ok(mustSign) });
    renderRoutes([{ path: '/', element: <MyWaiverPage /> }], '/');
    const sign = await screen.findByRole('button', { name: 'Sign the waiver' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'I am 18 or older' }));
    sign.focus();
    fireEvent.click(sign);
    // The second term is the one still to tick (the first is ticked), far above the button on a phone.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'I have no untold injury' })));

    fireEvent.click(screen.getByRole('checkbox', { name: 'I have no untold injury' }));
    fireEvent.change(screen.getByRole('textbox', { name: /Your full name/ }), { target: { value: '' } });
    fireEvent.click(sign);
    const name = screen.getByRole('textbox', { name: /Your full name/ });
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(name.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(name, { target: { value: 'Chris Client' } });
    fireEvent.click(sign);
    const box = screen.getByRole('img', { name: 'Signature box: draw your signature here' });
    await waitFor(() => expect(document.activeElement).toBe(box));
    // Focused, the box is read with what is missing.
    const hint = document.getElementById(box.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe('Draw your signature in the box, or choose “Type my name”');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('a new version asks a client who signed the old one to sign again', async () => {
    serve({
      me: ok(client),
      'my/waiver': ok({
        waiver,
        mustSign: true,
        signature: { id: 'dddddddddddddddddddddddd', waiverId: 'eeeeeeeeeeeeeeeeeeeeeeee', version: 1, fullName: 'Chris Client', kind: 'drawn', acceptedTerms: [], signedAt: '2026-10-01T10:00:00.000Z' },
      }),
    });
    renderRoutes([{ path: '/', element: <MyWaiverPage /> }], '/');
    expect(await screen.findByText('The studio has updated its waiver')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign the waiver' })).toBeTruthy();
  });

  const signedAnswer = (): Answer => ({
    code: 201,
    body: {
      status: 1,
      data: {
        waiver,
        mustSign: false,
        signature: {
          id: 'dddddddddddddddddddddddd',
          waiverId: WAIVER_ID,
          version: 2,
          fullName: 'Chris Client',
          kind: 'typed',
          acceptedTerms: ['adult', 'no-injury'],
          signedAt: '2026-11-22T18:30:00.000Z',
        },
      },
    },
  });
  const signByTyping = () => {
    fireEvent.click(screen.getByRole('checkbox', { name: 'I am 18 or older' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'I have no untold injury' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Type my name as my signature' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign the waiver' }));
  };
  const CLASS_PAGE = '/acme/client/client/classes/details/111111111111111111111111';
  const routes = [
    { path: '/acme/client/client/settings/waiver', element: <MyWaiverPage /> },
    { path: '/acme/client/client/classes/details/:id', element: <h1>The class</h1> },
  ];

  it('after signing, puts the keyboard on the “Signed” confirmation that replaced the form', async () => {
    serve({ me: ok(client), 'my/waiver': ok(mustSign) }, (method) => (method === 'POST' ? signedAnswer() : undefined));
    renderRoutes(routes, '/acme/client/client/settings/waiver');
    await screen.findByText('I tell the instructor about injuries.');
    signByTyping();
    const signed = await screen.findByText(/You signed version 2 as Chris Client on/);
    await waitFor(() => expect(document.activeElement).toBe(signed.closest('[tabindex="-1"]')));
    expect(document.activeElement?.textContent).toContain('Signed');
  });

  it('opened from a class (?next=), goes back to the class once signed; an address elsewhere is ignored', async () => {
    serve({ me: ok(client), 'my/waiver': ok(mustSign) }, (method) => (method === 'POST' ? signedAnswer() : undefined));
    const { router } = renderRoutes(routes, `/acme/client/client/settings/waiver?next=${encodeURIComponent(CLASS_PAGE)}`);
    expect(await screen.findByText('Once you have signed, you go straight back to the class.')).toBeTruthy();
    signByTyping();
    expect(await screen.findByRole('heading', { name: 'The class' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(CLASS_PAGE);
    cleanup();

    serve({ me: ok(client), 'my/waiver': ok(mustSign) }, (method) => (method === 'POST' ? signedAnswer() : undefined));
    const away = renderRoutes(routes, `/acme/client/client/settings/waiver?next=${encodeURIComponent('//evil.example/acme/client/client')}`);
    await screen.findByText('I tell the instructor about injuries.');
    expect(screen.queryByText('Once you have signed, you go straight back to the class.')).toBeNull();
    signByTyping();
    await screen.findByText(/You signed version 2 as Chris Client on/);
    expect(away.router.state.location.pathname).toBe('/acme/client/client/settings/waiver');
  });

  it('Clear empties the signature box and puts the keyboard on the box, not the top of the page', async () => {
    function Pad() {
      const [path, setPath] = useState('M 10 10 L 50 50');
      return <SignaturePad value={path} onChange={setPath} />;
    }
    renderRoutes([{ path: '/', element: <Pad /> }], '/');
    const clear = await screen.findByRole('button', { name: 'Clear' });
    clear.focus();
    fireEvent.click(clear);
    const box = screen.getByRole('img', { name: 'Signature box: draw your signature here' });
    expect(document.activeElement).toBe(box);
    expect(clear.hasAttribute('disabled')).toBe(true);
  });
});
