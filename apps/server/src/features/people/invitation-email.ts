const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function invitationEmail(input: {
  name: string;
  companyName: string;
  invitedBy: string;
  role: string;
  link: string;
  loginUrl: string;
  days: number;
}) {
  const { name, companyName, invitedBy, role, link, loginUrl, days } = input;
  const subject = `${invitedBy} invited you to ${companyName} on Kinetic`;
  const text = [
    `Hi ${name},`,
    '',
    `${invitedBy} added you as ${role} at ${companyName} and invited you to log in to its Kinetic schedule.`,
    `Open this link within ${days} days to choose your password:`,
    '',
    link,
    '',
    `Afterwards you log in at ${loginUrl} with this email address.`,
    'If you did not expect this, ignore this email: no login is usable without that link.',
  ].join('\n');
  const html = `<p>Hi ${escapeHtml(name)},</p>
<p>${escapeHtml(invitedBy)} added you as ${escapeHtml(role)} at ${escapeHtml(companyName)} and invited you to log in to its Kinetic schedule.</p>
<p><a href="${escapeHtml(link)}">Choose your password</a> (the link works for ${days} days).</p>
<p>Afterwards you log in at <a href="${escapeHtml(loginUrl)}">${escapeHtml(loginUrl)}</a> with this email address.</p>
<p>If you did not expect this, ignore this email: no login is usable without that link.</p>`;
  return { subject, text, html };
}
