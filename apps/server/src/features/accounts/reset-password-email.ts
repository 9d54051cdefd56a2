const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function resetPasswordEmail(name: string, companyName: string, link: string) {
  const subject = `Reset your ${companyName} password`;
  const text = [
    `Hi ${name},`,
    '',
    `Someone asked to reset the password of your ${companyName} account on Kinetic.`,
    'Open this link within one hour to choose a new password:',
    '',
    link,
    '',
    'If it was not you, ignore this email: your password stays as it is.',
  ].join('\n');
  const html = `<p>Hi ${escapeHtml(name)},</p>
<p>Someone asked to reset the password of your ${escapeHtml(companyName)} account on Kinetic.</p>
<p><a href="${escapeHtml(link)}">Choose a new password</a> (the link works for one hour).</p>
<p>If it was not you, ignore this email: your password stays as it is.</p>`;
  return { subject, text, html };
}
