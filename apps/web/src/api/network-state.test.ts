import { describe, expect, it } from 'vitest';
import {
  createNetworkStore,
  GENERIC_ERROR,
  initialNetworkState,
  networkReducer,
  type NetworkAction,
  type Toast,
} from './network-state.ts';

const run = (actions: NetworkAction[]) => {
  const toasts: Toast[] = [];
  const store = createNetworkStore((toast) => toasts.push(toast));
  for (const action of actions) store.dispatch(action);
  return { state: store.getState(), toasts };
};

describe('network state (spec §4)', () => {
  it('REQUEST raises the pending count and shows the loader with its text', () => {
    const { state } = run([{ type: 'REQUEST', loaderTxt: 'Saving…' }]);
    expect(state).toMatchObject({ count: 1, loading: true, showLoader: true, loaderTxt: 'Saving…' });
  });

  it('a request that suppresses the loader does not show it', () => {
    const { state } = run([{ type: 'REQUEST', showLoader: false }]);
    expect(state).toMatchObject({ count: 1, loading: true, showLoader: false });
  });

  it('SUCCESS lowers the count, stores the message and toasts it once nothing is pending', () => {
    const { state, toasts } = run([{ type: 'REQUEST' }, { type: 'SUCCESS', message: 'Studio saved' }]);
    expect(state).toMatchObject({ count: 0, loading: false, showLoader: false, success: 'Studio saved' });
    expect(toasts).toEqual([{ kind: 'success', message: 'Studio saved' }]);
  });

  it('no toast while other calls are still pending', () => {
    const { state, toasts } = run([
      { type: 'REQUEST' },
      { type: 'REQUEST' },
      { type: 'SUCCESS', message: 'First' },
    ]);
    expect(state.count).toBe(1);
    expect(state.showLoader).toBe(true);
    expect(toasts).toEqual([]);
  });

  it('a request that opts out of the success toast shows none', () => {
    const { toasts } = run([{ type: 'REQUEST' }, { type: 'SUCCESS', message: 'Loaded', silent: true }]);
    expect(toasts).toEqual([]);
  });

  it('FAIL stores the error and toasts it when nothing is pending', () => {
    const { state, toasts } = run([{ type: 'REQUEST' }, { type: 'FAIL', message: 'This class is full.' }]);
    expect(state).toMatchObject({ count: 0, error: 'This class is full.' });
    expect(toasts).toEqual([{ kind: 'error', message: 'This class is full.' }]);
  });

  it('FAIL without a server message says "Something went wrong"', () => {
    const { toasts } = run([{ type: 'REQUEST' }, { type: 'FAIL' }]);
    expect(toasts).toEqual([{ kind: 'error', message: GENERIC_ERROR }]);
    expect(GENERIC_ERROR).toBe('Something went wrong');
  });

  it('no error toast when the response asks for inline errors', () => {
    const { state, toasts } = run([
      { type: 'REQUEST' },
      { type: 'FAIL', message: 'Wrong password', inline: true },
    ]);
    expect(state.error).toBe('Wrong password');
    expect(toasts).toEqual([]);
  });

  it('DONE lowers the count without a message', () => {
    const { state, toasts } = run([{ type: 'REQUEST' }, { type: 'DONE' }]);
    expect(state).toMatchObject({ count: 0, loading: false, success: null, error: null });
    expect(toasts).toEqual([]);
  });

  it('RESET clears everything', () => {
    const state = networkReducer(networkReducer(initialNetworkState, { type: 'REQUEST', loaderTxt: 'x' }), {
      type: 'RESET',
    });
    expect(state).toEqual(initialNetworkState);
  });

  it('the count never goes below zero', () => {
    const { state } = run([{ type: 'DONE' }, { type: 'SUCCESS' }]);
    expect(state.count).toBe(0);
  });

  it('tells subscribers about every change', () => {
    const store = createNetworkStore(() => {});
    let calls = 0;
    const unsubscribe = store.subscribe(() => calls++);
    store.dispatch({ type: 'REQUEST' });
    unsubscribe();
    store.dispatch({ type: 'DONE' });
    expect(calls).toBe(1);
  });
});
