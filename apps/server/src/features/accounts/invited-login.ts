/**
 * The password hash of a login that was invited and has not chosen a password yet. No password verifies
 * against it (argon2 rejects an empty hash), so the login cannot be used until the invitation link (or a
 * forgotten-password link) sets one.
 */
export const INVITED_PASSWORD_HASH = '';

/** How long an invitation link works: people read such emails days later. */
export const INVITATION_LINK_DAYS = 7;
