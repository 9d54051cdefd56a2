/**
 * The spec's network state (§4): one global store fed by the API client. A request raises the
 * pending count and shows the loader; success and failure lower it; toasts show only once nothing
 * is pending, so a burst of calls ends in one message instead of a stack of them.
 */
export interface NetworkState {
  loading: boolean;
  error: string | null;
  success: string | null;
  count: number;
  showLoader: boolean;
  loaderTxt: string;
}

export type NetworkAction =
  | { type: 'REQUEST'; showLoader?: boolean; loaderTxt?: string }
  | { type: 'SUCCESS'; message?: string; silent?: boolean }
  | { type: 'FAIL'; message?: string; inline?: boolean }
  | { type: 'DONE' }
  | { type: 'RESET' };

export interface Toast {
  kind: 'success' | 'error';
  message: string;
}

export const GENERIC_ERROR = 'Something went wrong';

export const initialNetworkState: NetworkState = {
  loading: false,
  error: null,
  success: null,
  count: 0,
  showLoader: false,
  loaderTxt: '',
};

export function networkReducer(state: NetworkState, action: NetworkAction): NetworkState {
  switch (action.type) {
    case 'REQUEST': {
      const count = state.count + 1;
      return {
        ...state,
        loading: true,
        count,
        error: null,
        success: null,
        showLoader: state.showLoader || action.showLoader !== false,
        loaderTxt: action.loaderTxt ?? state.loaderTxt,
      };
    }
    case 'SUCCESS':
      return settle(state, { success: action.message ?? null, error: null });
    case 'FAIL':
      return settle(state, { error: action.message || GENERIC_ERROR, success: null });
    case 'DONE':
      return settle(state, {});
    case 'RESET':
      return initialNetworkState;
  }
}

function settle(state: NetworkState, result: Partial<NetworkState>): NetworkState {
  const count = Math.max(0, state.count - 1);
  const idle = count === 0;
  return {
    ...state,
    ...result,
    count,
    loading: !idle,
    showLoader: idle ? false : state.showLoader,
    loaderTxt: idle ? '' : state.loaderTxt,
  };
}

/** The toast an action leaves behind, if any: only when nothing else is pending (spec §4). */
export function toastAfter(next: NetworkState, action: NetworkAction): Toast | null {
  if (next.count !== 0) return null;
  if (action.type === 'SUCCESS' && !action.silent && action.message) {
    return { kind: 'success', message: action.message };
  }
  if (action.type === 'FAIL' && !action.inline) {
    return { kind: 'error', message: next.error ?? GENERIC_ERROR };
  }
  return null;
}

export interface NetworkStore {
  getState(): NetworkState;
  dispatch(action: NetworkAction): void;
  subscribe(listener: () => void): () => void;
}

export function createNetworkStore(showToast: (toast: Toast) => void): NetworkStore {
  let state = initialNetworkState;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    dispatch(action) {
      state = networkReducer(state, action);
      const toast = toastAfter(state, action);
      if (toast) showToast(toast);
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
