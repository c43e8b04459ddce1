// What the sign-in card shows after the signed-in app ends its own session (sign out everywhere, an
// e-mail change): kept in memory, because the redirect to /login can come from the route guard, which
// carries no navigation state.

/** How the screen starts: the address, and the current code's lifetimes in seconds. */
export interface VerificationStart {
  email: string;
  expiresIn: number;
  resendAfter: number;
  error?: string;
  /** Why the screen shows (after an e-mail change). */
  notice?: string;
}

export type SignInHandoff =
  { kind: "signin"; email: string; notice: string } | { kind: "verify"; start: VerificationStart };

let pending: SignInHandoff | null = null;

export function handOffToSignIn(handoff: SignInHandoff): void {
  pending = handoff;
}

/** Read without clearing (React may call a state initialiser twice); clear once mounted. */
export function peekSignInHandoff(): SignInHandoff | null {
  return pending;
}

export function clearSignInHandoff(): void {
  pending = null;
}
