import { withAllStyles } from './lazy-pages.ts';

/**
 * The check-in pages a client reaches from the door code (issue 13 §2-§3), one chunk each, under every
 * public prefix (`publicChildren()`): `check-in` itself is in lazy-pages.ts.
 */
export const checkInLazyPage = withAllStyles({
  checkedIn: () =>
    import('../features/check-in/checked-in-page.tsx').then((m) => ({ Component: m.CheckedInPage })),
  accountCheckedIn: () =>
    import('../features/check-in/checked-in-page.tsx').then((m) => ({ Component: m.AccountCheckedInPage })),
  accountSignUp: () =>
    import('../features/check-in/account-sign-up-page.tsx').then((m) => ({ Component: m.AccountSignUpPage })),
});
