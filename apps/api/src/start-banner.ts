/**
 * What a person starting the portal needs to see, as plain lines (not inside the JSON log): where it
 * is, how to sign in to the lab console, where the verification codes go, and what the demo does.
 */
export interface StartFacts {
  url: string;
  publicUrl: string;
  /** The demo staff account, while its printed password still opens it. */
  staff?: { email: string; password: string };
  /** The dev mailbox's page, when mail goes there instead of SMTP. */
  mailbox?: string;
  simulator: boolean;
}

export function startBanner(facts: StartFacts): string {
  const lines = [
    "",
    `  AquaTest portal is running:  ${facts.url}`,
    `  Lab console:                 ${facts.url}/lab`,
  ];
  if (facts.staff)
    lines.push(`  Lab staff sign-in (demo):    ${facts.staff.email}  /  ${facts.staff.password}`);
  if (facts.mailbox) lines.push(`  Verification codes (mail):   ${facts.mailbox}`);
  if (facts.simulator)
    lines.push(
      "  Demo lab simulator is ON: simulated agents and lab staff move every sample on their own,",
      "  so they race you in /lab. Turn it off with LAB_SIMULATOR=off (e.g. LAB_SIMULATOR=off npm start).",
    );
  if (/^https?:\/\/(localhost|127\.|\[::1\])/.test(facts.publicUrl))
    lines.push(
      `  Certificates' QR codes point at ${facts.publicUrl}: set PUBLIC_URL to the portal's public`,
      "  address before printing certificates for real.",
    );
  lines.push("  Stop with Ctrl-C.", "");
  return lines.join("\n");
}
